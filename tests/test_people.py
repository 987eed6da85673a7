"""Author and venue pages and status badges, where the input names them."""

from __future__ import annotations

import re

import pytest

from generator.features import people
from generator.features.people import Badge, authors_by_name, status_badge, venue_of, venues
from generator.features.render import load_labels
from generator.pages.page import parse_page
from generator.pipeline import generate
from generator.urls import Urls
from tests.conftest import REPO, MakeProject, fragment_of
from tests.structured import project, site_of

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate

EN = load_labels(REPO / "templates", "en")
ZH = load_labels(REPO / "templates", "zh")


def test_authors_are_grouped_and_prolific_ones_get_pages(make_project: MakeProject) -> None:
    site = site_of(project(make_project))
    authors = authors_by_name(site, min_papers=2)
    counts = {name: len(a.papers) for name, a in authors.items()}
    assert counts == {
        "Wei Pei": 3,
        "Ada Lovelace": 3,
        "Alan Turing": 2,
        "Grace Hopper": 2,
        "José Núñez": 1,
        "李华": 1,
    }
    assert {name for name, a in authors.items() if a.page} == {
        "Wei Pei",
        "Ada Lovelace",
        "Alan Turing",
        "Grace Hopper",
    }
    assert len({a.slug for a in authors.values()}) == len(authors)
    assert authors["José Núñez"].initial == "n" and authors["李华"].initial == "other"
    assert all(a.page for a in authors_by_name(site, min_papers=1).values())


def test_author_index_and_pages(make_project: MakeProject) -> None:
    config = project(make_project)
    generate(config)
    docs = config.docs_dir / "authors"
    index = (docs / "index.md").read_text(encoding="utf-8")
    assert "[H](by/h/index.md) (1)" in index and "[Other](by/other/index.md) (1)" in index
    assert "[Wei Pei](wei-pei/index.md) · 3 papers" in index
    assert "[José Núñez](by/n/index.md#jose-nunez) · 1 paper" in index  # "Most papers"
    page = (docs / "wei-pei" / "index.md").read_text(encoding="utf-8")
    meta, body, _ = parse_page(page, "wei-pei")
    assert meta["title"] == "Wei Pei"
    assert body.count("](../../papers/") == 3
    assert "[Ada Lovelace \\(2\\)](../ada-lovelace/index.md)" in body  # a frequent co-author
    n = (docs / "by" / "n" / "index.md").read_text(encoding="utf-8")
    entry = "- **José Núñez**{: #jose-nunez } — [Advancing Policy Optimization for Language Agents]"
    assert entry in n and "(../../../papers/advancing-policy" in n
    assert not (docs / "jose-nunez").exists()
    p = (docs / "by" / "p" / "index.md").read_text(encoding="utf-8")
    assert "- [Wei Pei](../../wei-pei/index.md){: #wei-pei } · 3 papers" in p


