"""`digest new`: a hand-made page for a paper the inputs lack, that passes `digest check`."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.config import Config
from generator.pages.check import check_project
from generator.pages.page import parse_page
from generator.pages.schema import HASHES
from generator.pipeline import generate
from tests.conftest import MakeProject

INPUT = "Tiny digest\n\nWe propose a graph neural network for molecules.\n"
ABSTRACT = (
    "We introduce RoboFlow, a vision-language-action model for robot manipulation. "
    "Trained with reinforcement learning, it improves success rates by 12% on real robots."
)


def new(config: Config, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["new", "--root", str(config.root), *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.generate
def test_a_new_page_is_hand_made_complete_and_passes_the_check(
    make_project: MakeProject,
) -> None:
    config = make_project({"a.txt": INPUT})
    generate(config)
    abstract = config.root / "abstract.txt"
    abstract.write_text(ABSTRACT + "\n", encoding="utf-8")
    code, out, err = new(
        config,
        "--title",
        "RoboFlow: Vision-Language-Action Models",
        "--abstract-file",
        str(abstract),
        "--author",
        "A. Author",
        "--author",
        "B. Author",
        "--url",
        "https://openreview.net/forum?id=robo",
        "--year",
        "2026",
    )
    assert code == 0, err
    path = out.strip()
    assert path == "site_src/papers/roboflow-vision-language-action-models.md"
    meta, body, _ = parse_page((config.root / path).read_text(encoding="utf-8"), path)
    assert HASHES not in meta and "title_derived" not in meta
    assert meta["title"] == "RoboFlow: Vision-Language-Action Models"
    assert meta["authors"] == ["A. Author", "B. Author"] and meta["year"] == 2026
    assert meta["id"] and meta["tags"] and meta["summary"]
    assert body == ABSTRACT
    assert check_project(config) == []
    # Regeneration keeps it as it is, and does not report it as gone from the input.
    before = (config.root / path).read_bytes()
    report = generate(config)
    assert (config.root / path).read_bytes() == before
    assert report.gone == [] and report.pages == 2
    listing = (config.root / "site_src" / "browse" / "index.md").read_text(encoding="utf-8")
    assert "roboflow-vision-language-action-models.md" in listing


def test_tags_can_be_chosen_and_an_unknown_one_gets_a_suggestion(
    make_project: MakeProject,
) -> None:
    config = make_project({"a.txt": INPUT})
    code, out, _ = new(config, "--title", "T", "--abstract", ABSTRACT, "--tag", "robotics")
    assert code == 0
    meta, _, _ = parse_page((config.root / out.strip()).read_text(encoding="utf-8"), "p")
    assert meta["tags"] == ["robotics"]
    code, out, err = new(config, "--title", "U", "--abstract", "Other.", "--tag", "robotcs")
    assert code == 1 and out == ""
    assert "unknown tag 'robotcs'" in err and "did you mean 'robotics'?" in err


@pytest.mark.generate
def test_a_paper_that_has_a_page_is_refused_and_nothing_is_overwritten(
    make_project: MakeProject,
) -> None:
    config = make_project({"a.txt": INPUT})
    generate(config)
    abstract = "We propose a graph neural network for molecules."
    code, _, err = new(config, "--title", "Same paper", "--abstract-file", "-", stdin=abstract)
    assert code == 1 and "already has a page" in err and "edit that page instead" in err
    code, out, _ = new(config, "--title", "Graph", "--abstract", "A different paper.")
    code2, out2, _ = new(config, "--title", "Graph", "--abstract", "Yet another paper.")
    assert code == code2 == 0 and out != out2  # same title, two pages: graph.md, graph-2.md


def test_the_abstract_is_required_exactly_once(make_project: MakeProject) -> None:
    config = make_project({"a.txt": INPUT})
    assert new(config, "--title", "T")[0] == 2
    assert new(config, "--title", "T", "--abstract", "x", "--abstract-file", "-")[0] == 2
    code, _, err = new(config, "--title", "T", "--abstract", "  ")
    assert code == 1 and "the abstract is empty" in err
