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

import base64
import contextvars
import html
import re
import xml.etree.ElementTree as etree
from collections.abc import Callable
from html import escape
from typing import Any

from latex2mathml.converter import convert_to_element
from markdown import Extension, Markdown
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

from generator.text import MATH_TOKEN, math_matches

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
    """`$...$` and `$$...$$` where `math_spans` finds them.

    Markdown offers every `$` in turn, and after each formula it hands over the text with
    the formula replaced by a placeholder. The formulas are found once per text, in one
    linear pass; after a replacement the rest keep their places, shifted by the difference
    in length (checked by comparing what is left of the text, at C speed), so a page of
    10,000 formulas is not scanned 10,000 times.
    """

    def __init__(self, md: Markdown) -> None:
        super().__init__(r"\$", md)
        self._text = ""
        self._found: dict[int, tuple[int, int]] = {}  # start → (end, width), in the text's places
        self._shift = 0  # add to a place in the text as found to get its place now
        self._done: tuple[int, int] | None = None  # the last formula replaced, in places now

    def _formulas(self, data: str) -> None:
        done, old = self._done, self._text
        self._done = None
        if done is not None:
            start, end = done
            placeholder = len(data) - len(old) + (end - start)
            if (
                placeholder >= 0
                and data[:start] == old[:start]
                and data[start + placeholder :] == old[end:]
            ):
                self._text = data
                self._shift += placeholder - (end - start)
                return
        self._text, self._shift = data, 0
        self._found = {start: (end, width) for start, end, width in math_matches(data)}

    def handleMatch(  # type: ignore[override]
        self, m: re.Match[str], data: str
    ) -> tuple[str | None, int | None, int | None]:
        if data is not self._text:
            self._formulas(data)
        found = self._found.get(m.start(0) - self._shift)
        if found is None:
            return None, None, None
        end, width = found[0] + self._shift, found[1]
        latex = data[m.start(0) + width : end - width]
        self._done = (m.start(0), end)
        return self.md.htmlStash.store(render_math(latex, width == 2)), m.start(0), end


