"""The reader features in a real strict MkDocs build: a structured digest and the seed."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.config import Config, load_config
from generator.engine.mkdocs import build as mkdocs_build
from generator.pipeline import generate
from tests.conftest import SEED, copy_project
from tests.structured import RECORDS, jsonl
from tests.structured import settings as structured_settings

pytestmark = pytest.mark.slow


class _Page(HTMLParser):
    """The links, head links and meta tags of one built page."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.head_links: list[dict[str, str]] = []
        self.meta: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "a" and values.get("href"):
            self.hrefs.append(values["href"])
        elif tag == "link":
            self.head_links.append(values)
        elif tag == "meta" and values.get("name", "").startswith("citation_"):
            self.meta.append((values["name"], values.get("content", "")))


def read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def build(root: Path, language: str, inputs: dict[str, str]) -> Config:
    copy_project(root)
    settings = structured_settings().replace("  language: zh", f"  language: {language}")
    (root / "mkdocs.yml").write_text(settings, encoding="utf-8")
    (root / "inputs").mkdir()
    for name, text in inputs.items():
        (root / "inputs" / name).write_text(text, encoding="utf-8")
    config = load_config(root)
    generate(config)
    mkdocs_build(config, strict=True)
    return config


@pytest.fixture(scope="module")
def structured(tmp_path_factory: pytest.TempPathFactory) -> Config:
    return build(tmp_path_factory.mktemp("structured"), "en", {"papers.jsonl": jsonl()})


@pytest.fixture(scope="module")
def seed(tmp_path_factory: pytest.TempPathFactory) -> Config:
    return build(tmp_path_factory.mktemp("seed"), "zh", {SEED.name: SEED.read_text("utf-8")})


def paper_page(config: Config, prefix: str) -> Path:
    return next((config.site_dir / "papers").glob(f"{prefix}*/index.html"))


def test_every_feature_page_is_built(structured: Config) -> None:
    site = structured.site_dir
    for path in (
        "stats/index.html",
        "map/index.html",
        "map/points.js",
        "reading-list/index.html",
        "authors/index.html",
        "authors/wei-pei/index.html",
        "authors/by/p/index.html",
        "venues/index.html",
        "venues/iclr-2026/index.html",
        "venues/iclr-2026/oral/index.html",
        "feeds/all.xml",
        "bib/all.bib.gz",
        "downloads/index.html",
        "papers.json.gz",
        "assets/generated/labels.js",
        "assets/papermap.js",
        "assets/readinglist.js",
        "assets/copy.js",
    ):
        assert (site / path).is_file(), path
    stats = (site / "stats" / "index.html").read_text(encoding="utf-8")
    assert stats.count('<svg class="pd-chart') == 4 and "<desc" in stats


def test_every_internal_link_and_feed_link_resolves(structured: Config) -> None:
    site = structured.site_dir
    broken = []
    for path in site.rglob("*.html"):
        if path.name == "404.html":
            continue
        page = read(path)
        feeds = [link["href"] for link in page.head_links if "alternate" in link.get("rel", "")]
        assert feeds, path
        for href in page.hrefs + feeds:
            if re.match(r"^[a-z]+:", href) or href.startswith("#"):
                continue
            target = (path.parent / href.split("#")[0]).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(site)} -> {href}")
    assert broken == []


def test_paper_pages_carry_citation_meta_tags_escaped(structured: Config) -> None:
    page = read(paper_page(structured, "advancing-graph"))
    record = next(r for r in RECORDS if r["id"] == "or-3")
    assert page.meta == [
        ("citation_title", record["title"]),
        ("citation_author", "Wei Pei"),
        ("citation_author", "Ada Lovelace"),
        ("citation_publication_date", "2026"),
        ("citation_conference_title", "ICLR 2026"),
        ("citation_abstract_html_url", "https://openreview.net/forum?id=or-3"),
    ]
    raw = paper_page(structured, "advancing-graph").read_text(encoding="utf-8")
    assert "{Revisited} &amp; 100% Faster" in raw
    other = read(paper_page(structured, "point-clouds"))
    assert ("citation_pdf_url", "https://example.org/papers/6.pdf") in other.meta
    assert read(paper_page(structured, "an-untitled-study")).meta == []


def test_paper_pages_offer_citations_links_and_a_star(structured: Config) -> None:
    html = paper_page(structured, "advancing-policy").read_text(encoding="utf-8")
    assert 'data-format="bibtex"' in html
    assert "@inproceedings{pei2026iclr-advancing," in unescape(html)
    assert html.count('<p class="pd-cite-head">') == 3  # copy.js adds a copy button to each
    assert 'href="https://openreview.net/pdf?id=or-1"' in html
    assert 'href="https://github.com/example/apo"' in html
    assert '<p class="pd-links">' in html  # readinglist.js adds the star at its end
    assert '<span class="pd-status pd-status--oral">Oral</span>' in html


def test_lists_show_status_badges(structured: Config) -> None:
    browse = (structured.site_dir / "browse" / "index.html").read_text(encoding="utf-8")
    assert '<em class="pd-status pd-status--oral">Oral</em>' in browse
    assert '<em class="pd-status pd-status--reject">Rejected</em>' in browse


def test_tag_pages_link_their_feed_and_bib(structured: Config) -> None:
    page_path = structured.site_dir / "tags" / "graph-learning" / "index.html"
    page = read(page_path)
    feeds = [link["href"] for link in page.head_links if link.get("type") == "application/atom+xml"]
    assert feeds == ["../../feeds/all.xml", "../../feeds/graph-learning.xml"]
    assert "../../feeds/graph-learning.xml" in page.hrefs
    assert "../../bib/graph-learning.bib.gz" in page.hrefs


def test_the_seed_builds_without_author_data(seed: Config) -> None:
    site = seed.site_dir
    for path in ("stats/index.html", "map/index.html", "reading-list/index.html", "papers.json.gz"):
        assert (site / path).is_file(), path
    for path in ("authors", "venues", "bib"):
        assert not (site / path).exists(), path
    pages = list((site / "papers").glob("*/index.html"))
    assert len(pages) == 19
    assert not any("citation_title" in p.read_text(encoding="utf-8") for p in pages)
    assert '<html lang="zh"' in (site / "stats" / "index.html").read_text(encoding="utf-8")
