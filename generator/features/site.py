"""The site model: everything derived pages show, computed from the paper pages as edited."""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.features.papermap import layout_of
from generator.features.related import neighbours as nearest
from generator.features.related import vectorize
from generator.model import Fields, PageData
from generator.pages.page import effective_title_derived
from generator.parallel import second_process, second_processor
from generator.taxonomy import Taxonomy
from generator.text import plain_text

#: Statuses in the order listings show them; any other status comes after these.
STATUS_ORDER = (
    "oral",
    "spotlight",
    "poster",
    "long",
    "short",
    "findings",
    "workshop",
    "reject",
    "withdraw",
)
#: Other spellings of the statuses above, as inputs give them (OpenReview, ACL Anthology).
STATUS_ALIASES = {
    "accepted": "accept",
    "accept-oral": "oral",
    "accept-spotlight": "spotlight",
    "accept-poster": "poster",
    "long-paper": "long",
    "short-paper": "short",
    "rejected": "reject",
    "desk-reject": "reject",
    "desk-rejected": "reject",
    "withdrawn": "withdraw",
    "withdrawn-submission": "withdraw",
    "under-review": "active",
}
#: Names inputs give where the authors are unknown (casefolded): not people.
PLACEHOLDERS = frozenset(
    {"", "anonymous", "anonymous author", "anonymous authors", "anonymous author(s)", "anon"}
)


@functools.lru_cache(maxsize=1024)  # a digest has a few statuses, asked for per paper
def status_key(status: str) -> str:
    """A status as its label key: "Accept (Oral)" and "oral" are both `oral`."""
    key = re.sub(r"[^a-z0-9]+", "-", status.strip().lower()).strip("-")
    return STATUS_ALIASES.get(key, key)


def status_rank(status: str) -> float:
    """Where a status comes in a listing: orals first, rejections last."""
    key = status_key(status)
    if key in STATUS_ORDER:
        return STATUS_ORDER.index(key)
    return STATUS_ORDER.index("reject") - 0.5  # any other status comes before rejections


def is_person(name: str) -> bool:
    """Whether an author name names someone (not "Anonymous" or another placeholder)."""
    return name.strip(" .").casefold() not in PLACEHOLDERS


def authors_of(meta: dict[str, Any]) -> list[str]:
    """The paper's authors, each name's spaces made single; "Anonymous" and the like, which
    name nobody, are no author (no byline, BibTeX author or citation_author for them)."""
    names = (" ".join(a.split()) for a in Fields(meta).authors)
    return [name for name in names if name and is_person(name)]


@dataclass(frozen=True)
class TagRef:
    slug: str
    label: str


@dataclass
class PaperView:
    """One paper as listings and its own page show it."""

    slug: str
    id: str
    title: str
    summary: str
    tags: list[TagRef]
    meta: dict[str, Any]
    body: str
    title_derived: bool
    related: list[PaperView] = field(default_factory=list, repr=False)
    #: The body as plain text (for the search index and similarity).
    text: str = field(default="", repr=False)

    @property
    def fields(self) -> Fields:
        """The page's front matter, typed."""
        return Fields(self.meta)

    @property
    def authors(self) -> list[str]:
        """Who wrote the paper (placeholders such as "Anonymous" left out)."""
        return authors_of(self.meta)

    @property
    def status_rank(self) -> float:
        """Where the paper's status comes in a listing: orals first."""
        return status_rank(self.fields.status)

    @property
    def year(self) -> int | None:
        """The paper's year, if its input gives one."""
        return self.fields.year


def listing_order(view: PaperView) -> tuple[float, str, str]:
    """Where a paper comes in a tag's listing and in "all papers": orals, spotlights and
    posters first (the status sort of assets/listing.js), then by title."""
    return (view.status_rank, view.title.casefold(), view.slug)


def by_year(view: PaperView) -> tuple[int, str, str]:
    """Where a paper comes on an author's page: the newest first, then by title."""
    return (-(view.year or 0), view.title.casefold(), view.slug)


@dataclass
class TagView:
    slug: str
    label: str
    description: str
    papers: list[PaperView]
    known: bool = True

    @property
    def count(self) -> int:
        return len(self.papers)

    def page_count(self, per_page: int) -> int:
        return max(1, math.ceil(len(self.papers) / per_page))


@dataclass
class SiteModel:
    title: str
    language: str
    papers: list[PaperView]
    tags: list[TagView]  # tags that have papers, most papers first
    #: Every paper in the order listings show them (`listing_order`): "all papers".
    listed: list[PaperView] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not self.listed:
            self.listed = sorted(self.papers, key=listing_order)

    #: Each paper's place on the paper map, [x, y]; empty when the caller kept none.
    layout: list[list[int]] = field(default_factory=list, repr=False)


