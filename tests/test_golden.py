"""Golden files: the pages generated from a small fixture input, committed beside it.

Refresh them after an intended change with:

    UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py

and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from generator.pipeline import generate
from tests.conftest import MakeProject, tree

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate

GOLDEN = Path(__file__).parent / "golden"


def test_generated_files_match_golden(make_project: MakeProject) -> None:
    inputs = {p.name: p.read_text(encoding="utf-8") for p in (GOLDEN / "input").iterdir()}
    config = make_project(inputs)
    generate(config)
    produced = {
        path: data
        for under in ("site_src/papers", "site_src/tags", "site_src/browse")
        for path, data in tree(config.root, under).items()
    } | tree(config.root, "site_src/index.md")
    # What the page hook hands each page, paper parts pretty-printed for a readable diff.
    for file in sorted(config.parts_dir.rglob("*")):
        if file.is_file():
            data = file.read_bytes()
            if file.suffix == ".json":
                data = json.dumps(json.loads(data), ensure_ascii=False, indent=1).encode()
            produced[f"parts/{file.relative_to(config.parts_dir).as_posix()}"] = data
    expected_dir = GOLDEN / "expected"
    if os.environ.get("UPDATE_GOLDEN"):
        shutil.rmtree(expected_dir, ignore_errors=True)
        for path, data in produced.items():
            (expected_dir / path).parent.mkdir(parents=True, exist_ok=True)
            (expected_dir / path).write_bytes(data)
    expected = tree(expected_dir)
    assert sorted(produced) == sorted(expected)
    for path, data in produced.items():
        assert data.decode() == expected[path].decode(), path
