"""The search documents: one small document per paper, tag, author and venue, from the site model.

The search index is Pagefind's (generator/engine/pagefind.py runs it). It indexes our own
documents (templates/search-document.html.j2), which the generator writes like any derived
file into .digest/search/, not the built pages; the search box (site_src/assets/search.js)
shows what they hold. This module writes them, and the words and terms search.js loads.
"""

from __future__ import annotations

import contextlib
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import jinja2

from generator import urls
from generator.config import Config
from generator.errors import DigestError
from generator.features import people
from generator.features.context import Labels
from generator.features.memo import Memo, key_of
from generator.features.site import PaperView, SiteModel
from generator.model import Output
from generator.taxonomy import Taxonomy, load_taxonomy
from generator.text import plain_text, split_math


def enabled(config: Config) -> bool:
    """Pagefind is the site's search unless mkdocs.yml turns Material's own search on."""
    plugins = config.raw.get("plugins") or []
    names = plugins if isinstance(plugins, list) else list(plugins)
    for entry in names:
        name = next(iter(entry), "") if isinstance(entry, dict) else str(entry)
        if name in ("search", "material/search"):
            return False
    return True


def documents_dir(config: Config) -> Path:
    """Where the generator writes the search documents (a derived folder, like the fragments)."""
    return config.state_dir / "search"


def _document_paths(config: Config) -> Callable[[str], str]:
    """The path of the document of the page built from a source ("papers/x.md"), from the
    project root.

    Pagefind turns the path below the document folder into the result's URL, which must be the
    page's URL in the built site (generator/urls.py).
    """
    base = config.rel(documents_dir(config))
    return lambda source: f"{base}/{config.urls.built_file(source)}"


#: The site's own words, for "did you mean" when a query finds nothing (search.js loads it then).
WORDS_FILE = "assets/generated/search-words.json"
#: Chinese terms with their English words, for a Chinese query (search.js loads it then).
CHINESE_FILE = "assets/generated/search-zh.json"
#: The terms of machine learning that file starts from (the taxonomy's labels join them).
TERMS = Path(__file__).with_name("search_zh.json")
#: Han characters: Chinese text is indexed as overlapping pairs of characters (see _bigrams).
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD = re.compile(r"[^\W\d_]{3,}")


class Documents:
    """The search documents of the site's pages: one small document per paper, tag, author
    page and venue page, each yielded by the feature whose page it is
    (generator/features/registry.py).

    A document the `memo` finds rendered from the same values is not yielded: it stays as
    it is. `templates` are the renderer's template environment and labels (made once, not
    for each edit the live preview renders).

    A document has two parts. What it shows comes first: the page's own text (a paper's
    TL;DR, abstract with its math as characters, authors and keywords), from which search.js
    takes every excerpt. After the anchor MATCH_ANCHOR comes what is only there to be found:
    the title, the tags' labels in every language, Chinese text as pairs of characters,
    the words of LaTeX commands, and the keys of the title (`title_keys`).

    Every document is English to Pagefind (`lang="en"`), whatever the site's language, so
    English words are stemmed ("networks" finds "network"); its Chinese text is also
    written as pairs of characters, which search.js makes of a query too, so a Chinese word
    is found in either language without a segmenter that must agree with the browser's.
    """

    def __init__(
        self,
        config: Config,
        taxonomy: Taxonomy | None,
        memo: Memo | None,
        templates: tuple[jinja2.Environment, Labels],
    ) -> None:
        env, self.t = templates
        self.template = env.get_template("search-document.html.j2")
        self.path = _document_paths(config)
        self.others = _other_labels(config, taxonomy)
        self.memo = memo

    def papers(self, papers: Iterable[PaperView]) -> Iterator[Output]:
        """The documents of `papers`."""
        for paper in papers:
            tags = [
                label for ref in paper.tags for label in [ref.label, *self.others.get(ref.slug, ())]
            ]
            yield from self._render(
                urls.paper(paper.slug),
                paper.title,
                "paper",
                _text(paper),
                tags,
                filters=_filters(paper, self.t),
                hidden=[_math_words(paper.text)],
            )

    def tags(self, site: SiteModel) -> Iterator[Output]:
        """The document of every tag."""
        for tag in site.tags:
            text = [tag.description] if tag.description else []
            yield from self._render(
                urls.tag(tag.slug), tag.label, "tag", text, self.others.get(tag.slug, [])
            )

    def people(
        self, authors: dict[str, people.Author], venues: list[people.Venue]
    ) -> Iterator[Output]:
        """The document of every author page and venue page."""
        for author in authors.values():
            if author.page:
                intro = self.t.counted("paper_count", len(author.papers))
                yield from self._render(
                    urls.author(author.slug), author.name, "author", [intro], []
                )
        for venue in venues:
            intro = self.t.counted("paper_count", len(venue.papers))
            yield from self._render(urls.venue(venue.slug), venue.name, "venue", [intro], [])

    def _render(
        self,
        source: str,
        title: str,
        kind: str,
        shown: list[str],
        tags: list[str],
        filters: Sequence[tuple[str, str]] = (),
        hidden: Sequence[str] = (),
    ) -> Iterator[Output]:
        at = self.path(source)
        memo = self.memo
        key = key_of(title, kind, shown, tags, filters, hidden) if memo is not None else ""
        if memo is not None and memo.kept(at, key):
            return
        words = [_bigrams(" ".join([title, *tags, *shown])), *hidden]
        document = self.template.render(
            title=title,
            kind=kind,
            shown=shown,
            tags=tags,
            hidden=" ".join(w for w in words if w),
            keys=" ".join(title_keys(title)),
            anchor=MATCH_ANCHOR,
            filters=filters,
        )
        if memo is not None:
            memo.note(at, key, document)
        yield Output(at, document)


