"""The real MkDocs build, strict, on the seed: the site a reader gets."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.config import Config, load_config
from generator.engine.mkdocs import build as mkdocs_build
from generator.errors import DigestError
from generator.pipeline import generate
from tests.conftest import SEED, copy_project

pytestmark = pytest.mark.slow


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.hrefs.append(str(values["href"]))
        if tag == "script":
            self.scripts.append(str(values.get("src") or "inline"))


@pytest.fixture(scope="module")
def built_seed(tmp_path_factory: pytest.TempPathFactory) -> Config:
    root = tmp_path_factory.mktemp("seed")
    copy_project(root)
    (root / "inputs").mkdir()
    (root / "inputs" / SEED.name).write_text(SEED.read_text(encoding="utf-8"), encoding="utf-8")
    config = load_config(root)
    generate(config)
    mkdocs_build(config, strict=True)
    return config


def test_strict_build_makes_every_page(built_seed: Config) -> None:
    site = built_seed.site_dir
    papers = [p for p in (site / "papers").glob("*/index.html")]
    assert len(papers) == 19
    assert (site / "index.html").is_file()
    assert (site / "tags" / "index.html").is_file()
    assert len(list((site / "tags").glob("*/index.html"))) >= 5


def test_paper_page_shows_title_tags_summary_math_and_edit_link(built_seed: Config) -> None:
    page = next(p for p in (built_seed.site_dir / "papers").glob("smart-r1*/index.html"))
    html = page.read_text(encoding="utf-8")
    slug = page.parent.name
    assert re.search(r"<h1>SMART-R1", html)
    assert 'class="pd-tag"' in html and "pd-tldr" in html
    assert f"/edit/main/site_src/papers/{slug}.md" in html
    assert "WOMD" in html
    related = next(
        p
        for p in (built_seed.site_dir / "papers").glob("*/index.html")
        if "pd-related" in p.read_text()
    )
    assert related


def test_derived_pages_offer_no_edit_of_a_generated_file(built_seed: Config) -> None:
    home = (built_seed.site_dir / "index.html").read_text(encoding="utf-8")
    assert "/edit/main/site_src/index.md" not in home
    tag = next((built_seed.site_dir / "tags").glob("*/index.html")).read_text(encoding="utf-8")
    assert "/edit/main/taxonomy.yml" in tag


def test_every_internal_link_resolves(built_seed: Config) -> None:
    site = built_seed.site_dir
    broken = []
    for page in site.rglob("*.html"):
        if page.name == "404.html":  # served at any path, so its links are root-relative
            continue
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for href in parser.hrefs:
            if re.match(r"^[a-z]+:", href) or href.startswith("#"):
                continue
            target = (page.parent / href.split("#")[0]).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)} -> {href}")
    assert broken == []


def _internal_targets(page: Path, site: Path) -> list[Path]:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    targets = []
    for href in parser.hrefs:
        if re.match(r"^[a-z]+:", href) or href.startswith("#"):
            continue
        target = (page.parent / href.split("#")[0]).resolve()
        if target.is_dir():
            target = target / "index.html"
        if target.suffix == ".html" and target.is_file() and site.resolve() in target.parents:
            targets.append(target)
    return targets


def test_every_page_is_reachable_from_the_home_page(built_seed: Config) -> None:
    site = built_seed.site_dir
    home = (site / "index.html").resolve()
    reached = {home}
    queue = [home]
    while queue:
        for target in _internal_targets(queue.pop(), site):
            if target not in reached:
                reached.add(target)
                queue.append(target)
    pages = {p.resolve() for p in site.rglob("*.html") if p.name != "404.html"}
    assert len(pages) > 40
    assert sorted(str(p.relative_to(site.resolve())) for p in pages - reached) == []


def test_a_broken_link_fails_the_strict_build(built_seed: Config, tmp_path: Path) -> None:
    page = next((built_seed.docs_dir / "papers").glob("*.md"))
    original = page.read_text(encoding="utf-8")
    try:
        page.write_text(original + "\n\nSee [gone](missing-page.md).\n", encoding="utf-8")
        with pytest.raises(DigestError, match=r"missing-page\.md"):
            mkdocs_build(built_seed, strict=True)
    finally:
        page.write_text(original, encoding="utf-8")
