"""The suite's own rules (CONTRIBUTING.md, "Tests"): a test that runs `generate` or builds a
site without a mark fails (tests/pipeline_guard.py), `make quick` leaves the marked out,
every test has a time limit, and `make test` prints the slowest."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests import pipeline_guard
from tests.conftest import REPO

INNER = """
import subprocess
import sys

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.config import load_config
from generator.pipeline import generate
from tests.conftest import copy_project


def project(root):
    copy_project(root)
    (root / "inputs").mkdir(exist_ok=True)
    (root / "inputs" / "a.txt").write_text(
        "A digest\\n\\nWe propose a sparse method for graph learning that improves accuracy.\\n"
    )
    return load_config(root)


@pytest.fixture
def generated(tmp_path):
    config = project(tmp_path)
    generate(config)
    return config


def test_unmarked_generate(tmp_path):
    generate(project(tmp_path))


def test_unmarked_command(tmp_path):
    root = project(tmp_path).root
    assert CliRunner().invoke(main, ["generate", "--root", str(root)]).exit_code == 0


def test_unmarked_child_process():
    subprocess.run([sys.executable, "-m", "generator", "build", "--help"], check=True)


def test_unmarked_fixture(generated):
    assert generated.papers_dir.is_dir()


def test_unmarked_failing_on_its_own():
    subprocess.run([sys.executable, "-m", "generator", "generate", "--help"], check=True)
    assert False, "its own failure"


@pytest.mark.generate
def test_marked(generated):
    assert generated.papers_dir.is_dir()


@pytest.mark.slow
def test_marked_slow():
    subprocess.run([sys.executable, "-m", "generator", "build", "--help"], check=True)


def test_quick(tmp_path):
    assert project(tmp_path).papers_dir.name == "papers"
