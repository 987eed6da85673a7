"""Which candidate phrase becomes the title: a small learned ranker.

An abstract offers several phrases that could be its title: the object of "we propose",
"we show" or "we study", a passive "X is proposed", the subject of each sentence, and
shorter or reworded forms of each ("Framework that adapts X" → "Adapting X"). A linear
model, trained by `scripts/train_derive.py` on the corpus's developing split only to predict
the token F1 of a phrase against the paper's real title, scores each; the best one wins.
What it weighs: where the phrase comes from, its length, how many of its words are the
abstract's own recurring words, how many are generic ("method", "framework") or function
words, how much the other phrases share its words, and how often its words, when an
abstract holds them, are in that paper's title too ("networks" often, "results" seldom:
`title_words.json`, counted on the same split). Its coefficients live in `title_model.json`;
scoring is a dot product.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

MODEL = Path(__file__).with_name("title_model.json")
WORDS = Path(__file__).with_name("title_words.json")
KINDS = (
    "propose",
    "show",
    "study",
    "question",
    "passive",
    "subject",
    "combined",
    "gerund",
    "means",
    "spelled",
    "beside",
)
_STOP_WORDS = """
    a an the of for and or to in on with by via from that which as at its their is are
    into using based through this these we our
"""
_STOP = frozenset(_STOP_WORDS.split())
# Words a title seldom needs: what kind of contribution it is, and praise.
_GENERIC_WORDS = """
    method methods framework frameworks approach approaches algorithm algorithms technique
    techniques model models problem problems architecture system scheme strategy way novel
    new simple effective efficient general paper work task tasks
"""
_GENERIC = frozenset(_GENERIC_WORDS.split())
_TOKEN = re.compile(r"[a-z0-9]+")
_OWN = re.compile(r"\b(?:[Ww]e|[Tt]his\s+(?:paper|work|study)|[Oo]ur)\b")
# Titles name things in capitals ("Self Attention Distillation") and say what for.
_TITLE_CASE_RUN = re.compile(r"\b[A-Z][a-z]+\s+[A-Z][a-z]+")
_PURPOSE = re.compile(r"\b(?:for|via|with|using)\s")
# A second claim glued on: "human behaviors and propose the PGNN-EK model".
_AND_CLAIM = re.compile(r"\band\s+(?:propose|introduce|present|show|develop)")


def tokens(text: str) -> list[str]:
    """Lower-case words and numbers, as titles are compared."""
    return _TOKEN.findall(text.lower())


@dataclass(frozen=True)
class Candidate:
    """A phrase that could be the title, and where in the abstract it comes from."""

    phrase: str
    kind: str
    sentence: int
    reworded: bool = False


@dataclass(frozen=True)
class Context:
    """What the phrases are weighed against: the abstract's words."""

    counts: Counter[str]
    top: frozenset[str]
    first: frozenset[str]
    sentences: int
    #: Every candidate's content words: a phrase others agree with is central to the abstract.
    offered: tuple[frozenset[str], ...] = ()
    #: How often a word an abstract holds is in its title, and the rate of a word not listed.
    rates: dict[str, float] = field(default_factory=dict)
    prior: float = 0.0
    #: Whether the paper says what it proposes: then the field's subjects matter less.
    claimed: bool = False
    #: The first sentence where the paper speaks of its own work ("we", "this paper").
    own_sentence: int = 0


@cache
def title_rates(path: Path = WORDS) -> tuple[dict[str, float], float]:
    """The share of abstracts holding each word whose title holds it too, and the overall share."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["rates"], float(data["prior"])


def context(
    sentences: list[str],
    offered: list[Candidate] | None = None,
    rates: tuple[dict[str, float], float] | None = None,
) -> Context:
    """The abstract's word counts, its six most frequent content words, its first sentence."""
    counts = Counter(tokens(" ".join(sentences)))
    content = Counter({w: n for w, n in counts.items() if w not in _STOP})
    # Ties go by first use in the text (a Counter keeps that order): deterministic.
    top = content.most_common(6)
    first = frozenset(tokens(sentences[0])) - _STOP if sentences else frozenset()
    return Context(
        counts,
        frozenset(w for w, _ in top),
        first,
        len(sentences),
        tuple(frozenset(tokens(c.phrase)) - _STOP for c in offered or ()),
        *(rates or title_rates()),
        any(c.kind in ("propose", "passive") for c in offered or ()),
        next((i for i, s in enumerate(sentences) if _OWN.search(s)), len(sentences)),
    )


