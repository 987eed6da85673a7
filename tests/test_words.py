"""Words a reader reads: one paper is "1 paper" on venue, status and author pages and in the
tag matrix (issue 29, item 12)."""

from __future__ import annotations

import pytest

from generator.features.charts import cooccurrence
from generator.features.render import load_labels
from generator.pipeline import generate
from tests.conftest import REPO, MakeProject
from tests.structured import RECORDS, project, site_of

pytestmark = pytest.mark.generate

EN = load_labels(REPO / "templates", "en")


def _one_each() -> list[dict[str, object]]:
    """The structured fixture with a venue of one paper, in a status of its own."""
    records = [dict(record) for record in RECORDS]
    records[0] = {**records[0], "venue": "aistats2021", "status": "Oral", "year": 2021}
    return records


def test_one_paper_is_one_paper_on_venue_and_status_pages(make_project: MakeProject) -> None:
    config = project(make_project, records=_one_each())
    generate(config)
    venues = config.docs_dir / "venues"
    venue = (venues / "aistats-2021" / "index.md").read_text(encoding="utf-8")
    assert "1 paper at AISTATS 2021." in venue and "1 papers" not in venue
    status = next((venues / "aistats-2021").glob("*/index.md")).read_text(encoding="utf-8")
    assert "1 paper at AISTATS 2021 with status Oral." in status
    for page in config.docs_dir.rglob("*.md"):
        assert "1 papers" not in page.read_text(encoding="utf-8"), page


def test_a_pair_of_tags_on_one_paper_says_one_paper(make_project: MakeProject) -> None:
    site = site_of(project(make_project))
    matrix = cooccurrence(site, EN)
    assert matrix is not None
    ones = [cell.title for cell in matrix.cells if cell.value == 1]
    assert ones and all(title.endswith(": 1 paper") for title in ones), ones
    many = [cell.title for cell in matrix.cells if cell.value > 1]
    assert all(title.endswith(" papers") for title in many), many
