"""The site's features, each declaring what it writes, its search documents and what it
depends on; `FEATURES` lists them, and one loop runs them.

A feature is a part of the site made from the site model: the home page, the tag and
browse listings, the papers' parts, the stats, the map, the downloads, the author and
venue pages, the reading list, the search vocabulary. Each says

- `writes`: the files and folders it writes (`Writes`: under the docs folder, the parts
  folder, and the page folders whose search documents it makes); every derived file is
  one feature's (`owner`);
- `depends`: what of the papers it shows (`Change`), so which edits in the live preview
  concern it;
- `pages` and `documents`: its files, and its search documents (written only when Pagefind
  is the site's search), for the whole site;
- `refresh`: what an edit changes of them, or None to leave them to the next full run.

`render` runs every feature (`pipeline.plan`, a full run); `refresh` runs those whose
`depends` an edit touched (`pipeline.refresh`, the live preview), and `Refreshed.keeps`
says which of the last run's files stay: those of every feature the edit did not run, and
what each one run kept. Like Pelican's generators, the features are run in a loop in the
order listed; what several features show (citations, authors, venues, the papers' parts)
is gathered first by the `Renderer` they share.

To add a feature: subclass `Feature`, declare `writes` and `depends`, yield its files from
`pages` (its search documents from `documents`), write `refresh` if the preview should show
an edit in it at once, and list an instance in `FEATURES`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from generator import urls
from generator.features import (
    charts,
    citations,
    feeds,
    opendata,
    papermap,
    parts,
    people,
    readinglist,
    search,
)
from generator.features.parts import PaperParts
from generator.features.render import Renderer, picks
from generator.features.site import SiteModel, TagView
from generator.model import Output
from generator.taxonomy import Taxonomy


class Change(enum.Enum):
    """What an edit of papers in the live preview may change."""

    #: The edited papers' own fields (title, TL;DR, text...), and so the listings' order:
    #: every edit.
    PAPERS = "papers"
    #: Which papers a tag has: an edited paper joined or left a tag.
    TAGS = "tags"
    #: Who wrote a paper, where, in which status: author and venue pages.
    PEOPLE = "people"


@dataclass(frozen=True)
class Writes:
    """Where a feature writes: files (`index.md`) or folders (`tags/`, ending in a slash)."""

    #: Below the docs folder.
    docs: tuple[str, ...] = ()
    #: Below the parts folder (generator/features/parts.py).
    parts: tuple[str, ...] = ()
    #: Folders below the docs folder whose pages' search documents the feature writes
    #: (below the search documents folder, in the same folder: `papers/`).
    documents: tuple[str, ...] = ()


@dataclass
class Build:
    """What the features render from."""

    #: Templates, labels, and what several features show (citations, authors, venues).
    renderer: Renderer
    site: SiteModel
    #: Each paper's parts (`Renderer.render_fragments`).
    paper_parts: dict[str, PaperParts]
    taxonomy: Taxonomy | None
    #: Whether the search documents are written (Pagefind is the site's search).
    searched: bool

    @functools.cached_property
    def documents(self) -> search.Documents:
        """The search documents' renderer (with the renderer's memo, if any)."""
        r = self.renderer
        return search.Documents(r.config, self.taxonomy, r.memo, (r.env, r.t))

    def places(self, writes: Writes) -> list[str]:
        """`writes` as paths from the project root (a folder ending in a slash)."""
        renderer = self.renderer
        found = search.documents_dir(renderer.config)
        documents = renderer.config.rel(found)
        return [
            *(f"{renderer.docs}/{place}" for place in writes.docs),
            *(f"{renderer.parts}/{place}" for place in writes.parts),
            *(f"{documents}/{place}" for place in writes.documents),
        ]


@dataclass(frozen=True)
class Edit:
    """What an edit in the live preview changed."""

    #: The edited papers (slugs).
    slugs: frozenset[str]
    #: The tags they joined or left.
    moved: frozenset[str]
    #: The papers whose parts were rendered again (the edited ones and those listing them).
    fragments: frozenset[str]
    #: The site as it was.
    before: SiteModel
    changes: frozenset[Change]


@dataclass
class Refreshed:
    """What an edit changes of a feature (`Feature.refresh`)."""

    outputs: list[Output] = field(default_factory=list)
    #: Its files that stay as they are.
    kept: list[str] = field(default_factory=list)
    #: What of its `writes` the refresh answers for (by default all): the last run's files
    #: there that are neither rendered again nor `kept` are removed; the others stay.
    answers: Writes | None = None


class Feature:
    """A part of the site (see the module's docstring)."""

    name: ClassVar[str]
    writes: ClassVar[Writes]
    #: What of the papers it shows; an edit changing none of it leaves it as it is.
    depends: ClassVar[frozenset[Change]]

    def pages(self, build: Build) -> Iterator[Output]:
        """Its files, for the whole site."""
        return iter(())

    def documents(self, build: Build) -> Iterator[Output]:
        """The search documents of its pages, for the whole site."""
        return iter(())

    def refresh(self, build: Build, edit: Edit) -> Refreshed | None:
        """What `edit` changes of its files, or None to leave them to the next full run."""
        return None


ANY_EDIT = frozenset(Change)


class Overview(Feature):
    """The pages every edit may change: home, the tag overview, the search filter row and
    the theme's labels."""

    name = "overview"
    writes = Writes(docs=(urls.HOME, urls.TAGS), parts=(parts.FILTERS_FILE, parts.LABELS_FILE))
    depends = ANY_EDIT

    def pages(self, build: Build) -> Iterator[Output]:
        r, site = build.renderer, build.site
        yield Output(
            f"{r.docs}/{urls.HOME}",
            r.env.get_template("home.md.j2").render(
                t=r.t,
                title=site.title,
                count=len(site.papers),
                tags=site.tags,
                extras=_extras(r),
                picks=picks(site),
                badge_of=lambda view: people.status_badge(view.meta, r.t),
                browse_link=urls.link(urls.listing(urls.BROWSE), urls.HOME),
                tag_link=lambda tag: urls.link(urls.tag(tag.slug), urls.HOME),
                paper_link=lambda view: urls.link(urls.paper(view.slug), urls.HOME),
            ),
        )
        yield Output(
            f"{r.docs}/{urls.TAGS}",
            r.env.get_template("tags.md.j2").render(
                t=r.t,
                tags=site.tags,
                tag_link=lambda tag: urls.link(urls.tag(tag.slug), urls.TAGS),
            ),
        )
        yield Output(
            f"{r.parts}/{parts.FILTERS_FILE}",
            r.env.get_template("search-filters.html.j2").render(t=r.t),
        )
        labels = {key: r.t[key] for key in parts.THEME_LABELS}
        yield Output(f"{r.parts}/{parts.LABELS_FILE}", parts.dump(labels))

    def refresh(self, build: Build, edit: Edit) -> Refreshed:
        return Refreshed(list(self.pages(build)))


def _extras(r: Renderer) -> list[tuple[str, str]]:
    """The home page's links to the reader features this digest has."""
    links = [(r.t["stats_title"], urls.STATS), (r.t["map_title"], urls.MAP)]
    if r.authors:
        links.append((r.t["authors_title"], urls.AUTHORS))
    if r.venues:
        links.append((r.t["venues_title"], urls.VENUES))
    links.append((r.t["reading_title"], urls.READING_LIST))
    links.append((r.t["feed_link"], urls.feed("all")))
    links.append((r.t["downloads_title"], urls.DOWNLOADS))
    return [(label, urls.link(target, urls.HOME)) for label, target in links]


class Tags(Feature):
    """Each tag's listing, and its search document."""

    name = "tags"
    writes = Writes(docs=("tags/",), documents=("tags/",))
    depends = ANY_EDIT

    def pages(self, build: Build) -> Iterator[Output]:
        for tag in build.site.tags:
            yield from _tag_pages(build.renderer, tag)

    def documents(self, build: Build) -> Iterator[Output]:
        return build.documents.tags(build.site)

    def refresh(self, build: Build, edit: Edit) -> Refreshed:
        """A listing the edited papers joined or left is rendered whole (its pages shift);
        one they stay in, on the pages that show them and those whose papers the edit
        reordered (a status or a title sorts a paper elsewhere). The documents change with
        the tags that have papers."""
        r, done = build.renderer, Refreshed()
        was = {tag.slug: tag.papers for tag in edit.before.tags}
        for tag in build.site.tags:
            if tag.slug in edit.moved:
                done.outputs += _tag_pages(r, tag)
                continue
            shown = r.pages_showing(tag.papers, set(edit.slugs), was.get(tag.slug))
            if shown:
                done.outputs += _tag_pages(r, tag, only=shown)
            done.kept += r.listing_paths(urls.tag_folder(tag.slug), tag.count, but=shown)
        if not build.searched:
            return done
        if Change.TAGS in edit.changes:
            done.outputs += self.documents(build)
        else:
            done.kept += [build.documents.path(urls.tag(tag.slug)) for tag in build.site.tags]
        return done


def _tag_pages(r: Renderer, tag: TagView, only: set[int] | None = None) -> Iterator[Output]:
    intro = r.t.counted("tag_intro", tag.count, label=tag.label)
    if tag.description:
        intro = f"{tag.description} {intro}"
    links = [(r.t["feed_link"], urls.feed(tag.slug))]
    if tag.slug in r.bib_tags:
        links.append((r.t["bib_link"], urls.bib(tag.slug)))
    yield from r.listing(
        urls.tag_folder(tag.slug),
        tag.label,
        intro,
        tag.papers,
        edit_path="taxonomy.yml",
        links=links,
        feed=urls.feed(tag.slug),
        only=only,
    )


class Browse(Feature):
    """The listing of every paper."""

    name = "browse"
    writes = Writes(docs=(f"{urls.BROWSE}/",))
    depends = ANY_EDIT

    def pages(self, build: Build) -> Iterator[Output]:
        return self._listing(build, None)

    def refresh(self, build: Build, edit: Edit) -> Refreshed:
        """The pages that show an edited paper, or another paper than they did."""
        r, listed = build.renderer, build.site.listed
        shown = r.pages_showing(listed, set(edit.slugs), edit.before.listed)
        return Refreshed(
            list(self._listing(build, shown)),
            r.listing_paths(urls.BROWSE, len(build.site.papers), but=shown),
        )

    def _listing(self, build: Build, only: set[int] | None) -> Iterator[Output]:
        r = build.renderer
        title = r.t["browse_title"]
        return r.listing(urls.BROWSE, title, "", build.site.listed, edit_path="", only=only)


class Papers(Feature):
    """Each paper's parts (what its page shows around its abstract: tags, TL;DR, links,
    citation, related papers), packed in the parts files; and its search document."""

    name = "papers"
    writes = Writes(parts=("papers/",), documents=("papers/",))
    depends = ANY_EDIT

    def pages(self, build: Build) -> Iterator[Output]:
        return build.renderer.pack_changed(build.paper_parts)

    def documents(self, build: Build) -> Iterator[Output]:
        return build.documents.papers(build.site.papers)

    def refresh(self, build: Build, edit: Edit) -> Refreshed:
        """The parts files of the papers rendered again; the documents of those edited."""
        r, paper_parts = build.renderer, build.paper_parts
        buckets = {parts.bucket(slug) for slug in edit.fragments}
        done = Refreshed(
            list(r.pack_fragments(paper_parts, buckets)),
            [
                f"{r.parts}/{parts.bucket_file(n)}"
                for n in {parts.bucket(slug) for slug in paper_parts} - buckets
            ],
        )
        if build.searched:
            edited = [view for view in build.site.papers if view.slug in edit.slugs]
            done.outputs += build.documents.papers(edited)
            done.kept += [build.documents.path(urls.paper(v.slug)) for v in build.site.papers]
        return done


class Stats(Feature):
    """The stats page: counts and charts of tags, statuses, venues and authors."""

    name = "stats"
    writes = Writes(docs=(urls.STATS,), parts=(parts.page_file(urls.STATS),))
    depends = ANY_EDIT

    def pages(self, build: Build) -> Iterator[Output]:
        r = build.renderer
        downloads = [(r.t["open_data"], urls.link(urls.PAPERS_JSON, urls.STATS))]
        if r.cites:
            downloads.insert(0, (r.t["bib_link"], urls.link(urls.bib("all"), urls.STATS)))
        downloads.append((r.t["downloads_title"], urls.link(urls.DOWNLOADS, urls.STATS)))
        return charts.stats_pages(build.site, r.authors, r.venue_list, r.ctx, downloads)


class Map(Feature):
    """The paper map: every paper placed by its text, and its data."""

    name = "map"
    writes = Writes(docs=(urls.MAP, urls.MAP_DATA), parts=(parts.page_file(urls.MAP),))
    depends = frozenset({Change.PAPERS, Change.TAGS})

    def pages(self, build: Build) -> Iterator[Output]:
        return papermap.map_pages(build.site, build.renderer.ctx)


class Downloads(Feature):
    """The open data (every paper's record), the BibTeX files, the feeds, and the page
    that lists them."""

    name = "downloads"
    writes = Writes(docs=(urls.PAPERS_JSON, "bib/", "feeds/", urls.DOWNLOADS))
    depends = ANY_EDIT

    def pages(self, build: Build) -> Iterator[Output]:
        r, site = build.renderer, build.site
        files: list[tuple[Output, str]] = []
        for output in opendata.papers_json(site, r.cites, r.ctx):
            files.append((output, r.t["download_papers"]))
        labels = {tag.slug: tag.label for tag in site.tags}
        for output in citations.bib_files(site, r.cites, r.ctx):
            name = output.path.rsplit("/", 1)[1].removesuffix(".bib.gz")
            what = labels.get(name, "") if name != "all" else ""
            tag = r.t["download_tag"].format(label=what) if what else r.t["download_bib"]
            files.append((output, tag))
        yield from (output for output, _ in files)
        for output in feeds.feeds(site, r.ctx):
            yield output
            if output.path.endswith(f"/{urls.feed('all')}"):
                files.append((output, r.t["download_feed"]))
        yield from opendata.downloads_page(files, r.ctx)


class People(Feature):
    """The author and venue pages: indexes and listings; and their search documents."""

    name = "people"
    writes = Writes(docs=("authors/", "venues/"), documents=("authors/", "venues/"))
    depends = frozenset({Change.PEOPLE})

    def pages(self, build: Build) -> Iterator[Output]:
        r = build.renderer
        yield from people.author_index(r.authors, r.ctx)
        yield from people.venue_index(r.venue_list, r.ctx)
        listings = [
            *people.author_listings(r.authors, r.t),
            *people.venue_listings(r.venue_list, r.t),
        ]
        for listing in listings:
            yield from r.listing(
                listing.folder,
                listing.heading,
                listing.intro,
                listing.papers,
                edit_path="",
                links=listing.links,
                show_venue=listing.show_venue,
            )

    def documents(self, build: Build) -> Iterator[Output]:
        return build.documents.people(build.renderer.authors, build.renderer.venue_list)

    def refresh(self, build: Build, edit: Edit) -> Refreshed | None:
        """The documents, as the site's authors and venues now are; the pages wait for the
        next full run."""
        if not build.searched:
            return None
        return Refreshed(
            list(self.documents(build)), answers=Writes(documents=self.writes.documents)
        )


class ReadingList(Feature):
    """The reading list page, and the labels of the site's scripts."""

    name = "reading-list"
    writes = Writes(
        docs=(urls.READING_LIST, readinglist.LABELS_SCRIPT),
        parts=(parts.page_file(urls.READING_LIST),),
    )
    depends = frozenset()

    def pages(self, build: Build) -> Iterator[Output]:
        return readinglist.reading_list_pages(build.renderer.ctx)


class SearchTerms(Feature):
    """The words behind search's "did you mean", and the Chinese terms it searches in English."""

    name = "search-terms"
    writes = Writes(docs=(search.WORDS_FILE, search.CHINESE_FILE))
    depends = ANY_EDIT

    def documents(self, build: Build) -> Iterator[Output]:
        r, docs = build.renderer, build.renderer.docs
        yield Output(f"{docs}/{search.WORDS_FILE}", search.vocabulary(build.site, r.authors))
        yield Output(
            f"{docs}/{search.CHINESE_FILE}", search.chinese_terms(r.config, build.taxonomy)
        )


#: The site's features, in the order they are run.
FEATURES: tuple[Feature, ...] = (
    Overview(),
    Papers(),
    Tags(),
    Browse(),
    Stats(),
    Map(),
    Downloads(),
    People(),
    ReadingList(),
    SearchTerms(),
)


def render(build: Build, features: Sequence[Feature] | None = None) -> Iterator[Output]:
    """Every feature's files (of `FEATURES`, or `features`), then (with `build.searched`)
    every feature's search documents."""
    features = FEATURES if features is None else features
    build.renderer.prepare(build.site)
    for feature in features:
        yield from feature.pages(build)
    if build.searched:
        for feature in features:
            yield from feature.documents(build)


@dataclass
class Refreshes:
    """What an edit changes of the site (`refresh`)."""

    outputs: list[Output]
    kept: list[str]
    #: Where the features run answer for the files (paths from the project root).
    answered: list[str]

    def keeps(self, previous: Iterable[str]) -> list[str]:
        """The files that stay: what the features run kept, and of the last run's files
        (`previous`), each no feature run answers for."""
        answered = tuple(self.answered)
        return [*self.kept, *(path for path in previous if not _under(path, answered))]


def refresh(build: Build, edit: Edit, features: Sequence[Feature] | None = None) -> Refreshes:
    """What `edit` changes: the files of each feature (of `FEATURES`, or `features`) whose
    `depends` it touched."""
    features = FEATURES if features is None else features
    build.renderer.prepare(build.site)
    done = Refreshes([], [], [])
    for feature in features:
        if not feature.depends & edit.changes:
            continue
        found = feature.refresh(build, edit)
        if found is None:
            continue
        done.outputs += found.outputs
        done.kept += found.kept
        done.answered += build.places(found.answers or feature.writes)
    return done


def owner(build: Build, path: str, features: Sequence[Feature] | None = None) -> Feature | None:
    """The feature that writes `path` (from the project root): the one naming the file
    itself, else the one naming the deepest folder it is in."""
    features = FEATURES if features is None else features
    best: tuple[int, Feature] | None = None
    for feature in features:
        for place in build.places(feature.writes):
            if place == path:
                rank = len(path) + 1
            elif place.endswith("/") and path.startswith(place):
                rank = len(place)
            else:
                continue
            if best is None or rank > best[0]:
                best = (rank, feature)
    return best[1] if best else None


def _under(path: str, places: tuple[str, ...]) -> bool:
    return any(
        path == place or (place.endswith("/") and path.startswith(place)) for place in places
    )
