"""Listings (tags, browse, authors, venues): numbered pages, and the home page's first reads."""

from __future__ import annotations

import re

import pytest

from generator.features.render import page_numbers
from generator.pipeline import generate
from tests.conftest import REPO, SEED, MakeProject

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate


def test_page_numbers_show_the_ends_and_the_neighbours() -> None:
    assert page_numbers(1, 1) == [1]
    assert page_numbers(1, 20) == [1, 2, 3, None, 20]
    assert page_numbers(10, 20) == [1, None, 8, 9, 10, 11, 12, None, 20]
    assert page_numbers(4, 7) == [1, 2, 3, 4, 5, 6, 7]  # no "…" for a single page


def test_a_long_listing_links_its_pages_by_number(make_project: MakeProject) -> None:
    mkdocs = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    config = make_project(
        {SEED.name: SEED.read_text(encoding="utf-8")},
        {"mkdocs.yml": mkdocs.replace("per_page: 100", "per_page: 2")},
    )
    generate(config)
    page = (config.docs_dir / "browse" / "5.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\((\w+)\.md\)", page))
    assert {"index", "3", "4", "6", "7", "10"} <= linked  # page 1 is index.md
    assert "**5**" in page and "…" in page


def test_the_home_page_starts_with_papers_to_read(make_project: MakeProject) -> None:
    config = make_project({SEED.name: SEED.read_text(encoding="utf-8")})
    generate(config)
    home = (config.docs_dir / "index.md").read_text(encoding="utf-8")
    start = home.index("## 从这里开始读")
    assert start < home.index("## 标签")
    picked = re.findall(r"\]\(papers/([^)]+)\.md\)", home[start:])
    assert len(picked) >= 6 and len(set(picked)) == len(picked)
