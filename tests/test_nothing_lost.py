"""Nothing lost: papers in = pages out + duplicates reported, every input field in its page.

scripts/verify_corpus.py checks this for a whole corpus; here it runs on a sample of 42
real papers (tests/fixtures/corpus-sample.jsonl) and some repeats of them.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator.pages.page import fresh_fields
from tests.conftest import REPO

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate

SAMPLE = REPO / "tests" / "fixtures" / "corpus-sample.jsonl"
SCRIPT = REPO / "scripts" / "verify_corpus.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_corpus", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def inputs(tmp_path: Path) -> list[Path]:
    """The sample, and a second file repeating five of its papers (one with a new field)."""
    records = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    no_id = [r for r in records if not r["id"]][:2]
    with_id = [r for r in records if r["id"]][:3]
    repeats = [
        {"abstract": no_id[0]["abstract"].upper(), "title": "", "award": "best paper"},
        {**no_id[1], "venue": "", "authors": []},
        *({"id": r["id"], "abstract": r["abstract"], "track": "main"} for r in with_id),
    ]
    more = tmp_path / "repeats.jsonl"
    more.write_text("".join(json.dumps(r) + "\n" for r in repeats), encoding="utf-8")
    return [SAMPLE, more]


def test_every_paper_and_field_of_the_sample_is_in_a_page(inputs: list[Path]) -> None:
    result = load_script().verify(inputs)
    assert result.problems == []
    assert (result.records, result.pages, result.duplicates) == (47, 42, 5)
    assert result.same_abstract == 2  # one paper at two venues, twice in the sample
    assert result.fields > 300 and result.ok


def test_a_dropped_field_is_found(inputs: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    def without_venue(*args: Any) -> dict[str, Any]:
        fields = fresh_fields(*args)
        fields.pop("venue", None)
        return fields

    monkeypatch.setattr("generator.pipeline.fresh_fields", without_venue)
    result = load_script().verify(inputs)
    assert not result.ok
    assert len(result.problems) == 42 and all("venue is None" in p for p in result.problems)


def test_the_script_prints_its_figures_and_exits_zero() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(SAMPLE)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith("42 records in → 42 pages + 0 duplicates")
    assert done.stdout.splitlines()[-1] == "nothing lost"
