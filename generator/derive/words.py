"""Words the input broke at a line's end, whole again: "distilla- tion" → "distillation".

Abstracts copied from PDFs keep the hyphen a line break put inside a word, and the space
after it. A derived title or TL;DR must not show it. A hyphen followed by a space is also how
a writer leaves the second half of a compound to a later word ("zero- and few-shot", "intra-
and inter-class"): those stay. The abstract itself says which word is meant where it can (it
writes "learning" or "long-standing" elsewhere); otherwise a second part that ends as English
words end is the end of a broken word, and anything else is a compound ("time-invariant").
"""

from __future__ import annotations

import re

# A word, a hyphen, a space and a word in lower case: a break or a compound.
_BROKEN = re.compile(r"(?<![\w\-])([A-Za-z]{2,})- ([a-z]{2,})\b")
# What a hyphen may leave its second half to: "zero- and few-shot", "first- or second-order".
_SUSPENDED = frozenset(["and", "or", "nor", "to", "versus", "vs", "as", "but", "than"])
# Words after which a hyphen and a space is a dash, not a break: "models- these are fast".
_FUNCTION = frozenset(
    ["the", "these", "this", "those", "that", "which", "who", "are", "is", "was", "were", "we"]
)
# Second halves of compounds that are words themselves: "CNN- based", "task- specific".
_SECOND_WORDS_LIST = """
    based generated driven aware friendly specific free level wise agnostic invariant dependent
    independent oriented guided conditioned supervised trained
"""
_SECOND_WORDS = frozenset(_SECOND_WORDS_LIST.split())
# Words that start a compound with a hyphen and stay words, each seen so in the developing
# split: "long- standing", "time- invariant", "student- teacher", "information- theoretic",
# "state- action", "safety- critical", "large- scale", "feature- and prediction-levels".
_COMPOUND_WORDS = """
    long short high low time state self multi non zero single first second third well real
    cross end data task model safety student teacher quality two three four five top bottom
    large small fine coarse weakly fully semi sub inter intra object image video text word
    sentence instance class domain user item graph point information knowledge energy context
    memory noise resource frame pixel patch token scene feature
"""
_COMPOUND = frozenset(_COMPOUND_WORDS.split())
# How the second half of a broken English word ends: "-tion", "-ing", "-ment", "-ity" ...
_ENDINGS = re.compile(
    r"(?:tions?|sions?|ings?|ments?|it(?:y|ies)|ness|ances?|ences?|ical|ably|able|ible|ives?|"
    r"ous|ers?|ed|es|als?|ally|ly|tures?|i[sz](?:e|es|ed|ation|ations)|ary|ory|isms?|ists?|"
    r"ures?|ants?|ents?|lems?|works?|bers?|ics?|ages?|ates?|ated|ward|wards|ful|less)$"
)


def unbroken(text: str) -> str:
    """The text with each word a line break cut in two whole again."""
    if "- " not in text:
        return text
    known = set(re.findall(r"[A-Za-z][\w\-]*", text.casefold()))

    def whole(match: re.Match[str]) -> str:
        first, second = match.group(1), match.group(2)
        if second in _SUSPENDED or second in _FUNCTION:
            return match.group(0)  # "zero- and few-shot"; "models- these are": a dash
        # An acronym or a second half that stands as a word is a compound: "CNN- based",
        # "GPU- friendly", "task- specific".
        if any(c.isupper() for c in first[1:]) or second in _SECOND_WORDS:
            return f"{first}-{second}"
        joined, hyphened = f"{first}{second}", f"{first}-{second}"
        if joined.casefold() in known:
            return joined
        if hyphened.casefold() in known or first.casefold() in _COMPOUND:
            return hyphened
        return joined if _ENDINGS.search(second) else hyphened

    return _BROKEN.sub(whole, text)
