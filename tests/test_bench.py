"""The benchmark runs end to end on a few hundred papers and reports every figure.

No timing is asserted (the machine decides those); what is checked is that every figure is
measured, for the digest and the baseline, with their ratio where both have one.
"""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from benchmarks.bench import (
    Row,
    expand,
    figures_document,
    main,
    name_of,
    read_corpus,
    read_figures,
    write_figures,
)
from tests.conftest import REPO

FIXTURE = Path(__file__).parent / "fixtures" / "bench-papers.jsonl.gz"

#: Every figure the benchmark must print, and whether the baseline has it too.
FIGURES = {
    "papers": True,
    "generation": True,
    "generation speed": True,
    "build (site + search index)": True,
    "total": True,
    "generation share of total": True,
    "peak memory": True,
    "peak memory: Python": True,
    "peak memory: largest child": False,
    "site size": True,
    "files in site": True,
    "largest HTML page": True,
    "largest paper page": True,
    "largest tag or browse page": False,
    "search: download to first result": True,
    "search: typing to first result": True,
    "search: rank of the typed paper": False,  # Material may leave it out of its list
    "search: a paper's name lists it first": False,
    "search: a paper's name lists it in the first three": False,
    "generation: read": False,
    "generation: derive": False,
    "generation: site": False,
    "generation: render": False,
    "generation: write": False,
    "no-op regeneration": False,
    "no-op regeneration: files written": False,
    "pull request editing one paper": False,
    "live preview: start": False,
    "live preview: edit to page shown": False,
    "live preview: edit to search updated": False,
}


def test_past_the_corpus_papers_repeat_with_fresh_ids_and_other_text() -> None:
    corpus = read_corpus(FIXTURE)
    papers = expand(corpus, len(corpus) * 2 + 5)
    assert len(papers) == len(corpus) * 2 + 5
    assert len({p["id"] for p in papers}) == len(papers)
    first, copy = papers[3], papers[3 + len(corpus)]
    assert copy["title"].endswith(first["title"]) and copy["title"] != first["title"]
    assert copy["abstract"] != first["abstract"]
    assert sorted(copy["abstract"].split()) == sorted(first["abstract"].split())
    assert name_of("SMART-R1: R1-style fine-tuning") == "SMART-R1"


@pytest.mark.slow
@pytest.mark.browser
def test_the_benchmark_reports_every_figure_with_its_ratio(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    result = CliRunner().invoke(
        main,
        [str(FIXTURE), "--papers", "250", "--work", str(tmp_path / "work"), "--json", str(out)],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    rows = read_figures(out)
    assert json.loads(out.read_text(encoding="utf-8"))["papers"] == 250
    assert list(rows) == list(FIGURES)
    for figure, both in FIGURES.items():
        row = rows[figure]
        assert row["ours"] is not None, figure
        if both:
            assert row["baseline"] is not None, figure
            assert row["ratio"] is not None or row["baseline"] == 0, figure
    assert rows["papers"]["ours"] == 250
    assert rows["no-op regeneration: files written"]["ours"] == 0
    assert rows["search: rank of the typed paper"]["ours"] == 1
    assert rows["largest paper page"]["ours"] < 50  # KB
    table = result.output
    for figure in FIGURES:
        assert re.search(rf"^{re.escape(figure)}\s", table, re.M), figure
    assert re.search(r"^total\s.*\d\.\d\dx\b", table, re.M)


def test_the_figures_are_written_as_data_with_what_they_were_measured_on(tmp_path: Path) -> None:
    rows = [Row("papers", 40, 40, ""), Row("total", 12.5, 5.0, "s", target="≤ 3×", met=True)]
    out = tmp_path / "results" / "40.json"
    write_figures(out, rows, 40)
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["papers"] == 40 and document["cores"] == os.cpu_count()
    assert datetime.fromisoformat(document["date"]).tzinfo is not None
    assert document["commit"] is None or re.fullmatch(r"[0-9a-f]{40}(-dirty)?", document["commit"])
    assert document["figures"][1] == {
        "figure": "total",
        "ours": 12.5,
        "baseline": 5.0,
        "unit": "s",
        "note": "",
        "target": "≤ 3×",
        "met": True,
        "ratio": 2.5,
    }
    assert read_figures(out)["total"]["ours"] == 12.5  # as --against reads a previous run
    when = datetime(2026, 12, 4, tzinfo=UTC)
    assert figures_document(rows, 40, when)["date"] == "2026-12-04T00:00:00+00:00"


def test_make_bench_writes_its_figures_where_the_readme_quotes_them() -> None:
    make = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "RESULTS ?= benchmarks/results/$(PAPERS).json" in make
    assert re.search(
        r"^\t\$\(BIN\)/python -m benchmarks\.bench .* --json \$\(RESULTS\)$", make, re.M
    )
