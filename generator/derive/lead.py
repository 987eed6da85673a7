"""Whether a title leads with the name the abstract introduces: a small learned model.

Many papers name their method without putting the name in the title ("Query-Reduction
Networks for Question Answering" introduces QRN). Gradient-boosted trees, trained by
`scripts/train_derive.py` on the corpus's developing split only, weigh how the abstract
introduces and uses the name: where it first appears, how it is introduced ("we propose
X", "X, a ...", "called X", spelled out where it is proposed), whether it abbreviates words
the abstract spells out, and its shape (a pronounceable word such as MOSAIC leads more
often than an acronym such as STP). The trees live in `lead_model.json` beside this file;
scoring walks them, deterministic, and needs no machine-learning library at build time.
"""

from __future__ import annotations

import json
import math
import re
import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from generator.derive.names import Name

MODEL = Path(__file__).with_name("lead_model.json")
_CLAIM = re.compile(r"\b(?:propos|introduc|present|call|name|term|dub)\w*", re.I)
# An intro verb up to eight words before the name: "we propose a pose estimation method, X".
_INTRO = re.compile(
    r"\b(?:propos|introduc|present|develop|design|buil|construct|releas|curat|creat|offer|"
    r"establish|devis|formulat|contribut|launch|unveil)\w*\s+(?:[\w\-,]+\s+){0,8}$",
    re.I,
)
_CALLED = re.compile(
    r"\b(?:called|named|dubbed|termed|coined|namely|denoted|abbreviated|known\s+as|"
    r"refer(?:red)?\s+to\s+as|we\s+(?:call|name|term|dub))\s+(?:it\s+|them\s+|as\s+)?[\"“']?$",
    re.I,
)
_OURS = re.compile(r"\b(?:our|the\s+proposed|this)\s+(?:[\w\-]+\s+){0,3}$", re.I)
_APPOSITIVE = re.compile(
    r"^\)?\s*(?:\([^()]{0,80}\)\s*)?(?:,\s*(?:a|an|the|which|that|our)\b|:\s*(?:a|an)\b|"
    r"\s+is\s+(?:a|an)\b)",
    re.I,
)
_ACTS = re.compile(
    r"^\)?\s+(?:\w+ly\s+)?(?:achieves|outperforms|improves|surpasses|reduces|yields|obtains|"
    r"attains|sets|establishes|performs|is|can|consists|uses|learns|leverages|has|enables)\b"
)
_DATA_AFTER = re.compile(r"^\)?[^.]{0,40}\b(?:dataset|benchmark|corpus|suite|challenge)\b", re.I)
_DATA_BEFORE = re.compile(
    r"\b(?:dataset|benchmark|corpus|suite)\s*,?\s*(?:called\s+|named\s+|termed\s+|dubbed\s+)?"
    r"[\"“']?$",
    re.I,
)
_BORROWED = re.compile(
    r"\b(?:like|as|e\.g\.,?|such\s+as|including|on|using|with|from|than|over|of|and|or|vs\.?|"
    r"versus|by|in|to)\s+(?:the\s+)?$",
    re.I,
)
# Coined names often end on what they are: PointNet, CycleGAN, SegFormer, VQA-Bench, R1.
_SUFFIX = re.compile(
    r"(?:Net|Nets|GAN|Former|Bench|Set|BERT|Flow|Seg|Det|Track|Pose|Fusion|Diff|NeRF|SLAM|"
    r"Match|Attack|[0-9])$"
)
_VOWELS = frozenset("aeiouAEIOU")


# "we propose a position-aware relation network (PARN)": the name abbreviates the words that
# follow the intro verb, lower case or not.
_ABBREVIATED = re.compile(
    r"(?:\b(?:called|named|dubbed|termed|coined|namely)\s+(?:as\s+)?|\b(?:we|i)\s+(?:call|name|"
    r"term|dub)\s+|\b(?:propos|introduc|present|develop|design|devis|formulat|contribut|"
    r"construct|buil)\w*\s+)(?P<words>[^.;:()]*)$",
    re.I,
)


