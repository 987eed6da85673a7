"""A Python-Markdown extension that makes abstracts safe and renders their math.

Listed in `mkdocs.yml` as `generator.engine.markdown_ext`. It

- shows raw HTML as text (`</s>`, `<script>`), since abstracts and contributors' pages
  are text, not markup; Markdown, `$math$`, links and entities work as usual;
- drops what could run script or restyle the page: link and image targets with a
  scheme other than http(s), mailto or ftp (also when hidden behind entities such as
  `java&#x09;script:`), event-handler and `style` attributes (which `attr_list` would
  otherwise let a page set);
- renders `$...$` and `$$...$$` as MathML at build time, so math needs no JavaScript
  and no CDN (`\\$` is a literal dollar).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree
from html import escape
from typing import Any

from latex2mathml.converter import convert_to_element
from markdown import Extension, Markdown
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

from generator.text import MATH

_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):", re.I)
_SAFE_SCHEMES = frozenset({"http", "https", "mailto", "ftp"})
# Browsers ignore ASCII whitespace and control characters inside a URL's scheme.
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")
_URL_ATTRIBUTES = ("href", "src", "action", "formaction", "poster", "cite", "background")


def unsafe_url(value: str) -> bool:
    """True when a browser would read the URL as one with a scheme that can run script."""
    decoded = _INVISIBLE.sub("", html.unescape(html.unescape(value)))
    match = _SCHEME.match(decoded)
    return match is not None and match.group(1).lower() not in _SAFE_SCHEMES


def _unsafe_attribute(name: str) -> bool:
    lowered = name.lower()
    return lowered.startswith("on") or lowered in ("style", "srcdoc") or ":" in lowered


def render_math(latex: str, display: bool = False) -> str:
    """Return MathML for one formula, or the source as code when it does not parse."""
    try:
        root = convert_to_element(latex, display="block" if display else "inline")
    except Exception:  # latex2mathml raises many kinds on malformed input
        delimiter = "$$" if display else "$"
        return f'<code class="math-source">{escape(delimiter + latex + delimiter)}</code>'
    # latex2mathml's own serialiser un-escapes `<` in \text{...}, letting a formula carry
    # raw HTML; serialise its tree ourselves, every text escaped, and drop `\href` and
    # `\style` attributes, which would make a formula a link or restyle the page.
    for element in root.iter():
        if element.text:
            element.text = html.unescape(element.text)
        if element.tail:
            element.tail = html.unescape(element.tail)
        for name in list(element.attrib):
            if _unsafe_attribute(name) or name.lower() == "href":
                del element.attrib[name]
            else:
                element.attrib[name] = html.unescape(element.attrib[name])
    return etree.tostring(root, encoding="unicode")


class _MathProcessor(InlineProcessor):
    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]
        display = m.group(1) == "$$"
        html_text = render_math(m.group(2), display)
        return self.md.htmlStash.store(html_text), m.start(0), m.end(0)


class _SafeAttributes(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            for name in list(element.attrib):
                if _unsafe_attribute(name) or (
                    name.lower() in _URL_ATTRIBUTES and unsafe_url(element.attrib[name])
                ):
                    del element.attrib[name]
            # A link or image left without its target becomes plain text: MkDocs expects
            # every <a> to have an href and every <img> a src.
            if element.tag == "a" and "href" not in element.attrib:
                element.tag = "span"
            elif element.tag == "img" and "src" not in element.attrib:
                element.tag = "span"
                element.text = element.attrib.pop("alt", "")
                element.attrib.pop("title", None)


class DigestMarkdown(Extension):
    """Text-safe Markdown with build-time math, for abstracts and paper pages."""

    def extendMarkdown(self, md: Markdown) -> None:
        for name, registry in (("html_block", md.preprocessors), ("html", md.inlinePatterns)):
            if name in registry:
                registry.deregister(name)
        if "$" not in md.ESCAPED_CHARS:
            md.ESCAPED_CHARS.append("$")
        md.inlinePatterns.register(_MathProcessor(MATH.pattern, md), "digest_math", 175)
        # Priority 1: after attr_list (8) has set attributes, before MkDocs checks links (0).
        md.treeprocessors.register(_SafeAttributes(md), "digest_safe_attributes", 1)


def makeExtension(**kwargs: Any) -> DigestMarkdown:
    return DigestMarkdown(**kwargs)
