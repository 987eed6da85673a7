"""The `digest` command's wiring: arguments reach the pipeline, errors exit non-zero."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from generator.cli import main
from tests.conftest import MakeProject


def run(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, env=env, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_every_command_has_help() -> None:
    code, out, _ = run(["--help"])
    assert code == 0
    commands = [line.split()[0] for line in out.split("Commands:")[1].strip().splitlines()]
    for command in commands:
        code, text, _ = run([command, "--help"])
        assert code == 0 and len(text.splitlines()) > 3, command


def test_commands_start_without_the_similarity_libraries() -> None:
    # scikit-learn, SciPy's statistics and openTSNE take seconds to import: `digest check`
    # and the build's page process never fit a model, so they must not pay for them.
    probe = "import sys, generator.cli, generator.engine.mkdocs, generator.engine.hooks; "
    probe += "print(sorted({'sklearn', 'openTSNE', 'scipy'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.generate
def test_generate_reads_the_default_inputs_or_the_named_files(make_project: MakeProject) -> None:
    config = make_project({"a.txt": "Mine\n\nOne abstract about graphs.\n"})
    other = config.root / "other.jsonl"
    other.write_text('{"abstract": "Another about images.", "title": "Other"}\n')
    code, _, err = run(["generate", "--root", str(config.root)])
    assert code == 0 and "1 papers from 1 input file(s)" in err
    code, _, err = run(["generate", "--root", str(config.root), str(other)])
    assert code == 0 and "1 papers from 1 input file(s) → 2 pages (1 new" in err
    assert "no longer in the input and were kept" in err


def test_errors_exit_non_zero_and_annotate_in_github_actions(make_project: MakeProject) -> None:
    config = make_project({"a.txt": ""})
    code, out, err = run(["generate", "--root", str(config.root)])
    assert code == 1 and err.startswith("inputs/a.txt: error: is empty") and out == ""
    code, out, err = run(["generate", "--root", str(config.root)], env={"GITHUB_ACTIONS": "true"})
    assert code == 1 and out.startswith("::error file=inputs/a.txt::is empty")


def test_the_progress_bar_moves_with_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bar wraps the loop that does the work: it takes each item as the work asks for it,
    # and so reaches its end when the work does (it once ran through every item first).
    import io

    from generator import cli

    monkeypatch.setattr(cli, "_interactive", lambda: True)
    shown = io.StringIO()
    monkeypatch.setattr(sys, "stderr", shown)
    made: list[int] = []

    def items():
        for n in range(1000):
            made.append(n)
            yield n

    tracked = iter(cli.track(items(), "deriving", 1000))
    assert next(tracked) == 0
    assert len(made) == 1  # one item taken, one made: the work goes as the bar goes
    assert next(tracked) == 1 and len(made) == 2
    assert list(tracked) == list(range(2, 1000))
    assert "deriving" in shown.getvalue()
    # Quiet (piped, CI, or few items): the items themselves.
    few = [1, 2, 3]
    assert cli.track(few, "deriving", 3) is few
