"""A one-sentence TL;DR: the authors' own where given, else the sentence stating the claim.

A TL;DR stands alone on a list: a sentence that opens by pointing back ("To address this,
we propose ...", "However, ...") loses the opening, one that leans on what came before
("It ...", "This approach ...") gives way to another, and math is written out as text.
"""

from __future__ import annotations

import re

from generator.derive.titles import CLAIMS, plain_math

MAX_SUMMARY = 300
# "In this paper, we ..." reads as filler on a list: the claim starts at "We".
_OPENING = re.compile(
    r"^(?:in\s+this\s+(?:paper|work|study)|here|to\s+this\s+end),?\s+(?=we\b)", re.I
)
# An opening that points back to the sentence before: dropped, the rest stands alone.
_POINTING_BACK = re.compile(
    r"^(?:However|Therefore|Thus|Hence|Moreover|Furthermore|Additionally|In\s+addition|"
    r"Consequently|As\s+a\s+result|In\s+contrast|Instead|Besides|Also|Then|Finally|"
    r"Specifically|Secondly|Second|Third|Further|Meanwhile|Nevertheless|Nonetheless|"
    r"In\s+particular|Importantly|Notably|Accordingly|Alternatively|Conversely|Similarly|"
    r"Here|To\s+this\s+end|For\s+this\s+(?:purpose|reason)|"
    r"In\s+this\s+(?:way|case|setting|regard|context|light|spirit|direction|vein)|"
    r"(?:To|In\s+order\s+to)\s+(?:address|tackle|solve|overcome|mitigate|fill|bridge|remedy|"
    r"alleviate|handle|resolve|circumvent|avoid|fix|close|deal\s+with|answer)\s+"
    r"(?:this|these|that|those|the\s+above|such|both|this\s+gap|the\s+(?:aforementioned|"
    r"above-mentioned|above))\b[^,]{0,80}|"
    r"(?:Motivated|Inspired|Based|Building|Driven|Guided|Encouraged|Given)\s+(?:by|on|upon)\s+"
    r"(?:this|these|that|those|such|the\s+(?:above|observation|insight|finding)s?)\b[^,]{0,80}|"
    r"With\s+(?:this|these)\b[^,]{0,60}|Unlike\s+(?:these|those|them|previous|prior|existing)"
    r"\b[^,]{0,80})\s*,\s*"
)
# A sentence that leans on the one before: its subject is a pronoun or "this approach".
_LEANS_BACK = re.compile(
    r"^(?:It|They|Such|These|Those|Them|Its|Their|"
    r"This\s+(?!paper|work|study|article|thesis|note|report|survey|tutorial|position)\w+)\b"
)


def _standalone(sentence: str) -> str:
    """The sentence without an opening that points back, capitalized."""
    for _ in range(2):  # "However, to address this, we ..."
        sentence = _POINTING_BACK.sub("", sentence, count=1)
    sentence = _OPENING.sub("", sentence)
    return sentence[:1].upper() + sentence[1:]


def summarize(sentences: list[str], name: str = "") -> str:
    """The sentence that states the contribution (naming it, if it has a name), clipped."""
    candidates: list[str] = []
    for kind in ("propose", "show", "study"):
        candidates += [s for s in sentences if CLAIMS[kind].search(s) and s not in candidates]
    if name:
        candidates += [s for s in sentences if name in s and s not in candidates]
    candidates += [s for s in sentences if s not in candidates]
    standalone = [_standalone(s) for s in candidates]
    chosen = next((s for s in standalone if not _LEANS_BACK.match(s)), "")
    if not chosen:
        chosen = standalone[0] if standalone else ""
    chosen = plain_math(chosen)
    if len(chosen) <= MAX_SUMMARY:
        return chosen
    return chosen[: MAX_SUMMARY - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
