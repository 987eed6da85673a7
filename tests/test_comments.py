"""A page the generator rewrites keeps its YAML comments (issue 30, item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.pages.comments import comments_of, rewritten, with_comments
from generator.pages.page import dump_page, parse_page
from generator.pipeline import generate
from tests.conftest import MakeProject

OLD = """\
---
# checked by hand
id: abc
title: 'X: y'  # fixed in PR 12
year: 2026 # camera-ready
extra:  # mine
  a: 1
  # inner
summary: |
  # not a comment
  text
# at the end
---

Body
"""


def test_each_comment_goes_back_where_it_was() -> None:
    meta = {"id": "abc", "title": "X: z", "year": 2026, "tags": ["a"], "extra": {"a": 1}}
    meta["summary"] = "# not a comment\ntext\n"
    new = with_comments(dump_page(meta, "Body"), comments_of(OLD))
    front = new.split("\n---\n")[0]
    assert "# checked by hand\nid: abc\n" in front
    assert "title: 'X: z'  # fixed in PR 12\n" in front
    assert "year: 2026  # camera-ready\n" in front
    assert "# inner\n" in front and front.rstrip().endswith("# at the end")
    assert parse_page(new, "p.md")[0] == meta  # the values are what they were


def test_text_that_looks_like_a_comment_is_text() -> None:
    found = comments_of(OLD)
    assert "# not a comment" not in [c for block in found.before.values() for c in block]


def test_a_comment_of_a_field_that_went_stays(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    text = "---\nid: a\n# about the code\ncode: https://x\ntags: [a]\n---\n\nBody\n"
    page.write_text(text, "utf-8")
    new = rewritten(page, dump_page({"id": "a", "title": "T", "tags": ["a"]}, "Body"))
    assert new.startswith("---\nid: a\ntitle: T\ntags: [a]\n# about the code\n---\n")


def test_a_page_without_comments_is_written_as_dumped(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text("---\nid: a\ntitle: 'A # b'\n---\n\nBody\n", "utf-8")
    text = dump_page({"id": "a", "title": "New"}, "Body")
    assert rewritten(page, text) == text
    assert rewritten(tmp_path / "missing.md", text) == text


@pytest.mark.generate
def test_regeneration_keeps_the_comments_of_a_page(make_project: MakeProject) -> None:
    abstract = "We propose a method for graph neural networks that scales to large graphs."
    paper = {"id": "p1", "title": "Scaling Graphs", "abstract": abstract}
    config = make_project({"a.jsonl": json.dumps(paper)})
    generate(config)
    page = next(config.papers_dir.glob("*.md"))
    lines = page.read_text("utf-8").split("\n")
    lines.insert(1, "# looked at by a maintainer")
    at = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    lines[at] += "  # as the authors wrote it"
    page.write_text("\n".join(lines), "utf-8")
    # The input gains a venue: the generator rewrites the page to add it.
    (config.root / "inputs" / "a.jsonl").write_text(json.dumps({**paper, "venue": "ICLR 2026"}))
    report = generate(config)
    assert report.updated == [f"papers/{page.stem}.md"]
    again = page.read_text("utf-8")
    assert again.startswith("---\n# looked at by a maintainer\nid: p1\n")
    assert "title: Scaling Graphs  # as the authors wrote it\n" in again
    assert "venue: ICLR 2026\n" in again
