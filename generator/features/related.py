"""Related papers: each paper's nearest neighbours by TF-IDF cosine similarity of its text."""

from __future__ import annotations

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

CHUNK = 1024


def related_papers(texts: list[str], k: int = 5, min_score: float = 0.05) -> list[list[int]]:
    """For each text, the indexes of up to `k` most similar other texts, best first.

    Cost: one sparse matrix product per chunk of rows, so memory stays at CHUNK x N floats
    and 20,000 papers take seconds, not minutes.
    """
    n = len(texts)
    if n < 2 or k <= 0:
        return [[] for _ in texts]
    vectorizer = TfidfVectorizer(
        stop_words="english",
        sublinear_tf=True,
        min_df=2 if n > 50 else 1,
        max_df=0.5 if n > 50 else 1.0,
        ngram_range=(1, 2) if n <= 50_000 else (1, 1),
        max_features=200_000,
        dtype=np.float32,
    )
    try:
        matrix = vectorizer.fit_transform(texts)
    except ValueError:  # every word is a stop word or too rare
        return [[] for _ in texts]
    transposed = matrix.T.tocsr()
    k = min(k, n - 1)
    out: list[list[int]] = []
    for start in range(0, n, CHUNK):
        block = (matrix[start : start + CHUNK] @ transposed).toarray()
        rows = np.arange(block.shape[0])
        block[rows, rows + start] = -1.0  # a paper is not related to itself
        top = np.argpartition(-block, k - 1, axis=1)[:, :k]
        for row, candidates in enumerate(top):
            scores = block[row, candidates]
            # Ties broken by index, so the result never depends on the sort's internals.
            order = sorted(zip(-scores, candidates, strict=True))
            out.append([int(c) for s, c in order if -s >= min_score])
    return out
