"""Titles for untitled abstracts, read as paper titles: `Name: what it is`, else what it does.

With a name: the phrase the abstract puts beside it ("SMART-R1, a novel R1-style
reinforcement fine-tuning paradigm ..." → `SMART-R1: R1-style reinforcement fine-tuning
paradigm ...`), else the words its acronym abbreviates, else what the paper contributes.
Without one: the object of the sentence that states the contribution ("we present a
first-principles derivation for group-relative REINFORCE ..."), cut at a clause boundary.
Titles hold no markup, no parentheses and no trailing punctuation, in at most 100 characters.
"""

from __future__ import annotations

import re

from generator.derive.names import Name

MAX_TITLE = 100
#: A phrase after a name is cut to this; a title without a name gets the whole budget.
PHRASE = 80

_SUBJECT = r"(?:we|this\s+(?:paper|work|study|article)|here\s+we|our\s+(?:work|paper|approach))"
_FILLER = r"(?:(?:\w+ly|also|first|further|then|here|therefore|thus|instead)\s+)*"
_VERBS = {
    "propose": r"(?:propos|introduc|present|develop|design|provid|put\s+forward|devis|formulat|"
    r"construct|build|buil|releas|curat|creat|describ|offer|establish|derive)\w*",
    "show": r"(?:show|demonstrat|find|prove|argu|observ|reveal|establish|discover)\w*",
    "study": r"(?:stud|investigat|analy[sz]|explor|examin|revisit|consider|address|tackl|"
    r"focus\w*\s+on|characteriz|evaluat|benchmark|quantif|rethink)\w*",
}
CLAIMS = {
    kind: re.compile(
        rf"(?:\b{_SUBJECT}\s+{_FILLER}|\bby\s+|\band\s+(?:then\s+)?(?=\w+\s+(?:a|an|the|that)\s))"
        rf"{verbs}(?!\s+(?:on|upon|from)\b)\s+(?:here\s+|in\s+this\s+\w+,?\s+)?",
        re.I,
    )
    for kind, verbs in _VERBS.items()
}
_PASSIVE = re.compile(
    r"(?:^|\b[Ii]n\s+this\s+\w+,\s+)(?P<phrase>(?:[Aa]n?|[Tt]he)\s[^,;]{5,120}?)\s+(?:is|are)\s+"
    r"(?:first\s+)?(?:proposed|presented|introduced|developed|designed|described)\b"
)
_LEAD = re.compile(
    r"^(?:(?:that|how|whether)\s+(?=\w)|(?:a|an|the|two|three|several)\s+)?"
    r"(?:(?:new|novel|simple|first|general|unified|principled)\s+|(?:yet|and)\s+)*",
    re.I,
)
_BOUNDARY = re.compile(
    r"\s*(?:[;:]|\s[-–—]+\s|,\s*(?:which|where|while|whereas|and|but|thus|hence|so|leading|"
    r"allowing|enabling|resulting|achieving|showing|making|yielding|demonstrating|outperforming|"
    r"including|namely|i\.e\.|e\.g\.|[a-z]+ing|designed|tailored|capable|featuring|aimed|built|trained|"
    r"based|inspired|using|via|with|by|for|to|in|on|through)\b|"
    r"\s(?:tailored|designed|capable|aimed|intended|dedicated)\s|\s(?:which|where|whereby|while|whereas)\s|"
    r",\s*(?:called|named|dubbed|termed)\b|\s(?:called|named|dubbed|termed)\s|\.\s)",
)
_SOFT_CUTS = re.compile(
    r",|\s(?:that|by|to|with|via|using|in|for|on|from|through|based|without|under|and|as|at)\s"
)
_DANGLING_WORDS = """
    a an the of for and or to in on with by via from that which as at its their our is are
    into using based through towards toward without under between among while than this
    these those both such can we it be been being was were has have onto over upon within up
"""
_DANGLING = frozenset(_DANGLING_WORDS.split())
_AUXILIARY = frozenset({"used", "able", "can", "could", "may", "might", "will", "would", "must"})
_PAREN = re.compile(r"\s*\([^()]*\)|\s*\[[^\[\]]*\]")
_APPOSITIVE = (
    r"\)?\s*(?:\([^()]*\))?\s*(?:,|:|\s+is|,?\s+which\s+is)\s+(?:a|an|the)\s+(?P<phrase>.+)"
)
# Inline math in a title: LaTeX commands to characters, the rest to its plain letters.
_SYMBOLS = {
    "ell": "ℓ",
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "eta": "η",
    "theta": "θ",
    "lambda": "λ",
    "mu": "μ",
    "pi": "π",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "omega": "ω",
    "infty": "∞",
    "times": "×",
    "leq": "≤",
    "geq": "≥",
    "le": "≤",
    "ge": "≥",
    "sqrt": "√",
    "log": "log",
    "cdot": "·",
    "approx": "≈",
    "sim": "~",
    "in": "∈",
    "to": "→",
    "rightarrow": "→",
    "Delta": "Δ",
    "Omega": "Ω",
}
_MATH = re.compile(r"\$\$?([^$]*)\$\$?")
_COMMAND = re.compile(r"\\([A-Za-z]+)\s*")
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,200}>")
_MARKUP = re.compile(r"[*`_{}\\<>#|~]+|\$")


