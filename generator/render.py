"""Render the site model to file contents with the Jinja2 templates in `templates/`.

Rendering returns strings keyed by output path; it never touches the disk. Markdown
templates get text through the `md` filter (escaped for Markdown), HTML templates are
autoescaped.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import jinja2
import yaml

from generator.config import Config
from generator.model import Output
from generator.site import PaperView, SiteModel, TagView
from generator.text import md_escape

LINK_KINDS = ("url", "pdf", "code", "project")
#: Paper fragments are packed into this many files: the site builder compiles each template
#: it includes, and one template per paper cost a quarter of a 5 ms page at 20,000 papers.
BUCKETS = 64
#: What a paper's record in a fragment file starts with, and what separates its two parts.
RECORD = "<!--paper {slug}-->\n"
BODY = "<!--body-->"


def environment(templates: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html", "html.j2")),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=False,
    )
    env.filters["md"] = md_escape
    env.filters["yaml"] = lambda v: json.dumps(str(v), ensure_ascii=False)
    return env


def load_labels(templates: Path, language: str) -> dict[str, str]:
    labels = yaml.safe_load((templates / "labels.yml").read_text(encoding="utf-8"))
    chosen: dict[str, str] = dict(labels["en"])
    chosen.update(labels.get(language) or {})
    return chosen


class Renderer:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.env = environment(config.root / "templates")
        self.t = load_labels(config.root / "templates", config.language)
        self.docs = config.rel(config.docs_dir)
        self.fragments = config.rel(config.fragments_dir)

    def render_site(
        self, site: SiteModel, records: dict[str, str] | None = None
    ) -> Iterator[Output]:
        """Every derived file: home, tags, listings, paper fragments, the search filter row.

        `records` are the papers' fragments when the caller has them (`render_fragments`).
        """
        yield from self._overview(site)
        for tag in site.tags:
            yield from self._tag_pages(tag)
        yield from self._listing(
            "browse",
            self.t["browse_title"],
            "",
            site.papers,
            edit_path="",
        )
        yield from self.pack_fragments(
            self.render_fragments(site.papers) if records is None else records
        )

    def render_changes(
        self,
        site: SiteModel,
        records: dict[str, str],
        slugs: set[str],
        moved: set[str],
        fragments: set[str],
    ) -> tuple[list[Output], list[str]]:
        """What an edit of the papers `slugs` changes: `moved` are the tags they left or
        joined, `fragments` the papers whose generated parts were rendered again.

        Returns those files, and the paths of every other derived file, which the edit
        leaves as it was: the live preview writes a few files, not thousands. A listing the
        edited papers joined or left is rendered whole (its pages shift); one they stay in,
        only on the pages that show them.
        """
        outputs = list(self._overview(site))
        kept: list[str] = []
        for tag in site.tags:
            if tag.slug in moved:
                outputs += self._tag_pages(tag)
                continue
            shown = self._pages_showing(tag.papers, slugs)
            if shown:
                outputs += self._tag_pages(tag, only=shown)
            kept += self._listing_paths(f"tags/{tag.slug}", tag.count, but=shown)
        shown = self._pages_showing(site.papers, slugs)
        outputs += self._listing(
            "browse", self.t["browse_title"], "", site.papers, edit_path="", only=shown
        )
        kept += self._listing_paths("browse", len(site.papers), but=shown)
        buckets = {fragment_bucket(slug) for slug in fragments}
        outputs += self.pack_fragments(records, buckets)
        kept += [
            f"{self.fragments}/papers/{bucket:02d}.html"
            for bucket in {fragment_bucket(slug) for slug in records} - buckets
        ]
        return outputs, kept

    def _overview(self, site: SiteModel) -> Iterator[Output]:
        """The pages every change may touch: home, the tag overview, the search filter row."""
        yield Output(
            f"{self.docs}/index.md",
            self.env.get_template("home.md.j2").render(
                t=self.t, title=site.title, count=len(site.papers), tags=site.tags
            ),
        )
        yield Output(
            f"{self.docs}/tags/index.md",
            self.env.get_template("tags.md.j2").render(t=self.t, tags=site.tags),
        )
        yield Output(
            f"{self.fragments}/search-filters.html",
            _inert(self.env.get_template("search-filters.html.j2").render(t=self.t)),
        )

    def render_fragments(self, papers: list[PaperView]) -> dict[str, str]:
        """Each paper's generated parts, as the record its fragment file holds, by slug."""
        template = self.env.get_template("paper.html.j2")
        return {view.slug: self.render_fragment(template, view) for view in papers}

    def pack_fragments(
        self, records: dict[str, str], only: set[int] | None = None
    ) -> Iterator[Output]:
        """The fragment files (or those numbered `only`): each paper's record, in its file."""
        buckets: dict[int, list[str]] = {}
        for slug in sorted(records):
            bucket = fragment_bucket(slug)
            if only is None or bucket in only:
                buckets.setdefault(bucket, []).append(records[slug])
        for bucket, texts in sorted(buckets.items()):
            # One raw block: the site builder copies it out without parsing the HTML.
            text = "{% raw %}" + "".join(texts) + "{% endraw %}\n"
            yield Output(f"{self.fragments}/papers/{bucket:02d}.html", text)

    def _tag_pages(self, tag: TagView, only: set[int] | None = None) -> Iterator[Output]:
        intro = self.t["tag_intro"].format(n=tag.count, label=tag.label)
        if tag.description:
            intro = f"{tag.description} {intro}"
        yield from self._listing(
            f"tags/{tag.slug}", tag.label, intro, tag.papers, edit_path="taxonomy.yml", only=only
        )

    def _pages_showing(self, papers: list[PaperView], slugs: set[str]) -> set[int]:
        """The pages (from 1) of a listing of `papers` that show one of `slugs`."""
        per_page = max(1, self.config.per_page)
        return {i // per_page + 1 for i, view in enumerate(papers) if view.slug in slugs}

    def _listing_paths(self, folder: str, count: int, but: Collection[int] = ()) -> list[str]:
        """The files a listing of `count` papers takes (but pages `but`), page 1 first."""
        pages = max(1, -(-count // max(1, self.config.per_page)))
        return [
            f"{self.docs}/{folder}/{_page_file(n)}" for n in range(1, pages + 1) if n not in but
        ]

    def _listing(
        self,
        folder: str,
        heading: str,
        intro: str,
        papers: list[PaperView],
        edit_path: str,
        only: set[int] | None = None,
    ) -> Iterator[Output]:
        per_page = max(1, self.config.per_page)
        pages = max(1, -(-len(papers) // per_page))
        depth = folder.count("/") + 1
        template = self.env.get_template("listing.md.j2")
        link = _page_file

        for page in range(1, pages + 1):
            if only is not None and page not in only:
                continue
            chunk = papers[(page - 1) * per_page : page * per_page]
            yield Output(
                f"{self.docs}/{folder}/{link(page)}",
                template.render(
                    t=self.t,
                    heading=heading,
                    intro=intro,
                    papers=chunk,
                    page=page,
                    pages=pages,
                    link=link,
                    up="../" * depth,
                    edit_path=edit_path,
                ),
            )

    def render_fragment(self, template: jinja2.Template, view: PaperView) -> str:
        meta = view.meta
        links = []
        for kind in LINK_KINDS:
            found = meta.get("links")
            url = meta.get(kind) or (found.get(kind) if isinstance(found, dict) else None)
            if isinstance(url, str) and url.startswith(("https://", "http://")):
                links.append({"url": url, "label": self.t[f"link_{kind}"]})
        found_facts = meta.get("facts")
        facts_meta: dict[str, Any] = found_facts if isinstance(found_facts, dict) else {}
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
        keywords = meta.get("keywords")
        if isinstance(keywords, list) and keywords:
            facts.append((self.t["keywords"], [str(k) for k in keywords]))
        authors = meta.get("authors")
        byline_parts = []
        if isinstance(authors, list) and authors:
            byline_parts.append(", ".join(str(a) for a in authors))
        if view.badges:
            byline_parts.append(view.badges)
        module: Any = template.make_module(
            {
                "t": self.t,
                "paper": view,
                "links": links,
                "facts": facts,
                "related": view.related,
                "byline": " — ".join(byline_parts),
                "root": "../../",
            }
        )
        # The fragment file is a Jinja template for the site builder, which shows the page's
        # own content between the two parts: our HTML is made inert, so it holds no `{`
        # (no `{% endraw %}` either) and no record marker.
        head, foot = _inert(module.head()), _inert(module.foot())
        return f"{RECORD.format(slug=view.slug)}{head}\n{BODY}\n{foot}\n"


def _page_file(n: int) -> str:
    """A listing's n-th page (from 1)."""
    return "index.md" if n == 1 else f"{n}.md"


def fragment_bucket(slug: str) -> int:
    """The fragment file a paper's parts go in; overrides/partials/content.html computes it too."""
    return sum(slug.encode("utf-8")) % BUCKETS


def _inert(html: str) -> str:
    """Make HTML safe to embed in a Jinja template: no `{` or `}` left to be evaluated."""
    return str(html).replace("{", "&#123;").replace("}", "&#125;")
