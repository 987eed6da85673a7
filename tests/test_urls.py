"""Every site URL from one place (generator/urls.py), and every one of them resolving in a
built site, with MkDocs' `use_directory_urls` on (the default) and off."""

from __future__ import annotations

import gzip
import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator import urls
from generator.config import Config, load_config
from generator.engine.mkdocs import build as mkdocs_build
from generator.features import search
from generator.pipeline import generate
from generator.urls import Urls
from tests.conftest import SEED, copy_project
from tests.structured import jsonl, settings


def test_pages_are_served_as_mkdocs_serves_them() -> None:
    folders, files = Urls(), Urls(directory=False)
    assert folders.url(urls.HOME) == "" and files.url(urls.HOME) == "index.html"
    assert folders.url(urls.paper("a")) == "papers/a/"
    assert files.url(urls.paper("a")) == "papers/a.html"
    assert folders.url(urls.tag("t", 2)) == "tags/t/2/"
    assert files.url(urls.tag("t", 2)) == "tags/t/2.html"
    assert folders.url(urls.author_entry("p", 3, "ann")) == "authors/by/p/3/#ann"
    assert files.url(urls.author_entry("p", 1, "ann")) == "authors/by/p/index.html#ann"
    assert folders.url(urls.feed("all")) == files.url(urls.feed("all")) == "feeds/all.xml"
    assert files.built_file(urls.paper("a")) == "papers/a.html"
    assert folders.built_file(urls.paper("a")) == "papers/a/index.html"
    assert folders.built_file(urls.HOME) == "index.html"


def test_links_are_relative_to_where_they_are_read() -> None:
    folders, files = Urls(), Urls(directory=False)
    paper = urls.paper("a")
    assert folders.href(urls.tag("t"), paper) == "../../tags/t/"
    assert files.href(urls.tag("t"), paper) == "../tags/t/index.html"
    assert folders.href(urls.HOME, paper) == "../../"
    assert files.href(urls.HOME, paper) == "../index.html"
    assert folders.href(urls.MAP_DATA, urls.MAP) == "points.js"  # in the page's own folder
    assert folders.href(urls.paper("b"), urls.feed("all")) == "../papers/b/"
    assert folders.full(urls.paper("b"), urls.feed("all")) == "../papers/b/"
    published = Urls(site_url="https://example.org/digest")
    assert published.full(urls.paper("b"), urls.feed("all")) == (
        "https://example.org/digest/papers/b/"
    )
    assert published.absolute(urls.HOME) == "https://example.org/digest/"
    assert Urls().absolute(urls.paper("b")) == ""
    # Markdown links name sources, which MkDocs resolves in either setting.
    assert urls.link(urls.paper("a"), urls.tag("t", 2)) == "../../papers/a.md"
    assert urls.link(urls.author_entry("p", 1, "x"), urls.AUTHORS) == "by/p/index.md#x"


class _Links(HTMLParser):
    """Every address a built page makes the browser follow or load."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        for name in ("href", "src"):
            if values.get(name) and tag in ("a", "link", "script", "img"):
                self.found.append(values[name])


def _resolves(site: Path, address: str, directory: bool) -> bool:
    """Whether a site-root-relative `address` names a file of the built site.

    With `use_directory_urls: false` a page is a file: a link must name it, not its folder
    (no `index.html` is served from a folder opened from disk).
    """
    path = unquote(address.split("#")[0].split("?")[0])
    target = site / path
    if directory and (path == "" or path.endswith("/")):
        target = target / "index.html"
    return target.is_file()


def _relative(site: Path, page: Path, href: str) -> str | None:
    """`href` read on `page`, as an address from the site root; None if it leaves the site."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", href) or href.startswith(("#", "//")):
        return None
    base = "http://site/" + page.relative_to(site).as_posix()
    joined = urljoin(base, href)
    return joined.removeprefix("http://site/") if joined.startswith("http://site/") else "\0"


def _build(root: Path, directory: bool) -> Config:
    copy_project(root)
    text = settings().replace("  language: zh", "  language: en")
    text = re.sub(r"(?m)^(    per_page:) \d+", r"\1 4", text)
    if not directory:
        text += "\nuse_directory_urls: false\n"
    (root / "mkdocs.yml").write_text(text, encoding="utf-8")
    (root / "inputs").mkdir()
    (root / "inputs" / "papers.jsonl").write_text(jsonl(), encoding="utf-8")
    (root / "inputs" / SEED.name).write_text(SEED.read_text("utf-8"), encoding="utf-8")
    config = load_config(root)
    generate(config)
    mkdocs_build(config, strict=True)
    return config


@pytest.mark.slow
@pytest.mark.parametrize("directory", [True, False], ids=["directory-urls", "file-urls"])
def test_every_internal_link_resolves_to_a_built_file(tmp_path: Path, directory: bool) -> None:
    config = _build(tmp_path / "project", directory)
    assert config.directory_urls is directory
    site = config.site_dir
    broken: list[str] = []

    def check(where: str, address: str | None) -> None:
        if address is not None and not _resolves(site, address, directory):
            broken.append(f"{where} -> {address!r}")

    pages = sorted(site.rglob("*.html"))
    assert (site / ("tags/reinforcement-learning/index.html")).is_file()
    assert any(p.name == "2.html" or p.parent.name == "2" for p in pages)  # a second page
    for page in pages:
        if page.name == "404.html":  # served from anywhere: the theme links it from the root
            continue
        parsed = _Links()
        parsed.feed(page.read_text(encoding="utf-8"))
        for href in parsed.found:
            check(page.relative_to(site).as_posix(), _relative(site, page, href))
    # Feeds: entries, self and alternate links, relative to the feed's own address.
    feeds = sorted((site / "feeds").glob("*.xml"))
    assert feeds
    for feed in feeds:
        for href in re.findall(r'<link [^>]*href="([^"]+)"', feed.read_text(encoding="utf-8")):
            check(feed.relative_to(site).as_posix(), _relative(site, feed, href))
    # The search documents: Pagefind makes each result's URL of the document's path.
    documents = search.documents_dir(config)
    found = sorted(documents.rglob("*.html"))
    assert found
    for document in found:
        check("search", document.relative_to(documents).as_posix())
    # The map's points and the open data carry page addresses from the site root.
    points = (site / "map" / "points.js").read_text(encoding="utf-8")
    data = json.loads(points.removeprefix("window.PD_MAP = ").removesuffix(";\n"))
    assert data["points"]
    for point in data["points"]:
        check("map", point[3])
    opendata = json.loads(gzip.decompress((site / "papers.json.gz").read_bytes()))
    for entry in opendata["papers"]:
        check("papers.json", entry["page"])
    # The reading list makes a paper's address from the pattern the generator gives it.
    script = (site / "assets" / "generated" / "labels.js").read_text(encoding="utf-8")
    pattern = json.loads(re.search(r"window\.PD_URLS = (.*);", script).group(1))["paper"]  # type: ignore[union-attr]
    for entry in opendata["papers"]:
        check("reading list", pattern.replace("{slug}", entry["slug"]))
    assert broken == []


#: Paths inside a site, as links join them: folders, `.`, `..`, empty parts, a leading `/`.
_PART = st.sampled_from(["papers", "tags", "x", "index.md", "a.md", ".", "..", ""])
_PATH = st.lists(_PART, max_size=5).map("/".join)


@given(_PATH, _PATH)
def test_a_relative_path_is_the_one_posixpath_gives(path: str, start: str) -> None:
    assert urls.relpath(path or ".", start or ".") == posixpath.relpath(path or ".", start or ".")
