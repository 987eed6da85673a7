"""The search and the menu with the keyboard, on a desktop and on a phone (issue 29, item 5;
item 13's header button)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.axe import axe_violations
from tests.browser.conftest import Served

PHONE: ViewportSize = {"width": 390, "height": 844}
RESULTS = ".md-search-result__item:not(.pd-search__more)"
SEARCH_BUTTON = "label.md-header__button[for='__search']"
MENU_BUTTON = "label.md-header__button[for='__drawer']"


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def still(page: Page) -> None:
    """No transitions on the page: an element the focus shows (a heading's ¶) shows at once."""
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")


def focused(page: Page) -> dict[str, object]:
    """The focused element: where it is, whether it is shown, inside the search or the menu."""
    return dict(
        page.evaluate(
            """() => {
              const e = document.activeElement;
              const box = e.getBoundingClientRect();
              const style = getComputedStyle(e);
              return {
                html: e.outerHTML.slice(0, 120),
                shown: box.width > 0 && box.height > 0 && style.visibility !== "hidden"
                  && Number(style.opacity) > 0 && box.right > 0 && box.left < innerWidth,
                search: !!e.closest(".md-search__output"),
                dialog: !!e.closest(".md-search__inner"),
                menu: !!e.closest(".md-sidebar--primary"),
                body: e === document.body,
                // Material's palette toggle is a hidden radio button: its visible button
                // shows the focus instead.
                label: [...(e.closest(".md-header__option")?.querySelectorAll("label") || [])]
                  .some((l) => !l.hidden && getComputedStyle(l).outlineStyle !== "none"),
              };
            }"""
        )
    )


def settled(page: Page) -> None:
    expect(page.locator(".md-search-result__list")).to_have_attribute("aria-busy", "false")


def test_tab_reaches_the_results_and_escape_gives_the_focus_back(
    seed_site: Served, page: Page
) -> None:
    page.goto(seed_site.url)
    still(page)
    start = page.locator("article a[href*='tags/']").first
    start.focus()
    page.keyboard.press("/")
    page.keyboard.type("learning")
    settled(page)
    first = page.locator(f"{RESULTS} a").first
    for _ in range(8):  # past the scroll area and the filter lists to the first result
        page.keyboard.press("Tab")
        if first.evaluate("(a) => a === document.activeElement"):
            break
    expect(first).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator(f"{RESULTS} a").nth(1)).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#__search")).not_to_be_checked()
    expect(start).to_be_focused()
    page.keyboard.press("Tab")  # on from where the reader was, never into the closed search
    now = focused(page)
    assert now["shown"] and not now["search"], now


def test_after_the_arrow_keys_escape_leaves_no_focus_on_a_hidden_result(
    seed_site: Served, page: Page
) -> None:
    page.goto(seed_site.url)
    still(page)
    page.keyboard.press("/")
    page.keyboard.type("learning")
    settled(page)
    page.keyboard.press("ArrowDown")
    expect(page.locator(f"{RESULTS} a").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#__search")).not_to_be_checked()
    assert not focused(page)["search"]
    for _ in range(3):
        page.keyboard.press("Tab")
        now = focused(page)
        assert now["shown"] and not now["search"], now


@pytest.mark.parametrize("width", [1280, 390])
def test_tab_from_the_top_meets_only_what_is_shown(
    seed_site: Served, browser: Browser, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=width < 600)
    page = context.new_page()
    page.goto(seed_site.url + "tags/")
    still(page)
    page.keyboard.press("/")
    page.keyboard.type("models")
    settled(page)
    page.keyboard.press("Escape")  # a search that was open and closed again hides its results
    page.evaluate("document.activeElement.blur()")
    for _ in range(40):
        page.keyboard.press("Tab")
        now = focused(page)
        if now["body"]:
            continue
        # Nothing hidden takes the focus: no result, no link of the closed menu.
        assert now["shown"] or (now["label"] and not now["search"]), now
        assert not now["search"], now
        if width < 600:
            assert not now["menu"] and not now["dialog"], now
    context.close()


def test_on_a_phone_the_search_button_opens_the_search_from_the_keyboard(
    seed_site: Served, phone: Page
) -> None:
    phone.goto(seed_site.url)
    button = phone.locator(SEARCH_BUTTON)
    for _ in range(10):
        phone.keyboard.press("Tab")
        if button.evaluate("(b) => b === document.activeElement"):
            break
    expect(button).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "false")
    phone.keyboard.press("Enter")
    expect(phone.locator(".md-search__input")).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "true")
    phone.keyboard.type("reinforcement")
    settled(phone)
    expect(phone.locator(RESULTS).first).to_be_in_viewport()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.keyboard.press("Escape")
    expect(button).to_be_focused()