def _math_text(match: re.Match[str]) -> str:
    inner = _COMMAND.sub(lambda m: _SYMBOLS.get(m.group(1), ""), match.group(1))
    return re.sub(r"[{}^_\\]", "", inner).strip()


def plain_math(text: str) -> str:
    """Inline math and stray LaTeX commands written out as plain characters."""
    text = _MATH.sub(_math_text, text)
    text = _COMMAND.sub(lambda m: _SYMBOLS.get(m.group(1), "") + " ", text)
    return re.sub(r"[ \t]{2,}", " ", re.sub(r"\s+([,.;:!?)])", r"\1", text))


def _unbracketed(text: str) -> str:
    """Parenthetical remarks dropped, but not the parentheses of math: `$O(n^{1/2})$`."""
    pieces: list[str] = []
    at = 0
    for math in _MATH.finditer(text):
        pieces.append(_PAREN.sub("", text[at : math.start()]))
        pieces.append(math.group(0))
        at = math.end()
    pieces.append(_PAREN.sub("", text[at:]))
    return "".join(pieces)


def clean(title: str) -> str:
    """Plain words: math as characters, no markup, parentheses, or trailing punctuation."""
    title = _unbracketed(title)
    title = _MATH.sub(_math_text, title)
    title = _TAG.sub("", title)
    title = _MARKUP.sub("", title)
    title = re.sub(r"\s+", " ", title).strip()
    title = re.sub(r"\s+([,.;:!?])", r"\1", title)
    # Quotes and brackets must pair up, or go.
    for pair in ('""', "“”", "()", "[]"):
        if title.count(pair[0]) != title.count(pair[1]) or (
            pair[0] == pair[1] and title.count(pair[0]) % 2
        ):
            title = title.replace(pair[0], "").replace(pair[1], "")
    return title.strip(" ,.;:!?-–—'\"")


def clip(phrase: str, limit: int) -> str:
    """The phrase up to its first clause boundary, then at most `limit` characters."""
    phrase = phrase.strip()
    for cut in _BOUNDARY.finditer(phrase):
        if len(phrase[: cut.start()].split()) >= 3:
            phrase = phrase[: cut.start()]
            break
    phrase = _unbracketed(phrase).strip().rstrip(".,;:")
    if len(phrase) > limit:
        room = phrase[: limit + 1]
        soft = [m.start() for m in _SOFT_CUTS.finditer(room) if len(room[: m.start()]) >= 15]
        phrase = room[: soft[-1]] if soft else room.rsplit(" ", 1)[0]
    words = phrase.split()
    while len(words) > 1 and words[-1].lower().strip(",.;:") in _DANGLING:
        words.pop()
    if len(words) > 4 and words[-2].lower() == "to":  # "... that can be used to evaluate"
        words = words[:-2]
        while len(words) > 1 and words[-1].lower() in _DANGLING | _AUXILIARY:
            words.pop()
    return " ".join(words).rstrip(".,;:")


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:] if text and not text[1:2].isupper() else text


def gerund(verb: str) -> str:
    """learn → learning, use → using, study → studying, map → mapping: for "we propose to X"."""
    lower = verb.lower()
    if lower.endswith("ie"):
        return verb[:-2] + "ying"
    if lower.endswith("e") and not lower.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnprt]", lower) and len(lower) <= 4:
        return verb + verb[-1] + "ing"
    return verb + "ing"


