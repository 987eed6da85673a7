"""A big listing as a reader pages, sorts and goes back through it (issue 29, items 6 and 8):
the sorted pages are entries of the history, each page starts at its top, the current page
is marked, the pager is readable and easy to hit, and each paper shows its authors."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.axe import axe_violations
from tests.browser.conftest import Served, Watch, build_and_serve
from tests.conftest import REPO

PER_PAGE = 3
PHONE: ViewportSize = {"width": 390, "height": 844}
WORDS = [
    "Zeta",
    "Alpha",
    "Mu",
    "Kappa",
    "Beta",
    "Omega",
    "Delta",
    "Gamma",
    "Sigma",
    "Epsilon",
    "Lambda",
    "Theta",
    "Iota",
    "Rho",
]
STATUSES = ["Poster", "Oral", "Reject", "Spotlight"]
VENUES = ["nips2019", "iclr2021", "icml2020"]


def _record(n: int) -> dict[str, Any]:
    return {
        "id": f"rl-{n}",
        "title": f"{WORDS[n]} policy optimization for reinforcement learning agents",
        "abstract": f"We study reinforcement learning with a {WORDS[n].lower()} policy "
        "optimization method for agents that learn from reward in environments.",
        "authors": [f"Author {n} One", f"Author {n} Two", f"Author {n} Three", "Ada Lovelace"],
        "venue": VENUES[n % 3],
        "status": STATUSES[n % 4],
        "tldr": f"A {WORDS[n].lower()} policy for reinforcement learning.",
    }


@pytest.fixture(scope="module")
def paged_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """An English digest of 14 papers with statuses, venues and authors, 3 a listing page."""
    root = tmp_path_factory.mktemp("browser-paged")
    settings = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    settings = re.sub(r"(?m)^(    per_page:) \d+", rf"\1 {PER_PAGE}", settings)
    settings = settings.replace("  language: zh", "  language: en")
    settings = re.sub(r"(?m)^(    author_pages:) \d+", r"\1 2", settings)
    text = "".join(json.dumps(_record(n)) + "\n" for n in range(len(WORDS)))
    config, server = build_and_serve(root, {"papers.jsonl": text}, {"mkdocs.yml": settings})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


def _biggest_tag(served: Served) -> tuple[str, list[list[Any]]]:
    """The tag with most papers, and its rows (listing order) from its sort data."""
    found = []
    for path in (served.site / "tags").glob("*/papers.json"):
        rows = json.loads(path.read_text(encoding="utf-8"))
        found.append((len(rows["papers"]), path.parent.name, rows))
    assert found, "no tag has several pages"
    _, slug, data = max(found, key=lambda entry: entry[0])
    return slug, data["papers"]


STATIC = ".md-content article > ul:not(.pd-sorted) > li > a:first-child"
SORTED = ".md-content ul.pd-sorted > li > a:first-child"


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


def test_the_listings_own_order_is_named_and_orals_come_first(
    paged_site: Served, page: Page
) -> None:
    slug, _rows = _biggest_tag(paged_site)
    page.goto(f"{paged_site.url}tags/{slug}/")
    select = page.get_by_label("Sort by")
    expect(select).to_have_value("")
    options = select.locator("option").all_inner_texts()
    assert options[0] == "Status (orals first)" and "Listing order (pages)" not in options
    assert options[1:] == ["Title", "Venue"], options
    shown = page.locator(".md-content article > ul:not(.pd-sorted) > li .pd-status")
    expect(shown).to_have_text(["Oral", "Oral", "Oral"])  # 14 papers: 4 orals, by title
    titles = _shown(page, STATIC)
    assert titles == sorted(titles)


def test_sorting_by_title_sorts_the_whole_tag(paged_site: Served, page: Page, watch: Watch) -> None:
    slug, rows = _biggest_tag(paged_site)
    titles = [row[1] for row in rows]
    assert len(titles) > 2 * PER_PAGE
    page.goto(f"{paged_site.url}tags/{slug}/")
    listing = page.locator(".md-content article > ul:not(.pd-sorted)")
    static_links = page.locator(STATIC)
    expect(static_links).to_have_count(PER_PAGE)
    static = _shown(page, STATIC)
    by_title = _by_title(page, titles)
    expected = by_title[:PER_PAGE]
    assert expected != static  # the first static page is not the answer
    select = page.get_by_label("Sort by")
    select.focus()
    select.select_option("title")
    sorted_list = page.locator(".md-content ul.pd-sorted")
    sorted_links = page.locator(SORTED)
    expect(sorted_links).to_have_text(expected)  # these titles, in this order, and no other
    expect(listing).to_be_hidden()
    expect(page.locator(".pd-sort-said")).to_contain_text("Title")
    # Each sorted paper shows what a numbered page shows: its authors, venue and status.
    first = page.locator(".md-content ul.pd-sorted > li").first
    expect(first.locator(".pd-list-authors")).to_contain_text("et al.")
    expect(first.locator(".pd-status")).to_be_visible()
    assert axe_violations(page, exclude=(".md-search",)) == []
    second = page.locator(".pd-sort-pager button", has_text=re.compile(r"^2$"))
    second.focus()
    expect(second).to_be_focused()
    page.keyboard.press("Enter")
    expect(sorted_links).to_have_text(by_title[PER_PAGE : 2 * PER_PAGE])
    expect(page.locator(".pd-sort-pager [aria-current=page]")).to_have_text("2")
    select.select_option("")
    expect(sorted_list).to_be_hidden()
    expect(listing).to_be_visible()
    expect(static_links).to_have_text(static)
    assert watch.console_errors == [] and watch.offsite_requests == []


def test_back_goes_back_through_the_sorted_pages(paged_site: Served, page: Page) -> None:
    slug, rows = _biggest_tag(paged_site)
    listing = f"{paged_site.url}tags/{slug}/"
    page.goto(paged_site.url)
    page.locator(f"article a[href$='tags/{slug}/']").first.click()
    expect(page).to_have_url(listing)
    page.get_by_label("Sort by").select_option("title")
    expect(page).to_have_url(f"{listing}?sort=title")
    ordered = _by_title(page, [row[1] for row in rows])
    for n in (2, 3):  # Next → twice, from the bottom of the page
        expect(page.locator(SORTED)).to_have_count(PER_PAGE)
        page.locator(".pd-sort-pager button", has_text="Next").click()
        expect(page).to_have_url(f"{listing}?sort=title&page={n}")
        expect(page.locator(SORTED).first).to_have_text(ordered[(n - 1) * PER_PAGE])
        # The new page starts at its top: the sort menu above its first paper is in view.
        expect(page.locator(".pd-sort")).to_be_in_viewport()
    page.go_back()
    expect(page).to_have_url(f"{listing}?sort=title&page=2")
    expect(page.locator(SORTED).first).to_have_text(ordered[PER_PAGE])
    page.go_back()
    expect(page).to_have_url(f"{listing}?sort=title")
    expect(page.locator(SORTED).first).to_have_text(ordered[0])
    page.go_back()
    expect(page).to_have_url(listing)
    expect(page.locator(".md-content article > ul:not(.pd-sorted)")).to_be_visible()
    expect(page.get_by_label("Sort by")).to_have_value("")
    page.go_back()
    expect(page).to_have_url(paged_site.url)
    page.go_forward()
    page.go_forward()
    expect(page).to_have_url(f"{listing}?sort=title")
    expect(page.locator(SORTED).first).to_have_text(ordered[0])


def test_without_javascript_the_numbered_pages_stay(paged_site: Served, browser: Browser) -> None:
    slug, rows = _biggest_tag(paged_site)
    context = browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    tab.goto(f"{paged_site.url}tags/{slug}/")
    assert tab.locator(".pd-sort, [data-pd-sort-by]:is(select)").count() == 0
    assert _shown(tab, ".md-content article > ul > li > a:first-child") == [
        row[1] for row in rows[:PER_PAGE]
    ]
    assert tab.locator("p.pd-pager a").count() > 0
    context.close()


def test_the_sort_and_its_page_are_kept_in_the_address(
    paged_site: Served, page: Page, watch: Watch
) -> None:
    slug, rows = _biggest_tag(paged_site)
    listing = f"{paged_site.url}tags/{slug}/"
    page.goto(listing)
    ordered = _by_title(page, [row[1] for row in rows])
    page.get_by_label("Sort by").select_option("title")
    expect(page.locator(SORTED)).to_have_count(PER_PAGE)
    expect(page).to_have_url(f"{listing}?sort=title")
    page.locator(".pd-sort-pager button", has_text=re.compile(r"^2$")).click()
    expect(page).to_have_url(f"{listing}?sort=title&page=2")
    second = ordered[PER_PAGE : 2 * PER_PAGE]

    def through_a_paper() -> None:
        page.locator(SORTED).first.click()
        page.wait_for_url(re.compile(r"/papers/"))
        page.go_back()

    for arrive in (page.reload, through_a_paper):
        arrive()
        expect(page.locator(SORTED).first).to_have_text(second[0])
        assert _shown(page, SORTED) == second
        assert page.get_by_label("Sort by").input_value() == "title"
        assert page.locator(".md-content article > ul:not(.pd-sorted)").is_hidden()
    page.get_by_label("Sort by").select_option("")
    expect(page).to_have_url(listing)
    page.goto(f"{listing}?sort=nonsense&page=2")
    assert page.locator(".md-content article > ul:not(.pd-sorted)").is_visible()
    assert page.get_by_label("Sort by").input_value() == ""
    page.goto(f"{listing}?sort=title&page=999")
    last = (len(rows) + PER_PAGE - 1) // PER_PAGE
    expect(page).to_have_url(f"{listing}?sort=title&page={last}")
    expect(page.locator(SORTED).first).to_have_text(ordered[(last - 1) * PER_PAGE])
    assert watch.console_errors == [] and watch.offsite_requests == []


def _boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.locator(selector).evaluate_all(
        """els => els.map(e => { const r = e.getBoundingClientRect();
             return {width: r.width, height: r.height, lines: e.getClientRects().length}; })"""
    )
    return found


@pytest.mark.parametrize("width", [1280, 390])
def test_the_pager_marks_the_current_page_and_is_easy_to_hit(
    paged_site: Served, browser: Browser, width: int
) -> None:
    slug, _ = _biggest_tag(paged_site)
    context = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=width < 600)
    page = context.new_page()
    page.goto(f"{paged_site.url}tags/{slug}/2/")
    pager = page.locator("p.pd-pager").first
    current = pager.locator("[aria-current=page]")
    expect(current).to_have_text("2")
    other = pager.locator("a", has_text=re.compile(r"^1$"))
    look = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]"
    assert current.evaluate(look) != other.evaluate(look)  # marked for the eye too
    for box in _boxes(page, "p.pd-pager a, p.pd-pager [aria-current]"):
        assert box["width"] >= 24 and box["height"] >= 24, box
        assert box["lines"] == 1, box  # "Next →" does not wrap
    page.get_by_label("Sort by").select_option("venue")
    expect(page.locator(".pd-sort-pager [aria-current=page]")).to_have_text("1")
    for box in _boxes(page, ".pd-sort-pager button"):
        assert box["width"] >= 24 and box["height"] >= 24 and box["lines"] == 1, box
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_listings_are_readable_in_both_palettes_hovered_and_focused(
    paged_site: Served, browser: Browser, scheme: str, width: int
) -> None:
    slug, _ = _biggest_tag(paged_site)
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        is_mobile=width < 600,
        color_scheme=scheme,  # type: ignore[arg-type]
    )
    page = context.new_page()
    page.goto(f"{paged_site.url}tags/{slug}/")
    found = {}
    found["page"] = axe_violations(page, exclude=(".md-search",))
    page.locator("p.pd-pager a").first.hover()
    found["hovered"] = axe_violations(page, exclude=(".md-search",))
    page.locator("li [data-pd-star]").first.click()  # the star right after a click
    found["star"] = axe_violations(page, exclude=(".md-search",))
    page.get_by_label("Sort by").select_option("title")
    expect(page.locator(SORTED)).to_have_count(PER_PAGE)
    page.locator(".pd-sort-pager button").nth(1).focus()
    found["sorted, focused"] = axe_violations(page, exclude=(".md-search",))
    context.close()
    assert {state: problems for state, problems in found.items() if problems} == {}


def test_a_listing_names_authors_and_fills_the_width(paged_site: Served, page: Page) -> None:
    slug, _ = _biggest_tag(paged_site)
    page.goto(f"{paged_site.url}tags/{slug}/")
    item = page.locator(".md-content article > ul:not(.pd-sorted) > li").first
    expect(item.locator(".pd-list-authors")).to_have_text(
        re.compile(r"^Author \d+ One, .* et al\.$")
    )
    # The star stays by its title, on the title's line; a line of facts follows, never
    # starting with a "·" left behind by the star.
    star = item.locator("[data-pd-star]")
    expect(star).to_be_visible()
    title_box = item.locator("a").first.evaluate(
        "a => { const r = [...a.getClientRects()].pop(); return [r.top, r.bottom]; }"
    )
    star_box = star.bounding_box()
    assert star_box is not None
    assert title_box[0] - 4 <= star_box["y"] + star_box["height"] / 2 <= title_box[1] + 4
    assert not re.search(r"☆\s*·", item.inner_text())
    # No empty column beside the listing at 1280 px: the text takes the room.
    width = page.locator(".md-content").evaluate("e => e.getBoundingClientRect().width")
    assert width > 900, width


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_sort_menu_and_search_filters_are_styled_in_either_palette(
    paged_site: Served, browser: Browser, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    slug, _ = _biggest_tag(paged_site)
    page.goto(f"{paged_site.url}tags/{slug}/")
    page.keyboard.press("/")
    page.keyboard.type("policy")
    expect(page.locator("select[data-filter='tag']")).to_be_visible()
    for select in (page.get_by_label("Sort by"), page.locator("select[data-filter='tag']")):
        look = select.evaluate(
            """s => { const c = getComputedStyle(s), r = s.getBoundingClientRect();
                 return [c.backgroundColor, c.color, c.appearance, r.height]; }"""
        )
        background, text = (_luminance(v) for v in look[:2])
        assert look[2] == "none" and look[3] >= 24, look  # the theme's, at least 24 px high
        if scheme == "dark":
            assert background < 0.2 < 0.6 < text, look  # not a white box in the dark
        else:
            assert text < 0.2 < 0.8 < background, look
    context.close()


def _luminance(css: str) -> float:
    r, g, b = (int(float(v)) / 255 for v in re.findall(r"[\d.]+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
