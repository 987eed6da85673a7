"""What the site builder shows around a page's own text, stored as data for the digest's plugin.

The site stage renders, for each paper page, what it shows around the abstract (byline,
tags, TL;DR, links, facts, citations, related papers), and for a derived page with markup
of its own (stats, map, reading list) that markup. Both are stored as JSON values in
`.digest/parts/`, never as template source: the digest's MkDocs plugin (generator/engine/hooks.py)
reads them and hands them to the templates, which print them. Paper parts are packed into
`BUCKETS` files by a hash of the slug: 20,000 small files are slow to write and to read,
and one file would be read whole for every page.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Paper parts are packed into this many files.
BUCKETS = 64
#: The search filter row, which every page shows.
FILTERS_FILE = "search-filters.html"
#: Labels of the theme's own partials in the site's language (the palette toggles).
LABELS_FILE = "labels.json"
THEME_LABELS = (
    "palette_default",
    "palette_slate",
    "permalink",
    "made_with",
    "not_found_title",
    "not_found_text",
    "not_found_home",
)


@dataclass(frozen=True)
class PaperParts:
    """What a paper page shows: `head` before the abstract, `foot` after it, `meta` in <head>,
    and `toc`, the (anchor, heading) of each section `foot` holds, for the table of contents."""

    head: str
    foot: str
    meta: str
    toc: tuple[tuple[str, str], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "head": self.head,
            "foot": self.foot,
            "meta": self.meta,
            "toc": [list(entry) for entry in self.toc],
        }


def bucket(slug: str) -> int:
    """The file a paper's parts go in (a stable hash, the same in every process)."""
    return zlib.crc32(slug.encode("utf-8")) % BUCKETS


def bucket_file(n: int) -> str:
    """The name of the n-th paper parts file, relative to the parts folder."""
    return f"papers/{n:02d}.json"


def pack(
    paper_parts: dict[str, PaperParts], only: set[int] | None = None
) -> Iterator[tuple[str, str]]:
    """Each paper parts file (or those numbered `only`) as (name, JSON text)."""
    buckets: dict[int, dict[str, dict[str, Any]]] = {}
    for slug in sorted(paper_parts):
        n = bucket(slug)
        if only is None or n in only:
            buckets.setdefault(n, {})[slug] = paper_parts[slug].as_dict()
    for n, found in sorted(buckets.items()):
        yield bucket_file(n), dump(found)


def page_file(src_uri: str) -> str:
    """The file holding a derived page's markup (by the page's source path)."""
    return f"pages/{src_uri.removesuffix('.md')}.html"


def dump(value: Any) -> str:
    """JSON as the parts files hold it: stable, readable, one line."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


class Store:
    """Read parts files as the site builder asks for them; a file is read again when it changes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._cache: dict[str, tuple[int, Any]] = {}

    def _read(self, name: str, parse: bool) -> Any:
        path = self.folder / name
        try:
            stamp = os.stat(path).st_mtime_ns
        except (FileNotFoundError, NotADirectoryError):
            return None
        cached = self._cache.get(name)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        text = path.read_text(encoding="utf-8")
        value = json.loads(text) if parse else text
        self._cache[name] = (stamp, value)
        return value

    def paper(self, slug: str) -> PaperParts | None:
        found = self._read(bucket_file(bucket(slug)), parse=True)
        stored = found.get(slug) if isinstance(found, dict) else None
        if not isinstance(stored, dict):
            return None
        toc = tuple(
            (str(entry[0]), str(entry[1]))
            for entry in stored.get("toc") or ()
            if isinstance(entry, list) and len(entry) == 2
        )
        return PaperParts(str(stored["head"]), str(stored["foot"]), str(stored["meta"]), toc)

    def page(self, src_uri: str) -> str:
        """The markup of a derived page (by its source path), or "" for any other page."""
        if ".." in src_uri.split("/"):
            return ""
        return str(self._read(page_file(src_uri), parse=False) or "")

    def filters(self) -> str:
        return str(self._read(FILTERS_FILE, parse=False) or "")

    def labels(self) -> dict[str, str]:
        found = self._read(LABELS_FILE, parse=True)
        return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}