class _MathTokenProcessor(InlineProcessor):
    """A formula as `md_escape` writes it (generator.text.MATH_TOKEN), before any other
    inline pattern can read what it holds."""

    def handleMatch(  # type: ignore[override]
        self, m: re.Match[str], data: str
    ) -> tuple[str, int, int]:
        try:
            source = base64.b64decode(m.group(1), validate=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            source = ""
        found = math_matches(source)
        if len(found) != 1 or found[0][:2] != (0, len(source)):
            # Not one formula (no md_escape wrote it): its text, as text.
            return self.md.htmlStash.store(escape(source)), m.start(0), m.end(0)
        width = found[0][2]
        latex = source[width:-width]
        return self.md.htmlStash.store(render_math(latex, width == 2)), m.start(0), m.end(0)


class _SafeAttributes(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            for name in list(element.attrib):
                if _unsafe_attribute(name) or (
                    name.lower() in _URL_ATTRIBUTES and unsafe_url(element.attrib[name])
                ):
                    del element.attrib[name]
            # An id the theme or the site's scripts use, made after _ContributorAttributes
            # (by a table of contents whose slugify is not `slugify` below), is dropped.
            if "id" in element.attrib and safe_id(element.attrib["id"]) != element.attrib["id"]:
                del element.attrib["id"]
            # A link or image left without its target becomes plain text: MkDocs expects
            # every <a> to have an href and every <img> a src.
            if element.tag == "a" and "href" not in element.attrib:
                element.tag = "span"
            elif element.tag == "img" and "src" not in element.attrib:
                element.tag = "span"
                element.text = element.attrib.pop("alt", "")
                element.attrib.pop("title", None)


#: Whether the page being rendered is one the generator wrote (its attr_list attributes
#: come from templates), set by the digest's plugin (generator/engine/hooks.py). Any other page,
#: and any page a builder without the plugin renders, may set only `CONTRIBUTOR_ATTRIBUTES`.
GENERATED_PAGE: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "digest_generated_page", default=False
)
#: The attributes an element of a contributor's page may carry: what Markdown itself makes
#: (links, images, headings' ids, admonitions' and permalinks' classes, ordered lists'
#: start), and what attr_list may add within these. Never a `name`, `data-*`, `for` or
#: `form`: the theme and the site's scripts find elements by such attributes.
CONTRIBUTOR_ATTRIBUTES = frozenset({"href", "src", "alt", "title", "class", "id", "start"})
#: The classes a contributor's page may use: admonitions' (`!!! note`), the permalinks' and
#: magic links' own. A theme class (`md-button`, `md-dialog`) would dress a link as the
#: site's own button or lay text over the page.
_ADMONITIONS = (
    "note abstract summary tldr info todo tip hint important success check done question "
    "help faq warning caution attention failure fail missing danger error bug example "
    "quote cite"
)
CONTRIBUTOR_CLASSES = frozenset(
    {"admonition", "admonition-title", "headerlink", *_ADMONITIONS.split()}
)
#: Ids the theme and the site's scripts use (`__config`, `__search`, `pd-related`, `md-...`):
#: no element of a page's text may take one, or the first such element is the one found.
_RESERVED_ID = re.compile(r"^(?:_|pd-|md-)|[^A-Za-z0-9_:.-]")


def safe_id(value: str) -> str:
    """An id no element of the theme or the site's scripts has: `value` when it is one,
    else the same words behind `h-` (a heading titled "__config" gets `h-config`)."""
    if value and not _RESERVED_ID.search(value):
        return value
    words = re.sub(r"[^A-Za-z0-9]+", "-", value).strip("-").lower()
    return f"h-{words or 'section'}"


def _contributor_class(value: str) -> str:
    return " ".join(
        token
        for token in value.split()
        if token in CONTRIBUTOR_CLASSES or token.startswith("magiclink")
    )


class _SafeSlug:
    """A slugify whose ids are `safe_id`s (a class, not a closure: Zensical pickles it)."""

    def __init__(self, slug: Callable[[str, str], str]) -> None:
        self.slug = slug

    def __call__(self, text: str, sep: str) -> str:
        return safe_id(self.slug(text, sep))


def slugify(**options: Any) -> Callable[[str, str], str]:
    """The table of contents' slugify for mkdocs.yml: `pymdownx.slugs.slugify(**options)`,
    whose ids are then `safe_id`s (a heading titled "__config" gets `h-config`)."""
    from pymdownx.slugs import slugify as make

    return _SafeSlug(make(**options))


class _ContributorAttributes(Treeprocessor):
    """After attr_list has set attributes, before the table of contents and MkDocs read the
    ids: the attributes a contributor's page keeps, and ids that are not the theme's (an
    id renamed is renamed in the page's links to it too)."""

    def run(self, root: etree.Element) -> None:
        generated = GENERATED_PAGE.get()
        renamed: dict[str, str] = {}
        taken = {e.attrib["id"] for e in root.iter() if "id" in e.attrib}
        for element in root.iter():
            if not generated:
                for name in list(element.attrib):
                    if name.lower() not in CONTRIBUTOR_ATTRIBUTES:
                        del element.attrib[name]
                if "class" in element.attrib:
                    kept = _contributor_class(element.attrib["class"])
                    if kept:
                        element.attrib["class"] = kept
                    else:
                        del element.attrib["class"]
            old = element.attrib.get("id")
            if old is None or safe_id(old) == old:
                continue
            new = base = safe_id(old)
            n = 1
            while new in taken:
                n += 1
                new = f"{base}-{n}"
            taken.add(new)
            renamed.setdefault(old, new)
            element.attrib["id"] = new
        for element in root.iter("a") if renamed else ():
            href = element.attrib.get("href", "")
            if href.startswith("#") and href[1:] in renamed:
                element.attrib["href"] = "#" + renamed[href[1:]]


class DigestMarkdown(Extension):
    """Text-safe Markdown with build-time math, for abstracts and paper pages."""

    def extendMarkdown(self, md: Markdown) -> None:
        for name, registry in (("html_block", md.preprocessors), ("html", md.inlinePatterns)):
            if name in registry:
                registry.deregister(name)
        if "$" not in md.ESCAPED_CHARS:
            md.ESCAPED_CHARS.append("$")
        md.inlinePatterns.register(
            _MathTokenProcessor(MATH_TOKEN.pattern, md), "digest_math_token", 200
        )
        md.inlinePatterns.register(_MathProcessor(md), "digest_math", 175)
        # After attr_list (8) has set attributes, before toc and MkDocs read ids (5).
        md.treeprocessors.register(_ContributorAttributes(md), "digest_contributor", 6)
        # Priority 1: after toc has set its ids, before MkDocs checks links (0).
        md.treeprocessors.register(_SafeAttributes(md), "digest_safe_attributes", 1)


def makeExtension(**kwargs: Any) -> DigestMarkdown:
    return DigestMarkdown(**kwargs)
