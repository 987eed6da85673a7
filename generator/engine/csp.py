"""A Content-Security-Policy for every built page: only the site's own scripts may run.

`with_policy(html)` puts a `<meta http-equiv="Content-Security-Policy">` first in the
page's `<head>`. Scripts load from the site itself: the theme's inline scripts that every
page would carry (local storage scope, palette) come from shared files (overrides/), and
any other the theme writes (an announcement bar, a cookie consent, content tabs) is
allowed by its SHA-256 hash, computed from the page as built. An inline script inside the
page's `<article>`, a `<nav>`, its `<header>` or `<footer>` is never allowed: the theme
writes none there, so one there came from a page's text, a title or a label. Images load
from the site only (`data:` for the theme's icons): a contributor's remote `<img>` (a
tracker) does not load. Styles may be inline (the theme
and the charts set some). Pagefind's search compiles WebAssembly, hence
`'wasm-unsafe-eval'` (no JavaScript eval).
"""

from __future__ import annotations

import base64
import hashlib
import re

#: The policy, less the hashes of the page's inline scripts (appended to script-src). It is
#: in every page, so it names no directive that would say what default-src says already
#: (connect-src: Pagefind's fetches of the site's own files).
POLICY = (
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)

# A script element's raw text ends at the first `</script` (HTML's script data state).
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
_SRC = re.compile(r"\ssrc\s*=", re.I)
_TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]+)""", re.I)
_REGION = re.compile(r"<(/?)(?:article|nav|header|footer)\b", re.I)
_HEAD = re.compile(r"<head\b[^>]*>", re.I)
_RUNNABLE_TYPES = ("", "text/javascript", "application/javascript", "module")


def _text_regions(html: str) -> list[tuple[int, int]]:
    """The spans of the page's article, navigation, header and footer, nested or not: what
    they hold comes from pages, titles and labels, where the theme writes no script."""
    spans: list[tuple[int, int]] = []
    depth = start = 0
    for match in _REGION.finditer(html):
        if match.group(1):
            depth -= 1
            if depth == 0:
                spans.append((start, match.end()))
            depth = max(depth, 0)
        else:
            if depth == 0:
                start = match.start()
            depth += 1
    if depth > 0:
        spans.append((start, len(html)))
    return spans


def script_hashes(html: str) -> list[str]:
    """`'sha256-...'` sources for the page's inline scripts outside the regions that hold
    text (`_text_regions`)."""
    content = _text_regions(html)
    hashes: list[str] = []
    for match in _SCRIPT.finditer(html):
        attributes, text = match.group(1), match.group(2)
        if _SRC.search(attributes) or any(a <= match.start() < b for a, b in content):
            continue
        kind = _TYPE.search(attributes)
        if (kind.group(1).lower() if kind else "") not in _RUNNABLE_TYPES:
            continue  # a data block (Material's JSON configuration) never runs
        digest = hashlib.sha256(text.encode("utf-8")).digest()
        source = f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
        if source not in hashes:
            hashes.append(source)
    return hashes


def policy(html: str) -> str:
    """The page's Content-Security-Policy: POLICY with its inline scripts' hashes."""
    directives = list(POLICY)
    directives[1] = " ".join([directives[1], *script_hashes(html)])
    return "; ".join(directives)


def with_policy(html: str) -> str:
    """The page with its policy first in `<head>` (before anything it governs)."""
    head = _HEAD.search(html)
    if head is None:
        return html  # not an HTML page (a redirect stub, a fragment): nothing to govern
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html)}">'
    return html[: head.end()] + meta + html[head.end() :]
