"""Open data: papers.json.gz holds every paper with every field its page has; the
downloads page lists every data file."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from generator.features.opendata import FORMAT
from generator.pages.page import dump_page, parse_page
from generator.pages.schema import HASHES
from generator.pipeline import generate
from tests.conftest import MakeProject
from tests.structured import RECORDS, project, site_of

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate


def test_papers_json_has_every_paper_and_field(make_project: MakeProject) -> None:
    config = project(make_project)
    site = site_of(config)
    data = json.loads(gzip.decompress((config.docs_dir / "papers.json.gz").read_bytes()))
    assert data["format"] == FORMAT and data["count"] == len(RECORDS) == len(data["papers"])
    assert [t["slug"] for t in data["tags"]] == [t.slug for t in site.tags]
    by_id = {p["id"]: p for p in data["papers"]}
    for path in sorted(config.papers_dir.glob("*.md")):
        meta, body, _ = parse_page(path.read_text(encoding="utf-8"), path.name)
        record = by_id[meta["id"]]
        assert record["slug"] == path.stem and record["page"] == f"papers/{path.stem}/"
        assert record["abstract"] == body
        for key, value in meta.items():
            if key == HASHES:
                assert key not in record
            elif key != "links":
                assert record[key] == value, key
    first = by_id["or-1"]
    assert first["citation_key"] == "pei2026iclr-advancing"
    assert first["links"] == {
        "pdf": "https://openreview.net/pdf?id=or-1",
        "openreview": "https://openreview.net/forum?id=or-1",
        "code": "https://github.com/example/apo",
    }
    assert "citation_key" not in by_id["anon-7"]


def test_a_field_a_contributor_adds_is_published_too(make_project: MakeProject) -> None:
    config = project(make_project, records=RECORDS[:2])
    site_of(config)
    page = next(config.papers_dir.glob("advancing-policy*.md"))
    meta, body, _ = parse_page(page.read_text(encoding="utf-8"), page.name)
    # A field of the contributor's own goes under `extra` (the front-matter schema).
    meta["extra"] = {**meta.get("extra", {}), "poster_session": "3B"}
    page.write_text(dump_page(meta, body), encoding="utf-8")
    site_of(config)
    data = json.loads(gzip.decompress((config.docs_dir / "papers.json.gz").read_bytes()))
    paper = next(p for p in data["papers"] if p["id"] == "or-1")
    assert paper["extra"]["poster_session"] == "3B"


def test_the_downloads_page_lists_every_data_file_with_its_size(
    make_project: MakeProject,
) -> None:
    config = project(make_project)
    generate(config)
    page = (config.docs_dir / "downloads" / "index.md").read_text(encoding="utf-8")
    data = config.docs_dir / "papers.json.gz"
    assert data.read_bytes()[4:8] == b"\0\0\0\0"  # no timestamp: the same papers, the same bytes
    files = re.findall(r"^\| \[(.+?)\]\(\.\./(.+?)\) \| .+ \| (\d+ KB|[\d.]+ MB) \|$", page, re.M)
    listed = {target for _, target, _ in files}
    assert {"papers.json.gz", "bib/all.bib.gz", "feeds/all.xml"} <= listed
    assert all((config.docs_dir / target).is_file() for target in listed)
    assert {
        p.relative_to(config.docs_dir).as_posix() for p in config.docs_dir.glob("bib/*")
    } <= listed
    home = (config.docs_dir / "index.md").read_text(encoding="utf-8")
    assert "(downloads/index.md)" in home
