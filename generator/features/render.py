"""Render with the Jinja2 templates in `templates/`: what the features share.

The `Renderer` holds what every feature (generator/features/registry.py) renders with: the
template environment, the labels, what several pages show (citations, authors, venues, tags
with a .bib, gathered once a site), the memo of the last run's files, and the helpers of
more than one feature: each paper's parts, and a paginated listing. Rendering returns
strings keyed by output path; it never touches the disk. Markdown templates get text
through the `md` filter (escaped for Markdown), HTML templates are autoescaped.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import jinja2

from generator import urls
from generator.config import Config
from generator.features import (
    citations,
    feeds,
    labels,
    parts,
    people,
    sorting,
)
from generator.features.context import Context
from generator.features.labels import Labels
from generator.features.links import paper_links
from generator.features.memo import Memo, key_of
from generator.features.site import PaperView, SiteModel, TagView
from generator.model import Output
from generator.text import md_escape


def environment(templates: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html", "html.j2", "xml.j2")),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=False,
    )
    env.filters["md"] = md_escape
    env.filters["yaml"] = lambda v: json.dumps(str(v), ensure_ascii=False)
    env.filters["xml"] = feeds.xml_text
    env.filters["num"] = lambda n: f"{n:,}"  # 2,000 papers, in either language
    return env


def load_labels(templates: Path, language: str) -> Labels:
    return labels.load_labels(templates, language)


class Renderer:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.env = environment(config.root / "templates")
        self.t = load_labels(config.root / "templates", config.language)
        self.docs = config.rel(config.docs_dir)
        self.parts = config.rel(config.parts_dir)
        self.ctx = Context(self.env, self.t, self.docs, self.parts, config)
        self.cites: dict[str, citations.Citation] = {}
        #: Each cited paper's key before it was made unique (citations.citation_keys).
        self.cite_bases: dict[str, str] = {}
        self.authors: dict[str, people.Author] = {}
        self.venues: dict[str, people.Venue] = {}
        self.venue_list: list[people.Venue] = []
        self._prepared: SiteModel | None = None
        self.bib_tags: set[str] = set()
        #: The last run's rendered files (a full run only): those it keeps as they are are
        #: produced, but not passed to the writer again (`Memo.unchanged`).
        self.memo: Memo | None = None
        #: With the memo, the numbers of the paper parts files to write (the others are kept),
        #: and the hash of what each holds.
        self._repack: dict[int, str] | None = None

    def prepare(self, site: SiteModel) -> None:
        """Gather what several pages show: citations, authors, venues, tags with a .bib."""
        if self._prepared is not site:
            self.cites, self.cite_bases = {}, {}
            self._gather(site, set(), same_people=False)

    def update(self, site: SiteModel, edited: set[str], same_people: bool) -> None:
        """Prepare for `site`, the last one with the papers `edited` (slugs) changed by hand.

        What the edits leave as it was is kept, so an edit in the live preview costs its own
        papers, not the whole digest: every other paper's citation whose key stays, and the
        authors and venues when `same_people` (no edit changed who wrote a paper, where or
        in which status it appeared).
        """
        if self._prepared is None:
            self.prepare(site)
        else:
            self._gather(site, edited, same_people)

    def _gather(self, site: SiteModel, edited: set[str], same_people: bool) -> None:
        """`update`'s work: citations made again only where missing, re-keyed or edited."""
        known = {slug: base for slug, base in self.cite_bases.items() if slug not in edited}
        keys, self.cite_bases = citations.citation_keys(site.papers, known)
        by_slug = {view.slug: view for view in site.papers}
        cites = {}
        for slug, key in keys.items():
            cite = self.cites.get(slug)
            if cite is None or cite.key != key or slug in edited:
                cite = citations.cite(by_slug[slug], key, self.config.urls)
            cites[slug] = cite
        self.cites = cites
        if not same_people:
            self.authors = people.authors_by_name(site, self.config.author_pages)
            self.venue_list = people.venues(site)
            self.venues = {venue.name: venue for venue in self.venue_list}
        self.bib_tags = citations.bib_tags(site, self.cites)
        self._prepared = site

    def render_fragments(
        self, site: SiteModel, papers: list[PaperView] | None = None, *, partial: bool = False
    ) -> dict[str, parts.PaperParts]:
        """Each paper's (or each of `papers`') generated parts; `partial`, with the memo, only
        those of the parts files that change (a run that keeps no digest needs no others)."""
        self.prepare(site)
        template = self.env.get_template("paper.html.j2")
        if papers is None and self.memo is not None:
            return self._fragments_kept(site, template, self.memo, partial)
        papers = site.papers if papers is None else papers
        return {view.slug: self.render_fragment(template, view) for view in papers}

    def _fragments_kept(
        self, site: SiteModel, template: jinja2.Template, memo: Memo, partial: bool = False
    ) -> dict[str, parts.PaperParts]:
        """`render_fragments` of every paper, those given the same as last run taken from
        its parts files; a parts file none of whose papers changed is kept as it is (and,
        `partial`, not read: 64 files of 115 MB at 20,000 papers)."""
        by_bucket: dict[int, list[PaperView]] = {}
        for view in site.papers:
            by_bucket.setdefault(parts.bucket(view.slug), []).append(view)
        found: dict[str, parts.PaperParts] = {}
        self._repack = {}
        for n, views in sorted(by_bucket.items()):
            path = f"{self.parts}/{parts.bucket_file(n)}"
            values = {view.slug: self._fragment_values(view) for view in views}
            keys = {view.slug: _fragment_key(memo, view, values[view.slug]) for view in views}
            for slug, key in keys.items():
                memo.note_parts(slug, key)
            bucket_key = key_of(sorted(keys.items()))
            same = all(memo.parts_kept(slug, key) for slug, key in keys.items())
            if partial and same and memo.kept(path, bucket_key):
                continue
            last = memo.last_parts(path)
            for view in views:
                old = last.get(view.slug) if memo.parts_kept(view.slug, keys[view.slug]) else None
                found[view.slug] = old or self._fragment(template, view, values[view.slug])
            if not memo.kept(path, bucket_key):
                self._repack[n] = bucket_key
        return found

    def pack_fragments(
        self, paper_parts: dict[str, parts.PaperParts], only: set[int] | None = None
    ) -> Iterator[Output]:
        """The paper parts files (or those numbered `only`), each holding its papers' parts."""
        for name, text in parts.pack(paper_parts, only):
            yield Output(f"{self.parts}/{name}", text)

    def pack_changed(self, paper_parts: dict[str, parts.PaperParts]) -> Iterator[Output]:
        """The paper parts files `_fragments_kept` did not keep (all without the memo)."""
        if self.memo is None or self._repack is None:
            yield from self.pack_fragments(paper_parts)
            return
        keys = {f"{self.parts}/{parts.bucket_file(n)}": key for n, key in self._repack.items()}
        for output in self.pack_fragments(paper_parts, set(self._repack)):
            self.memo.note(output.path, keys[output.path], output.text)
            yield output

    def pages_showing(
        self, papers: list[PaperView], slugs: set[str], before: list[PaperView] | None = None
    ) -> set[int]:
        """The pages (from 1) of a listing of `papers` that show one of `slugs`, or, against
        the listing `before`, another paper than they did."""
        per_page = max(1, self.config.per_page)
        now = [view.slug for view in papers]
        was = [view.slug for view in before] if before is not None else now
        return {
            i // per_page + 1
            for i, slug in enumerate(now)
            if slug in slugs or i >= len(was) or was[i] != slug
        }

    def listing_paths(self, folder: str, count: int, but: Collection[int] = ()) -> list[str]:
        """The files a listing of `count` papers takes (but pages `but`, and then its sort
        data, which changes with any of them), page 1 first."""
        pages = max(1, -(-count // max(1, self.config.per_page)))
        paths = [
            f"{self.docs}/{urls.listing(folder, n)}" for n in range(1, pages + 1) if n not in but
        ]
        if pages > 1 and not but:
            paths.append(f"{self.docs}/{urls.sort_data(folder)}")
        return paths

    def listing(
        self,
        folder: str,
        heading: str,
        intro: str,
        papers: list[PaperView],
        edit_path: str,
        links: list[tuple[str, str]] | None = None,
        feed: str = "",
        show_venue: bool = True,
        only: set[int] | None = None,
    ) -> Iterator[Output]:
        """The pages of a listing in `folder`; `links` are (label, target's source)."""
        per_page = max(1, self.config.per_page)
        pages = max(1, -(-len(papers) // per_page))
        template = self.env.get_template("listing.md.j2")
        links_to = self.config.urls
        sort_by = " ".join(sorting.sorts(papers, show_venue)) if pages > 1 else ""
        memo = self.memo if only is None else None
        # What every page of the listing is rendered from, but its own papers and number.
        given = [folder, heading, intro, edit_path, links, feed, show_venue, per_page, sort_by]
        if pages > 1 and (only is None or only):
            path = f"{self.docs}/{urls.sort_data(folder)}"
            key = key_of("sort", given, [memo.view(v) for v in papers]) if memo else ""
            if memo is None or not memo.kept(path, key):
                text = sorting.sort_data(folder, papers, self.t, links_to, per_page, show_venue)
                if memo is not None:
                    memo.note(path, key, text)
                yield Output(path, text)

        for page in range(1, pages + 1):
            if only is not None and page not in only:
                continue
            chunk = papers[(page - 1) * per_page : page * per_page]
            here = urls.listing(folder, page)
            path = f"{self.docs}/{here}"
            key = key_of("page", given, pages, page, [memo.view(v) for v in chunk]) if memo else ""
            if memo is not None and memo.kept(path, key):
                continue
            text = template.render(
                t=self.t,
                heading=heading,
                intro=intro,
                papers=chunk,
                page=page,
                pages=pages,
                numbers=page_numbers(page, pages),
                link=lambda n, here=here: urls.link(urls.listing(folder, n), here),
                paper_link=lambda view, here=here: urls.link(urls.paper(view.slug), here),
                edit_path=edit_path,
                links=[(label, urls.link(target, here)) for label, target in links or []],
                sort_src=links_to.href(urls.sort_data(folder), here) if pages > 1 else "",
                sort_by=sort_by,
                feed=feed,
                venue_of=lambda view: people.venue_of(view.meta) if show_venue else "",
                badge_of=lambda view: people.status_badge(view.meta, self.t),
            )
            if memo is not None:
                memo.note(path, key, text)
            yield Output(path, text)

    def render_fragment(self, template: jinja2.Template, view: PaperView) -> parts.PaperParts:
        return self._fragment(template, view, self._fragment_values(view))

    def _fragment(
        self, template: jinja2.Template, view: PaperView, values: dict[str, Any]
    ) -> parts.PaperParts:
        """A paper's parts, rendered from `_fragment_values`."""
        module: Any = template.make_module(values)
        # Values for the plugin, printed as they are: the templates autoescape them here.
        toc = [("pd-facts", self.t["facts"])] if values["facts"] else []
        toc += [("pd-cite", self.t["cite"])] if values["cite"] else []
        toc += [("pd-related", self.t["related"])] if view.related else []
        return parts.PaperParts(module.head(), module.foot(), module.meta(), tuple(toc))

    def _fragment_values(self, view: PaperView) -> dict[str, Any]:
        """What the paper template is given for a paper."""
        meta = view.meta
        links = [
            {"url": link.url, "label": self.t[f"link_{link.kind}"], "kind": link.kind}
            for link in paper_links(meta)
        ]
        facts_meta = view.fields.facts
        facts: list[tuple[str, list[str]]] = []
        for key in ("method", "datasets", "results"):
            value: Any = facts_meta.get(key)
            if value:
                facts.append(
                    (
                        self.t[key],
                        [str(v) for v in value] if isinstance(value, list) else [str(value)],
                    )
                )
        keywords = view.fields.keywords
        if keywords:
            facts.append((self.t["keywords"], keywords))
        here = urls.paper(view.slug)
        href = self.config.urls.href
        authors = []
        for name in citations.authors_of(meta):
            author = self.authors.get(name)
            authors.append({"name": name, "href": href(author.target, here) if author else ""})
        venue_name = people.venue_of(meta)
        venue = self.venues.get(venue_name)
        venue_href = href(urls.venue(venue.slug), here) if venue else ""
        cite = self.cites.get(view.slug)
        return {
            "t": self.t,
            "paper": view,
            "links": links,
            "facts": facts,
            "tags": [
                {"label": tag.label, "href": href(urls.tag(tag.slug), here)} for tag in view.tags
            ],
            "related": [
                {
                    "title": other.title,
                    "summary": other.summary,
                    "href": href(urls.paper(other.slug), here),
                }
                for other in view.related
            ],
            "authors": authors,
            "venue": {"name": venue_name, "href": venue_href} if venue_name else None,
            "badge": people.status_badge(meta, self.t),
            "cite": cite,
            "cite_formats": [
                ("bibtex", self.t["cite_bibtex"], cite.bibtex),
                ("plain", self.t["cite_plain"], cite.plain),
                ("markdown", self.t["cite_markdown"], cite.markdown),
            ]
            if cite
            else [],
            "citation": {
                "year": citations.year_of(meta),
                "pdf": _web_url(view.fields.link("pdf")),
                "url": _web_url(view.fields.link("url")),
            },
        }


#: What the paper template is given that its key takes from elsewhere: the labels are in the
#: memo's salt (the templates folder), the paper in its own key (`Memo.view`).
_KEYED_ELSEWHERE = ("t", "paper")


def _fragment_key(memo: Memo, view: PaperView, values: dict[str, Any]) -> str:
    """A hash of what the paper template is given for a paper (`_fragment_values`): the key
    is made of the values themselves, so it holds whatever they come to hold."""
    given = {name: value for name, value in values.items() if name not in _KEYED_ELSEWHERE}
    return key_of(memo.view(view), given)


def _web_url(value: Any) -> str:
    """A front-matter URL fit for a meta tag: a web address, else nothing."""
    return value if isinstance(value, str) and value.startswith(("https://", "http://")) else ""


#: The home page's "Start reading": this many papers from each of this many largest tags.
PICK_TAGS = 6
PICK_PAPERS = 3


def picks(site: SiteModel) -> list[tuple[TagView, list[PaperView]]]:
    """Papers to read first: from each of the largest tags, its best few (orals, spotlights
    first, then the listing's order), no paper twice."""
    taken: set[str] = set()
    picks = []
    for tag in site.tags[:PICK_TAGS]:
        ranked = sorted(
            (view for view in tag.papers if view.slug not in taken),
            key=lambda view: people.status_rank(view.fields.status),
        )[:PICK_PAPERS]
        taken.update(view.slug for view in ranked)
        if ranked:
            picks.append((tag, ranked))
    return picks


def page_numbers(page: int, pages: int, around: int = 2) -> list[int | None]:
    """The pages a listing's pager links: the first, the last, and those near `page`; None
    where it skips some (shown as "…")."""
    shown = sorted({1, pages, *range(max(1, page - around), min(pages, page + around) + 1)})
    out: list[int | None] = []
    for n in shown:
        if out and n - (out[-1] or 0) == 2:
            out.append(n - 1)  # one page skipped: link it rather than "…"
        elif out and n - (out[-1] or 0) > 2:
            out.append(None)
        out.append(n)
    return out
