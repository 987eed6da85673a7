"""The reader features in Chromium: map, reading list, copy buttons, charts, phones, search."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from generator.features.context import Labels
from tests.browser.axe import axe_violations
from tests.browser.conftest import Served, Watch, build_and_serve
from tests.structured import RECORDS, jsonl, settings

PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def features_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The structured fixture (authors, venues, statuses), in the default language (zh)."""
    root = tmp_path_factory.mktemp("browser-features")
    config, server = build_and_serve(root, {"papers.jsonl": jsonl()}, {"mkdocs.yml": settings()})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


def slug_of(site: Served, prefix: str) -> str:
    return next((site.site / "papers").glob(f"{prefix}*")).name


#: The pixels the map's canvas has painted.
_PAINTED = """() => {
  const c = document.querySelector('.pd-map-canvas');
  const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
  return n;
}"""


def painted_pixels(page: Page) -> int:
    return int(page.evaluate(_PAINTED))


def drawn(page: Page) -> int:
    """The pixels the map painted, once it has drawn: it draws in an animation frame, and
    again in the next after a resize (which clears the canvas), so wait for a painted canvas
    and then two frames more, by which any draw asked for before has run."""
    expect(page.locator(".pd-map.pd-map--ready")).to_be_visible()
    page.wait_for_function(f"({_PAINTED})() > 0")
    next_frames(page)
    return painted_pixels(page)


