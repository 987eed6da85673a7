"""The docs are true of the code: the developer guide's layer graph is the one the code has,
and the commands, make targets and files the README, CONTRIBUTING.md and docs/ name exist."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

from benchmarks.bench import format_value, read_figures
from generator.cli import main as digest
from tests.conftest import REPO

DOCS = [REPO / "README.md", REPO / "CONTRIBUTING.md", *sorted((REPO / "docs").glob("*.md"))]
GUIDE = REPO / "docs" / "architecture.md"
#: A file of the repository as the docs name it, and a test in it: `tests/test_x.py::test_y`.
NAMED_FILE = re.compile(
    r"(?<![\w/.])((?:generator|tests|scripts|benchmarks|templates|overrides|site_src/assets|\.github)"
    r"/[\w./-]*\w\.(?:py|md|yml|json|js|css|html|mjs))(?:::(\w+))?"
)


def layers_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("layers", REPO / "scripts" / "layers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_guide_shows_the_layer_graph_the_code_has() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        layers_script().main()
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("## The layers", 1)[1]
    shown = section.split("```\n", 1)[1].split("```", 1)[0]
    assert shown == out.getvalue(), "paste `scripts/layers.py`'s output into the guide"


def test_the_guide_names_every_module_of_the_generator_in_its_layer() -> None:
    section = GUIDE.read_text(encoding="utf-8").split("## The layers", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][2:]
    package = REPO / "generator"
    for path in sorted(package.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        folder = path.parent.relative_to(package).as_posix()
        row = next((r for r in rows if f"`{folder}/`" in r), "") if folder != "." else ""
        row = row or next((r for r in rows if f"`{path.name}`" in r.split("|")[2]), "")
        assert f"`{path.name}`" in row, f"docs/architecture.md's layers do not name {path}"


def test_the_layers_script_has_the_contracts_layers_in_its_order() -> None:
    script = layers_script()
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = pyproject["tool"]["importlinter"]["contracts"]
    order: list[str] = []
    for entry in contract["layers"]:
        for name in re.split(r"[|:]", entry):
            found = script.layer(f"generator.{name.strip()}")
            if not order or order[-1] != found:
                order.append(found)
    assert order == script.ORDER


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_the_files_and_tests_the_docs_name_exist(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    for path, test in NAMED_FILE.findall(text):
        assert (REPO / path).exists(), (doc.name, path)
        if test:
            assert f"def {test}(" in (REPO / path).read_text(encoding="utf-8"), (doc.name, test)


def test_the_guide_names_only_real_commands_and_make_targets() -> None:
    help_text = CliRunner().invoke(digest, ["--help"]).stdout
    real = set(re.findall(r"^  ([a-z]+)\s", help_text.split("Commands:")[1], re.M))
    targets = set(re.findall(r"^([a-z]+):", (REPO / "Makefile").read_text(), re.M))
    for doc in DOCS[2:]:
        text = doc.read_text(encoding="utf-8")
        named = set(re.findall(r"(?:`|\.venv/bin/)digest ([a-z]+)", text))
        assert named <= real, (doc.name, named - real)
        made = set(re.findall(r"`make ([a-z]+)", text))
        assert made <= targets, (doc.name, made - targets)


def test_the_readme_quotes_the_benchmark_as_its_results_file_has_it() -> None:
    """The README's figures at conference scale are those `make bench` wrote, each figure as
    the benchmark names and prints it; no figure without its file."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Size limits at conference scale", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][2:]
    files = set(re.findall(r"benchmarks/results/(\d+)\.json", section))
    if not rows:
        return
    assert len(files) == 1, "name the one benchmarks/results/<PAPERS>.json the figures are from"
    path = REPO / "benchmarks" / "results" / f"{files.pop()}.json"
    figures = read_figures(path)
    for row in rows:
        name, ours, baseline, target = (cell.strip() for cell in row.strip("| ").split(" | "))
        found = figures.get(name)
        assert found is not None, f"{path.name} has no figure {name!r}"
        shown = [_quoted(found["ours"], found["unit"]), _quoted(found["baseline"], found["unit"])]
        assert [ours, baseline] == shown, f"README quotes {name!r} otherwise than {path.name}"
        assert target == (found["target"] or "-"), name


def _quoted(value: float | None, unit: str) -> str:
    """A figure as the benchmark prints it, with its unit."""
    return "-" if value is None else f"{format_value(value, unit)} {unit}".strip()
