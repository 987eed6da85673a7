"""The sort data of a listing of several pages: every paper of the whole listing, in its
order, with an address that reaches its page, its status (ranked) and its venue."""

from __future__ import annotations

import json
import re
from urllib.parse import urljoin

import pytest

from generator import urls
from generator.config import Config
from generator.features.people import status_badge
from generator.features.render import load_labels
from generator.pipeline import generate
from generator.text import plain_text
from tests.conftest import REPO, MakeProject
from tests.structured import RECORDS, jsonl, settings, site_of

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate


def _project(make_project: MakeProject, per_page: int, directory: bool = True) -> Config:
    text = re.sub(r"(?m)^(    per_page:) \d+", rf"\1 {per_page}", settings())
    text = text.replace("  language: zh", "  language: en")
    if not directory:
        text += "\nuse_directory_urls: false\n"
    config = make_project({"papers.jsonl": jsonl()}, files={"mkdocs.yml": text})
    generate(config)
    return config


@pytest.mark.parametrize("directory", [True, False], ids=["directory-urls", "file-urls"])
def test_a_listing_of_several_pages_has_sort_data(
    make_project: MakeProject, directory: bool
) -> None:
    config = _project(make_project, per_page=3, directory=directory)
    site = site_of(config)
    data = json.loads((config.docs_dir / "browse" / "papers.json").read_text("utf-8"))
    assert data["per_page"] == 3
    rows = data["papers"]
    # The listing's order: the papers its numbered pages show, one page after the other.
    folder = config.docs_dir / "browse"
    pages = [folder / ("index.md" if n == 1 else f"{n}.md") for n in (1, 2, 3)]
    slugs = [
        slug
        for page in pages
        for slug in re.findall(r"(?m)^- \[.*\]\(\.\./papers/(.+)\.md\)", page.read_text("utf-8"))
    ]
    assert not (folder / "4.md").exists() and len(slugs) == len(site.papers) == len(rows)
    titles = {view.slug: plain_text(view.title) for view in site.papers}
    links = config.urls
    data_url = "http://site/" + links.url(urls.sort_data(urls.BROWSE))
    for row, slug in zip(rows, slugs, strict=True):
        # The address is relative to the data file and names the paper's page.
        assert urljoin(data_url, row[0]) == "http://site/" + links.url(urls.paper(slug))
        assert row[1] == titles[slug]
    # Statuses best first, as listings rank them; each paper's status and venue by index.
    assert [key for key, _ in data["statuses"]] == ["oral", "spotlight", "poster", "reject"]
    assert data["venues"] == ["ICLR 2026", "NeurIPS 2025"]
    by_title = {r["title"]: r for r in RECORDS}
    labels = load_labels(REPO / "templates", "en")
    for row in rows:
        record = by_title.get(row[1])
        if record is None:
            continue
        status = data["statuses"][row[2]][1] if row[2] >= 0 else None
        badge = status_badge(record, labels)
        assert status == (badge.label if badge else None)
        assert (data["venues"][row[3]] if row[3] >= 0 else None) == record.get("venue")
        # The byline listings show (three authors at most, then "et al."), and the year.
        assert row[4] == ", ".join(record.get("authors", [])[:3]) + (
            " et al." if len(record.get("authors", [])) > 3 else ""
        )
        assert row[5] == record.get("year", 0)
    # The listing's own order is orals first, then by title: the status sort.
    ranks = [data["statuses"][row[2]][0] if row[2] >= 0 else "~" for row in rows]
    order = ["oral", "spotlight", "poster", "~", "reject"]  # no status: before rejections
    assert [order.index(r) for r in ranks] == sorted(order.index(r) for r in ranks)
    # The pager names the file and the sorts that tell these papers apart, its own first.
    page = (config.docs_dir / "browse" / "2.md").read_text("utf-8")
    expected = links.href(urls.sort_data(urls.BROWSE), urls.listing(urls.BROWSE, 2))
    assert f'data-pd-sort="{expected}" data-pd-sort-by="status title year venue"' in page


def test_a_listing_of_one_page_has_none(make_project: MakeProject) -> None:
    config = _project(make_project, per_page=100)
    assert not list(config.docs_dir.rglob("papers.json"))
    assert "data-pd-sort" not in (config.docs_dir / "browse" / "index.md").read_text("utf-8")