@dataclass(frozen=True)
class Similarity:
    """What the papers' texts give, from one TF-IDF fit: related papers and the map."""

    related: list[list[int]]  # each paper's related papers, as indexes, best first
    layout: list[list[int]]  # each paper's [x, y] on the map


#: Computes the similarity of texts: (texts, related papers per paper) -> Similarity.
Similar = Callable[[list[str], int], Similarity]


#: Papers from which the map's layout is computed in a second process while this one finds
#: related papers (each about a third of the site model at 20,000 papers).
PARALLEL_LAYOUT = 2000


def similarity(texts: list[str], related: int) -> Similarity:
    """Fit TF-IDF once, for related papers and for the map's layout."""
    matrix = vectorize(texts)
    if matrix is None or len(texts) < PARALLEL_LAYOUT or not second_processor():
        positions = layout_of(matrix, len(texts))
        return Similarity(nearest(matrix, len(texts), related), positions.tolist())
    with second_process() as pool:
        laying = pool.submit(layout_of, matrix, len(texts))
        near = nearest(matrix, len(texts), related)
        return Similarity(near, laying.result().tolist())


def texts_key(texts: list[str], related: int) -> str:
    """A hash of everything `similarity` reads: the same texts give the same answer."""
    digest = hashlib.sha256(json.dumps([related, texts], ensure_ascii=False).encode("utf-8"))
    return digest.hexdigest()


def paper_text(page: PageData, text: str | None = None) -> str:
    """What a paper is about, for similarity: its keywords and abstract.

    Not its title: the title is what readers fix most often, and a fixed title then costs
    no new related papers and no new map (the abstract holds the title's words anyway).
    `text` is the body as plain text, when the caller has it already.
    """
    extra = " ".join(page.fields.keywords)
    body = plain_text(page.body) if text is None else text
    return f"{extra} {body}"


def site_model(
    pages: list[PageData],
    taxonomy: Taxonomy,
    title: str,
    language: str,
    related: int,
    neighbours: list[list[int]] | None = None,
    last: list[PaperView] | None = None,
    similar: Similar = similarity,
) -> SiteModel:
    """Gather all data first, so every page agrees with every other.

    The live preview passes what it kept from the last full run: `neighbours`, each page's
    related pages (indexes into `pages`), instead of computing them from every page's text
    (the map is then left out); `last`, the papers as it showed them, each kept while its
    page is the one it was made from. `similar` computes related papers and the map, or
    finds them in a cache.
    """
    kept = {view.slug: view for view in last or []}
    views: list[PaperView] = []
    by_tag: dict[str, list[PaperView]] = {}
    for page in pages:
        known = kept.get(page.slug)
        if known is not None and known.meta is page.meta and known.body is page.body:
            views.append(known)  # the same page: the same paper (its related papers follow)
            for ref in known.tags:
                by_tag.setdefault(ref.slug, []).append(known)
            continue
        refs = []
        for slug in dict.fromkeys(page.tags):
            tag = taxonomy.get(slug)
            refs.append(TagRef(slug, tag.name(language) if tag else slug))
        view = PaperView(
            slug=page.slug,
            id=page.id,
            title=page.title,
            summary=page.fields.summary or page.fields.tldr,
            tags=refs,
            meta=page.meta,
            body=page.body,
            title_derived=effective_title_derived(page.meta),
            text=plain_text(page.body),
        )
        views.append(view)
        for ref in refs:
            by_tag.setdefault(ref.slug, []).append(view)
    layout: list[list[int]] = []
    if neighbours is None:
        corpus = [paper_text(p, v.text) for p, v in zip(pages, views, strict=True)]
        found = similar(corpus, related)
        neighbours, layout = found.related, found.layout
    for view, near in zip(views, neighbours, strict=True):
        view.related = [views[i] for i in near]
    tags: list[TagView] = []
    for papers in by_tag.values():
        papers.sort(key=listing_order)
    for slug, papers in by_tag.items():
        tag = taxonomy.get(slug)
        tags.append(
            TagView(
                slug=slug,
                label=tag.name(language) if tag else slug,
                description=tag.about(language) if tag else "",
                papers=papers,
                known=tag is not None,
            )
        )
    order = {slug: i for i, slug in enumerate(taxonomy.slugs)}
    tags.sort(key=lambda t: (-t.count, order.get(t.slug, len(order)), t.slug))
    listed = sorted(views, key=listing_order)
    return SiteModel(title, language, views, tags, listed=listed, layout=layout)
