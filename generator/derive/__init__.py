"""Derive what the input lacks from the abstract alone: title, tags, summary, facts, links.

Every function here is pure and deterministic: the same paper and taxonomy give the same
result, so regenerating never churns pages.
"""

from __future__ import annotations

import re
from typing import Any

from generator.derive.tags import assign_tags
from generator.model import Derived, Paper
from generator.taxonomy import Taxonomy
from generator.text import plain_text, sentences

MAX_TITLE = 100

_URL = re.compile(r"https?://[^\s<>()\[\]{}\"'`]+[^\s<>()\[\]{}\"'`.,;:!?]")
_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "huggingface.co", "codeberg.org")
_NAME = r"[A-Z][\w\-]*(?:[A-Z0-9][\w\-]*)?|[a-z]+[A-Z][\w\-]*"
_INTRODUCE = re.compile(
    r"\b(?:we|this paper|this work|here we)\s+(?:first\s+)?(?:propose|introduce|present|develop|"
    r"design|build|construct|release|curate|call|name|term|dub)s?\s+"
    r"(?:(?:a|an|the)\s+)?(?:new\s+|novel\s+)?(?:[\w\- ]{0,60}?,?\s+)?"
    r"(?:called|named|dubbed|termed)?\s*"
    r"(?P<name>[A-Z][A-Za-z0-9]*(?:[\-\u2011][A-Za-z0-9]+)*|[a-z]+[A-Z][A-Za-z0-9\-]*)",
)
_ACRONYM_NAME = re.compile(r"^(?=.*[A-Z].*[A-Z0-9])[A-Za-z0-9][A-Za-z0-9\-\u2011]{1,30}$")
_CONTRIBUTION = re.compile(
    r"\b(we|this paper|this work|our)\s+(propose|introduce|present|show|develop|study|"
    r"investigate|find|demonstrate|design|prove|establish|analy[sz]e)",
    re.I,
)
_RESULT = re.compile(
    r"(?:(?:up to|by|of|to|over|than|achiev\w+|reach\w+|improv\w+)\s+)?"
    r"\d+(?:\.\d+)?\s?(?:%|×|x\b|-fold|\s?times)",
)
_DATASET = re.compile(
    r"\b([A-Z][A-Za-z0-9\-]*[A-Z0-9][A-Za-z0-9\-]*(?:\s[A-Z][A-Za-z0-9\-]+){0,2})"
    r"(?=\s*(?:\)|,|\s)?\s*(?:dataset|benchmark|datasets|benchmarks|challenge)\b)"
)
_PAREN_ACRONYM = re.compile(r"\(([A-Z][A-Za-z0-9\-]{1,15})\)")


def find_urls(text: str) -> list[str]:
    out: list[str] = []
    for url in _URL.findall(text):
        if url not in out:
            out.append(url)
    return out


def derive(paper: Paper, taxonomy: Taxonomy) -> Derived:
    """Fill in title, tags, summary, facts and links for one paper."""
    text = plain_text(paper.abstract)
    name = method_name(text)
    title_derived = not paper.title.strip()
    title = derive_title(text, name) if title_derived else paper.title.strip()
    return Derived(
        title=title,
        title_derived=title_derived,
        tags=assign_tags(title + ". " + text, paper.keywords, taxonomy),
        summary=paper.tldr.strip() or summarize(text),
        facts=extract_facts(text, name),
        links=extract_links(text, paper),
    )


def method_name(text: str) -> str:
    """The name of the method, system, dataset or benchmark the abstract introduces, if any."""
    for match in _INTRODUCE.finditer(text):
        name = match.group("name").rstrip("-")
        if _ACRONYM_NAME.match(name) and name.lower() not in {"we", "a", "an", "the"}:
            return name
    return ""


def _clip(phrase: str, limit: int) -> str:
    phrase = phrase.strip().rstrip(".,;:")
    if len(phrase) <= limit:
        return phrase
    cut = phrase[:limit].rsplit(" ", 1)[0]
    # Do not end on a word that needs a continuation.
    words = cut.split()
    while words and words[-1].lower() in _DANGLING:
        words.pop()
    return " ".join(words).rstrip(".,;:")


_DANGLING = {
    "a",
    "an",
    "the",
    "of",
    "for",
    "and",
    "or",
    "to",
    "in",
    "on",
    "with",
    "by",
    "via",
    "from",
    "that",
    "which",
    "as",
    "at",
    "its",
    "their",
    "our",
    "is",
    "are",
    "into",
}


def derive_title(text: str, name: str) -> str:
    """A paper-like title: `Name: what it is`, else the contribution as a noun phrase."""
    sents = sentences(text)
    if name:
        for sent in sents:
            at = sent.find(name)
            if at < 0:
                continue
            rest = sent[at + len(name) :]
            match = re.match(r"\s*(?:\([^)]*\))?\s*,?\s*(?:which is\s+)?(?:a|an|the)\s+(.+)", rest)
            if match:
                phrase = re.split(r",|;| that | which | to (?!the)", match.group(1))[0]
                phrase = re.sub(r"^(?:novel|new|simple|general|unified)\s+", "", phrase)
                if len(phrase.split()) >= 2:
                    return _capitalize(f"{name}: {_clip(phrase, MAX_TITLE - len(name) - 2)}")
        return name
    for sent in sents:
        match = _CONTRIBUTION.search(sent)
        if match:
            clause = sent[match.end() :].strip()
            clause = re.sub(r"^(?:a|an|the|that|how)\s+", "", clause)
            if len(clause.split()) >= 3:
                return _capitalize(_clip(clause, MAX_TITLE))
    return _capitalize(_clip(sents[0] if sents else text, MAX_TITLE))


def _capitalize(title: str) -> str:
    return title[:1].upper() + title[1:] if title else title


def summarize(text: str) -> str:
    """One sentence saying what the paper contributes."""
    sents = sentences(text)
    for sent in sents:
        if _CONTRIBUTION.search(sent):
            return _clip(sent, 300) + ("" if len(sent) <= 300 else "…")
    first = sents[0] if sents else text
    return _clip(first, 300) + ("" if len(first) <= 300 else "…")


def extract_facts(text: str, name: str) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    if name:
        facts["method"] = name
    datasets: list[str] = []
    for found in _DATASET.findall(text) + _PAREN_ACRONYM.findall(text):
        if found != name and found not in datasets and len(datasets) < 8:  # noqa: SIM102
            if re.search(rf"{re.escape(found)}\)?\s*(?:dataset|benchmark|challenge)", text) or (
                re.search(
                    rf"\b(?:on|dataset|benchmark)s?\s+(?:the\s+)?[^.]{{0,60}}\({re.escape(found)}\)",
                    text,
                )
            ):
                datasets.append(found)
    if datasets:
        facts["datasets"] = datasets
    results = [m.group(0).strip() for m in _RESULT.finditer(text)][:5]
    if results:
        facts["results"] = results
    return facts


def extract_links(text: str, paper: Paper) -> dict[str, str]:
    links: dict[str, str] = {}
    for url in find_urls(text):
        key = "code" if any(host in url for host in _CODE_HOSTS) else "project"
        links.setdefault(key, url)
    return links
