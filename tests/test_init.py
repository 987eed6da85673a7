"""`digest init`: a newcomer's first settings, derived or asked, written into mkdocs.yml."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import cli
from generator.config import load_config
from generator.newdigest import github_repository
from tests.conftest import MakeProject

HEADED = "NeurIPS 2026 Robotics\n\nWe propose RoboFlow, a policy for robot manipulation.\n"


def init(root: Path, *args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli.main, ["init", "--root", str(root), *args], input=stdin)
    return result.exit_code, result.stderr


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    # The workflows' variables would win over the defaults `init` writes.
    monkeypatch.delenv("DIGEST_SITE_URL", raising=False)
    monkeypatch.delenv("DIGEST_REPO_URL", raising=False)


@pytest.mark.parametrize(
    ("remote", "expected"),
    [
        ("git@github.com:Jane-Doe/nlp-digest.git", ("Jane-Doe", "nlp-digest")),
        ("https://github.com/jane/digest", ("jane", "digest")),
        ("https://token@github.com/jane/digest.git/", ("jane", "digest")),
        ("ssh://git@github.com/jane/my.digest.git", ("jane", "my.digest")),
        ("https://gitlab.com/jane/digest.git", None),
        ("https://github.com/jane", None),
        ("", None),
    ],
)
def test_github_remotes_in_every_spelling(remote: str, expected: tuple[str, str] | None) -> None:
    assert github_repository(remote) == expected


def test_defaults_come_from_the_input_heading_and_the_git_remote(
    make_project: MakeProject,
) -> None:
    config = make_project({"robotics.txt": HEADED})
    root = config.root
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(
        ["git", "-C", str(root), "remote", "add", "origin", "git@github.com:Jane-Doe/robo.git"],
        check=True,
    )
    before = (root / "mkdocs.yml").read_text(encoding="utf-8")

    code, err = init(root, "--language", "en")

    assert code == 0, err
    after = (root / "mkdocs.yml").read_text(encoding="utf-8")
    changed = [
        (old, new)
        for old, new in zip(before.splitlines(), after.splitlines(), strict=True)
        if old != new
    ]
    # Only the settings' own lines change; the !ENV form and every comment stay.
    assert [new for _, new in changed] == [
        'site_name: "NeurIPS 2026 Robotics"',
        'site_description: "NeurIPS 2026 Robotics: papers with tags, summaries and related '
        'papers, editable by readers."',
        'site_url: !ENV [DIGEST_SITE_URL, "https://jane-doe.github.io/robo/"]',
        'repo_url: !ENV [DIGEST_REPO_URL, "https://github.com/Jane-Doe/robo"]',
        "  language: en",
    ]
    loaded = load_config(root)
    assert (loaded.site_name, loaded.site_url, loaded.repo_url, loaded.language) == (
        "NeurIPS 2026 Robotics",
        "https://jane-doe.github.io/robo/",
        "https://github.com/Jane-Doe/robo",
        "en",
    )
    assert loaded.raw["site_description"].startswith("NeurIPS 2026 Robotics: papers")


def test_options_with_yaml_characters_are_written_as_text(make_project: MakeProject) -> None:
    root = make_project({"a.txt": HEADED}).root
    name = 'Robots: "Learning" # 2026 & more'

    code, err = init(
        root,
        "--name",
        name,
        "--description",
        "A: b # c",
        "--site-url",
        "https://example.org/robots",
        "--repo-url",
        "https://github.com/o/r",
        "--language",
        "zh",
    )

    assert code == 0, err
    loaded = load_config(root)
    assert (loaded.site_name, loaded.raw["site_description"], loaded.language) == (
        name,
        "A: b # c",
        "zh",
    )
    assert loaded.site_url == "https://example.org/robots/"  # as MkDocs would make it


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--site-url", "javascript:alert(1)"], "site_url: 'javascript:alert(1)' is not an http"),
        (["--site-url", "ftp://example.org/"], "site_url: 'ftp://example.org/' is not an http"),
        (["--repo-url", ""], "repo_url: '' is not an http(s) address"),
        (["--name", "two\nlines"], "site_name: must be one line"),
    ],
)
def test_bad_settings_name_the_key_and_leave_the_file_alone(
    make_project: MakeProject, args: list[str], message: str
) -> None:
    root = make_project({"a.txt": HEADED}).root
    before = (root / "mkdocs.yml").read_bytes()

    code, err = init(root, *args)

    assert code == 1
    assert f"mkdocs.yml: error: {message}" in err
    assert (root / "mkdocs.yml").read_bytes() == before


def test_at_a_terminal_each_setting_is_asked_with_its_default(
    make_project: MakeProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_project({"a.txt": HEADED}).root
    monkeypatch.setattr(cli, "_asks", lambda: True)

    # Language, title, then Enter for the description (which follows the new title),
    # the site address and the repository.
    code, err = init(
        root,
        stdin="en\nVision Digest\n\nhttps://example.org/v/\nhttps://github.com/o/v\n",
    )

    assert code == 0, err
    loaded = load_config(root)
    assert loaded.site_name == "Vision Digest"
    assert loaded.raw["site_description"].startswith("Vision Digest: papers")
    assert (loaded.site_url, loaded.repo_url) == (
        "https://example.org/v/",
        "https://github.com/o/v",
    )


def test_in_a_script_without_a_name_it_refuses_and_changes_nothing(
    make_project: MakeProject,
) -> None:
    root = make_project({"papers.jsonl": '{"abstract": "We propose X."}\n'}).root
    before = (root / "mkdocs.yml").read_bytes()

    code, err = init(root)

    assert code == 1
    assert "no heading line" in err and "--name" in err
    assert (root / "mkdocs.yml").read_bytes() == before


def test_in_a_script_it_says_what_it_kept(make_project: MakeProject) -> None:
    root = make_project({"robotics.txt": HEADED}).root  # a heading, no language, no remote

    code, err = init(root)

    assert code == 0, err
    assert "site_name: NeurIPS 2026 Robotics" in err
    assert "kept theme.language: zh, as mkdocs.yml has it (--language)" in err
    assert "kept repo_url: https://github.com/paper-digest/paper-digest, no GitHub origin" in err
    code, err = init(root, "--language", "en", "--repo-url", "https://github.com/o/r")
    assert code == 0 and "kept" not in err, err