def features(candidate: Candidate, ctx: Context) -> dict[str, float]:
    """What the ranker weighs for one phrase."""
    words = tokens(candidate.phrase)
    said = candidate.phrase.split()
    size = max(len(words), 1)
    content = [w for w in words if w not in _STOP]
    share = max(len(content), 1)
    last = max(ctx.sentences - 1, 1)
    found: dict[str, float] = {
        "bias": 1.0,
        "length": len(words) / 10,
        "length_squared": (len(words) / 10) ** 2,
        "generic": sum(w in _GENERIC for w in words) / size,
        "generic_first": float(bool(words) and words[0] in _GENERIC),
        "function_words": sum(w in _STOP for w in words) / size,
        "recurring": sum(ctx.counts[w] > 1 for w in content) / share,
        "frequency": sum(math.log1p(ctx.counts[w]) for w in content) / share,
        "top_share": sum(w in ctx.top for w in content) / share,
        "top_covered": len(set(content) & ctx.top) / 6,
        "first_sentence_words": sum(w in ctx.first for w in content) / share,
        "position": candidate.sentence / last,
        "in_first_sentence": float(candidate.sentence == 0),
        "in_last_sentence": float(candidate.sentence == ctx.sentences - 1),
        "acronym": float(re.search(r"[A-Z]{2}", candidate.phrase) is not None),
        "reworded": float(candidate.reworded),
        "content_words": min(len(content), 12) / 10,
        "repeated": sum(ctx.counts[w] > 2 for w in content) / share,
        "central": _central(set(content), ctx.offered),
        "generic_last": float(bool(words) and words[-1] in _GENERIC),
        "title_case": sum(w[:1].isupper() for w in said[1:]) / max(len(said) - 1, 1),
        "title_case_run": float(_TITLE_CASE_RUN.search(candidate.phrase) is not None),
        "characters": len(candidate.phrase) / 100,
        "purpose": float(_PURPOSE.search(candidate.phrase) is not None),
        "before_own": float(candidate.sentence < ctx.own_sentence),
        "own_sentence": float(candidate.sentence == ctx.own_sentence),
        "comma": float("," in candidate.phrase),
        "and_claim": float(_AND_CLAIM.search(candidate.phrase) is not None),
        "gerund_first": float(bool(said) and said[0].lower().endswith("ing")),
    }
    found["subject_despite_claim"] = float(ctx.claimed and candidate.kind == "subject")
    found["first_subject_despite_claim"] = float(
        ctx.claimed and candidate.kind == "subject" and candidate.sentence == 0
    )
    rated = [ctx.rates.get(w, ctx.prior) for w in content] or [0.0]
    found["title_rate"] = sum(rated) / len(rated)
    found["title_rate_sum"] = sum(rated) / 3
    found["title_rate_least"] = min(rated)
    found["title_rate_all"] = sum(ctx.rates.get(w, ctx.prior) for w in words) / size
    for kind in KINDS:
        found[f"kind_{kind}"] = float(candidate.kind == kind)
    return found


def _central(content: set[str], offered: tuple[frozenset[str], ...]) -> float:
    """How much the other candidates share this phrase's words: their mean overlap."""
    if not content or len(offered) < 2:
        return 0.0
    shared = sum(len(content & other) / len(content | other) for other in offered)
    return (shared - 1.0) / (len(offered) - 1)


#: The weights of a whole title, and of the phrase after a name that leads one.
TITLE = "weights"
SUBTITLE = "subtitle"


@cache
def _weights(key: str = TITLE, path: Path = MODEL) -> dict[str, float]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: float(v) for k, v in data[key].items()}


def score(candidate: Candidate, ctx: Context, key: str = TITLE) -> float:
    """The predicted token F1 of the phrase against the paper's own title (or subtitle)."""
    weights = _weights(key)
    return sum(weights.get(k, 0.0) * v for k, v in features(candidate, ctx).items())


#: What holding the paper's name (one that does not lead its title) adds to a phrase's score:
#: chosen on the developing split, where it keeps the name in more titles at no cost in F1.
HOLDS_NAME = 0.05


#: What the phrase beside a name ("Social Agents, a multi-agent framework") adds to its score
#: after the name: chosen on the developing split, where it keeps most of the F1 the ranker
#: gains while a phrase the abstract gives the name itself seldom loses to another.
BESIDE = 0.1

#: What a phrase the paper says it proposes ("we propose X", "X is proposed") adds to its score
#: as a title or after a name, over what it shows, studies or names elsewhere: the ranker
#: predicts token F1, and a reader judges a title by whether it names the contribution. Small,
#: as reading the titles it changes showed: larger favours mostly traded one generic head for
#: another.
PROPOSED = 0.05
_PROPOSED_KINDS = frozenset({"propose", "passive"})
#: ... for phrases of more words than this: a head and its task alone ("Pose estimation
#: method") says no more than the abstract's topic.
PROPOSED_WORDS = 3


def best(
    candidates: list[Candidate],
    ctx: Context,
    held: str = "",
    key: str = TITLE,
    favoured: str = "",
    bonus: float = BESIDE,
) -> Candidate | None:
    """The highest-scoring phrase; of equal scores, the one the abstract gives first."""
    chosen: Candidate | None = None
    top = -math.inf
    holds = re.compile(rf"(?<![\w\-]){re.escape(held)}(?![\w\-])") if held else None
    for candidate in candidates:
        value = score(candidate, ctx, key)
        if holds is not None and holds.search(candidate.phrase):
            value += HOLDS_NAME
        if favoured and candidate.kind == favoured:
            value += bonus
        if candidate.kind in _PROPOSED_KINDS and len(candidate.phrase.split()) > PROPOSED_WORDS:
            value += PROPOSED
        if value > top:
            chosen, top = candidate, value
    return chosen
