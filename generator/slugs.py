"""Readable, unique, filesystem-safe slugs (page file names and URLs)."""

from __future__ import annotations

import re
import unicodedata

MAX_SLUG = 60
# Names Windows refuses as files, and names the site itself uses.
_RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    "index",
    "tags",
    *(f"com{i}" for i in range(10)),
    *(f"lpt{i}" for i in range(10)),
}


def slugify(text: str, fallback: str = "paper") -> str:
    """Lowercase ASCII words joined by '-', at most 60 characters, cut at a word boundary."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())
    slug = ""
    for word in words:
        candidate = f"{slug}-{word}" if slug else word
        if len(candidate) > MAX_SLUG:
            break
        slug = candidate
    if not slug and words:
        slug = words[0][:MAX_SLUG]
    if not slug:
        slug = "-".join(re.findall(r"[a-z0-9]+", fallback.lower()))[:MAX_SLUG] or "paper"
    if slug in _RESERVED:
        slug += "-paper"
    return slug


def unique_slug(base: str, taken: set[str]) -> str:
    """`base`, or `base-2`, `base-3`... whichever is not taken yet; records the choice."""
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    taken.add(slug)
    return slug