def next_frames(page: Page) -> None:
    """Return once the page has rendered two more animation frames."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def test_the_map_draws_every_paper_and_a_click_opens_one(
    features_site: Served, page: Page, watch: Watch
) -> None:
    page.goto(features_site.url + "map/")
    assert drawn(page) > 0
    assert page.evaluate("window.pdMap.count") == len(RECORDS)
    url, title = page.evaluate("[window.PD_MAP.points[2][3], window.PD_MAP.points[2][4]]")
    at = page.evaluate("window.pdMap.clientPoint(2)")
    page.mouse.move(at["x"], at["y"])
    expect(page.locator(".pd-map-tip")).to_contain_text(title)
    page.mouse.click(at["x"], at["y"])
    page.wait_for_url(features_site.url + url)  # the page's address from the site root
    expect(page.locator("h1")).to_have_text(title)
    assert watch.console_errors == [] and watch.offsite_requests == []


def test_map_search_and_legend_pick_out_papers(features_site: Served, page: Page) -> None:
    page.goto(features_site.url + "map/")
    before = drawn(page)
    page.locator("[data-pd-map-find]").fill("video transformers")
    expect(page.locator("[data-pd-map-found]")).to_have_text("1 篇匹配的论文")
    page.wait_for_function(f"({_PAINTED})() !== {before}")  # the other papers are dimmed
    legend = page.locator("[data-pd-map-tag]").first
    legend.click()
    expect(legend).to_have_attribute("aria-pressed", "true")


def test_star_then_reading_list_then_export(
    features_site: Served, page: Page, watch: Watch, tmp_path: Path
) -> None:
    cited = slug_of(features_site, "advancing-policy")
    page.goto(features_site.url + f"papers/{cited}/")
    star = page.locator(".pd-links .pd-star")
    expect(star).to_be_visible()
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    # A star beside a paper in a list; this paper has no authors, so no BibTeX.
    page.goto(features_site.url + "browse/")
    uncited = slug_of(features_site, "an-untitled-study")
    expect(page.locator(f"li [data-pd-star='{cited}']")).to_have_attribute("aria-pressed", "true")
    page.locator(f"li [data-pd-star='{uncited}']").click()
    page.goto(features_site.url + "reading-list/")
    items = page.locator("[data-pd-reading-list] li")
    expect(items).to_have_count(2)
    expect(items.first).to_contain_text("Advancing Policy Optimization for Language Agents")
    expect(items.first.locator(".pd-reading-byline")).to_contain_text("Wei Pei")
    with page.expect_download() as download:
        page.locator("[data-pd-export=bibtex]").click()
    assert download.value.suggested_filename == "reading-list.bib"
    bib = Path(download.value.path()).read_text(encoding="utf-8")
    assert bib.startswith("@inproceedings{pei2026iclr-advancing,") and bib.count("@") == 1
    expect(page.locator("[data-pd-reading-note]")).to_contain_text("1")
    with page.expect_download() as download:
        page.locator("[data-pd-export=markdown]").click()
    markdown = Path(download.value.path()).read_text(encoding="utf-8").splitlines()
    assert markdown[0].startswith("- Wei Pei, Ada Lovelace, and José Núñez. [Advancing Policy")
    assert markdown[1] == (
        "- [An Untitled Study of Self-Supervised Representation Learning]"
        f"({features_site.url}papers/{uncited}/)"
    )
    items.first.locator("[data-pd-star]").click()  # unstar from the list itself
    expect(items).to_have_count(1)
    page.reload()
    expect(items).to_have_count(1)
    assert watch.console_errors == [] and watch.offsite_requests == []


def test_without_authors_the_list_exports_markdown_only(seed_site: Served, page: Page) -> None:
    page.goto(seed_site.url + "browse/")
    page.locator("li [data-pd-star]").first.click()
    page.goto(seed_site.url + "reading-list/")
    expect(page.locator("[data-pd-reading-list] li")).to_have_count(1)
    expect(page.locator("[data-pd-export=markdown]")).to_be_visible()
    expect(page.locator("[data-pd-export=bibtex]")).to_be_hidden()
    expect(page.locator("[data-pd-copy-list=bibtex]")).to_be_hidden()


def test_without_javascript_no_dead_buttons_show(features_site: Served, browser: Browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(features_site.url + f"papers/{slug_of(features_site, 'advancing-policy')}/")
    expect(page.locator(".pd-links .pd-star")).to_be_hidden()
    expect(page.locator(".pd-cite .pd-copy").first).to_be_hidden()
    expect(page.locator("pre[data-format=bibtex]")).to_be_visible()
    context.close()


def test_copy_buttons_copy_each_citation(features_site: Served, browser: Browser) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(features_site.url + f"papers/{slug_of(features_site, 'advancing-policy')}/")
    buttons = page.locator(".pd-cite .pd-copy")
    expect(buttons).to_have_count(3)
    for i, fmt in enumerate(("bibtex", "plain", "markdown")):
        expect(buttons.nth(i)).to_be_visible()
        buttons.nth(i).click()
        expect(buttons.nth(i)).to_have_text("已复制")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.locator(f"pre[data-format={fmt}]").inner_text().strip()
    assert page.evaluate("navigator.clipboard.readText()").startswith("Wei Pei, Ada Lovelace")
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_stats_charts_are_labelled_and_follow_the_scheme(
    features_site: Served, browser: Browser, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(features_site.url + "stats/")
    charts = page.locator("svg.pd-chart")
    expect(charts).to_have_count(4)
    for i in range(4):
        ids = (charts.nth(i).get_attribute("aria-labelledby") or "").split()
        role = charts.nth(i).get_attribute("role")  # "figure" when its bars are links
        assert role in ("img", "figure") and len(ids) == 2
        assert all(page.locator(f"[id='{x}']").text_content() for x in ids)
    colours = page.evaluate(
        """() => {
          const fill = (s) => getComputedStyle(document.querySelector(s)).fill;
          const bg = getComputedStyle(document.body).backgroundColor;
          return [fill('.pd-chart-label'), fill('.pd-chart-bar'), bg];
        }"""
    )
    text, bar, background = (rgb(c) for c in colours)
    assert contrast(text, background) >= 4.5 and contrast(bar, background) >= 3
    context.close()


def rgb(css: str) -> tuple[float, ...]:
    return tuple(float(v) for v in re.findall(r"[\d.]+", css)[:3])


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    def luminance(c: tuple[float, ...]) -> float:
        lin = [
            (v / 255) / 12.92 if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4
            for v in c
        ]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_new_pages_fit_a_phone(features_site: Served, browser: Browser) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    paths = [
        "",
        "stats/",
        "map/",
        "reading-list/",
        "authors/",
        "authors/wei-pei/",
        "authors/by/p/",
        "venues/",
        "venues/iclr-2026/",
        "tags/graph-learning/",
        f"papers/{slug_of(features_site, 'advancing-graph')}/",
    ]
    wide = {}
    for path in paths:
        page.goto(features_site.url + path)
        page.wait_for_load_state("load")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[path] = width
    assert wide == {}
    context.close()


def test_a_tap_on_the_map_shows_the_title_and_a_link(
    features_site: Served, browser: Browser
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(features_site.url + "map/")
    drawn(page)  # where the points are once the map has its size
    url, title = page.evaluate("[window.PD_MAP.points[0][3], window.PD_MAP.points[0][4]]")
    at = page.evaluate("window.pdMap.clientPoint(0)")
    page.touchscreen.tap(at["x"], at["y"])
    tip = page.locator(".pd-map-tip")
    expect(tip).to_contain_text(title)
    tip.locator(".pd-map-open").click()
    page.wait_for_url(features_site.url + url)  # the page's address from the site root
    context.close()


def test_list_stars_are_targets_of_at_least_24_pixels(
    features_site: Served, browser: Browser
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(features_site.url + "browse/")
    stars = page.locator("li [data-pd-star]")
    expect(stars.first).to_be_visible()
    for i in range(stars.count()):
        box = stars.nth(i).bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24, box
    context.close()


def test_on_a_phone_the_map_says_tap_not_point(features_site: Served, browser: Browser) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(features_site.url + "map/")
    text = page.locator("article").inner_text()
    assert "指向圆点" not in text and "轻点圆点" in text
    context.close()


def test_the_keyboard_reaches_a_paper_from_the_map(features_site: Served, page: Page) -> None:
    page.goto(features_site.url + "map/")
    expect(page.locator(".pd-map.pd-map--ready")).to_be_visible()
    page.locator("[data-pd-map-find]").focus()
    page.keyboard.type("video transformers")
    expect(page.locator("[data-pd-map-found]")).to_have_text("1 篇匹配的论文")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.textContent")
    assert "Video Transformers" in focused or "video transformers" in focused.lower()
    page.keyboard.press("Enter")
    page.wait_for_url("**/papers/**")
    expect(page.locator("article h1")).to_contain_text(focused.strip())


def test_one_saved_paper_is_one_paper(features_site: Served, page: Page) -> None:
    page.goto(features_site.url + "browse/")
    page.locator("li [data-pd-star]").first.click()
    page.goto(features_site.url + "reading-list/")
    expect(page.locator("[data-pd-reading-count]")).to_have_text("已收藏 1 篇论文")


def test_english_counts_say_one_paper_and_separate_thousands(
    english_site: Served, page: Page
) -> None:
    single = next(
        path.parent.name
        for path in sorted((english_site.site / "tags").glob("*/index.html"))
        if "1 paper tagged" in path.read_text(encoding="utf-8")
    )
    page.goto(english_site.url + f"tags/{single}/")
    expect(page.locator("article")).not_to_contain_text("1 papers")
    page.goto(english_site.url + "browse/")
    page.locator("li [data-pd-star]").first.click()
    page.goto(english_site.url + "reading-list/")
    expect(page.locator("[data-pd-reading-count]")).to_have_text("1 saved paper")
    assert Labels({"paper_count": "{n} papers"}).counted("paper_count", 2000) == "2,000 papers"
    assert Labels({"a": "{n} x", "a_one": "1 y"}).counted("a", 1) == "1 y"


PAGE_KINDS = [
    "",
    "tags/",
    "tags/graph-learning/",
    "browse/",
    "stats/",
    "map/",
    "reading-list/",
    "authors/",
    "authors/wei-pei/",
    "authors/by/p/",
    "venues/",
    "venues/iclr-2026/",
    "paper",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_any_page_kind_in_either_palette(
    features_site: Served, browser: Browser, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(features_site.url + "browse/")
    for star in page.locator("li [data-pd-star]").all()[:2]:
        star.click()  # the reading list then shows papers, bylines and export buttons
    found = {}
    for path in PAGE_KINDS:
        url = f"papers/{slug_of(features_site, 'advancing-policy')}/" if path == "paper" else path
        page.goto(features_site.url + url)
        page.wait_for_load_state("networkidle")
        if path == "reading-list/":
            expect(page.locator("[data-pd-export=bibtex]")).to_be_visible()
        if path == "map/":
            expect(page.locator(".pd-map.pd-map--ready")).to_be_visible()
        assert page.locator("body").get_attribute("data-md-color-scheme") == (
            "slate" if scheme == "dark" else "default"
        )
        problems = axe_violations(page, exclude=(".md-search",))
        if problems:
            found[path] = problems
    assert found == {}
    context.close()


def test_authors_and_venues_are_in_the_menu(features_site: Served, page: Page) -> None:
    page.goto(features_site.url + "stats/")
    hrefs = page.locator("nav.md-nav--primary a.md-nav__link").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert "../authors/" in hrefs and "../venues/" in hrefs, hrefs


def test_search_filters_and_results_name_statuses_as_badges_do(
    features_site: Served, page: Page
) -> None:
    page.goto(features_site.url)
    page.keyboard.press("/")
    page.keyboard.type("advancing")
    status = page.locator("select[data-filter='status']")
    expect(status).to_be_visible()
    options = status.locator("option").all_inner_texts()[1:]
    assert {o.rsplit(" (", 1)[0] for o in options} >= {"口头报告", "焦点报告", "海报"}, options
    facts = page.locator(".pd-search__facts").all_inner_texts()
    assert facts and not any(re.search(r"\b(Oral|Poster|Spotlight)\b", f) for f in facts), facts


def test_stats_bars_are_links_and_the_matrix_is_readable_on_a_phone(
    features_site: Served, browser: Browser
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(features_site.url + "stats/")
    bars = page.locator("#pd-chart-tags ~ .pd-figure svg a.pd-chart-link").first
    label = bars.locator(".pd-chart-label").text_content() or ""
    bars.click()
    page.wait_for_url("**/tags/**")
    expect(page.locator("article h1")).to_contain_text(label)
    page.goto(features_site.url + "stats/")
    sizes = page.locator(".pd-matrix .pd-chart-label").evaluate_all(
        "labels => labels.map(l => l.getBoundingClientRect().height)"
    )
    assert sizes and min(sizes) >= 10, sizes  # about 7 px when the matrix shrank to fit
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
