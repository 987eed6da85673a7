"""A reader in Chromium: the home page, a tag, a paper (with math), dark mode, a phone-sized
screen, offline loading and accessibility, on the built seed site and on a sample of real
papers (which, unlike the seed, has titles, TL;DRs and math).

Search (the header search box and its results) is tested with the search work itself.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from generator.pages.page import parse_page
from tests.browser.axe import axe_violations
from tests.browser.conftest import Served, Watch

#: The search box and dialog: checked by the search tests, not here.
SEARCH_UI = (".md-search",)


def pages_of(served: Served) -> dict[str, dict[str, Any]]:
    """Front matter of every paper page, by slug."""
    out = {}
    for path in sorted(served.config.papers_dir.glob("*.md")):
        meta, body, _ = parse_page(path.read_text(encoding="utf-8"), path.name)
        out[path.stem] = {**meta, "body": body}
    return out


def html_pages(site: Path) -> list[str]:
    """Every page of a built site, as a URL path relative to the site root."""
    urls = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        urls.append(rel.removesuffix("index.html"))
    return urls


def test_home_page_shows_the_digest_and_links_every_tag(seed_site: Served, page: Page) -> None:
    page.goto(seed_site.url)
    expect(page.locator("article h1")).to_have_text(re.compile(r"^ICLR 2026 论文列表"))
    expect(page.locator("article")).to_contain_text("19 篇论文")
    tags = {p.parent.name for p in (seed_site.site / "tags").glob("*/index.html")}
    linked = {
        href.strip("/").split("/")[-1]
        for href in page.locator("article li a[href*='tags/']").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
    }
    assert linked == tags


def test_a_tag_link_lists_exactly_that_tags_papers(seed_site: Served, page: Page) -> None:
    page.goto(seed_site.url)
    page.locator("article li a[href*='tags/']").first.click()
    page.wait_for_url(re.compile(r"/tags/[^/]+/$"))
    slug = page.url.rstrip("/").rsplit("/", 1)[-1]
    listed = {
        href.rstrip("/").rsplit("/", 1)[-1]
        for href in page.locator("article li a[href*='papers/']").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
    }
    tagged = {name for name, meta in pages_of(seed_site).items() if slug in meta["tags"]}
    assert listed == tagged and listed


def test_a_paper_page_shows_its_parts_and_an_edit_link_to_its_file(
    seed_site: Served, page: Page
) -> None:
    slug, meta = next(
        (slug, meta)
        for slug, meta in pages_of(seed_site).items()
        if "pd-related" in (seed_site.site / "papers" / slug / "index.html").read_text("utf-8")
    )
    page.goto(f"{seed_site.url}papers/{slug}/")
    expect(page.locator("article h1")).to_have_text(meta["title"])
    chips = page.locator(".pd-tags a.pd-tag").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert [href.rstrip("/").rsplit("/", 1)[-1] for href in chips] == meta["tags"]
    expect(page.locator(".pd-tldr")).to_contain_text(meta["summary"].rstrip("…"))
    edit = page.locator("a[rel='edit']")
    expect(edit).to_have_attribute(
        "href", re.compile(rf"/edit/main/site_src/papers/{re.escape(slug)}\.md$")
    )
    related = page.locator(".pd-related li a")
    assert related.count() >= 1
    title = related.first.inner_text()
    related.first.click()
    page.wait_for_url(re.compile(r"/papers/[^/]+/$"))
    expect(page.locator("article h1")).to_have_text(title)
    assert page.url.rstrip("/").rsplit("/", 1)[-1] != slug


def test_a_paper_with_math_shows_it_rendered(sample_site: Served, page: Page) -> None:
    slug, meta = next(
        (slug, meta)
        for slug, meta in pages_of(sample_site).items()
        if re.search(r"\$\\[a-z]+", meta["body"]) and meta.get("tldr")
    )
    page.goto(f"{sample_site.url}papers/{slug}/")
    expect(page.locator("article h1")).to_have_text(meta["title"])
    formula = page.locator("article math").first
    expect(formula).to_be_visible()
    box = formula.bounding_box()
    assert box is not None and box["width"] > 0 and box["height"] > 0
    text = page.locator("article").inner_text()
    assert not re.search(r"\$\\[a-z]+", text), "LaTeX source shown instead of math"
    expect(page.locator(".pd-tldr")).to_contain_text(meta["tldr"][:40])


def test_the_palette_toggle_switches_to_dark_mode_and_back(seed_site: Served, page: Page) -> None:
    page.goto(seed_site.url)
    body = page.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    page.locator("form[data-md-component='palette'] label:visible").click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    page.reload()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")  # the choice is kept
    page.locator("form[data-md-component='palette'] label:visible").click()
    expect(body).to_have_attribute("data-md-color-scheme", "default")


def test_the_palette_chosen_on_one_page_holds_on_every_page(seed_site: Served, page: Page) -> None:
    # The theme's scope and palette scripts come from shared files (assets/base.js and
    # palette.js): the scope is the site's root from a page at any depth.
    page.goto(seed_site.url)
    page.locator("form[data-md-component='palette'] label:visible").click()
    slug = next(iter(pages_of(seed_site)))
    for path in ("tags/", f"papers/{slug}/"):
        page.goto(seed_site.url + path)
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
        assert page.evaluate("__md_scope.href") == seed_site.url


@pytest.mark.parametrize("which", ["home", "paper", "tag", "browse", "math", "longest title"])
def test_a_phone_screen_needs_no_horizontal_scroll(
    seed_site: Served, sample_site: Served, browser: Browser, which: str
) -> None:
    sample = pages_of(sample_site)
    most_math = max(sample, key=lambda slug: sample[slug]["body"].count("$"))
    url = {
        "home": seed_site.url,
        "paper": f"{seed_site.url}papers/{next(iter(pages_of(seed_site)))}/",
        "tag": f"{seed_site.url}tags/{next((seed_site.site / 'tags').glob('*/')).name}/",
        "browse": f"{sample_site.url}browse/",
        "math": f"{sample_site.url}papers/{most_math}/",
        "longest title": (
            f"{sample_site.url}papers/{max(sample, key=lambda s: len(sample[s]['title']))}/"
        ),
    }[which]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        tab = context.new_page()
        tab.goto(url)
        tab.wait_for_load_state("networkidle")
        widths = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], (
            f"{url}: page is {widths[0]}px wide on a {widths[1]}px screen"
        )
    finally:
        context.close()


def test_every_page_loads_offline_without_console_errors(
    seed_site: Served, page: Page, watch: Watch
) -> None:
    urls = html_pages(seed_site.site)
    assert len(urls) > 40
    # A few with the network left to settle (scripts may fetch after loading), all loaded.
    settle = {"", "tags/", "browse/", urls[-1]}
    for url in urls:
        page.goto(seed_site.url + url, wait_until="networkidle" if url in settle else "load")
    assert watch.console_errors == []
    assert watch.offsite_requests == []
    assert watch.dialogs == []


def _axe_url(served: Served, which: str) -> str:
    if which == "home":
        return served.url
    if which == "tag":
        return f"{served.url}tags/{next((served.site / 'tags').glob('*/')).name}/"
    return f"{served.url}papers/{next(iter(pages_of(served)))}/"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("which", ["home", "paper", "tag"])
def test_axe_finds_no_serious_accessibility_violations(
    seed_site: Served, sample_site: Served, browser: Browser, which: str, scheme: str
) -> None:
    context = browser.new_context(
        viewport={"width": 1280, "height": 900},
        color_scheme="dark" if scheme == "dark" else "light",
    )
    try:
        tab = context.new_page()
        found = []
        for served in (seed_site, sample_site):
            tab.goto(_axe_url(served, which))
            tab.wait_for_load_state("networkidle")
            found += axe_violations(tab, exclude=SEARCH_UI)
        assert found == []
    finally:
        context.close()


def test_the_site_title_shows_once_in_the_menu_and_the_home_entry_says_home(
    seed_site: Served, browser: Browser
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        tab = context.new_page()
        tab.goto(seed_site.url)
        tab.locator("label.md-header__button[for='__drawer']").click()
        drawer = tab.locator("nav.md-nav--primary").first
        expect(drawer).to_be_visible()
        title = seed_site.config.site_name
        assert drawer.inner_text().count(title) == 1
        expect(drawer.locator(".md-nav__link").first).to_have_text("首页")
    finally:
        context.close()


def test_authors_and_venues_are_in_the_menu_only_when_the_input_names_them(
    seed_site: Served, page: Page
) -> None:
    page.goto(seed_site.url + "stats/")
    menu = page.locator("nav.md-nav--primary a.md-nav__link")
    hrefs = menu.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert not any(h.rstrip("/").endswith(("authors", "venues")) for h in hrefs), hrefs
    footer = page.locator(".md-footer__link").evaluate_all("links => links.map(a => a.href)")
    assert not any("/authors/" in h or "/venues/" in h for h in footer), footer


def test_a_paper_page_has_a_skip_to_content_link(seed_site: Served, page: Page) -> None:
    page.goto(f"{seed_site.url}papers/{next(iter(pages_of(seed_site)))}/")
    page.keyboard.press("Tab")
    skip = page.locator(".md-skip:focus")  # the first stop
    expect(skip).to_have_count(1)
    target = (skip.get_attribute("href") or "").lstrip("#")
    assert page.locator(f"article [id='{target}']").count() == 1
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the next stop is in the article, past the header and menu
    assert page.evaluate("!!document.activeElement.closest('article')")


def test_the_palette_toggles_speak_the_sites_language(seed_site: Served, page: Page) -> None:
    page.goto(seed_site.url)
    labels = page.locator("form[data-md-component='palette'] label").evaluate_all(
        "labels => labels.map(l => l.title)"
    )
    assert labels == ["切换到深色模式", "切换到浅色模式"]
    inputs = page.locator("form[data-md-component='palette'] input").evaluate_all(
        "inputs => inputs.map(i => i.getAttribute('aria-label'))"
    )
    assert inputs == labels


def test_the_home_page_shows_papers_to_read_without_scrolling(
    seed_site: Served, page: Page
) -> None:
    page.goto(seed_site.url)
    first = page.locator("article a[href*='papers/']").first
    expect(first).to_be_in_viewport()
    first.click()
    page.wait_for_url(re.compile(r"/papers/[^/]+/$"))
