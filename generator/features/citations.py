"""Citations for papers whose authors are known: BibTeX, plain text, Markdown, `.bib` files.

Keys read like `snell2017iclr-prototypical`: the first author's family name, the year,
the venue's short name and the title's first significant word, made unique within the
digest by a `-2`, `-3`... suffix (assigned in paper id order, so a key never depends on
the order of the input).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator import urls, venues
from generator.features import site
from generator.features.context import Context, compress
from generator.features.links import paper_url
from generator.features.site import PaperView, SiteModel
from generator.model import Fields, Output
from generator.slugs import unique_slug
from generator.text import plain_text, split_math
from generator.urls import Urls

#: Full names of the venues readers cite most; others are cited as the input names them.
VENUE_NAMES = {
    "iclr": "International Conference on Learning Representations",
    "icml": "International Conference on Machine Learning",
    "neurips": "Advances in Neural Information Processing Systems",
    "nips": "Advances in Neural Information Processing Systems",
    "cvpr": "IEEE/CVF Conference on Computer Vision and Pattern Recognition",
    "iccv": "IEEE/CVF International Conference on Computer Vision",
    "eccv": "European Conference on Computer Vision",
    "acl": "Annual Meeting of the Association for Computational Linguistics",
    "emnlp": "Conference on Empirical Methods in Natural Language Processing",
    "naacl": "Conference of the North American Chapter of the Association for "
    "Computational Linguistics",
    "aaai": "AAAI Conference on Artificial Intelligence",
    "ijcai": "International Joint Conference on Artificial Intelligence",
    "aistats": "International Conference on Artificial Intelligence and Statistics",
    "uai": "Conference on Uncertainty in Artificial Intelligence",
    "colm": "Conference on Language Modeling",
    "corl": "Conference on Robot Learning",
    "kdd": "ACM SIGKDD Conference on Knowledge Discovery and Data Mining",
}
#: Statuses of papers that were submitted but not published at the venue.
UNPUBLISHED = frozenset({"reject", "rejected", "withdraw", "withdrawn", "desk reject"})
#: Title words too common to name a paper by.
_STOP = frozenset(
    {
        "a",
        "an",
        "the",
        "on",
        "of",
        "for",
        "in",
        "to",
        "and",
        "or",
        "is",
        "are",
        "be",
        "do",
        "does",
        "can",
        "how",
        "what",
        "when",
        "where",
        "why",
        "which",
        "with",
        "without",
        "via",
        "from",
        "by",
        "at",
        "as",
        "its",
        "towards",
        "toward",
        "into",
        "beyond",
        "not",
        "no",
        "we",
        "our",
        "your",
        "revisiting",
        "rethinking",
    }
)
_NAME_SUFFIX = frozenset({"jr", "sr", "ii", "iii", "iv"})
#: A paper's authors, placeholders ("Anonymous") left out: the site model's.
authors_of = site.authors_of


@dataclass(frozen=True)
class Citation:
    key: str
    bibtex: str
    plain: str
    markdown: str


def _ascii_words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.findall(r"[a-z0-9]+", folded.lower())


def family_name(author: str) -> str:
    """The family name of an author as inputs write it: "Ada Lovelace" or "Lovelace, Ada"."""
    if "," in author:
        return author.split(",", 1)[0].strip()
    words = [w for w in author.split() if w.strip(".").lower() not in _NAME_SUFFIX]
    return words[-1] if words else author.strip()


def year_of(meta: dict[str, Any]) -> str:
    """The paper's year: its `year` field, else the year its venue holds ("nips2015")."""
    paper = Fields(meta)
    if paper.year is not None:
        return str(paper.year)
    found = venues.year_in(paper.venue)
    return str(found) if found else ""


def venue_short(meta: dict[str, Any]) -> str:
    """The venue's name without its year, as readers know it: "nips2015" → "NeurIPS"."""
    return venues.name_of(Fields(meta).venue)


def base_key(meta: dict[str, Any]) -> str:
    authors = authors_of(meta)
    family = next((w for a in authors for w in [_ascii_words(family_name(a))] if w), ["anon"])
    venue = _ascii_words(venue_short(meta))
    title = _ascii_words(Fields(meta).title)
    word = next((w for w in title if w not in _STOP and len(w) > 1), title[0] if title else "")
    return f"{''.join(family)}{year_of(meta)}{venue[0] if venue else ''}-{word or 'paper'}"


