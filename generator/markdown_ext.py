"""A Python-Markdown extension that makes abstracts safe and renders their math.

Listed in `mkdocs.yml` as `generator.markdown_ext`. It

- shows raw HTML as text (`</s>`, `<script>`), since abstracts and contributors' pages
  are text, not markup; Markdown, `$math$`, links and entities work as usual;
- drops link and image targets with a script scheme (`javascript:`, `vbscript:`, `data:`);
- renders `$...$` and `$$...$$` as MathML at build time, so math needs no JavaScript
  and no CDN (`\\$` is a literal dollar).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from html import escape
from typing import Any

from latex2mathml.converter import convert
from markdown import Extension, Markdown
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

from generator.text import MATH

_UNSAFE_SCHEME = re.compile(r"^(javascript|vbscript|data|file):", re.I)
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")


def render_math(latex: str, display: bool = False) -> str:
    """Return MathML for one formula, or the source as code when it does not parse."""
    try:
        return str(convert(latex, display="block" if display else "inline"))
    except Exception:  # latex2mathml raises many kinds on malformed input
        delimiter = "$$" if display else "$"
        return f'<code class="math-source">{escape(delimiter + latex + delimiter)}</code>'


class _MathProcessor(InlineProcessor):
    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]
        display = m.group(1) == "$$"
        html = render_math(m.group(2), display)
        return self.md.htmlStash.store(html), m.start(0), m.end(0)


class _SafeUrls(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            for attribute in ("href", "src"):
                value = element.get(attribute)
                if value is not None and _UNSAFE_SCHEME.match(_INVISIBLE.sub("", value)):
                    del element.attrib[attribute]


class DigestMarkdown(Extension):
    """Text-safe Markdown with build-time math, for abstracts and paper pages."""

    def extendMarkdown(self, md: Markdown) -> None:
        for name, registry in (("html_block", md.preprocessors), ("html", md.inlinePatterns)):
            if name in registry:
                registry.deregister(name)
        if "$" not in md.ESCAPED_CHARS:
            md.ESCAPED_CHARS.append("$")
        md.inlinePatterns.register(_MathProcessor(MATH.pattern, md), "digest_math", 175)
        md.treeprocessors.register(_SafeUrls(md), "digest_safe_urls", 1)


def makeExtension(**kwargs: Any) -> DigestMarkdown:
    return DigestMarkdown(**kwargs)
