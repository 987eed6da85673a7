"""Venues as readers know them, everywhere a venue shows (issue 29, item 7; item 12's
"Anonymous")."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from generator import venues
from generator.config import load_config
from generator.errors import DigestError
from generator.features.citations import base_key, cite
from generator.features.site import PaperView
from generator.pipeline import generate
from tests.conftest import MakeProject
from tests.structured import RECORDS, project


@pytest.fixture(autouse=True)
def known_names_only() -> Iterator[None]:
    """Every test starts and ends with the known names alone (a project's settings add)."""
    venues.use_names({})
    yield
    venues.use_names({})


@pytest.mark.parametrize(
    ("spelt", "year", "shown"),
    [
        ("nips2015", None, "NeurIPS 2015"),
        ("NIPS 2017", None, "NeurIPS 2017"),
        ("NeurIPS 2018", None, "NeurIPS 2018"),
        ("aaai2022", None, "AAAI 2022"),
        ("aistats2021", None, "AISTATS 2021"),
        ("ICLR 2018 Conference", None, "ICLR 2018"),
        ("Proceedings of ACL 2022", None, "ACL 2022"),
        ("CVPR'19", None, "CVPR 2019"),
        ("NeurIPS-2019", None, "NeurIPS 2019"),
        ("ICML2019", 2019, "ICML 2019"),
        ("ICLR", 2026, "ICLR 2026"),
        ("iclr", None, "ICLR"),
        ("acmmm2021", None, "ACM MM 2021"),
        ("NeurIPS Datasets and Benchmarks 2021", None, "NeurIPS Datasets and Benchmarks 2021"),
        # Unknown venues as the input spells them, their year added only when apart.
        ("My Workshop 2021", None, "My Workshop 2021"),
        ("My Workshop", 2021, "My Workshop 2021"),
        ("foo2021", None, "foo2021"),
        ("foo2021", 2021, "foo2021"),
        ("", 2021, ""),
    ],
)
def test_a_venue_shows_as_readers_know_it(spelt: str, year: int | None, shown: str) -> None:
    assert venues.venue_of(spelt, year) == shown


def test_the_settings_name_venues_over_and_beside_the_known_ones() -> None:
    venues.use_names({"nips": "NIPS", "My Workshop": "MyW"})
    assert venues.venue_of("nips2015") == "NIPS 2015"
    assert venues.venue_of("neurips2019") == "NeurIPS 2019"  # not named in the settings
    assert venues.venue_of("my-workshop 2020") == "MyW 2020"
    venues.use_names({})
    assert venues.venue_of("nips2015") == "NeurIPS 2015"


def test_venue_names_are_read_from_mkdocs_yml_and_checked(make_project: MakeProject) -> None:
    config = make_project()
    text = (config.root / "mkdocs.yml").read_text(encoding="utf-8")
    named = text.replace("  digest:\n", "  digest:\n    venue_names: {mlw: ML Workshop}\n", 1)
    (config.root / "mkdocs.yml").write_text(named, encoding="utf-8")
    assert load_config(config.root).venue_names == {"mlw": "ML Workshop"}
    assert venues.venue_of("mlw2024") == "ML Workshop 2024"
    wrong = text.replace("  digest:\n", "  digest:\n    venue_names: {mlw: [a]}\n", 1)
    (config.root / "mkdocs.yml").write_text(wrong, encoding="utf-8")
    with pytest.raises(DigestError) as caught:
        load_config(config.root)
    assert "venue_names" in str(caught.value)


def _view(**meta: Any) -> PaperView:
    return PaperView("p", "p", str(meta.get("title", "")), "", [], meta, "", False)


def test_bibtex_names_the_venue_and_its_year() -> None:
    meta = {"authors": ["Yi Wei"], "venue": "nips2015", "title": "Mixed Membership Models"}
    assert base_key(meta) == "wei2015neurips-mixed"
    bibtex = cite(_view(**meta), base_key(meta)).bibtex
    assert "booktitle = {Advances in Neural Information Processing Systems (NeurIPS)}" in bibtex
    assert "year      = {2015}" in bibtex
    assert "nips2015" not in bibtex
    plain = cite(_view(**meta), "k").plain
    assert plain.endswith("Mixed Membership Models. NeurIPS 2015.")


def test_anonymous_is_no_author() -> None:
    meta = {"authors": ["Anonymous", "Ada Lovelace"], "venue": "ICLR 2026", "title": "On X"}
    bibtex = cite(_view(**meta), base_key(meta)).bibtex
    assert "author    = {Ada Lovelace}" in bibtex
    assert "Anonymous" not in bibtex
    assert base_key({"authors": ["Anonymous"], "title": "On Graphs"}) == "anon-graphs"


@pytest.mark.generate
def test_every_page_shows_the_venue_as_readers_know_it(make_project: MakeProject) -> None:
    records = [
        {**record, "venue": "nips2015", "status": record.get("status")}
        for record in RECORDS
        if "year" in record
    ]
    for record in records:
        record.pop("year")
    records[0]["authors"] = ["Anonymous", *records[0]["authors"]]
    config = project(make_project, records=records)
    generate(config)
    docs = config.docs_dir
    index = (docs / "venues" / "index.md").read_text(encoding="utf-8")
    assert "[NeurIPS 2015](neurips-2015/index.md)" in index
    venue_page = (docs / "venues" / "neurips-2015" / "index.md").read_text(encoding="utf-8")
    assert 'title: "NeurIPS 2015"' in venue_page
    listing = (docs / "browse" / "index.md").read_text(encoding="utf-8")
    assert "nips2015" not in listing
    parts = "".join(
        json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False)
        for path in (config.parts_dir / "papers").glob("*.json")
    )
    assert "NeurIPS 2015" in parts and "nips2015" not in parts
    assert 'citation_conference_title\\" content=\\"NeurIPS 2015' in parts
    assert 'citation_publication_date\\" content=\\"2015' in parts
    assert not re.search(r"citation_author\\\" content=\\\"Anonymous", parts)
    search = config.state_dir / "search"
    documents = "".join(p.read_text(encoding="utf-8") for p in search.rglob("*.html"))
    assert 'data-pagefind-filter="venue[data-value]" data-value="NeurIPS 2015"' in documents
    assert "nips2015" not in documents
    bib = gzip.decompress((docs / "bib" / "all.bib.gz").read_bytes()).decode("utf-8")
    assert "NeurIPS" in bib and "nips2015" not in bib and "Anonymous" not in bib
