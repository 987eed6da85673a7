"""A one-sentence TL;DR: the authors' own where given, else the sentence stating the claim."""

from __future__ import annotations

import re

from generator.derive.titles import CLAIMS

MAX_SUMMARY = 300
# "In this paper, we ..." reads as filler on a list: the claim starts at "We".
_OPENING = re.compile(
    r"^(?:in\s+this\s+(?:paper|work|study)|here|to\s+this\s+end),?\s+(?=we\b)", re.I
)


def summarize(sentences: list[str], name: str = "") -> str:
    """The sentence that states the contribution (naming it, if it has a name), clipped."""
    chosen = ""
    for kind in ("propose", "show", "study"):
        for sentence in sentences:
            if CLAIMS[kind].search(sentence):
                chosen = sentence
                break
        if chosen:
            break
    if not chosen and name:
        chosen = next((s for s in sentences if name in s), "")
    if not chosen:
        chosen = sentences[0] if sentences else ""
    chosen = _OPENING.sub("", chosen)
    chosen = chosen[:1].upper() + chosen[1:]
    if len(chosen) <= MAX_SUMMARY:
        return chosen
    return chosen[: MAX_SUMMARY - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
