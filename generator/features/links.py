"""A paper's links, known or found in its abstract: PDF, OpenReview/arXiv, code, project page.

A PDF link is also derived from an OpenReview forum or arXiv abstract URL, which always
have one at a fixed address.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from generator.model import Fields

#: The order buttons appear in; each kind has a `link_<kind>` label.
KINDS = ("pdf", "openreview", "arxiv", "url", "code", "project")

_OPENREVIEW = re.compile(r"^https?://openreview\.net/(?:forum|pdf)\?id=([\w\-.]+)")
_ARXIV = re.compile(r"^https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/([\w\-./]+?)(?:\.pdf)?/?$")


@dataclass(frozen=True)
class Link:
    kind: str
    url: str


def _web(value: Any) -> str:
    return (
        value.strip()
        if isinstance(value, str) and value.startswith(("https://", "http://"))
        else ""
    )


def _kind_of(url: str) -> str:
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    if host == "openreview.net":
        return "openreview"
    if host == "arxiv.org":
        return "arxiv"
    return ""


def derived_pdf(url: str) -> str:
    """The PDF address of an OpenReview or arXiv paper page, or ""."""
    if match := _OPENREVIEW.match(url):
        return f"https://openreview.net/pdf?id={match.group(1)}"
    if match := _ARXIV.match(url):
        return f"https://arxiv.org/pdf/{match.group(1)}"
    return ""


def paper_links(meta: dict[str, Any]) -> list[Link]:
    """Every link a paper page shows, one per kind, in button order."""
    paper = Fields(meta)
    found = paper.links
    chosen: dict[str, str] = {}
    url = _web(paper.link("url"))
    if url:
        chosen[_kind_of(url) or "url"] = url
    for kind in ("code", "project"):
        value = _web(paper.link(kind)) or _web(found.get(kind))
        if value:
            # An arXiv or OpenReview address found in an abstract is that paper's page.
            special = _kind_of(value)
            chosen.setdefault(special or kind, value)
    pdf = _web(paper.link("pdf")) or _web(found.get("pdf"))
    if not pdf:
        pdf = next((derived_pdf(chosen[k]) for k in ("openreview", "arxiv") if k in chosen), "")
    if pdf:
        chosen["pdf"] = pdf
    seen: set[str] = set()
    links = []
    for kind in KINDS:
        if kind in chosen and chosen[kind] not in seen:
            seen.add(chosen[kind])
            links.append(Link(kind, chosen[kind]))
    return links


def paper_url(meta: dict[str, Any]) -> str:
    """The address to cite a paper by: its own page, else its OpenReview/arXiv page or PDF."""
    by_kind = {link.kind: link.url for link in paper_links(meta)}
    return next((by_kind[k] for k in ("url", "openreview", "arxiv", "pdf") if k in by_kind), "")