#: The anchor in a search document after which its words are for matching only: search.js
#: never shows them (the pairs of Chinese characters, the other language's tag labels).
MATCH_ANCHOR = "pd-match"
#: Characters of a title's key: enough to tell titles apart by how they start.
KEY_LENGTH = 40
#: What the keys of a title start with: the name before its colon, and its opening words.
NAME_KEY, TITLE_KEY = "pdn", "pdt"


def key_text(text: str) -> str:
    """Text as a key: its letters and digits, folded to ASCII lower case, KEY_LENGTH at most,
    each followed by "0" (search.js makes the same of a query).

    Pagefind stems a query's words and matches them as prefixes of the index's: a key ending
    on a digit is never stemmed ("sparsity" would be "sparsiti", no prefix of "sparsityaware"),
    so the key of what a reader typed is a prefix of the keys of the titles that start so.
    """
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    kept = re.sub(r"[^a-z0-9]+", "", folded.lower())[:KEY_LENGTH]
    return "".join(f"{ch}0" for ch in kept)


def title_keys(title: str) -> list[str]:
    """The keys a paper is found by when its name or the start of its title is typed: its
    name (the words before a colon, if four at most) and its title's opening letters."""
    keys: list[str] = []
    name, colon, _ = title.partition(":")
    if colon and 0 < len(name.split()) <= 4 and key_text(name):
        keys.append(NAME_KEY + key_text(name))
    if key_text(title):
        keys.append(TITLE_KEY + key_text(title))
    return keys


#: Greek letters and the symbols abstracts use most, as characters.
_SYMBOLS = {
    **dict(
        zip(
            [
                "alpha",
                "beta",
                "gamma",
                "delta",
                "epsilon",
                "varepsilon",
                "zeta",
                "eta",
                "theta",
                "vartheta",
                "iota",
                "kappa",
                "lambda",
                "mu",
                "nu",
                "xi",
                "pi",
                "rho",
                "sigma",
                "tau",
                "upsilon",
                "phi",
                "varphi",
                "chi",
                "psi",
                "omega",
                "Gamma",
                "Delta",
                "Theta",
                "Lambda",
                "Xi",
                "Pi",
                "Sigma",
                "Phi",
                "Psi",
                "Omega",
            ],
            "αβγδεεζηθϑικλμνξπρστυφφχψωΓΔΘΛΞΠΣΦΨΩ",
            strict=True,
        )
    ),
    "ell": "ℓ",
    "infty": "∞",
    "times": "×",
    "cdot": "·",
    "leq": "≤",
    "le": "≤",
    "geq": "≥",
    "ge": "≥",
    "neq": "≠",
    "approx": "≈",
    "sim": "~",
    "in": "∈",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "pm": "±",
    "sqrt": "√",
    "partial": "∂",
    "nabla": "∇",
    "sum": "∑",
    "prod": "∏",
    "int": "∫",
    "log": "log",
    "exp": "exp",
    "min": "min",
    "max": "max",
    "sin": "sin",
    "cos": "cos",
}
_SCRIPTS = {
    "^": ("0123456789+-=()n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ"),
    "_": ("0123456789+-=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎"),
}
_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_COMMAND = re.compile(r"\\([A-Za-z]+)\s*|\\(.)")
_SCRIPT = re.compile(r"([_^])(\{[^{}]*\}|\S)")


