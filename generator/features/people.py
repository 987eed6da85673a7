"""Author and venue pages, and status badges, for papers whose inputs name them.

Authors are grouped by name as the inputs spell it (two people with one name share an
entry); placeholders such as "Anonymous" are not people and get none. The author index
lists every author under the initial of their family name, AUTHORS_PER_PAGE to a page,
each with an anchor and their papers: that anchor is where a paper's byline links. An
author with at least `author_pages` papers also gets a page of their own (with frequent
co-authors), so a whole conference has a few hundred author pages, not one per name.
Each venue (with its year) gets a page listing its papers, orals first, and one page
per status.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from generator import urls
from generator import venues as venues_named
from generator.features.citations import family_name, year_of
from generator.features.context import Context, Labels
from generator.features.site import PLACEHOLDERS as PLACEHOLDERS
from generator.features.site import STATUS_ORDER as STATUS_ORDER
from generator.features.site import PaperView, SiteModel, by_year, listing_order
from generator.features.site import authors_of as authors_of
from generator.features.site import is_person as is_person
from generator.features.site import status_key as status_key
from generator.features.site import status_rank as status_rank
from generator.model import Fields, Output
from generator.slugs import slugify, unique_slug

#: Initials of the author index; names starting with anything else go under OTHER.
OTHER = "other"
#: Authors listed on one page of an initial (each with their papers): about 50 KB a page.
AUTHORS_PER_PAGE = 100


@dataclass(frozen=True)
class Badge:
    key: str  # CSS modifier and label key, e.g. "oral"
    label: str


@dataclass(frozen=True)
class Listing:
    """A paginated list of papers for the renderer: folder, heading, intro, links."""

    folder: str
    heading: str
    intro: str
    papers: list[PaperView]
    links: list[tuple[str, str]] = field(default_factory=list)  # (label, target's source)
    show_venue: bool = True  # venue pages leave out the venue every paper shares


@dataclass
class Author:
    name: str
    slug: str
    papers: list[PaperView]
    page: bool = False  # whether this author has a page of their own
    #: Where the author's entry is in the index: `by/<initial>/` page number, from 1.
    index_page: int = 1

    @property
    def target(self) -> str:
        """Where a byline links (generator/urls.py): the author's page, else their entry in
        the index (`authors/by/p/2.md#wei-pei`)."""
        if self.page:
            return urls.author(self.slug)
        return urls.author_entry(self.initial, self.index_page, self.slug)

    @property
    def initial(self) -> str:
        folded = unicodedata.normalize("NFKD", family_name(self.name))
        first = folded.encode("ascii", "ignore").decode("ascii")[:1].lower()
        return first if first.isalpha() else OTHER

    @property
    def sort_key(self) -> tuple[str, str]:
        folded = unicodedata.normalize("NFKD", family_name(self.name)).casefold()
        return (folded, self.name.casefold())


@dataclass
class Venue:
    name: str  # with its year, e.g. "ICLR 2026"
    slug: str
    papers: list[PaperView]
    statuses: list[tuple[str, str, int]]  # (status as given, its slug, papers)


def status_badge(meta: dict[str, Any], t: dict[str, str]) -> Badge | None:
    """A paper's status as a badge in the site's language (an unknown status as given)."""
    return badge_of(Fields(meta).status, t)


def badge_of(status: str, t: dict[str, str]) -> Badge | None:
    """A status as a badge in the site's language (an unknown status as given)."""
    status = status.strip()
    if not status:
        return None
    key = status_key(status)
    return Badge(key, t.get(f"status_{key.replace('-', '_')}", status))


def venue_of(meta: dict[str, Any]) -> str:
    """The venue with its year as readers know it, e.g. "NeurIPS 2015" for "nips2015", or ""
    (generator/venues.py)."""
    paper = Fields(meta)
    return venues_named.venue_of(paper.venue, paper.year)


def authors_by_name(site: SiteModel, min_papers: int) -> dict[str, Author]:
    """Every author with their papers, in index order; slugs are unique and stable for a
    given set of names, and each author knows their page of the index."""
    papers: dict[str, list[PaperView]] = {}
    for view in site.papers:
        for name in dict.fromkeys(authors_of(view.meta)):
            if is_person(name):
                papers.setdefault(name, []).append(view)
    authors = [Author(name, "", sorted(found, key=by_year)) for name, found in papers.items()]
    authors.sort(key=lambda a: a.sort_key)
    taken = {"index", "by"}
    seen: Counter[str] = Counter()
    for author in authors:
        author.slug = unique_slug(slugify(author.name, fallback="author"), taken)
        author.page = len(author.papers) >= max(1, min_papers)
        author.index_page = seen[author.initial] // AUTHORS_PER_PAGE + 1
        seen[author.initial] += 1
    return {a.name: a for a in authors}


