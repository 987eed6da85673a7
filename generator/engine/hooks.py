"""The digest as a MkDocs plugin: `plugins: digest:` in mkdocs.yml, found by MkDocs through
the `mkdocs.plugins` entry point `digest` (pyproject.toml: `DigestPlugin` here), with its own
settings (`generator.config.DigestOptions`: inputs, taxonomy, title, per_page, related,
author_pages, venue_names), which MkDocs checks when it loads the plugin.

As MkDocs builds (`mkdocs build` alone, or `digest build`), the plugin's event hooks hand
each page what the site stage made for it, stored as data (generator/features/parts.py),
in its template context as values, which the templates print:

- `digest_paper`: a paper page's parts, `{head, foot, meta}` HTML (byline, tags, TL;DR,
  links before the abstract; facts, citations, related papers after it; citation meta
  tags for <head>), else None; the sections they add join the page's table of contents;
- `digest_markup`: a derived page's own markup (stats, map, reading list), else "";
- `digest_search_filters`: the search box's filter row, on every page;
- `digest_labels`: labels of the theme's partials in the site's language (palette toggles);
- `digest_edit_url`: where a derived page's "Edit this page" points.

They also refuse to build from a symbolic link, and give every page its
Content-Security-Policy. Nothing a page or an input holds is ever template source.

This module uses MkDocs' public plugin API only; the faster builds that lean on MkDocs'
private names are in generator/engine/mkdocs.py, behind their guard. Zensical loads no
MkDocs plugins (it skips one it does not know): its paper pages show what their front
matter holds (overrides/partials/paper-meta.html) and no generated parts.

Before the digest was a plugin, mkdocs.yml named this file under `hooks:`; the module-level
`on_config` below fails such a build (`mkdocs build` alone too) with what to do, instead of
a site whose pages lack their parts.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from mkdocs.plugins import BasePlugin

from generator.config import DigestOptions
from generator.engine import csp
from generator.engine.markdown_ext import GENERATED_PAGE
from generator.engine.whitespace import squeeze
from generator.features.parts import Store
from generator.pages.files import links_below

#: Where paper pages live in the docs folder; a paper's slug is its file name there.
PAPERS = "papers/"
#: The parts folder, relative to the folder of mkdocs.yml (generator.config.Config.parts_dir).
PARTS = Path(".digest") / "parts"

_store: list[Store] = []


def store_for(config_file: str) -> Store:
    """The parts of the project whose mkdocs.yml is `config_file`."""
    folder = Path(config_file).parent / PARTS
    if not _store or _store[0].folder != folder:
        _store[:] = [Store(folder)]
    return _store[0]


def on_config(config: Any) -> Any:
    """Refuse a build that names this file as a hook (the digest's settings of old)."""
    from mkdocs.exceptions import PluginError

    raise PluginError(
        "mkdocs.yml names generator/engine/hooks.py under `hooks:`, the digest's form before it "
        "was a MkDocs plugin: run `digest init` to move its settings to `plugins: digest:`"
    )


def paper_slug(src_uri: str) -> str:
    """The slug of a paper page (`papers/<slug>.md`), or "" for any other page."""
    if not src_uri.startswith(PAPERS) or not src_uri.endswith(".md"):
        return ""
    slug = src_uri[len(PAPERS) : -len(".md")]
    return "" if "/" in slug else slug


class DigestPlugin(BasePlugin[DigestOptions]):  # type: ignore[no-untyped-call]
    """The digest's MkDocs plugin (see the module's docstring)."""

    def on_files(self, files: Any, /, *, config: Any) -> Any:
        """Refuse to build from a symbolic link: MkDocs would publish what it points at."""
        from mkdocs.exceptions import PluginError

        places = [Path(config.docs_dir)]
        if config.theme.custom_dir:
            places.append(Path(config.theme.custom_dir))
        links = [str(link) for place in places for link in links_below(place)]
        if links:
            raise PluginError(
                f"{links[0]} is a symbolic link, and the site would publish what it points at; "
                f"replace it with the file itself ({len(links)} link(s) in all)"
            )
        return files

    def on_env(self, env: Any, /, *, config: Any, files: Any) -> Any:
        store = store_for(config.config_file_path)
        env.globals["digest_search_filters"] = store.filters()
        env.globals["digest_labels"] = store.labels()
        env.globals["digest_paper"] = None
        env.globals["digest_markup"] = ""
        return env

    def on_page_markdown(self, markdown: str, /, *, page: Any, config: Any, files: Any) -> str:
        """A page the generator wrote may use attributes its templates set (a listing's pager);
        any other page keeps only those a contributor may set (generator/engine/markdown_ext.py).
        A contributor cannot mark a page as generated: the page schema refuses the field."""
        GENERATED_PAGE.set(bool((page.meta or {}).get("generated_page")))
        return markdown

    def on_page_content(self, html: str, /, *, page: Any, config: Any, files: Any) -> str:
        GENERATED_PAGE.set(False)
        return html

    def on_page_context(self, context: Any, /, *, page: Any, config: Any, nav: Any) -> Any:
        store = store_for(config.config_file_path)
        src_uri = page.file.src_uri
        slug = paper_slug(src_uri)
        parts = store.paper(slug) if slug else None
        context["digest_paper"] = parts.as_dict() if parts else None
        if parts and parts.toc:
            page.toc = _with_sections(page.toc, parts.toc)
        context["digest_markup"] = "" if slug else store.page(src_uri)
        context["digest_edit_url"] = edit_url(page, config) if not slug else None
        return context

    def on_post_page(self, output: str, /, *, page: Any, config: Any) -> str:
        """Every page loses the theme's indentation and gets its Content-Security-Policy."""
        return csp.with_policy(squeeze(output))

    def on_post_template(self, output_content: str, /, *, template_name: str, config: Any) -> str:
        """So does every page the theme makes on its own (404.html)."""
        if not template_name.endswith(".html"):
            return output_content
        return csp.with_policy(squeeze(output_content))


def _with_sections(toc: Any, sections: tuple[tuple[str, str], ...]) -> Any:
    """The page's table of contents, then the sections its generated parts add.

    The theme prints an entry's title as HTML (Markdown's own headings arrive escaped), so
    a section's title, a label, is escaped here: a label is text, whoever wrote it.
    """
    from mkdocs.structure.toc import AnchorLink, TableOfContents

    added = [AnchorLink(html.escape(title), html.escape(anchor), 2) for anchor, title in sections]
    return TableOfContents([*toc, *added])


def edit_url(page: Any, config: Any) -> str | None:
    """Where "Edit this page" points on a derived page: the file that feeds it, if any.

    A derived page names that file (`edit_path`, relative to the project, e.g.
    taxonomy.yml); its own source is generated, so it has no edit button otherwise.
    """
    meta = page.meta or {}
    target = meta.get("edit_path")
    own = page.edit_url
    if not isinstance(target, str) or not own or not _plain_path(target):
        return None
    try:
        docs = Path(config.docs_dir).relative_to(Path(config.config_file_path).parent)
    except ValueError:  # a docs folder outside the project
        return None
    source = f"{docs.as_posix()}/{page.file.src_uri}"
    if not own.endswith(source):
        return None
    return f"{own[: -len(source)]}{target}"


def _plain_path(path: str) -> bool:
    """A project-relative file path: no scheme, no leading slash, no `..`."""
    parts = path.split("/")
    return bool(path) and ":" not in path and not path.startswith("/") and ".." not in parts
