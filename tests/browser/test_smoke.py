"""A reader opens the seed site: the home page and a paper page load cleanly, offline."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import Served, Watch


def test_home_and_a_paper_load_without_errors_or_offsite_requests(
    seed_site: Served, page: Page, watch: Watch
) -> None:
    page.goto(seed_site.url)
    expect(page.locator("h1").first).to_have_text(re.compile(r"^ICLR 2026 论文列表"))
    page.locator("article a[href*='tags/']").first.click()
    page.locator("article li a[href*='papers/']").first.click()
    expect(page.locator(".pd-tags .pd-tag").first).to_be_visible()
    assert "/papers/" in page.url
    page.wait_for_load_state("networkidle")
    assert watch.console_errors == []
    assert watch.offsite_requests == []
