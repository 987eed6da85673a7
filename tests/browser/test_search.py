"""A reader searches the seed site from the header search box (Pagefind, by `digest build`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from generator.engine import pagefind as search_index
from generator.pipeline import generate
from tests.browser.conftest import Served, Watch, build_and_serve
from tests.conftest import SEED

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
RESULTS = ".md-search-result__item:not(.pd-search__more)"


def search(page: Page, site: Served, query: str) -> None:
    """Open the search with its keyboard shortcut, type the query, wait for a result."""
    page.goto(site.url)
    page.keyboard.press("/")
    expect(page.locator(".md-search__input")).to_be_focused()
    page.keyboard.type(query)
    expect(page.locator(RESULTS).first).to_be_visible()


def count(page: Page) -> int:
    """The number of matches the search reports (Material's "N matching documents")."""
    text = page.locator(".md-search-result__meta").inner_text()
    digits = re.sub(r"\D", "", text)
    return int(digits) if digits else 1


def titles(page: Page) -> list[str]:
    return page.locator(f"{RESULTS} h1").all_inner_texts()


@pytest.mark.parametrize(
    ("query", "title"),
    [("SMART-R1", "SMART-R1: R1-style"), ("BoreaRL", "BoreaRL: Multi-objective")],
)
def test_the_paper_whose_name_is_typed_comes_first(
    seed_site: Served, page: Page, watch: Watch, query: str, title: str
) -> None:
    search(page, seed_site, query)
    first = page.locator(RESULTS).first
    expect(first.locator("h1")).to_contain_text(title)
    expect(first.locator(".md-tag").first).to_be_visible()  # its tags
    expect(first.locator("article > p mark").first).to_be_visible()  # a snippet, query marked
    first.locator("a").click()
    expect(page.locator("article h1").first).to_contain_text(title)
    assert "/papers/" in page.url
    page.wait_for_load_state("networkidle")
    assert watch.console_errors == [] and watch.offsite_requests == []


def test_a_tag_filter_narrows_the_results(seed_site: Served, page: Page, watch: Watch) -> None:
    search(page, seed_site, "models")
    before = count(page)
    select = page.locator("select[data-filter='tag']")
    expect(select).to_be_visible()  # the filter lists appear once the index has values
    option = select.locator("option").nth(1)
    label = option.inner_text().rsplit(" (", 1)[0]
    select.select_option(option.get_attribute("value"))
    expect(page.locator(".md-search-result__meta")).not_to_have_text(
        page.locator(".md-search-result__meta").inner_text()
    )
    after = count(page)
    assert 0 < after < before
    for item in page.locator(RESULTS).all():
        assert label in item.locator(".md-tag").all_inner_texts()
    assert watch.console_errors == []


def test_a_chinese_query_finds_the_papers_with_that_tag(
    seed_site: Served, page: Page, watch: Watch
) -> None:
    search(page, seed_site, "强化学习")
    papers = page.locator(RESULTS).filter(has=page.locator("a[href*='/papers/']"))
    expect(papers.first).to_be_visible()
    assert any("强化学习" in item.locator(".md-tag").all_inner_texts() for item in papers.all())
    assert watch.console_errors == []


@pytest.fixture(scope="session")
def chinese_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A small Chinese digest: papers with Chinese titles and abstracts."""
    papers = [
        {
            "id": "a",
            "title": "图神经网络的对比学习",
            "abstract": "我们提出一种图上的对比学习方法。",
        },
        {
            "id": "b",
            "title": "视觉语言模型的高效微调",
            "abstract": "本文研究大模型的参数高效微调。",
        },
        {"id": "c", "title": "Graph Contrastive Pretraining", "abstract": "Contrastive graphs."},
    ]
    root = tmp_path_factory.mktemp("browser-zh")
    config, server = build_and_serve(
        root, {"papers.jsonl": "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in papers)}
    )
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


def test_a_chinese_title_is_found_by_a_word_of_it(chinese_site: Served, page: Page) -> None:
    search(page, chinese_site, "对比学习")
    expect(page.locator(RESULTS).first.locator("h1")).to_have_text("图神经网络的对比学习")
    page.locator(".md-search__input").fill("")
    page.keyboard.type("微调")
    expect(page.locator(RESULTS).first.locator("h1")).to_have_text("视觉语言模型的高效微调")


def test_the_first_result_needs_little_download(seed_site: Served, page: Page) -> None:
    received: list[tuple[str, int]] = []

    def on_finished(request: Request) -> None:
        sizes = request.sizes()
        received.append((request.url, sizes["responseBodySize"] + sizes["responseHeadersSize"]))

    page.goto(seed_site.url)
    page.wait_for_load_state("networkidle")
    page.on("requestfinished", on_finished)
    page.keyboard.press("/")
    page.keyboard.type("SMART-R1")
    expect(page.locator(RESULTS).first).to_be_visible()
    downloaded = sum(size for _, size in received)
    assert any("/pagefind/" in url for url, _ in received)
    assert all(urlparse(url).hostname == "127.0.0.1" for url, _ in received)
    assert downloaded < 300_000, received


def test_the_keyboard_opens_moves_through_and_closes_the_search(
    seed_site: Served, page: Page
) -> None:
    search(page, seed_site, "learning")
    toggle = page.locator("#__search")
    expect(toggle).to_be_checked()
    page.keyboard.press("ArrowDown")
    expect(page.locator(f"{RESULTS} a").first).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.locator(".md-search__input")).to_be_focused()
    page.keyboard.press("Escape")
    expect(toggle).not_to_be_checked()
    page.keyboard.press("s")
    expect(toggle).to_be_checked()
    page.keyboard.press("Enter")  # opens the first result
    page.wait_for_url(re.compile(r"/(papers|tags)/"))


def test_search_works_on_a_phone_and_in_dark_mode(seed_site: Served, browser: Browser) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, color_scheme="dark"
    )
    page = context.new_page()
    try:
        page.goto(seed_site.url)
        page.locator("label.md-header__button[for='__search']").click()
        box = page.locator(".md-search__input")
        expect(box).to_be_focused()
        page.keyboard.type("BoreaRL")
        first = page.locator(RESULTS).first
        expect(first).to_be_in_viewport()
        colors = first.evaluate(
            """(item) => [getComputedStyle(document.body).backgroundColor,
                         getComputedStyle(item.querySelector("h1")).color]"""
        )
        background, text = (_luminance(c) for c in colors)
        assert background < 0.2 < 0.6 < text  # Material's dark scheme, light text on it
    finally:
        context.close()


def _luminance(css: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_search_box_has_no_serious_accessibility_violations(
    seed_site: Served, page: Page
) -> None:
    if not AXE.is_file():
        pytest.fail("axe-core is missing: run `npm ci` (make test does)")
    search(page, seed_site, "models")
    expect(page.locator("select[data-filter='tag']")).to_be_visible()
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")  # the CSP refuses a <script>
    found = page.evaluate(
        """async () => {
          const result = await axe.run(
            { include: [[".md-search"], ["label.md-header__button[for='__search']"]] },
            { resultTypes: ["violations"] });
          return result.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        }"""
    )
    assert found == []


def test_tab_out_of_the_search_or_a_click_beside_it_closes_it(
    seed_site: Served, page: Page
) -> None:
    toggle = page.locator("#__search")
    page.goto(seed_site.url)
    page.keyboard.press("/")
    expect(toggle).to_be_checked()
    for _ in range(8):  # past the box, its scroll area and the filter lists, into the page
        page.keyboard.press("Tab")
    expect(toggle).not_to_be_checked()
    assert not page.evaluate(
        "document.querySelector('.pd-search').contains(document.activeElement)"
    )
    page.keyboard.press("/")
    expect(toggle).to_be_checked()
    page.mouse.click(5, 400)  # the page beside the dialog
    expect(toggle).not_to_be_checked()


def meta_line(page: Page) -> str:
    return page.locator(".md-search-result__meta").inner_text()


def test_english_words_are_stemmed_on_the_chinese_site(seed_site: Served, page: Page) -> None:
    search(page, seed_site, "pruned")  # the title says "Pruning"
    assert any("Pruning" in title for title in titles(page))


def test_a_misspelled_query_that_finds_nothing_shows_what_the_site_has(
    seed_site: Served, page: Page
) -> None:
    search(page, seed_site, "confromal")
    suggestion = page.locator(".pd-search__suggest")
    expect(suggestion).to_be_visible()
    expect(suggestion.locator("button").first).to_have_text("conformal")
    assert any("Conformal" in title for title in titles(page))


def test_a_misspelled_word_gets_a_did_you_mean(seed_site: Served, page: Page) -> None:
    search(page, seed_site, "reinforcment learning")
    button = page.locator(".pd-search__suggest button").first
    expect(button).to_have_text("reinforcement learning")
    button.click()
    expect(page.locator(".md-search__input")).to_have_value("reinforcement learning")


@pytest.mark.parametrize("query", ["the", "qwxzv a", "of a the"])
def test_stop_words_alone_match_nothing(seed_site: Served, page: Page, query: str) -> None:
    page.goto(seed_site.url)
    page.keyboard.press("/")
    status = page.locator(".md-search-result__meta")
    expect(status).to_have_text("键入以开始搜索")  # no search has run yet
    # The whole query at once, so that one search runs, for it alone: its answer replaces
    # the placeholder with the count it found, after which no result can still come.
    page.locator(".md-search__input").fill(query)
    expect(status).to_have_text("没有找到符合条件的结果")
    expect(page.locator(RESULTS)).to_have_count(0)


def test_a_chinese_query_works_on_the_english_site(english_site: Served, page: Page) -> None:
    search(page, english_site, "强化学习")
    papers = page.locator(RESULTS).filter(has=page.locator("a[href*='/papers/']"))
    expect(papers.first).to_be_visible()
    assert any(
        "Reinforcement learning" in item.locator(".md-tag").all_inner_texts()
        for item in papers.all()
    )


def test_an_authors_page_comes_before_their_papers(english_site: Served, page: Page) -> None:
    search(page, english_site, "Wei Pei")
    first = page.locator(f"{RESULTS} a").first
    expect(first).to_have_attribute("href", re.compile(r"/authors/wei-pei/$"))
    assert count(page) > 1  # and the papers follow
    page.locator(".md-search__input").fill("")
    page.keyboard.type("ICLR 2026")
    expect(page.locator(f"{RESULTS} a").first).to_have_attribute(
        "href", re.compile(r"/venues/iclr-2026/$")
    )


@pytest.fixture(scope="session")
def parted_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The seed digest with its search index in parts, as a large site's is."""
    root = tmp_path_factory.mktemp("browser-parts")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_index, "PART_SIZE", 12)
        config, server = build_and_serve(root, {SEED.name: SEED.read_text(encoding="utf-8")})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


