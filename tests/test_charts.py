"""The statistics page: SVG charts that are well-formed, labelled, and match the digest."""

from __future__ import annotations

import re
from itertools import combinations
from xml.etree import ElementTree

import pytest

from generator.features.charts import LABEL_CHARS, MAX_BARS, bar_chart, cooccurrence
from generator.features.render import load_labels
from tests.conftest import REPO, MakeProject
from tests.structured import project, site_of

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate

SVG = "{http://www.w3.org/2000/svg}"
EN = load_labels(REPO / "templates", "en")


def svgs(fragment: str) -> list[ElementTree.Element]:
    """Every chart in a stats fragment, parsed as XML (so a malformed one fails here)."""
    html = fragment.replace("&#123;", "{").replace("&#125;", "}")
    return [ElementTree.fromstring(m) for m in re.findall(r"<svg\b.*?</svg>", html, re.S)]


def test_every_chart_is_well_formed_with_a_title_and_description(
    make_project: MakeProject,
) -> None:
    config = project(make_project)
    site_of(config)
    fragment = (config.parts_dir / "pages" / "stats" / "index.html").read_text("utf-8")
    charts = svgs(fragment)
    # Tags, venues, statuses, tag pairs.
    assert len(charts) == 4
    for svg in charts:
        assert svg.get("role") in ("img", "figure")  # a figure when its bars are links
        title, desc = svg.find(f"{SVG}title"), svg.find(f"{SVG}desc")
        assert title is not None and title.text and desc is not None and desc.text
        assert svg.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    page = (config.docs_dir / "stats" / "index.md").read_text("utf-8")
    assert "fragment:" not in page  # the markup is handed over by the page hook
    assert "[papers.json.gz](../papers.json.gz)" in page and "(../bib/all.bib.gz)" in page


def test_the_tag_chart_draws_each_tag_with_its_count(make_project: MakeProject) -> None:
    config = project(make_project)
    site = site_of(config)
    fragment = (config.parts_dir / "pages" / "stats" / "index.html").read_text("utf-8")
    tags_svg = svgs(fragment)[0]
    rows = [
        (g.findtext(f"{SVG}title"), [t.text for t in g.findall(f"{SVG}text")])
        for g in tags_svg.iter(f"{SVG}g")
    ]
    assert rows == [
        (f"{tag.label}: {tag.count}", [_short(tag.label), str(tag.count)]) for tag in site.tags
    ]
    bars = [r for r in tags_svg.iter(f"{SVG}rect") if r.get("class") == "pd-chart-bar"]
    widths = [float(r.get("width", "0").rstrip("%")) for r in bars]
    links = [a.get("href") for a in tags_svg.iter(f"{SVG}a")]
    assert links == [f"../tags/{tag.slug}/" for tag in site.tags]  # each bar opens its tag
    top = site.tags[0].count
    assert widths == [max(0.5, round(100 * t.count / top, 1)) for t in site.tags]


def _short(label: str) -> str:
    return label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "…"


def test_bars_beyond_the_limit_are_left_to_the_table() -> None:
    rows = [(f"tag {i}", 100 - i, "") for i in range(40)]
    chart = bar_chart("x", "X", rows, EN)
    assert len(chart.bars) == 40 and len(chart.drawn) == MAX_BARS
    assert chart.bars[0].percent == 100.0 and chart.bars[-1].percent == 61.0
    assert "first 25" in chart.desc


def test_cooccurrence_counts_papers_that_share_two_tags(make_project: MakeProject) -> None:
    config = project(make_project)
    site = site_of(config)
    matrix = cooccurrence(site, EN)
    assert matrix is not None
    labels = [t.label for t in site.tags[:12]]
    slugs = [t.slug for t in site.tags[:12]]
    expected = {}
    for a, b in combinations(range(len(slugs)), 2):
        n = sum(1 for v in site.papers if {slugs[a], slugs[b]} <= {r.slug for r in v.tags})
        if n:
            expected[(labels[a], labels[b])] = n
    assert {(a, b): n for a, b, n in matrix.pairs} == expected
    assert len(matrix.cells) == 2 * len(expected)  # both halves of the symmetric matrix
    assert all(0 < c.opacity <= 1 for c in matrix.cells)


def test_the_seed_has_tag_charts_only(seed_project) -> None:
    site_of(seed_project)
    fragment = (seed_project.parts_dir / "pages" / "stats" / "index.html").read_text("utf-8")
    ids = [svg.get("aria-labelledby", "").split()[0] for svg in svgs(fragment)]
    assert ids == ["pd-chart-tags-title", "pd-chart-pairs-title"]
    assert "(../bib/all.bib.gz)" not in (seed_project.docs_dir / "stats" / "index.md").read_text(
        "utf-8"
    )
