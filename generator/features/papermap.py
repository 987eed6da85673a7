"""The paper map: every paper placed in 2D by what it is about, coloured by its main tag.

Layout, at build time: the TF-IDF rows of title, keywords and abstract that related
papers use (fitted once, `related.vectorize`) → TruncatedSVD to 50 dimensions → t-SNE
to 2 (openTSNE; PCA start, fixed seed, one thread so the result is the same on every
run). From FFT_FROM papers on, its FFT-accelerated gradients, whose cost grows linearly
with the papers where Barnes-Hut's grows faster; below, Barnes-Hut, as the FFT's grid
costs the same whatever the papers (at 1,000 papers it took 2.6 times as long).
The site model computes it (`site.similarity`), and the pipeline keeps
it in a cache keyed by the papers' texts. Coordinates are whole numbers from 0 to 1000,
written with each paper's slug, title and colour to `map/points.js`, which the page's
canvas script (`assets/papermap.js`) draws; a script file, not JSON, so the map also
opens from disk.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from generator import urls
from generator.features.context import Context
from generator.features.related import vectorize
from generator.model import Output
from generator.text import plain_text
from generator.urls import Urls

if TYPE_CHECKING:  # the site model computes the layout, so it imports this module
    from scipy.sparse import csr_matrix

    from generator.features.site import SiteModel

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
#: Iterations in all, the first EXAGGERATION_ITERATIONS of them exaggerated. Past 250 the
#: layout no longer changes where it matters: at 2,000 and 5,000 real papers, 500 keep as
#: many of each paper's ten nearest neighbours as 250 (45% and 41%), at twice the time.
TSNE_ITERATIONS = 250
EXAGGERATION_ITERATIONS = 75
#: From this many papers on, t-SNE's gradients are FFT-accelerated (see the docstring).
FFT_FROM = 2000
#: Below this many papers t-SNE finds each paper's neighbours exactly.
EXACT_BELOW = 1000


@dataclass(frozen=True)
class Legend:
    slug: str
    label: str
    colour: str


def _spread(n: int) -> np.ndarray:
    """Points on a circle: the layout of a digest too small to embed."""
    angles = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([np.cos(angles), np.sin(angles)])


def layout(texts: list[str], seed: int = 0) -> np.ndarray:
    """2D positions (n x 2, each axis scaled to 0..SCALE) of texts by content similarity."""
    return layout_of(vectorize(texts), len(texts), seed)


def layout_of(matrix: csr_matrix | None, n: int, seed: int = 0) -> np.ndarray:
    """2D positions of `n` papers from their TF-IDF rows (`related.vectorize`)."""
    if n == 0:
        return np.zeros((0, 2), dtype=int)
    if n < 5:
        return _scaled(_spread(n) if n > 1 else np.zeros((1, 2)))
    if matrix is None:  # every word is a stop word or too rare
        return _scaled(_spread(n))
    # Imported here: they take seconds to import, and most commands never draw the map.
    from openTSNE import TSNE
    from sklearn.decomposition import TruncatedSVD
    from threadpoolctl import threadpool_limits

    dims = max(1, min(SVD_DIMS, matrix.shape[1] - 1, n - 1))
    # One thread: t-SNE sums in parallel in varying order, and the digest must not
    # change between two runs on the same papers.
    with threadpool_limits(1):
        if matrix.shape[1] < 2:  # one word left: nothing to reduce
            reduced = matrix.toarray().astype(np.float64)
        else:
            reduced = TruncatedSVD(dims, random_state=seed).fit_transform(matrix)
        if reduced.shape[1] < 2:
            reduced = np.column_stack([reduced[:, 0], np.zeros(n)])
        if len(np.unique(np.round(reduced, 6), axis=0)) < 5:
            # Next to no distinct texts: t-SNE divides by zero distances on such input,
            # and there is nothing to spread out anyway.
            return _scaled(_spread(n))
        # Copies of one text sit on one point; a fixed nudge keeps them apart for t-SNE.
        spread = float(np.abs(reduced).max()) or 1.0
        reduced = reduced + np.random.default_rng(seed).normal(0, 1e-4 * spread, reduced.shape)
        points = TSNE(
            2,
            perplexity=min(30.0, max(2.0, (n - 1) / 3)),
            initialization="pca",
            random_state=seed,
            # openTSNE's iterations come after its early exaggeration ones.
            early_exaggeration_iter=EXAGGERATION_ITERATIONS,
            n_iter=TSNE_ITERATIONS - EXAGGERATION_ITERATIONS,
            # Exact neighbours where they are cheap; Annoy (seeded, one thread) beyond.
            neighbors="exact" if n < EXACT_BELOW else "annoy",
            negative_gradient_method="fft" if n >= FFT_FROM else "bh",
            n_jobs=1,
        ).fit(reduced.astype(np.float64))
    return _scaled(np.asarray(points))


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


def map_data(site: SiteModel, positions: np.ndarray, links: Urls | None = None) -> dict[str, Any]:
    """What the map script draws: tags (colour, label, count) and [x, y, tag, url, title], the
    url from the site root."""
    links = links or Urls()
    keys = legend(site)
    index = {entry.slug: i for i, entry in enumerate(keys)}
    counts: Counter[int] = Counter()
    points: list[list[Any]] = []
    for view, (x, y) in zip(site.papers, positions, strict=True):
        # Colour by the paper's first tag that has a colour; -1 is "other".
        colour = next((index[ref.slug] for ref in view.tags if ref.slug in index), -1)
        counts[colour] += 1
        url = links.url(urls.paper(view.slug))
        points.append([int(x), int(y), colour, url, plain_text(view.title)])
    tags = [
        {"slug": e.slug, "label": e.label, "colour": e.colour, "count": counts[i]}
        for i, e in enumerate(keys)
    ]
    return {"tags": tags, "other": {"colour": OTHER_COLOUR, "count": counts[-1]}, "points": points}


def map_pages(site: SiteModel, ctx: Context) -> Iterator[Output]:
    """`map/index.md`, its fragment (canvas, legend, tools) and `map/points.js`."""
    links = ctx.config.urls
    data = map_data(site, np.asarray(site.layout, dtype=int).reshape(-1, 2), links)
    fragment = ctx.render(
        "map.html.j2",
        tags=data["tags"],
        other=data["other"],
        data_src=links.href(urls.MAP_DATA, urls.MAP),
        script_src=links.href(urls.MAP_SCRIPT, urls.MAP),
    )
    intro = ctx.t.counted("map_intro", len(site.papers))
    yield from ctx.page(urls.MAP, ctx.t["map_title"], intro, fragment, {"hide": ["toc"]})
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    yield Output(f"{ctx.docs}/{urls.MAP_DATA}", f"window.PD_MAP = {payload};\n")
