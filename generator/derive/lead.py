"""Whether a title leads with the name the abstract introduces: a small learned model.

Many papers name their method without putting the name in the title ("Query-Reduction
Networks for Question Answering" introduces QRN). A logistic model, trained by
`scripts/train_derive.py` on the corpus's developing split only, weighs what the abstract
says about the name; its weights live in `lead_model.json` beside this file. Scoring is
a dot product: deterministic, and no machine-learning library is needed at build time.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path

from generator.derive.names import Name

MODEL = Path(__file__).with_name("lead_model.json")
_CLAIM = re.compile(r"\b(?:propos|introduc|present|call|name|term|dub)\w*", re.I)


def features(name: Name, sentences: list[str]) -> dict[str, float]:
    """What the model weighs: how the abstract introduces and uses the name."""
    text = " ".join(sentences)
    word = name.text
    pattern = re.compile(rf"(?<![\w\-]){re.escape(word)}(?![\w\-])")
    mentions = [m.start() for m in pattern.finditer(text)]
    with_name = [s for s in sentences if pattern.search(s)]
    first = mentions[0] / max(len(text), 1) if mentions else 1.0
    letters = [c for c in word if c.isalpha()]
    upper = sum(c.isupper() for c in letters) / max(len(letters), 1)
    return {
        "score": min(name.score, 20.0) / 10,
        "mentions": math.log1p(len(mentions)),
        "share_of_sentences": len(with_name) / max(len(sentences), 1),
        "first_mention": first,
        "in_first_sentence": float(bool(sentences) and bool(pattern.search(sentences[0]))),
        "in_claim_sentence": float(any(_CLAIM.search(s) for s in with_name)),
        "all_capitals": float(upper == 1.0),
        "mixed_case": float(0 < upper < 1 and word[:1].isupper()),
        "lower_start": float(word[:1].islower()),
        "digit": float(any(c.isdigit() for c in word)),
        "hyphen": float("-" in word),
        "words": float(len(word.split())),
        "length": min(len(word), 20) / 10,
        "abstract_words": math.log1p(len(text.split())) / 10,
    }


@cache
def _model(path: Path = MODEL) -> tuple[dict[str, float], float, float]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["weights"], float(data["intercept"]), float(data["threshold"])


def probability(name: Name, sentences: list[str]) -> float:
    """The model's probability that the paper's own title holds the name."""
    weights, intercept, _ = _model()
    found = features(name, sentences)
    z = intercept + sum(weights.get(k, 0.0) * v for k, v in found.items())
    return 1.0 / (1.0 + math.exp(-z))


def leads(name: Name, sentences: list[str]) -> bool:
    """Whether the title should lead with the name.

    A name the abstract spells out ("Spatial-Temporal Pruning (STP)") always leads: the
    title is then `STP: Spatial-Temporal Pruning`, the form such papers use.
    """
    return bool(name.expansion) or probability(name, sentences) >= _model()[2]
