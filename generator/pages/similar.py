"""Abstracts that are nearly the same: a corrected copy, or one paper at two venues.

Each text gets a small sketch (the 8 smallest hashes of its distinct words); texts that
share several sketch values are candidates, and a candidate pair is near when the word
triples of the two texts overlap by NEAR or more (Jaccard). The sketch index finds the
pairs in one pass, so 20,000 abstracts cost a second or two, not 200 million comparisons.
"""

from __future__ import annotations

from collections import Counter, defaultdict

#: Jaccard similarity of word triples from which two abstracts count as nearly the same:
#: three words changed in a 60-word abstract, or eight in a 150-word one.
NEAR = 0.7
_SKETCH = 8
#: Shared sketch values a pair needs to be compared at all.
_SHARED = 3
#: A sketch value shared by more texts than this is a common word: no evidence.
_COMMON = 50


def _words(text: str) -> list[str]:
    return text.lower().split()


def sketch(text: str) -> list[int]:
    """The smallest hashes of the text's word triples (hash() is stable within a run)."""
    words = _words(text)
    return sorted(set(map(hash, zip(words, words[1:], words[2:], strict=False))))[:_SKETCH]


def similarity(one: str, other: str, *, contained: bool = False) -> float:
    """Jaccard similarity of the two texts' word triples (1.0: the same words in order).

    `contained`: the share of the shorter text's triples found in the other, so notes added
    below an abstract do not make it less alike.
    """
    a, b = _triples(one), _triples(other)
    if not a or not b:
        return 1.0 if a == b else 0.0
    return len(a & b) / (min(len(a), len(b)) if contained else len(a | b))


def _triples(text: str) -> set[tuple[str, ...]]:
    words = _words(text)
    if len(words) < 3:
        return {tuple(words)}
    return set(zip(words, words[1:], words[2:], strict=False))


def near_pairs(texts: list[str], split: int | None = None) -> list[tuple[int, int, float]]:
    """(i, j, similarity) for each pair of texts that are nearly the same, i < j.

    With `split`, only pairs across it count: i < split <= j (pages, perhaps with notes,
    against new papers), and similarity is containment.
    """
    sketches = [sketch(text) for text in texts]
    index: dict[int, list[int]] = defaultdict(list)
    for number, values in enumerate(sketches):
        for value in values:
            index[value].append(number)
    shared: Counter[tuple[int, int]] = Counter()
    for members in index.values():
        if not 1 < len(members) <= _COMMON:
            continue
        for at, first in enumerate(members):
            for second in members[at + 1 :]:
                if split is None or (first < split) != (second < split):
                    shared[first, second] += 1
    found = []
    for (first, second), count in sorted(shared.items()):
        if count >= min(_SHARED, len(sketches[first]), len(sketches[second])):
            score = similarity(texts[first], texts[second], contained=split is not None)
            if score >= NEAR:
                found.append((first, second, score))
    return found
