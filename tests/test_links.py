"""Paper links: PDF, OpenReview/arXiv, code and project page, known or found in the abstract."""

from __future__ import annotations

from typing import Any

from generator.features.links import derived_pdf, paper_links, paper_url


def kinds(meta: dict[str, Any]) -> dict[str, str]:
    return {link.kind: link.url for link in paper_links(meta)}


def test_openreview_gives_its_pdf_and_button_order_is_fixed() -> None:
    meta = {"url": "https://openreview.net/forum?id=Ab-1_x", "code": "https://github.com/a/b"}
    links = paper_links(meta)
    assert [link.kind for link in links] == ["pdf", "openreview", "code"]
    assert links[0].url == "https://openreview.net/pdf?id=Ab-1_x"


def test_an_arxiv_link_found_in_the_abstract_is_the_arxiv_button() -> None:
    meta = {"links": {"project": "https://arxiv.org/abs/2501.01234v2"}}
    assert kinds(meta) == {
        "pdf": "https://arxiv.org/pdf/2501.01234v2",
        "arxiv": "https://arxiv.org/abs/2501.01234v2",
    }


def test_a_given_pdf_wins_and_other_pages_keep_their_kind() -> None:
    meta = {
        "url": "https://neurips.cc/virtual/2025/poster/6",
        "pdf": "https://example.org/6.pdf",
        "links": {"project": "https://example.org/project", "code": "https://gitlab.com/x/y"},
    }
    assert kinds(meta) == {
        "pdf": "https://example.org/6.pdf",
        "url": "https://neurips.cc/virtual/2025/poster/6",
        "code": "https://gitlab.com/x/y",
        "project": "https://example.org/project",
    }


def test_only_web_links_are_shown() -> None:
    assert paper_links({"url": "javascript:alert(1)", "code": "ftp://x", "pdf": 3}) == []


def test_the_citation_address_prefers_the_papers_own_page() -> None:
    assert paper_url({"url": "https://openreview.net/forum?id=x"}) == (
        "https://openreview.net/forum?id=x"
    )
    assert paper_url({"pdf": "https://example.org/a.pdf"}) == "https://example.org/a.pdf"
    assert paper_url({}) == ""
    assert derived_pdf("https://example.org/abs/1") == ""
