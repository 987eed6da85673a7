"""Open data: `papers.json.gz`, every paper's metadata as the site shows it, for reuse.

One JSON object: the digest's title and language, its tags (slug, label, count) and its
papers, each with every field its page has (empty ones left out), its page's address
and, where authors are known, its citation key. Gzip-compressed (a fourth of the size:
46 MB of JSON at 20,000 papers would be a twentieth of what GitHub Pages allows a site),
with no timestamp in the header, so the same papers give the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from generator import urls
from generator.features.citations import Citation
from generator.features.context import Context, compress
from generator.features.links import paper_links
from generator.features.site import SiteModel
from generator.model import Output
from generator.pages.schema import FIELD_ORDER, HASHES
from generator.urls import Urls

FORMAT = "paper-digest/papers.json@1"


def paper_entries(site: SiteModel, cites: dict[str, Citation], links: Urls) -> list[dict[str, Any]]:
    """Every paper as a plain JSON object, in the digest's order; its page's address is full
    when `site_url` is known, else from the site root."""
    out = []
    for view in site.papers:
        meta = {k: v for k, v in view.meta.items() if k != HASHES}
        entry: dict[str, Any] = {"id": view.id, "slug": view.slug}
        for key in FIELD_ORDER[1:]:
            if meta.get(key) not in (None, "", [], {}):
                entry[key] = meta[key]
        for key, value in meta.items():  # fields contributors added
            if key not in entry and value not in (None, "", [], {}):
                entry[key] = value
        entry["title"] = view.title
        entry["tags"] = [tag.slug for tag in view.tags]
        entry["links"] = {link.kind: link.url for link in paper_links(view.meta)}
        if not entry["links"]:
            del entry["links"]
        entry["page"] = links.from_root(urls.paper(view.slug))
        if view.slug in cites:
            entry["citation_key"] = cites[view.slug].key
        entry["abstract"] = view.body
        out.append(entry)
    return out


def papers_json(site: SiteModel, cites: dict[str, Citation], ctx: Context) -> Iterator[Output]:
    data = {
        "format": FORMAT,
        "title": site.title,
        "language": site.language,
        "count": len(site.papers),
        "tags": [{"slug": t.slug, "label": t.label, "count": t.count} for t in site.tags],
        "papers": paper_entries(site, cites, ctx.config.urls),
    }
    # default=str: YAML front matter may hold dates, which JSON has no type for.
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str) + "\n"
    yield Output(f"{ctx.docs}/{urls.PAPERS_JSON}", "", compress(text))


def size_text(size: int) -> str:
    """A file size as readers read it: `850 KB`, `12.3 MB`."""
    if size < 1000 * 1000:
        return f"{max(1, round(size / 1000))} KB"
    return f"{size / 1000 / 1000:.1f} MB"


def downloads_page(files: list[tuple[Output, str]], ctx: Context) -> Iterator[Output]:
    """`downloads/index.md`: each data file (`files`: the file and what it holds) and its size."""
    rows = []
    for output, what in files:
        size = len(output.data) if output.data is not None else len(output.text.encode("utf-8"))
        path = output.path.removeprefix(f"{ctx.docs}/")
        rows.append((path, urls.link(path, urls.DOWNLOADS), what, size_text(size)))
    yield Output(f"{ctx.docs}/{urls.DOWNLOADS}", ctx.render("downloads.md.j2", files=rows))
