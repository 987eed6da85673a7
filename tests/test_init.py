"""`digest init`: a newcomer's first settings, derived or asked, written into mkdocs.yml."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import cli
from generator.config import Config, load_config
from generator.errors import DigestError
from generator.newdigest import _PLUGINS_COMMENT, github_repository, upgrade
from tests.conftest import REPO, MakeProject

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


#: mkdocs.yml's digest settings as a digest had them before it was a MkDocs plugin.
OLD_FORM = """\
# No MkDocs plugins: `digest build` indexes the site for search with Pagefind, which loads
# only the part of the index a query needs. List `- search` here to use it instead.
plugins: []

# The page hook.
hooks:
  - generator/engine/hooks.py

extra:
  analytics: {provider: none}
  digest:
    inputs: inputs          # files read when `digest build` names none
    per_page: 7
"""


def test_a_digest_made_by_init_has_the_digest_as_a_mkdocs_plugin(make_project: MakeProject) -> None:
    config = make_project({"robotics.txt": HEADED})
    code, err = init(config.root, "--language", "en")
    assert code == 0, err
    text = (config.root / "mkdocs.yml").read_text(encoding="utf-8")
    assert "\nplugins:\n  digest:\n    inputs: inputs" in text
    assert "hooks:" not in text and "extra:" not in text
    assert load_config(config.root).per_page == 100


def test_init_moves_the_settings_of_a_digest_from_before_the_plugin(
    make_project: MakeProject,
) -> None:
    config = _old_project(make_project, OLD_FORM)
    path = config.root / "mkdocs.yml"
    with pytest.raises(DigestError, match="a MkDocs plugin now"):
        load_config(config.root)
    code, err = init(config.root, "--language", "en")
    assert code == 0, err
    assert "moved the digest's settings to `plugins: digest:`" in err
    moved = path.read_text(encoding="utf-8")
    assert "hooks:" not in moved and "# The page hook." not in moved
    assert "No MkDocs plugins" not in moved  # the comment above plugins says what it holds now
    assert "# No other plugin: `digest build` indexes the site" in moved
    assert "plugins:\n  digest:\n    inputs: inputs          # files read" in moved
    assert "extra:\n  analytics: {provider: none}\n" in moved
    loaded = load_config(config.root)
    assert loaded.per_page == 7 and loaded.raw["extra"] == {"analytics": {"provider": "none"}}
    assert upgrade(moved) is None  # once


def test_init_leaves_a_plugins_form_it_cannot_rewrite_to_the_user(
    make_project: MakeProject,
) -> None:
    config = _old_project(make_project, OLD_FORM.replace("plugins: []", "plugins: [search]"))
    path = config.root / "mkdocs.yml"
    before = path.read_bytes()
    code, err = init(config.root, "--language", "en")
    assert code != 0 and "by hand" in err
    assert path.read_bytes() == before


def _old_project(make_project: MakeProject, old: str) -> Config:
    """A project whose mkdocs.yml has the digest's settings in the `old` form."""
    config = make_project({"robotics.txt": HEADED})
    path = config.root / "mkdocs.yml"
    text = path.read_text(encoding="utf-8")
    head = text[: text.index("# The digest's MkDocs plugin")]
    tail = text[text.index("markdown_extensions:") :]
    path.write_text(head + old + "\n" + tail, encoding="utf-8")
    return config


def test_the_comment_init_writes_above_plugins_is_the_bundled_one() -> None:
    """An upgraded mkdocs.yml says of its plugins what a new one says."""
    bundled = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    assert "\n".join([*_PLUGINS_COMMENT, "plugins:"]) in bundled