@pytest.mark.parametrize("how", ["/", "Tab"])
def test_on_a_phone_the_open_search_fits_the_screen(
    seed_site: Served, phone: Page, how: str
) -> None:
    phone.goto(seed_site.url)
    if how == "/":
        phone.keyboard.press("/")
    else:
        phone.locator(SEARCH_BUTTON).focus()
        phone.keyboard.press("Space")
    expect(phone.locator(".md-search__input")).to_be_focused()
    phone.keyboard.type("models")
    settled(phone)
    expect(phone.locator("select[data-filter='tag']")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = phone.locator(".md-search__inner").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]


def test_on_a_phone_the_menu_opens_from_the_keyboard_and_escape_closes_it(
    seed_site: Served, phone: Page
) -> None:
    phone.goto(seed_site.url)
    still(phone)  # the menu slides in: where it ends is what counts
    menu = phone.locator(MENU_BUTTON)
    for _ in range(5):
        phone.keyboard.press("Tab")
        if menu.evaluate("(b) => b === document.activeElement"):
            break
    expect(menu).to_be_focused()
    phone.keyboard.press("Enter")
    expect(phone.locator("#__drawer")).to_be_checked()
    expect(menu).to_have_attribute("aria-expanded", "true")
    now = focused(phone)
    assert now["menu"] and now["shown"], now  # the focus moved into the open menu
    phone.keyboard.press("Escape")
    expect(phone.locator("#__drawer")).not_to_be_checked()
    expect(menu).to_be_focused()


def test_tag_author_and_venue_results_say_what_they_are(english_site: Served, page: Page) -> None:
    page.goto(english_site.url)
    page.keyboard.press("/")
    edges = {}
    for query, kind, href in [
        ("Wei Pei", "Author", "/authors/"),
        ("ICLR 2026", "Venue", "/venues/"),
        ("Reinforcement learning", "Tag", "/tags/"),
    ]:
        page.locator(".md-search__input").fill(query)
        settled(page)
        other = page.locator(RESULTS).filter(has=page.locator(f"a[href*='{href}']")).first
        expect(other.locator(".pd-search__kind")).to_have_text(kind)
        edges[kind] = other.evaluate("(li) => getComputedStyle(li).boxShadow")
        papers = page.locator(RESULTS).filter(has=page.locator("a[href*='/papers/']"))
        for paper in papers.all():
            expect(paper.locator(".pd-search__kind")).to_have_count(0)
            edges["paper"] = paper.evaluate("(li) => getComputedStyle(li).boxShadow")
    assert edges["paper"] not in (edges["Author"], edges["Venue"], edges["Tag"]), edges


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_in_the_header_on_a_phone(
    seed_site: Served, browser: Browser, scheme: str
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    found = {}
    for path in ("", "tags/", "browse/"):
        page.goto(seed_site.url + path)
        problems = axe_violations(page)
        if problems:
            found[path] = problems
    context.close()
    assert found == {}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_nothing_serious_in_the_open_search_pointed_at_or_focused(
    english_site: Served, browser: Browser, scheme: str, width: int
) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        is_mobile=width < 600,
        color_scheme=scheme,  # type: ignore[arg-type]
    )
    page = context.new_page()
    page.goto(english_site.url)
    page.keyboard.press("/")
    page.keyboard.type("reinforcment learning")  # a correction, a tag page and papers
    settled(page)
    expect(page.locator(".pd-search__suggest")).to_be_visible()
    expect(page.locator("select[data-filter='tag']")).to_be_visible()
    found = {"open": axe_violations(page)}
    page.locator(f"{RESULTS} a").nth(1).hover()
    found["hovered"] = axe_violations(page)
    page.locator(f"{RESULTS} a").first.focus()
    found["focused"] = axe_violations(page)
    page.locator("select[data-filter='tag']").focus()
    found["filter focused"] = axe_violations(page)
    context.close()
    assert {state: problems for state, problems in found.items() if problems} == {}
