"""The paper map: a deterministic 2D layout by content, and the data its script draws."""

from __future__ import annotations

import json
import re
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from generator import parallel
from generator.features import papermap, site
from generator.features.papermap import PALETTE, SCALE, layout, map_data
from generator.features.site import PaperView, SiteModel, TagRef, TagView
from tests.conftest import REPO, MakeProject
from tests.structured import RECORDS, project, site_of

TOPICS = {
    "vision": "image segmentation convolutional detection pixels camera object boxes",
    "language": "translation tokens sentence grammar parsing vocabulary corpus dialogue",
    "graphs": "nodes edges message passing molecules graph neighbours adjacency spectral",
}


def topic_texts(per_topic: int) -> tuple[list[str], list[str]]:
    rng = np.random.default_rng(0)
    texts, topics = [], []
    for topic, words in TOPICS.items():
        vocab = words.split()
        for _ in range(per_topic):
            texts.append(" ".join(rng.choice(vocab, 30)))
            topics.append(topic)
    return texts, topics


def test_similar_papers_land_near_each_other() -> None:
    texts, topics = topic_texts(20)
    points = layout(texts)
    assert points.shape == (60, 2) and points.dtype.kind == "i"
    assert points.min() >= 0 and points.max() <= SCALE
    labels = np.array(topics)
    centres = {t: points[labels == t].mean(axis=0) for t in TOPICS}
    for i, topic in enumerate(topics):
        own = np.linalg.norm(points[i] - centres[topic])
        others = min(np.linalg.norm(points[i] - centres[t]) for t in TOPICS if t != topic)
        assert own < others, (i, topic)


@pytest.mark.parametrize("fft_from", [papermap.FFT_FROM, 0])  # Barnes-Hut, then FFT
def test_the_layout_is_the_same_on_every_run(
    monkeypatch: pytest.MonkeyPatch, fft_from: int
) -> None:
    monkeypatch.setattr(papermap, "FFT_FROM", fft_from)
    texts, _ = topic_texts(10)
    assert np.array_equal(layout(texts), layout(texts))


def test_a_layout_made_in_a_second_process_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    texts, _ = topic_texts(10)
    alone = site.similarity(texts, 5)
    monkeypatch.setattr(site, "PARALLEL_LAYOUT", 1)
    started: list[ProcessPoolExecutor] = []

    def second() -> ProcessPoolExecutor:
        started.append(parallel.second_process())
        return started[-1]

    monkeypatch.setattr(site, "second_process", second)
    assert site.similarity(texts, 5) == alone
    assert len(started) == 1


@pytest.mark.parametrize("n", [0, 1, 2, 4, 5, 7])
def test_tiny_digests_still_get_a_map(n: int) -> None:
    texts, _ = topic_texts(3)
    points = layout(texts[:n])
    assert points.shape == (n, 2)
    if n:
        assert points.min() >= 0 and points.max() <= SCALE
    if n > 1:
        assert len({tuple(p) for p in points}) == n  # no two papers on one spot


@pytest.mark.generate
def test_points_js_holds_every_paper_with_its_colour(make_project: MakeProject) -> None:
    config = project(make_project)
    site = site_of(config)
    script = (config.docs_dir / "map" / "points.js").read_text(encoding="utf-8")
    data = json.loads(re.fullmatch(r"window\.PD_MAP = (.*);\n", script, re.S).group(1))  # type: ignore[union-attr]
    # Each point links its paper's page by the URL the site serves it at (generator/urls.py).
    by_url = {f"papers/{v.slug}/": v for v in site.papers}
    assert sorted(p[3] for p in data["points"]) == sorted(by_url)
    assert {p[4] for p in data["points"]} == {r["title"] for r in RECORDS}
    coloured = [t["slug"] for t in data["tags"]]
    for x, y, colour, url, _ in data["points"]:
        assert 0 <= x <= SCALE and 0 <= y <= SCALE
        first = next((r.slug for r in by_url[url].tags if r.slug in coloured), None)
        assert (coloured[colour] if colour >= 0 else None) == first
    assert sum(t["count"] for t in data["tags"]) + data["other"]["count"] == len(RECORDS)
    fragment = (config.parts_dir / "pages" / "map" / "index.html").read_text("utf-8")
    assert '<script src="../assets/papermap.js"></script>' in fragment
    assert "<canvas" in fragment and 'aria-label="' in fragment


def synthetic_site(n: int) -> SiteModel:
    """A digest of n papers with realistic title and slug lengths and 40 tags."""
    tags = [TagRef(f"topic-number-{i}", f"Topic label number {i}") for i in range(40)]
    papers = [
        PaperView(
            slug=f"a-fairly-long-paper-slug-of-about-sixty-characters-{i:05d}",
            id=str(i),
            title=f"A Realistic Paper Title of Around Ninety Characters About Learning {i:05d}",
            summary="",
            tags=[tags[i % 40], tags[(i * 7) % 40]],
            meta={},
            body="",
            title_derived=False,
        )
        for i in range(n)
    ]
    views = [TagView(t.slug, t.label, "", [p for p in papers if t in p.tags]) for t in tags]
    return SiteModel("Synthetic", "en", papers, views)


def test_the_map_of_5000_papers_weighs_under_2_mb() -> None:
    site = synthetic_site(5000)
    positions = np.random.default_rng(0).integers(0, SCALE + 1, size=(5000, 2))
    data = map_data(site, positions)
    payload = len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
    script = (REPO / "site_src" / "assets" / "papermap.js").stat().st_size
    # The page's own HTML, Material's CSS and JS come on top: about 0.3 MB.
    assert payload + script < 1.6 * 1024 * 1024
    assert len(data["tags"]) == len(PALETTE)


def test_degenerate_digests_get_a_layout_not_a_crash() -> None:
    # Copies of a few texts once crashed Barnes-Hut t-SNE (a segmentation fault).
    for texts in (["alpha beta"] * 8, ["alpha beta"] * 6 + ["gamma delta"] * 6, ["x"] * 10):
        points = layout(texts)
        assert points.shape == (len(texts), 2)


def test_texts_that_share_a_single_usable_word_get_a_layout() -> None:
    texts = [f"Paper {n} proposes a method for graphs and images." for n in range(200)]
    points = layout(texts)
    assert points.shape == (200, 2)
