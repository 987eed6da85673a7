"""What papers are about, as vectors: one TF-IDF fit, used by related papers and the map.

Related papers are each paper's nearest neighbours by cosine similarity of those vectors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

CHUNK = 1024


def vectorize(texts: list[str]) -> csr_matrix | None:
    """Each text as a row of L2-normalised TF-IDF weights; None when no word is usable."""
    n = len(texts)
    if n < 2:
        return None
    # Imported here: scikit-learn takes seconds to import, and most commands never fit.
    from scipy.sparse import csr_matrix
    from sklearn.feature_extraction.text import TfidfVectorizer

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
        return csr_matrix(vectorizer.fit_transform(texts))
    except ValueError:  # every word is a stop word or too rare
        return None


def neighbours(
    matrix: csr_matrix | None, n: int, k: int, min_score: float = 0.05
) -> list[list[int]]:
    """For each of the `n` rows, the indexes of up to `k` most similar other rows, best first.

    Cost: one sparse matrix product per chunk of rows, so memory stays at CHUNK x N floats
    and 20,000 papers take seconds, not minutes.
    """
    if matrix is None or n < 2 or k <= 0:
        return [[] for _ in range(n)]
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


def related_papers(texts: list[str], k: int = 5, min_score: float = 0.05) -> list[list[int]]:
    """For each text, the indexes of up to `k` most similar other texts, best first."""
    return neighbours(vectorize(texts), len(texts), k, min_score)
