"""mkdocs.yml read once by MkDocs' loader; the digest's options checked with their lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.config import CONFIG_FILE, load_config
from generator.errors import DigestError
from tests.conftest import REPO, MakeProject


def _with(make_project: MakeProject, old: str, new: str) -> DigestError:
    config = make_project({"a.txt": "An abstract about graphs.\n"})
    path = config.root / CONFIG_FILE
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DigestError) as caught:
        load_config(config.root)
    return caught.value


def _line_of(needle: str) -> int:
    text = (REPO / CONFIG_FILE).read_text(encoding="utf-8")
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "per_page: 100",
            "per_page: lots",
            r"plugins\.digest\.per_page: expected a whole number of at least 1, not 'lots'",
        ),
        ("per_page: 100", "per_pages: 100", r"plugins\.digest\.per_pages: Unrecognised"),
        ("per_page: 100", "per_page: 0", r"plugins\.digest\.per_page: expected a whole number"),
        ("related: 5", "related: -1", r"plugins\.digest\.related: expected a whole number"),
        ("author_pages: 10", "author_pages: true", r"plugins\.digest\.author_pages: expected"),
    ],
)
def test_a_bad_digest_option_names_its_key_and_line(
    make_project: MakeProject, old: str, new: str, message: str
) -> None:
    line = _line_of(old)
    error = _with(make_project, old, new)
    assert len(error.problems) == 1
    problem = error.problems[0]
    assert (problem.path, problem.line) == (CONFIG_FILE, line)
    assert re.search(message, problem.message)


def test_a_bad_mkdocs_setting_is_reported_by_mkdocs_with_its_line(
    make_project: MakeProject,
) -> None:
    line = _line_of("nav:")
    error = _with(make_project, "nav:\n", "nav: 5\nunused:\n")
    assert [(p.line, p.message) for p in error.problems] == [
        (line, "Config value 'nav': Expected nav to be a list, got a int: 5")
    ]


def test_broken_yaml_names_its_line(make_project: MakeProject) -> None:
    line = _line_of("site_name:")
    error = _with(make_project, "site_name: ", "site_name: [")
    assert error.problems[0].line == line and "invalid YAML" in error.problems[0].message


def test_env_tags_are_read_as_mkdocs_reads_them(
    make_project: MakeProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DIGEST_REPO_URL", "https://github.com/someone/their-digest")
    config = make_project()
    assert config.repo_url == "https://github.com/someone/their-digest"
    assert config.per_page == 100 and config.language in {"en", "zh"}


def test_the_digest_has_no_yaml_loader_of_its_own_for_settings() -> None:
    from generator import config

    text = Path(config.__file__).read_text(encoding="utf-8")
    assert "yaml.load(" not in text and "SafeLoader)" in text  # composed for lines only


def test_a_setting_given_twice_is_an_error_not_the_last_one_silently(
    make_project: MakeProject,
) -> None:
    first = _line_of("validation:")
    error = _with(make_project, "not_in_nav:", "validation:\n  anchors: info\nnot_in_nav:")
    assert [p.message for p in error.problems] == [
        f"'validation' is given twice (first on line {first})"
    ]
