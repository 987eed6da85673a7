"""A big listing sorted in the browser: by title across the whole tag, not one page."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.axe import axe_violations
from tests.browser.conftest import Served, Watch, build_and_serve
from tests.conftest import REPO, SEED

PER_PAGE = 3


@pytest.fixture(scope="module")
def paged_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The seed with 3 papers a listing page, so its big tags have several pages."""
    root = tmp_path_factory.mktemp("browser-paged")
    settings = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    settings = re.sub(r"(?m)^(    per_page:) \d+", rf"\1 {PER_PAGE}", settings)
    config, server = build_and_serve(
        root, {SEED.name: SEED.read_text(encoding="utf-8")}, {"mkdocs.yml": settings}
    )
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


def _biggest_tag(served: Served) -> tuple[str, list[str]]:
    """The tag with most papers, and its papers' titles in listing order."""
    found = []
    for path in (served.site / "tags").glob("*/papers.json"):
        rows = json.loads(path.read_text(encoding="utf-8"))["papers"]
        found.append((len(rows), path.parent.name, [row[1] for row in rows]))
    assert found, "no tag has several pages"
    _, slug, titles = max(found)
    return slug, titles


def _shown(page: Page, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).evaluate_all(
        "links => links.map(a => a.textContent.trim())"
    )
    return found


def _by_title(page: Page, titles: list[str]) -> list[str]:
    """The titles as the page's language sorts them."""
    found: list[str] = page.evaluate(
        """titles => titles.slice().sort(new Intl.Collator(document.documentElement.lang,
             {sensitivity: "base", numeric: true}).compare)""",
        titles,
    )
    return found


def test_sorting_by_title_sorts_the_whole_tag(paged_site: Served, page: Page, watch: Watch) -> None:
    slug, titles = _biggest_tag(paged_site)
    assert len(titles) > 2 * PER_PAGE
    page.goto(f"{paged_site.url}tags/{slug}/")
    # Every check of what the page shows after a step waits for it (the sorted pages come
    # from a file the page fetches): a busy machine makes the page slow, not wrong.
    listing = page.locator(".md-content article > ul:not(.pd-sorted)")
    static_links = page.locator(".md-content article > ul:not(.pd-sorted) > li > a:first-child")
    expect(static_links).to_have_count(PER_PAGE)
    static = _shown(page, ".md-content article > ul:not(.pd-sorted) > li > a:first-child")
    by_title = _by_title(page, titles)
    expected = by_title[:PER_PAGE]
    assert expected != static  # the first static page is not the answer
    select = page.get_by_label(re.compile("排序方式"))
    select.focus()
    select.select_option("title")
    sorted_list = page.locator(".md-content ul.pd-sorted")
    sorted_links = page.locator(".md-content ul.pd-sorted > li > a:first-child")
    expect(sorted_links).to_have_text(expected)  # these titles, in this order, and no other
    expect(listing).to_be_hidden()
    expect(page.locator(".pd-sort-said")).to_contain_text("标题")
    assert axe_violations(page, exclude=(".md-search",)) == []
    # Its own pages: the second one goes on where the first stopped, by keyboard.
    second = page.locator(".pd-sort-pager button", has_text=re.compile(r"^2$"))
    second.focus()
    expect(second).to_be_focused()
    page.keyboard.press("Enter")
    expect(sorted_links).to_have_text(by_title[PER_PAGE : 2 * PER_PAGE])
    expect(page.locator(".pd-sort-pager [aria-current=page]")).to_have_text("2")
    # Back to the listing's own order: the static pages again.
    select.select_option("")
    expect(sorted_list).to_be_hidden()
    expect(listing).to_be_visible()
    expect(static_links).to_have_text(static)
    assert watch.console_errors == [] and watch.offsite_requests == []


def test_without_javascript_the_numbered_pages_stay(paged_site: Served, browser: Browser) -> None:
    slug, titles = _biggest_tag(paged_site)
    context = browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    tab.goto(f"{paged_site.url}tags/{slug}/")
    assert tab.locator(".pd-sort, [data-pd-sort-by]:is(select)").count() == 0
    shown = _shown(tab, ".md-content article > ul > li > a:first-child")
    assert shown == titles[:PER_PAGE]
    assert tab.locator("p.pd-pager a").count() > 0
    context.close()


def test_the_sort_and_its_page_are_kept_in_the_address(
    paged_site: Served, page: Page, watch: Watch
) -> None:
    slug, titles = _biggest_tag(paged_site)
    listing = f"{paged_site.url}tags/{slug}/"
    page.goto(listing)
    ordered = page.evaluate(
        """titles => titles.slice().sort(new Intl.Collator(document.documentElement.lang,
             {sensitivity: "base", numeric: true}).compare)""",
        titles,
    )
    page.get_by_label(re.compile("排序方式")).select_option("title")
    sorted_links = ".md-content ul.pd-sorted > li > a:first-child"
    expect(page.locator(sorted_links)).to_have_count(PER_PAGE)
    expect(page).to_have_url(f"{listing}?sort=title")
    page.locator(".pd-sort-pager button", has_text=re.compile(r"^2$")).click()
    expect(page).to_have_url(f"{listing}?sort=title&page=2")
    second = ordered[PER_PAGE : 2 * PER_PAGE]

    # A reload, a link or a bookmark shows the same sorted page, and so does the way back
    # from a paper it links to.
    def through_a_paper() -> None:
        page.locator(sorted_links).first.click()
        page.wait_for_url(re.compile(r"/papers/"))
        page.go_back()

    for arrive in (page.reload, through_a_paper):
        arrive()
        expect(page.locator(sorted_links).first).to_have_text(second[0])
        assert _shown(page, sorted_links) == second
        assert page.get_by_label(re.compile("排序方式")).input_value() == "title"
        assert page.locator(".md-content article > ul:not(.pd-sorted)").is_hidden()
    # Back to the listing's own order: the address is the listing's again.
    page.get_by_label(re.compile("排序方式")).select_option("")
    expect(page).to_have_url(listing)
    # A sort the listing does not offer, or a page past its last, is not taken as given.
    page.goto(f"{listing}?sort=nonsense&page=2")
    assert page.locator(".md-content article > ul:not(.pd-sorted)").is_visible()
    assert page.get_by_label(re.compile("排序方式")).input_value() == ""
    page.goto(f"{listing}?sort=title&page=999")
    last = (len(titles) + PER_PAGE - 1) // PER_PAGE
    expect(page).to_have_url(f"{listing}?sort=title&page={last}")
    expect(page.locator(sorted_links).first).to_have_text(ordered[(last - 1) * PER_PAGE])
    assert watch.console_errors == [] and watch.offsite_requests == []