def citation_keys(
    papers: list[PaperView], known: dict[str, str] | None = None
) -> tuple[dict[str, str], dict[str, str]]:
    """A unique, readable key for every paper with authors, by slug; and each one's key
    before it was made unique (`known` gives it for papers whose fields did not change)."""
    known = known or {}
    taken: set[str] = set()
    keys: dict[str, str] = {}
    bases: dict[str, str] = {}
    for view in sorted(papers, key=lambda v: (v.id, v.slug)):
        base = known.get(view.slug)
        if base is None and authors_of(view.meta):
            base = base_key(view.meta)
        if base is not None:
            bases[view.slug] = base
            keys[view.slug] = unique_slug(base, taken)
    return keys, bases


_BIB_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_BIB_TABLE = str.maketrans(_BIB_SPECIAL)


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text.replace("\\{", "").replace("\\}", ""):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def bib_escape(text: str) -> str:
    """Text as a BibTeX value: special characters escaped, `$math$` kept when it is sound."""
    out = []
    for is_math, piece in split_math(" ".join(text.split())):
        if is_math and _balanced(piece):
            out.append(piece)
        else:
            out.append(piece.translate(_BIB_TABLE))
    return "".join(out)


def _bib_url(url: str) -> str:
    return url.replace("{", "%7B").replace("}", "%7D").replace(" ", "%20")


def venue_name(meta: dict[str, Any]) -> str:
    """The venue as BibTeX's booktitle: its full name where known, with the name readers
    know: "Advances in Neural Information Processing Systems (NeurIPS)"."""
    short = venue_short(meta)
    full = VENUE_NAMES.get(venues.fold(short))
    return f"{full} ({short})" if full else short


def _md(text: str) -> str:
    """Escape only what would turn text into markup, so pasted citations stay readable."""
    return re.sub(r"([\\`*_\[\]<>])", r"\\\1", text)


def _join_names(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def cite(view: PaperView, key: str, links: Urls | None = None) -> Citation:
    """BibTeX, plain-text and Markdown citations of one paper."""
    meta = view.meta
    authors = authors_of(meta)
    title = " ".join(view.title.split())
    year = year_of(meta)
    venue = venues.venue_of(view.fields.venue, view.fields.year)
    status = view.fields.status.strip()
    # Cited by its own address, else by its page here when the site's address is known.
    url = paper_url(meta) or (links.absolute(urls.paper(view.slug)) if links else "")
    unpublished = status.lower() in UNPUBLISHED
    fields: list[tuple[str, str]] = [
        ("title", "{" + bib_escape(title) + "}"),
        ("author", " and ".join(bib_escape(a) for a in authors)),
    ]
    if venue and not unpublished:
        fields.append(("booktitle", bib_escape(venue_name(meta))))
    if year:
        fields.append(("year", year))
    if url:
        fields.append(("url", _bib_url(url)))
    if unpublished and venue:
        fields.append(("note", bib_escape(f"Submitted to {venue}")))
    elif status:
        fields.append(("note", bib_escape(status)))
    kind = "inproceedings" if venue and not unpublished else "misc"
    width = max(len(name) for name, _ in fields)
    body = ",\n".join(f"  {name.ljust(width)} = {{{value}}}" for name, value in fields)
    bibtex = f"@{kind}{{{key},\n{body}\n}}"

    where = f"Submitted to {venue}" if unpublished and venue else venue
    if where and status and not unpublished:
        where += f" ({status})"
    plain_title = plain_text(title)
    plain = f"{_join_names(authors)}. {plain_title.rstrip('.')}."
    if where:
        plain += f" {where}."
    if url:
        plain += f" {url}"
    target = url.replace("(", "%28").replace(")", "%29").replace(" ", "%20")
    linked = f"[{_md(plain_title)}]({target})" if url else _md(plain_title)
    markdown = f"{_md(_join_names(authors))}. {linked}."
    if where:
        markdown += f" *{_md(where)}*."
    return Citation(key=key, bibtex=bibtex, plain=plain, markdown=markdown)


def bib_files(site: SiteModel, cites: dict[str, Citation], ctx: Context) -> Iterator[Output]:
    """`bib/all.bib.gz` for the whole digest and `bib/<tag>.bib.gz` for each tag with citations."""
    if not cites:
        return
    groups = [("all", site.title, site.papers)]
    groups += [(tag.slug, f"{site.title}: {tag.label}", tag.papers) for tag in site.tags]
    for name, heading, papers in groups:
        entries = [cites[p.slug].bibtex for p in papers if p.slug in cites]
        if not entries:
            continue
        # Text outside entries is a comment in BibTeX, but an "@" would start an entry.
        comment = f"% {heading} ({len(entries)})".replace("@", "")
        text = comment + "\n\n" + "\n\n".join(entries) + "\n"
        yield Output(f"{ctx.docs}/{urls.bib(name)}", "", compress(text))


def bib_tags(site: SiteModel, cites: dict[str, Citation]) -> set[str]:
    """The tags that have a `.bib` file."""
    return {tag.slug for tag in site.tags if any(p.slug in cites for p in tag.papers)}