def test_a_whole_conference_gets_index_pages_not_a_page_per_author(
    make_project: MakeProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(people, "AUTHORS_PER_PAGE", 2)
    records = [
        {
            "id": f"p{i}",
            "title": f"Paper {i}",
            "abstract": f"We study topic {i} with graphs.",
            "authors": [f"Ann Paterson{i}", "Anonymous", " anonymous authors "],
        }
        for i in range(5)
    ]
    config = project(make_project, records=records)
    site = site_of(config)
    authors = authors_by_name(site, min_papers=10)
    assert sorted(authors) == [f"Ann Paterson{i}" for i in range(5)]  # placeholders: no one
    assert [a.index_page for a in authors.values()] == [1, 1, 2, 2, 3]
    assert Urls().url(authors["Ann Paterson4"].target) == "authors/by/p/3/#ann-paterson4"
    generate(config)
    docs = config.docs_dir / "authors"
    assert sorted(p.name for p in (docs / "by" / "p").iterdir()) == ["2.md", "3.md", "index.md"]
    assert sorted(p.name for p in docs.iterdir()) == ["by", "index.md"]  # no own pages
    third = (docs / "by" / "p" / "3.md").read_text(encoding="utf-8")
    assert "**Ann Paterson4**{: #ann-paterson4 }" in third and "[2](2.md)" in third
    assert "Anonymous" not in (docs / "index.md").read_text(encoding="utf-8")
    html = fragment_of(config, "paper-4")
    assert '<a href="../../authors/by/p/3/#ann-paterson4">Ann Paterson4</a>' in html
    assert "Anonymous" not in html  # no byline, citation_author or BibTeX author


def test_venues_list_papers_best_status_first_with_a_page_per_status(
    make_project: MakeProject,
) -> None:
    config = project(make_project)
    site = site_of(config)
    found = {v.name: v for v in venues(site)}
    assert list(found) == ["ICLR 2026", "NeurIPS 2025"]  # newest first
    iclr = found["ICLR 2026"]
    assert [str(v.meta.get("status", "")) for v in iclr.papers] == [
        "Oral",
        "Spotlight",
        "Poster",
        "",
        "Reject",
    ]
    assert [(s, slug, n) for s, slug, n in iclr.statuses] == [
        ("Oral", "oral", 1),
        ("Spotlight", "spotlight", 1),
        ("Poster", "poster", 1),
        ("Reject", "reject", 1),
    ]
    docs = config.docs_dir / "venues"
    index = (docs / "index.md").read_text(encoding="utf-8")
    assert "| [ICLR 2026](iclr-2026/index.md) | 5 |" in index
    assert "[Rejected](iclr-2026/reject/index.md) 1" in index
    oral = (docs / "iclr-2026" / "oral" / "index.md").read_text(encoding="utf-8")
    assert oral.count("](../../../papers/") == 1 and "[ICLR 2026](../index.md)" in oral


def test_status_badges_in_lists_and_on_paper_pages(make_project: MakeProject) -> None:
    config = project(make_project)
    generate(config)
    browse = (config.docs_dir / "browse" / "index.md").read_text(encoding="utf-8")
    assert "· ICLR 2026 · *Oral*{ .pd-status .pd-status--oral }" in browse
    assert "· NeurIPS 2025 · *Poster*{ .pd-status .pd-status--poster }" in browse
    venue_page = (config.docs_dir / "venues" / "iclr-2026" / "index.md").read_text("utf-8")
    assert "· ICLR 2026 ·" not in venue_page  # a venue's own page does not repeat it
    html = fragment_of(config, "advancing-policy")
    assert '<span class="pd-status pd-status--oral">Oral</span>' in html
    assert '<a href="../../authors/wei-pei/">Wei Pei</a>' in html
    assert '<a href="../../venues/iclr-2026/">ICLR 2026</a>' in html
    # No page of their own: the byline links to their entry in the index.
    assert '<a href="../../authors/by/n/#jose-nunez">José Núñez</a>' in html


def test_badges_speak_the_site_language_and_keep_unknown_statuses() -> None:
    assert status_badge({"status": "Spotlight"}, ZH).label == "焦点报告"  # type: ignore[union-attr]
    assert status_badge({"status": "Oral"}, EN).key == "oral"  # type: ignore[union-attr]
    badge = status_badge({"status": "Best Paper"}, EN)
    assert badge is not None and badge.key == "best-paper" and badge.label == "Best Paper"
    assert status_badge({}, EN) is None
    assert venue_of({"venue": "ICLR", "year": 2026}) == "ICLR 2026"
    assert venue_of({"venue": "ICLR 2026", "year": 2026}) == "ICLR 2026"


def test_the_seed_has_no_author_or_venue_pages(seed_project) -> None:
    generate(seed_project)
    assert not (seed_project.docs_dir / "authors").exists()
    assert not (seed_project.docs_dir / "venues").exists()
    home = (seed_project.docs_dir / "index.md").read_text(encoding="utf-8")
    assert "authors/index.md" not in home and "venues/index.md" not in home
    assert "(stats/index.md)" in home and "(map/index.md)" in home


def test_status_spellings_share_one_label() -> None:
    for spelling in ("Oral", "oral", "Accept (Oral)", "accept-oral"):
        assert status_badge({"status": spelling}, ZH) == Badge("oral", "口头报告")
    assert status_badge({"status": "Withdrawn"}, EN) == Badge("withdraw", "Withdrawn")
    assert status_badge({"status": "Desk Reject"}, EN) == Badge("reject", "Rejected")
    assert status_badge({"status": "Something else"}, EN) == Badge(
        "something-else", "Something else"
    )


def test_an_authors_page_lists_the_newest_papers_first(make_project: MakeProject) -> None:
    records = [
        {
            "id": f"y{year}",
            "title": f"Paper of {year}",
            "abstract": f"We study graphs in {year}.",
            "authors": ["Ada Lovelace"],
            "year": year,
        }
        for year in (2019, 2023, 2017, 2021)
    ]
    config = project(make_project, records=records)
    generate(config)
    page = (config.docs_dir / "authors" / "ada-lovelace" / "index.md").read_text("utf-8")
    years = [int(y) for y in re.findall(r"(?m)^- \[Paper of (\d{4})\]", page)]
    assert years == [2023, 2021, 2019, 2017]
