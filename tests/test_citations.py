"""Citations: readable unique keys, BibTeX that parses, plain and Markdown forms, .bib files."""

from __future__ import annotations

import gzip

import pytest
from pybtex.database import parse_string

from generator.features.citations import base_key, bib_escape, citation_keys, cite, family_name
from generator.features.site import PaperView
from generator.pipeline import generate
from tests.conftest import MakeProject
from tests.structured import project, site_of


def view(slug: str = "p", **meta: object) -> PaperView:
    meta.setdefault("id", slug)
    return PaperView(
        slug=slug,
        id=str(meta["id"]),
        title=str(meta.get("title", "")),
        summary="",
        tags=[],
        meta=dict(meta),
        body="",
        title_derived=False,
    )


@pytest.mark.parametrize(
    ("meta", "key"),
    [
        (
            {"authors": ["Wei Pei"], "year": 2026, "venue": "ICLR 2026", "title": "Advancing X"},
            "pei2026iclr-advancing",
        ),
        (
            {"authors": ["Lovelace, Ada"], "venue": "NeurIPS 2025", "title": "On the Theory"},
            "lovelace2025neurips-theory",
        ),
        ({"authors": ["José Núñez Jr."], "title": "A Study"}, "nunez-study"),
        ({"authors": ["李华", "Grace Hopper"], "year": 2025, "title": "视频"}, "hopper2025-paper"),
        ({"authors": ["李华"], "title": "The GNN"}, "anon-gnn"),
    ],
)
def test_keys_name_author_year_venue_and_title_word(meta: dict[str, object], key: str) -> None:
    assert base_key(meta) == key


def test_keys_are_unique_in_id_order_and_only_for_papers_with_authors() -> None:
    same = {"authors": ["Wei Pei"], "year": 2026, "venue": "ICLR 2026", "title": "Advancing"}
    papers = [view("c", id="3", **same), view("a", id="1", **same), view("b", id="2", **same)]
    papers.append(view("none", id="4", title="No authors"))
    keys, _ = citation_keys(papers)
    assert keys == {
        "a": "pei2026iclr-advancing",
        "b": "pei2026iclr-advancing-2",
        "c": "pei2026iclr-advancing-3",
    }


def test_family_name_reads_both_orders() -> None:
    assert family_name("Ada Lovelace") == "Lovelace"
    assert family_name("Lovelace, Ada") == "Lovelace"
    assert family_name("Martin Luther King Jr.") == "King"


def test_bibtex_escapes_special_characters_and_keeps_sound_math() -> None:
    assert bib_escape("100% & {x} #1 a_b") == r"100\% \& \{x\} \#1 a\_b"
    assert bib_escape(r"$\ell_2$ loss") == r"$\ell_2$ loss"
    assert bib_escape("$a}$ b") == r"\$a\}\$ b"  # unbalanced math is text


def test_a_paper_cites_as_bibtex_plain_text_and_markdown() -> None:
    paper = view(
        "apo",
        title="Advancing Policy Optimization: 100% {Faster}",
        authors=["Wei Pei", "Ada Lovelace", "Alan Turing"],
        venue="ICLR 2026",
        year=2026,
        status="Oral",
        url="https://openreview.net/forum?id=or-1",
    )
    c = cite(paper, "pei2026iclr-advancing")
    entry = parse_string(c.bibtex, "bibtex").entries["pei2026iclr-advancing"]
    assert entry.type == "inproceedings"
    names = [str(p) for p in entry.persons["author"]]
    assert names == ["Pei, Wei", "Lovelace, Ada", "Turing, Alan"]
    booktitle = "International Conference on Learning Representations (ICLR)"
    assert entry.fields["booktitle"] == booktitle
    assert entry.fields["year"] == "2026" and entry.fields["note"] == "Oral"
    assert entry.fields["title"] == r"{Advancing Policy Optimization: 100\% \{Faster\}}"
    assert c.plain == (
        "Wei Pei, Ada Lovelace, and Alan Turing. Advancing Policy Optimization: 100% {Faster}. "
        "ICLR 2026 (Oral). https://openreview.net/forum?id=or-1"
    )
    assert c.markdown == (
        "Wei Pei, Ada Lovelace, and Alan Turing. [Advancing Policy Optimization: 100% {Faster}]"
        "(https://openreview.net/forum?id=or-1). *ICLR 2026 (Oral)*."
    )


def test_a_rejected_paper_is_cited_as_a_submission() -> None:
    paper = view(
        "r",
        title="Reward Models",
        authors=["Grace Hopper"],
        venue="ICLR 2026",
        year=2026,
        status="Reject",
    )
    c = cite(paper, "hopper2026iclr-reward")
    entry = parse_string(c.bibtex, "bibtex").entries["hopper2026iclr-reward"]
    assert entry.type == "misc"
    assert "booktitle" not in entry.fields
    assert entry.fields["note"] == "Submitted to ICLR 2026"
    assert "Submitted to ICLR 2026." in c.plain


@pytest.mark.generate
def test_bib_files_parse_and_hold_every_cited_paper_of_their_tag(
    make_project: MakeProject,
) -> None:
    config = project(make_project)
    site = site_of(config)
    bib = config.docs_dir / "bib"
    everything = parse_string(gzip.decompress((bib / "all.bib.gz").read_bytes()).decode(), "bibtex")
    cited = {v.slug for v in site.papers if v.meta.get("authors")}
    assert len(everything.entries) == len(cited) == 6
    assert {"pei2026iclr-advancing", "pei2026iclr-advancing-2", "pei2026iclr-advancing-3"} <= set(
        everything.entries
    )
    for tag in site.tags:
        path = bib / f"{tag.slug}.bib.gz"
        expected = sum(1 for v in tag.papers if v.slug in cited)
        if not expected:
            assert not path.exists()
            continue
        parsed = parse_string(gzip.decompress(path.read_bytes()).decode(), "bibtex")
        assert len(parsed.entries) == expected, tag.slug


@pytest.mark.generate
def test_the_seed_has_no_authors_so_no_citations(seed_project) -> None:
    generate(seed_project)
    assert not (seed_project.docs_dir / "bib").exists()
    found = seed_project.parts_dir / "papers"
    assert list(found.glob("*.json"))
    assert not any("pd-cite" in p.read_text(encoding="utf-8") for p in found.glob("*.json"))