def _abbreviated_at_proposal(word: str, sentences: list[str]) -> bool:
    """Whether the name first appears as `(NAME)` after a few words a claim introduces."""
    for sentence in sentences:
        at = re.search(rf"\(\s*{re.escape(word)}\s*\)", sentence)
        if not at:
            continue
        before = sentence[: at.start()]
        found = _ABBREVIATED.search(before[-200:])
        words = found["words"].split() if found else []
        return (
            0 < len(words) <= 8
            and word[:1].lower() in {w[:1].lower() for w in words}
            and _OWN.search(before) is not None
        )
    return False


def features(name: Name, sentences: list[str]) -> dict[str, float]:
    """What the model weighs: how the abstract introduces and uses the name, and its shape."""
    text = " ".join(sentences)
    word = name.text
    pattern = re.compile(rf"(?<![\w\-]){re.escape(word)}(?![\w\-])")
    spans = [(m.start(), m.end()) for m in pattern.finditer(text)]
    index = [i for i, s in enumerate(sentences) if pattern.search(s)]
    count = max(len(sentences), 1)
    befores = [text[max(0, s - 80) : s] for s, _ in spans]
    afters = [text[e : e + 80] for _, e in spans]
    letters = [c for c in word if c.isalpha()]
    upper = sum(c.isupper() for c in letters) / max(len(letters), 1)
    vowels = sum(c in _VOWELS for c in letters) / max(len(letters), 1)
    expanded = bool(name.expansion)
    # The expansion's own introduction: "we propose Spatial-Temporal Pruning (STP)".
    spelled = text.find(name.expansion) if expanded else -1
    return {
        "score": min(name.score, 20.0) / 10,
        "mentions": math.log1p(len(spans)),
        "share_of_sentences": len(index) / count,
        "first_mention": spans[0][0] / max(len(text), 1) if spans else 1.0,
        "first_sentence_index": index[0] / count if index else 1.0,
        "in_first_sentence": float(bool(index) and index[0] == 0),
        "in_last_sentence": float(bool(index) and index[-1] == count - 1),
        "in_claim_sentence": float(any(_CLAIM.search(sentences[i]) for i in index)),
        "all_capitals": float(upper == 1.0),
        "short_acronym": float(upper == 1.0 and len(letters) <= 3),
        "wordlike_acronym": float(upper == 1.0 and len(letters) >= 4 and vowels >= 0.25),
        "capitalized_word": float(word[:1].isupper() and word[1:].islower()),
        "mixed_case": float(0 < upper < 1 and word[:1].isupper()),
        "camel_case": float(re.search(r"[a-z][A-Z]", word) is not None),
        "lower_start": float(word[:1].islower()),
        "digit": float(any(c.isdigit() for c in word)),
        "hyphen": float("-" in word),
        "suffix": float(_SUFFIX.search(word) is not None),
        "words": float(len(word.split())),
        "length": min(len(word), 20) / 10,
        "vowels": vowels,
        "abstract_words": math.log1p(len(text.split())) / 10,
        "expansion": float(expanded),
        "expansion_words": len(name.expansion.split()) / 5,
        "expansion_vowels": vowels if expanded else 0.0,
        "expansion_introduced": float(
            spelled > 0 and _INTRO.search(text[max(0, spelled - 80) : spelled]) is not None
        ),
        "called": float(any(_CALLED.search(b) for b in befores)),
        "introduced": float(any(_INTRO.search(b) for b in befores)),
        "ours": float(any(_OURS.search(b) for b in befores)),
        "appositive": float(any(_APPOSITIVE.match(a) for a in afters)),
        "acts": float(any(_ACTS.match(a) for a in afters)),
        "borrowed": sum(_BORROWED.search(b) is not None for b in befores) / max(len(spans), 1),
        "dataset": float(
            any(_DATA_AFTER.match(a) for a in afters[:2])
            or any(_DATA_BEFORE.search(b) for b in befores[:2])
        ),
        "code_link": float(
            "github.com/" in text
            and re.search(rf"github\.com/[\w\-.]+/{re.escape(word)}\b", text, re.I) is not None
        ),
        "parenthesised": float(bool(befores) and befores[0].endswith("(")),
        "abbreviated_at_proposal": float(_abbreviated_at_proposal(word, sentences)),
        "defined_here": float(defined_here(name, sentences)),
        "margin": min(name.score - name.runner_up, 20.0) / 10,
        "rivals": min(name.rivals, 10) / 10,
    }