def answers(page: Page, site: Served, query: str) -> tuple[int, list[str], list[str]]:
    """What the search shows for a query: the count, the titles, and the tag filter's values."""
    search(page, site, query)
    expect(page.locator("select[data-filter='tag']")).to_be_visible()
    options = page.locator("select[data-filter='tag'] option").all_inner_texts()
    return count(page), titles(page), options


@pytest.mark.parametrize("query", ["SMART-R1", "models", "强化学习", "reinforcment learning"])
def test_an_index_in_parts_answers_as_one(
    seed_site: Served, parted_site: Served, page: Page, watch: Watch, query: str
) -> None:
    parts = json.loads((parted_site.site / "pagefind" / "parts.json").read_text("utf-8"))
    assert len(parts) >= 2
    assert json.loads((seed_site.site / "pagefind" / "parts.json").read_text("utf-8")) == []
    whole, parted = answers(page, seed_site, query), answers(page, parted_site, query)
    assert parted[0] == whole[0] and parted[2] == whole[2]  # as many results; same filters
    assert parted[1][0] == whole[1][0]  # the same first result
    assert set(parted[1]) & set(whole[1])
    assert watch.console_errors == []


@pytest.fixture(scope="module")
def edited_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The seed in parts as the live preview serves it right after an edit: a paper retitled,
    its document indexed alone beside the part that still holds the paper as it was."""
    root = tmp_path_factory.mktemp("browser-edited")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_index, "PART_SIZE", 12)
        config, server = build_and_serve(root, {SEED.name: SEED.read_text(encoding="utf-8")})
        indexed = search_index.document_hashes(config)
        page = config.papers_dir / f"{EDITED}.md"
        text = page.read_text(encoding="utf-8")
        page.write_text(re.sub(r"(?m)^title: .*$", "title: Zebra Drivers", text, count=1))
        generate(config)
        now = search_index.document_hashes(config)
        edited = sorted(name for name, hashed in now.items() if indexed.get(name) != hashed)
        search_index.index_edits(config, config.site_dir, edited, None)
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


EDITED = "smart-r1-r1-style-reinforcement-fine-tuning-paradigm"


def test_an_edit_in_the_preview_is_found_at_once_and_the_paper_as_it_was_is_not(
    edited_site: Served, page: Page, watch: Watch
) -> None:
    search(page, edited_site, "Zebra Drivers")
    assert titles(page)[0] == "Zebra Drivers"
    # A word of the paper in both parts: the paper once, as edited.
    search(page, edited_site, "SMART-R1")
    links = page.locator(f"{RESULTS} a").evaluate_all("(links) => links.map((a) => a.href)")
    mine = [href for href in links if href.endswith(f"/papers/{EDITED}/")]
    assert len(mine) == 1, links
    assert "Zebra Drivers" in titles(page)
    assert not any(title.startswith("SMART-R1: R1-style") for title in titles(page))
    assert watch.console_errors == []