def _lead_off(phrase: str) -> str:
    # "we propose to learn the distance ..." → "Learning the distance ..."
    phrase = re.sub(r"^to\s+([a-z]+)\b", lambda m: gerund(m.group(1)), phrase.strip())
    # "we introduce and analyze a new technique": the second verb goes too.
    phrase = re.sub(r"^and\s+(?:then\s+)?[a-z]+\s+(?=(?:a|an|the)\s)", "", phrase.strip())
    phrase = _LEAD.sub("", phrase, count=1)
    return re.sub(r"^(?:this|our)\s+(?=\w)", "", phrase, flags=re.I)


def contribution(sentences: list[str], limit: int = MAX_TITLE, avoid: str = "") -> str:
    """What the paper contributes, as a noun phrase (or a claim), from its claim sentences."""
    for kind in ("propose", "passive", "question", "show", "study"):
        if kind == "question":  # "This work investigates how LLMs represent emotion"
            for sentence in sentences:
                for match in CLAIMS["study"].finditer(sentence):
                    rest = sentence[match.end() :]
                    if re.match(r"(?:how|why|whether|when)\s", rest):
                        phrase = clip(rest, limit)
                        if len(phrase.split()) >= 4:
                            return phrase
            continue
        if kind == "passive":  # "A novel X is proposed ..."
            for sentence in sentences:
                passive = _PASSIVE.search(sentence)
                if passive:
                    phrase = clip(_lead_off(passive.group("phrase")), limit)
                    if len(phrase.split()) >= 2:
                        return phrase
            continue
        for sentence in sentences:
            for match in CLAIMS[kind].finditer(sentence):
                phrase = clip(_lead_off(sentence[match.end() :]), limit)
                if len(phrase.split()) >= 3 and not (avoid and phrase.startswith(avoid)):
                    return phrase
    if avoid:
        return ""  # a named paper's title is better as the bare name than as a stray sentence
    first = sentences[0] if sentences else ""
    return clip(first, limit)


_AFTER_NAME = re.compile(_APPOSITIVE)
_CALLED_BEFORE = re.compile(
    r"\b(?:a|an|the)\s+(?P<phrase>[^,.;()]{8,160}?),?\s+(?:called|named|dubbed|termed|"
    r"coined|which\s+we\s+(?:call|name|term|dub))\s+(?:as\s+)?[\"“']?$"
)


def _beside(sentences: list[str], name: str) -> str:
    """The descriptive phrase an abstract puts beside the name it introduces."""
    for sentence in sentences:
        at = sentence.find(name)
        while at >= 0:
            whole = (at == 0 or not (sentence[at - 1].isalnum() or sentence[at - 1] in "-_")) and (
                not sentence[at + len(name) : at + len(name) + 1].isalnum()
            )
            if whole:
                for match in (
                    _AFTER_NAME.match(sentence, at + len(name)),
                    _CALLED_BEFORE.search(sentence[:at]),
                ):
                    if match:
                        phrase = clip(_lead_off(match.group("phrase")), PHRASE)
                        if len(phrase.split()) >= 2 and name not in phrase:
                            return phrase
            at = sentence.find(name, at + 1)
    return ""


def derive_title(sentences: list[str], name: Name | None) -> str:
    """A title in the form readers know: `Name: descriptive phrase`, else a noun phrase."""
    title = _title(sentences, name)
    if len(title) > MAX_TITLE:  # one unbroken word longer than a title: cut it
        title = title[: MAX_TITLE - 1].rstrip() + "…"
    return title


def _title(sentences: list[str], name: Name | None) -> str:
    if name is None:
        return clean(_capitalize(contribution(sentences)))
    room = min(PHRASE, MAX_TITLE - len(name.text) - 2)
    # What the acronym stands for reads best ("PACT: Parameterized Clipping Activation"),
    # then what the abstract says beside the name, then what the paper contributes.
    phrase = clip(name.expansion, room) if len(name.expansion.split()) >= 2 else ""
    if not phrase:
        phrase = _beside(sentences, name.text)
    if not phrase:
        phrase = contribution(sentences, room, avoid=name.text)
    phrase = clean(phrase)
    if not phrase or phrase == name.text:
        return clean(name.text)[:MAX_TITLE]
    title = f"{clean(name.text)}: {_capitalize(phrase)}"
    return title if len(title) <= MAX_TITLE else clip(title, MAX_TITLE)
