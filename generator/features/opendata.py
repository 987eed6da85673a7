"""Open data: `papers.json`, every paper's metadata as the site shows it, for reuse.

One JSON object: the digest's title and language, its tags (slug, label, count) and its
papers, each with every field its page has (empty ones left out), its page's address
and, where authors are known, its citation key.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from generator.features.citations import Citation
from generator.features.context import Context
from generator.features.links import paper_links
from generator.features.site import SiteModel
from generator.model import Output
from generator.pages.schema import FIELD_ORDER, HASHES

FORMAT = "paper-digest/papers.json@1"
PATH = "papers.json"


def paper_records(
    site: SiteModel, cites: dict[str, Citation], site_url: str
) -> list[dict[str, Any]]:
    """Every paper as a plain JSON object, in the digest's order."""
    base = site_url.rstrip("/") + "/" if site_url else ""
    out = []
    for view in site.papers:
        meta = {k: v for k, v in view.meta.items() if k != HASHES}
        record: dict[str, Any] = {"id": view.id, "slug": view.slug}
        for key in FIELD_ORDER[1:]:
            if meta.get(key) not in (None, "", [], {}):
                record[key] = meta[key]
        for key, value in meta.items():  # fields contributors added
            if key not in record and value not in (None, "", [], {}):
                record[key] = value
        record["title"] = view.title
        record["tags"] = [tag.slug for tag in view.tags]
        record["links"] = {link.kind: link.url for link in paper_links(view.meta)}
        if not record["links"]:
            del record["links"]
        record["page"] = f"{base}papers/{view.slug}/"
        if view.slug in cites:
            record["citation_key"] = cites[view.slug].key
        record["abstract"] = view.body
        out.append(record)
    return out


def papers_json(site: SiteModel, cites: dict[str, Citation], ctx: Context) -> Iterator[Output]:
    data = {
        "format": FORMAT,
        "title": site.title,
        "language": site.language,
        "count": len(site.papers),
        "tags": [{"slug": t.slug, "label": t.label, "count": t.count} for t in site.tags],
        "papers": paper_records(site, cites, ctx.config.site_url),
    }
    # default=str: YAML front matter may hold dates, which JSON has no type for.
    text = json.dumps(data, ensure_ascii=False, indent=1, default=str)
    yield Output(f"{ctx.docs}/{PATH}", text + "\n")