@dataclass(frozen=True)
class Model:
    """Regression trees over named features; each row: feature, threshold, left, right, value."""

    features: list[str]
    start: float
    rate: float
    trees: list[list[list[float]]]
    threshold: float
    #: The lower threshold of a name spelled out where it is proposed (`defined_here`).
    defined_floor: float


@cache
def load_model(path: Path = MODEL) -> Model:
    """The trees `scripts/train_derive.py` wrote."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return Model(
        data["features"],
        data["start"],
        data["rate"],
        data["trees"],
        data["threshold"],
        data["defined_floor"],
    )


def _single(value: float) -> float:
    """The value as a 32-bit float, as the trees were fitted on."""
    single: float = struct.unpack("f", struct.pack("f", value))[0]
    return single


def _leaf(tree: list[list[float]], row: list[float]) -> float:
    node = tree[0]
    while node[0] >= 0:  # scikit-learn sends a value at or below the threshold left
        node = tree[int(node[2] if row[int(node[0])] <= node[1] else node[3])]
    return node[4]


def probability(name: Name, sentences: list[str]) -> float:
    """The model's probability that the paper's own title leads with the name."""
    model = load_model()
    found = features(name, sentences)
    # scikit-learn splits on features as 32-bit floats: a value at a threshold goes its way.
    row = [_single(found[k]) for k in model.features]
    z = model.start + model.rate * sum(_leaf(tree, row) for tree in model.trees)
    return 1.0 / (1.0 + math.exp(-z))


# Where the paper defines its own name: "a framework termed Complementary Conformal Selection
# (CONST)", "we present the Embodied Perception Memory (EMP)": the words, then the acronym.
_NAMING = re.compile(
    r"(?:\b(?:called|named|dubbed|termed|coined|namely)\s+(?:as\s+)?(?:the\s+)?[\"“']?|"
    r"\b(?:propos|introduc|present|develop|design|devis|formulat|contribut|construct|buil)\w*\s+"
    r"(?:[\w\-,]+\s+){0,8})$",
    re.I,
)
_OWN = re.compile(r"\b(?:we|our|this\s+(?:paper|work|study|article)|here)\b", re.I)


def defined_here(name: Name, sentences: list[str]) -> bool:
    """Whether the paper spells out its name where it proposes it: `... termed Words (NAME)`."""
    if len(name.expansion.split()) < 2:
        return False
    for sentence in sentences:
        at = sentence.find(name.expansion)
        if at < 0:
            continue
        after = sentence[at + len(name.expansion) :]
        if not re.match(rf"\s*\(\s*{re.escape(name.text)}\b", after):
            continue
        before = sentence[max(0, at - 100) : at]
        called = re.search(r"\b(?:called|named|dubbed|termed|coined|namely)\b", before, re.I)
        # Words in lower case ("a position-aware relation network (PARN)") are left to the model.
        own = called is not None or _OWN.search(sentence[:at]) is not None
        return name.expansion[:1].isupper() and _NAMING.search(before) is not None and own
    return False


#: A name the abstract only uses as its own ("X achieves ..."), never introducing it in so
#: many words, leads from this probability on; one it introduces, from the model's threshold.
CONFIDENT = 0.25


def leads(name: Name, sentences: list[str]) -> bool:
    """Whether the title should lead with the name: likely enough (and, below `CONFIDENT`,
    introduced by the abstract in so many words), or spelled out where it is proposed and not
    unlikely."""
    model = load_model()
    chance = probability(name, sentences)
    if chance >= model.threshold and (name.introduced or chance >= CONFIDENT):
        return True
    return chance >= model.defined_floor and defined_here(name, sentences)