"""


@pytest.mark.generate  # it runs a small `generate` four times, in a pytest of its own
def test_a_test_that_runs_the_pipeline_unmarked_fails_naming_the_mark(tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(INNER, encoding="utf-8")
    report = tmp_path / "report.xml"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "pytest", "-p", "tests.pipeline_guard", "-p", "no:xdist"]
    command += ["-p", "no:cacheprovider", "-W", "ignore::pytest.PytestUnknownMarkWarning"]
    command += [f"--junitxml={report}", "-q", "test_inner.py"]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 1, done.stdout + done.stderr
    failures = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        failure = case.find("failure")
        failures[case.get("name")] = None if failure is None else failure.get("message", "")
    guarded = {
        name: message
        for name, message in failures.items()
        if message and "runs the pipeline" in message
    }
    assert set(guarded) == {
        "test_unmarked_generate",
        "test_unmarked_command",
        "test_unmarked_child_process",
        "test_unmarked_fixture",
    }, failures
    assert "generator.pipeline.site_model" in guarded["test_unmarked_generate"]
    assert "a child process" in guarded["test_unmarked_child_process"]
    assert all("@pytest.mark.generate" in message for message in guarded.values())
    # A test that fails on its own says so, not what the guard would; the marked pass.
    assert "its own failure" in (failures["test_unmarked_failing_on_its_own"] or "")
    assert failures["test_marked"] is None and failures["test_marked_slow"] is None
    assert failures["test_quick"] is None


def test_every_entry_is_watched_and_the_commands_that_run_the_pipeline_are_known() -> None:
    import importlib

    for module, name in pipeline_guard.ENTRIES:
        assert pipeline_guard.watched(getattr(importlib.import_module(module), name))
    assert pipeline_guard.watched(subprocess.Popen.__init__)
    python = sys.executable
    for command in (
        [python, "-m", "generator", "generate", "--root", "x"],
        ["/venv/bin/digest", "build", "--check"],
        ["digest", "serve"],
        "make site",
        ["make", "-C", "x", "check"],
        [python, Path("scripts/verify_corpus.py"), "sample.jsonl"],
        [python, "-m", "benchmarks.bench", "papers.jsonl.gz"],
    ):
        assert pipeline_guard.runs_pipeline(command), command
    for command in (
        [python, "-m", "generator", "check"],
        ["digest", "new", "--title", "build"],  # a word, not the command
        ["git", "commit", "-m", "generate"],
        [python, "-I", "-m", "generator.engine.mkdocs"],  # counted as engine.mkdocs.run
        ["make", "lint"],
        [python, "-c", "import generator"],
    ):
        assert not pipeline_guard.runs_pipeline(command), command


def test_make_quick_leaves_out_the_marks_the_guard_asks_for_and_they_are_declared() -> None:
    make = (REPO / "Makefile").read_text(encoding="utf-8")
    (expression,) = re.findall(r"^QUICK := (.*)$", make, re.M)
    assert sorted(re.findall(r"not (\w+)", expression)) == sorted(pipeline_guard.MARKS)
    assert re.search(r'^quick: .*\n\t\$\(BIN\)/pytest -n 2 -m "\$\(QUICK\)"', make, re.M)
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    declared = {m.split(":")[0] for m in pyproject["tool"]["pytest"]["ini_options"]["markers"]}
    assert set(pipeline_guard.MARKS) <= declared
    contributing = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "make quick" in contributing and "@pytest.mark.generate" in contributing


def test_every_test_has_a_time_limit_and_make_test_prints_the_slowest(
    request: pytest.FixtureRequest,
) -> None:
    assert request.config.pluginmanager.hasplugin("timeout")
    assert 0 < float(request.config.getini("timeout")) <= 600
    make = (REPO / "Makefile").read_text(encoding="utf-8")
    (run,) = re.findall(r"^test: .*\n(?:\t.*\n)*?\t(\$\(BIN\)/pytest .*)$", make, re.M)
    assert re.search(r"--durations=\d+", run), run


#: The content a pull request may change without the tests running
#: (scripts/code-changed), as a test would name it under the repository.
CONTENT = re.compile(r'REPO\s*/\s*"(?:inputs|taxonomy\.yml|site_src"\s*/\s*"papers)')
#: The tests that read it on purpose: that the committed pages are what the code makes of
#: the committed inputs, which is `make check`'s question too.
READS_CONTENT = {
    ("test_check.py", "test_the_repositorys_own_pages_pass_the_check_a_pull_request_runs")
}


def test_no_test_reads_the_content_a_pull_request_may_change_without_the_tests() -> None:
    import ast

    from tests.conftest import SEED, TAXONOMY

    assert REPO / "tests" in SEED.parents and REPO / "tests" in TAXONOMY.parents
    found = set()
    for path in sorted((REPO / "tests").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not CONTENT.search(source):
            continue
        lines = {source.count("\n", 0, m.start()) + 1 for m in CONTENT.finditer(source)}
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                end = node.end_lineno or node.lineno
                if any(node.lineno <= line <= end for line in lines):
                    found.add((path.name, node.name))
                    lines = {line for line in lines if not node.lineno <= line <= end}
        found |= {(path.name, f"line {line}") for line in lines}
    assert found == READS_CONTENT


def test_a_test_project_takes_the_tests_taxonomy(tmp_path: Path) -> None:
    from tests.conftest import TAXONOMY, copy_project

    copy_project(tmp_path)
    assert (tmp_path / "taxonomy.yml").read_bytes() == TAXONOMY.read_bytes()


def test_make_lint_holds_the_layers_contract_over_every_module() -> None:
    make = (REPO / "Makefile").read_text(encoding="utf-8")
    (lint,) = re.findall(r"^lint: .*\n((?:\t.*\n)+)", make, re.M)
    assert "\t$(BIN)/lint-imports\n" in lint
    linter = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = linter["tool"]["importlinter"]["contracts"]
    assert contract["type"] == "layers" and contract["exhaustive"] is True
    assert contract["containers"] == ["generator"]
    placed = {m.strip() for layer in contract["layers"] for m in re.split(r"[|:]", layer)}
    assert {"engine", "pipeline", "features", "pages", "derive", "model"} <= placed
    # Every import let through points up today, and says why it is there.
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    block = text.split("ignore_imports = [", 1)[1].split("\n]", 1)[0]
    said = False  # a comment above the import, or above the group it ends
    for line in map(str.strip, block.splitlines()):
        said = line.startswith("#") or (said and line.startswith('"'))
        assert said or not line, f"ignore_imports: {line} says not why"
