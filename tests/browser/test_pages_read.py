"""The map, the reading-list star, the statistics on a phone and the theme's words, as a reader
meets them (issue 29, items 9 to 12)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.axe import axe_violations
from tests.browser.conftest import Served

PHONE: ViewportSize = {"width": 390, "height": 844}


def test_the_map_keeps_its_search_after_back_and_says_when_it_lists_only_some(
    sample_site: Served, page: Page
) -> None:
    page.goto(sample_site.url + "map/")
    expect(page.locator(".pd-map.pd-map--ready")).to_be_visible()
    find = page.locator("[data-pd-map-find]")
    find.fill("learning")
    matches = page.locator("[data-pd-map-matches] a")
    expect(matches).to_have_count(10)
    said = page.locator("[data-pd-map-found]")
    expect(said).to_have_text("14 篇匹配的论文，下面列出前 10 篇；输入更多字词可缩小范围。")
    first = matches.first.inner_text()
    matches.first.click()
    page.wait_for_url(re.compile(r"/papers/"))
    page.go_back()
    expect(find).to_have_value("learning")
    expect(matches).to_have_count(10)
    expect(matches.first).to_have_text(first)
    expect(said).to_contain_text("14 篇匹配的论文")
    find.fill("")
    expect(page.locator("[data-pd-map-matches]")).to_be_hidden()
    expect(page).to_have_url(sample_site.url + "map/")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_the_star_is_readable_right_after_a_click_hovered_or_focused(
    english_site: Served, browser: Browser, scheme: str, width: int
) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        is_mobile=width < 600,
        has_touch=width < 600,
        color_scheme=scheme,  # type: ignore[arg-type]
    )
    page = context.new_page()
    page.goto(english_site.url + "browse/")
    page.locator("li > a[href*='papers/advancing-policy']").first.click()
    star = page.locator(".pd-links [data-pd-star]")
    star.click()
    expect(star).to_contain_text("In your reading list")
    star.hover()
    hovered = axe_violations(page, exclude=(".md-search",))
    star.focus()
    focused = axe_violations(page, exclude=(".md-search",))
    ratio = page.evaluate(CONTRAST, star.element_handle())
    context.close()
    assert hovered == [] and focused == []
    assert ratio >= 4.5, ratio


#: The contrast of an element's text with its background (the first opaque one behind it).
CONTRAST = """(e) => {
  const rgb = (css) => css.match(/[\\d.]+/g).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let back = e;
  while (back && rgb(getComputedStyle(back).backgroundColor)[3] === 0) back = back.parentElement;
  const bg = back ? rgb(getComputedStyle(back).backgroundColor) : [255, 255, 255];
  const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_on_a_phone_the_tag_matrix_scrolls_sideways_with_whole_readable_labels(
    sample_site: Served, browser: Browser
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(sample_site.url + "stats/")
    matrix = page.locator(".pd-matrix")
    expect(matrix).to_be_visible()
    heights = matrix.locator(".pd-chart-label").evaluate_all(
        "labels => labels.map(l => l.getBoundingClientRect().height)"
    )
    assert len(heights) >= 8 and min(heights) >= 10, heights  # 8 px when it shrank to fit
    frame = page.locator(".pd-figure--matrix")
    scrolls = frame.evaluate("f => f.scrollWidth > f.clientWidth")
    assert scrolls  # wider than the phone: its frame scrolls, the page does not
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    labels = matrix.locator(".pd-chart-label").all_text_contents()
    assert not any(label.endswith("…") for label in labels), labels
    context.close()


def test_the_chinese_site_speaks_chinese_in_the_theme_and_on_its_404(
    seed_site: Served, page: Page
) -> None:
    page.goto(seed_site.url + "tags/")
    expect(page.locator(".md-copyright")).to_contain_text("构建工具： Material for MkDocs")
    assert "Made with" not in page.locator(".md-copyright").inner_text()
    titles = page.locator("a.headerlink").evaluate_all("links => links.map(a => a.title)")
    assert titles and set(titles) == {"永久链接"}, titles
    # The tags table names all its columns (axe: empty-table-header).
    headers = page.locator("article table th").all_inner_texts()
    assert len(headers) == 3 and all(h.strip() for h in headers), headers
    response = page.goto(seed_site.url + "no/such/page/")
    assert response is not None and response.status == 404
    page.goto(seed_site.url + "404.html")
    expect(page.locator("article h1")).to_have_text("找不到页面")
    assert "Not found" not in page.locator("article").inner_text()
    page.locator("article a", has_text="返回首页").click()
    expect(page).to_have_url(seed_site.url)
