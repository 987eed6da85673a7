"""Squeeze the indentation and blank lines that the theme's templates leave in every page.

Material's templates indent their markup and leave a blank line wherever a Jinja tag
stood: about a kilobyte of a paper page, repeated on each of 20,000 pages. `squeeze(html)`
turns every run of whitespace that holds a line break into one line break, in text
between tags only, which a browser renders the same (HTML collapses a run of white space
to one). Never inside a tag (attribute values stay as written), a comment, or an element
whose white space is its content or code: <pre>, <code>, <kbd> and <textarea> (shown as
written; Material styles code and kbd `white-space: pre-wrap`), <script> and <style>
(whose hashes the Content-Security-Policy lists). Runs without a line break stay as they
are: two spaces in a title are the page's own.
"""

from __future__ import annotations

import re

# Kept as they are, tried in order at each "<": a comment; a whole element of the kinds
# above, from its start tag to its end tag; any other tag (quoted attribute values may
# hold ">"). A "<" that starts none of these is text, as HTML reads it.
_KEPT = (
    r"<!--.*?-->"
    r"|<(?P<raw>pre|code|kbd|textarea|script|style)\b(?:[^>\"']++|\"[^\"]*+\"|'[^']*+')*+>.*?</(?P=raw)\s*>"
    r"|</?[A-Za-z!?](?:[^>\"']++|\"[^\"]*+\"|'[^']*+')*+>"
)
_TOKEN = re.compile(rf"(?P<kept>{_KEPT})|(?P<space>[ \t\r\f]*\n\s*)", re.S | re.I)


def squeeze(html: str) -> str:
    """`html` with each run of white space between tags that holds a line break made one."""
    return _TOKEN.sub(_replace, html).lstrip()


def _replace(match: re.Match[str]) -> str:
    return match.group("kept") or "\n"
