"""The README's examples for a newcomer: the JSON Lines line and the CSV row read as the same
paper, and the front-matter colon advice is right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.errors import DigestError
from generator.pages.page import parse_page
from generator.pages.readers import read_file
from tests.conftest import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
USING = README[README.index("## Using your own abstracts") : README.index("## What readers get")]


def block(language: str) -> str:
    found = re.findall(rf"```{language}\n(.*?)```", USING, re.S)
    assert found, f"no {language} example under 'Using your own abstracts'"
    return str(found[0])


def test_the_jsonl_and_csv_examples_read_as_one_paper(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text(block("json"), encoding="utf-8")
    (tmp_path / "a.csv").write_text(block("csv"), encoding="utf-8")
    [jsonl] = list(read_file(tmp_path / "a.jsonl"))
    [csv] = list(read_file(tmp_path / "a.csv"))
    for record in (jsonl, csv):
        assert record.fields["title"] == "Advancing Policy Optimization for Language Agents"
        authors = record.fields["authors"]  # CSV lists are split by `;` when pages are made
        names = [a.strip() for a in authors.split(";")] if isinstance(authors, str) else authors
        assert names == ["Wei Pei", "Ada Lovelace"]
        assert record.fields["status"] == "Oral" and record.fields["year"] in (2026, "2026")


def test_the_readme_names_what_a_new_digest_must_set() -> None:
    for needed in ("site_description", "site_url", "!ENV [DIGEST_REPO_URL", "GitHub Actions"):
        assert needed in USING, needed


def test_a_title_with_a_colon_needs_quotes_as_the_readme_says() -> None:
    right, wrong = (line.split("#")[0].strip() for line in block("yaml").splitlines()[:2])
    meta, _, _ = parse_page(f"---\nid: x\n{right}\n---\nAbstract.\n", "x.md")
    assert meta["title"] == "Graph Networks: A Survey"
    with pytest.raises(DigestError):
        parse_page(f"---\nid: x\n{wrong}\n---\nAbstract.\n", "x.md")