def venues(site: SiteModel) -> list[Venue]:
    """Every venue/year with its papers (best status first) and its statuses."""
    groups: dict[str, list[PaperView]] = {}
    for view in site.papers:
        name = venue_of(view.meta)
        if name:
            groups.setdefault(name, []).append(view)
    out = []
    taken = {"index"}
    # Newest first, then by name.
    for name in sorted(groups, key=lambda n: (-int(year_of({"venue": n}) or 0), n)):
        papers = sorted(groups[name], key=listing_order)
        counts = Counter(v.fields.status.strip() for v in papers)
        statuses = []
        status_taken = {"index"}
        for status in sorted((s for s in counts if s), key=status_rank):
            slug = unique_slug(slugify(status, fallback="status"), status_taken)
            statuses.append((status, slug, counts[status]))
        out.append(
            Venue(name, unique_slug(slugify(name, fallback="venue"), taken), papers, statuses)
        )
    return out


def author_listings(authors: dict[str, Author], t: Labels) -> Iterator[Listing]:
    for author in authors.values():
        if not author.page:
            continue
        coauthors = Counter(
            name
            for view in author.papers
            for name in dict.fromkeys(authors_of(view.meta))
            if name != author.name
        )
        links = [
            (f"{name} ({n})", authors[name].target)
            for name, n in sorted(coauthors.items(), key=lambda kv: (-kv[1], kv[0]))
            if n > 1 and name in authors
        ][:8]
        intro = t.counted("author_intro", len(author.papers), name=author.name)
        if links:
            intro += " " + t["coauthors"]
        yield Listing(urls.author_folder(author.slug), author.name, intro, author.papers, links)


def venue_listings(found: list[Venue], t: Labels) -> Iterator[Listing]:
    for venue in found:
        links = [
            (f"{_label(status, t)} ({n})", urls.status(venue.slug, slug))
            for status, slug, n in venue.statuses
        ]
        intro = t.counted("venue_intro", len(venue.papers), venue=venue.name)
        folder = urls.venue_folder(venue.slug)
        yield Listing(folder, venue.name, intro, venue.papers, links, False)
        for status, slug, n in venue.statuses:
            papers = [v for v in venue.papers if v.fields.status.strip() == status]
            label = _label(status, t)
            heading = f"{venue.name} · {label}"
            intro = t.counted("venue_status_intro", n, venue=venue.name, status=label)
            back = [(venue.name, urls.venue(venue.slug))]
            folder = urls.status_folder(venue.slug, slug)
            yield Listing(folder, heading, intro, papers, back, False)


def _label(status: str, t: dict[str, str]) -> str:
    badge = status_badge({"status": status}, t)
    return badge.label if badge else status


def author_index(authors: dict[str, Author], ctx: Context) -> Iterator[Output]:
    """The author index: a page of initials and most prolific authors, then each initial's
    authors with their papers, AUTHORS_PER_PAGE to a page (`by/<initial>/`, `by/<initial>/2/`)."""
    if not authors:
        return
    by_initial: dict[str, list[Author]] = {}
    for author in authors.values():
        by_initial.setdefault(author.initial, []).append(author)
    initials = sorted(i for i in by_initial if i != OTHER) + (
        [OTHER] if OTHER in by_initial else []
    )
    top = sorted(authors.values(), key=lambda a: (-len(a.papers), a.sort_key))[:20]
    yield Output(
        f"{ctx.docs}/{urls.AUTHORS}",
        ctx.render(
            "authors.md.j2",
            count=len(authors),
            initials=[
                (i, len(by_initial[i]), urls.link(urls.author_initial(i), urls.AUTHORS))
                for i in initials
            ],
            top=[(a, urls.link(a.target, urls.AUTHORS)) for a in top],
        ),
    )
    for initial in initials:
        listed = by_initial[initial]
        pages = -(-len(listed) // AUTHORS_PER_PAGE)
        for page in range(1, pages + 1):
            here = urls.author_initial(initial, page)
            shown = listed[(page - 1) * AUTHORS_PER_PAGE : page * AUTHORS_PER_PAGE]
            yield Output(
                f"{ctx.docs}/{here}",
                ctx.render(
                    "authors-initial.md.j2",
                    initial=initial,
                    authors=[
                        (
                            author,
                            urls.link(urls.author(author.slug), here),
                            [
                                (view, urls.link(urls.paper(view.slug), here))
                                for view in author.papers
                            ],
                        )
                        for author in shown
                    ],
                    index_link=urls.link(urls.AUTHORS, here),
                    initials=[(i, urls.link(urls.author_initial(i), here)) for i in initials],
                    page=page,
                    page_links=[
                        (n, urls.link(urls.author_initial(initial, n), here))
                        for n in range(1, pages + 1)
                    ],
                ),
            )


def venue_index(found: list[Venue], ctx: Context) -> Iterator[Output]:
    if not found:
        return
    rows = []
    for venue in found:
        statuses = [
            (_label(s, ctx.t), urls.link(urls.status(venue.slug, slug), urls.VENUES), n)
            for s, slug, n in venue.statuses
        ]
        rows.append((venue, urls.link(urls.venue(venue.slug), urls.VENUES), statuses))
    yield Output(f"{ctx.docs}/{urls.VENUES}", ctx.render("venues.md.j2", rows=rows))