def math_text(latex: str) -> str:
    """A formula as a reader would read it in text: `\\kappa` as κ, `\\ell_2` as ℓ₂, other
    commands left out but their arguments kept (`\\mathcal{O}(n)` is O(n))."""

    def command(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return match.group(2) if match.group(2) in "{}%$&#_ " else ""
        return _SYMBOLS.get(match.group(1), "")

    def script(match: re.Match[str]) -> str:
        mark, inner = match.group(1), match.group(2).strip("{}").strip()
        plain, raised = _SCRIPTS[mark]
        if all(ch in plain for ch in inner):
            return inner.translate(str.maketrans(plain, raised))
        return f"{mark}{inner}" if inner.isalnum() else f"{mark}({inner})"

    text = _FRAC.sub(r"\1/\2", latex)
    text = _COMMAND.sub(command, text)
    text = _SCRIPT.sub(script, text)
    text = text.replace("{", "").replace("}", "").replace("\\", "")
    return " ".join(text.split())


def shown_text(text: str) -> str:
    """Plain text as search excerpts show it: inline math as characters, not its source."""
    if "$" not in text:
        return text
    pieces = []
    for is_math, piece in split_math(text):
        pieces.append(math_text(piece.strip("$")) if is_math else piece)
    return " ".join("".join(pieces).split())


def _math_words(text: str) -> str:
    """The names of the LaTeX commands in a text's math ("kappa" of `$\\kappa$`): a search
    for the word finds the formula that shows it as a character."""
    if "$" not in text:
        return ""
    found = []
    for is_math, piece in split_math(text):
        if is_math:
            found += re.findall(r"\\([A-Za-z]{2,})", piece)
    return " ".join(dict.fromkeys(found))


def chinese_terms(config: Config, taxonomy: Taxonomy | None = None) -> str:
    """Chinese terms and their English words: the field's common terms (`TERMS`) and each
    tag's Chinese label with its English one.

    search.js searches a Chinese query also in English, a term at a time (the longest that
    matches first): "目标检测" finds the papers about object detection on a site whose
    papers are in English, and "大语言模型推理" those about large language models and
    reasoning.
    """
    terms: dict[str, str] = dict(json.loads(TERMS.read_text(encoding="utf-8"))["terms"])
    with contextlib.suppress(DigestError):  # `digest check` reports a broken taxonomy
        for tag in (taxonomy or load_taxonomy(config.taxonomy)).tags:
            chinese, english = tag.label.get("zh"), tag.label.get("en")
            if chinese and english:
                terms.setdefault(chinese, english)
    ordered = dict(sorted(terms.items()))
    return json.dumps(ordered, ensure_ascii=False, separators=(",", ":")) + "\n"


def vocabulary(site: SiteModel, authors: dict[str, people.Author]) -> str:
    """The words of titles, tags, author names and venues, with how often each is used."""
    counts: Counter[str] = Counter()
    texts = [view.title for view in site.papers] + [tag.label for tag in site.tags]
    texts += list(authors) + [people.venue_of(view.meta) for view in site.papers]
    for text in texts:
        counts.update(word.lower() for word in _WORD.findall(text) if word.isascii())
    words = dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    return json.dumps(words, separators=(",", ":")) + "\n"


def _bigrams(text: str) -> str:
    """Every pair of neighbouring Han characters (a lone one as itself), space-separated."""
    pairs: list[str] = []
    for run in _HAN.findall(text):
        pairs += [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]
    return " ".join(dict.fromkeys(pairs))


def _other_labels(config: Config, taxonomy: Taxonomy | None) -> dict[str, list[str]]:
    """Each tag's labels in the languages the site does not show, so either finds it."""
    try:
        taxonomy = taxonomy or load_taxonomy(config.taxonomy)
    except DigestError:
        return {}  # `digest check` reports it; search does without
    out: dict[str, list[str]] = {}
    for tag in taxonomy.tags:
        shown = tag.name(config.language)
        out[tag.slug] = [label for label in dict.fromkeys(tag.label.values()) if label != shown]
    return out


def _filters(paper: PaperView, t: dict[str, str]) -> list[tuple[str, str]]:
    pairs = [("tag", tag.label) for tag in paper.tags]
    venue = people.venue_of(paper.meta)
    if venue:
        pairs.append(("venue", venue))
    badge = people.status_badge(paper.meta, t)
    if badge:
        pairs.append(("status", badge.label))  # as badges and venue pages say it
    return pairs


def _repeats(summary: str, text: str) -> bool:
    """Whether a TL;DR is a sentence of the text (a derived one is, its math written out)."""
    if summary.rstrip(".").casefold() in text.casefold():
        return True
    letters = _letters(summary)
    return len(letters) >= 20 and letters in _letters(text)


def _letters(text: str) -> str:
    """Text's Latin letters alone, lower case, LaTeX commands left out: what a sentence and
    its copy with math written out as characters have in common."""
    return re.sub(r"[^a-z]+", "", re.sub(r"\\[A-Za-z]+", "", text).lower())


def _text(paper: PaperView) -> list[str]:
    """What a paper's search result may show: its TL;DR (unless cut from its abstract), its
    abstract, its authors and keywords, each as plain text, math as characters."""
    parts: list[str] = []
    if paper.summary and not _repeats(paper.summary, paper.text):
        parts.append(shown_text(plain_text(paper.summary)))
    parts.append(shown_text(paper.text))
    authors, keywords = paper.fields.authors, paper.fields.keywords
    if authors:
        parts.append(", ".join(authors))
    if keywords:
        parts.append(", ".join(keywords))
    return [p for p in parts if p.strip()]


def paper_document_paths(config: Config, slugs: Iterable[str]) -> list[str]:
    """The documents of these papers, relative to the project root."""
    path = _document_paths(config)
    return [path(urls.paper(slug)) for slug in slugs]
