"""The paper map: every paper placed in 2D by what it is about, coloured by its main tag.

Layout, at build time: TF-IDF of title, keywords and abstract → TruncatedSVD to 50
dimensions → t-SNE to 2 (scikit-learn, Barnes-Hut, PCA start, fixed seed, one thread so
the result is the same on every run). Coordinates are whole numbers from 0 to 1000,
written with each paper's slug, title and colour to `map/points.js`, which the page's
canvas script (`assets/papermap.js`) draws; a script file, not JSON, so the map also
opens from disk.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.manifold import TSNE
from threadpoolctl import threadpool_limits

from generator.features.context import Context
from generator.features.site import PaperView, SiteModel
from generator.model import Output
from generator.text import plain_text

#: Tags with a colour of their own (the most used); other papers are grey.
#: Mid-tone colours that read on both the light and the dark background.
PALETTE = (
    "#4e79a7",
    "#f28e2b",
    "#e15759",
    "#59a14f",
    "#b07aa1",
    "#edc948",
    "#76b7b2",
    "#ff9da7",
    "#9c755f",
    "#3fa7d6",
    "#a0cb5b",
)
OTHER_COLOUR = "#8c8c8c"
SCALE = 1000
SVD_DIMS = 50
TSNE_ITERATIONS = 500


@dataclass(frozen=True)
class Legend:
    slug: str
    label: str
    colour: str


def map_text(view: PaperView) -> str:
    keywords = view.meta.get("keywords")
    words = " ".join(str(k) for k in keywords) if isinstance(keywords, list) else ""
    return f"{view.title}. {view.title}. {words} {plain_text(view.body)}"


def _spread(n: int) -> np.ndarray:
    """Points on a circle: the layout of a digest too small to embed."""
    angles = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([np.cos(angles), np.sin(angles)])


def layout(texts: list[str], seed: int = 0) -> np.ndarray:
    """2D positions (n x 2, each axis scaled to 0..SCALE) of texts by content similarity."""
    n = len(texts)
    if n == 0:
        return np.zeros((0, 2))
    if n < 5:
        points = _spread(n) if n > 1 else np.zeros((1, 2))
    else:
        vectorizer = TfidfVectorizer(
            stop_words="english",
            sublinear_tf=True,
            min_df=2 if n > 50 else 1,
            max_df=0.5 if n > 50 else 1.0,
            max_features=100_000,
            dtype=np.float32,
        )
        try:
            matrix = vectorizer.fit_transform(texts)
        except ValueError:  # every word is a stop word or too rare
            return _scaled(_spread(n))
        dims = max(1, min(SVD_DIMS, matrix.shape[1] - 1, n - 1))
        # One thread: t-SNE sums in parallel in varying order, and the digest must not
        # change between two runs on the same papers.
        with threadpool_limits(1):
            reduced = TruncatedSVD(dims, random_state=seed).fit_transform(matrix)
            if dims < 2:
                reduced = np.column_stack([reduced[:, 0], np.zeros(n)])
            if len(np.unique(np.round(reduced, 6), axis=0)) < 5:
                # Next to no distinct texts: Barnes-Hut t-SNE crashes on such input (it
                # divides by zero distances), and there is nothing to spread out anyway.
                return _scaled(_spread(n))
            # Copies of one text sit on one point; a fixed nudge keeps them apart for t-SNE.
            spread = float(np.abs(reduced).max()) or 1.0
            reduced = reduced + np.random.default_rng(seed).normal(0, 1e-4 * spread, reduced.shape)
            points = TSNE(
                2,
                perplexity=min(30.0, max(2.0, (n - 1) / 3)),
                init="pca",
                random_state=seed,
                max_iter=TSNE_ITERATIONS,
                n_jobs=1,
            ).fit_transform(reduced.astype(np.float64))
    return _scaled(points)


def _scaled(points: np.ndarray) -> np.ndarray:
    low = points.min(axis=0)
    span = float((points.max(axis=0) - low).max()) or 1.0
    # One scale for both axes keeps distances true; centre the shorter axis.
    scaled = (points - low) / span * SCALE
    scaled += (SCALE - scaled.max(axis=0)) / 2
    return np.asarray(np.rint(scaled), dtype=int)


def legend(site: SiteModel) -> list[Legend]:
    """The coloured tags: the most common main (first) tags; each paper counted once."""
    known = {tag.slug: tag for tag in site.tags}
    main: Counter[str] = Counter(v.tags[0].slug for v in site.papers if v.tags)
    ranked = sorted(main, key=lambda s: (-main[s], s))[: len(PALETTE)]
    return [
        Legend(slug, known[slug].label if slug in known else slug, PALETTE[i])
        for i, slug in enumerate(ranked)
    ]


def map_data(site: SiteModel, positions: np.ndarray) -> dict[str, Any]:
    """What the map script draws: tags (colour, label, count) and [x, y, tag, slug, title]."""
    keys = legend(site)
    index = {entry.slug: i for i, entry in enumerate(keys)}
    counts: Counter[int] = Counter()
    points: list[list[Any]] = []
    for view, (x, y) in zip(site.papers, positions, strict=True):
        # Colour by the paper's first tag that has a colour; -1 is "other".
        colour = next((index[ref.slug] for ref in view.tags if ref.slug in index), -1)
        counts[colour] += 1
        points.append([int(x), int(y), colour, view.slug, plain_text(view.title)])
    tags = [
        {"slug": e.slug, "label": e.label, "colour": e.colour, "count": counts[i]}
        for i, e in enumerate(keys)
    ]
    return {"tags": tags, "other": {"colour": OTHER_COLOUR, "count": counts[-1]}, "points": points}


def map_pages(site: SiteModel, ctx: Context) -> Iterator[Output]:
    """`map/index.md`, its fragment (canvas, legend, tools) and `map/points.js`."""
    positions = layout([map_text(view) for view in site.papers])
    data = map_data(site, positions)
    fragment = ctx.render("map.html.j2", tags=data["tags"], other=data["other"])
    intro = ctx.t.counted("map_intro", len(site.papers))
    yield from ctx.page("map/index.md", ctx.t["map_title"], intro, fragment, {"hide": ["toc"]})
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    yield Output(f"{ctx.docs}/map/points.js", f"window.PD_MAP = {payload};\n")
