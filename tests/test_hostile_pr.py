"""A hostile pull request, round two: files that publish more than themselves, labels and
taxonomy that run or hang, records a page can forge, and work without a bound.

Each case is one a contributor could send in a pull request that touches only `site_src/`,
`inputs/`, `taxonomy.yml` or the labels; each is listed in tests/bad-input.md.
"""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.config import Config
from generator.pipeline import generate
from tests.conftest import tree

pytestmark = pytest.mark.slow


def cli(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def generated_seed(seed_project: Config) -> Config:
    generate(seed_project)
    return seed_project


# --- Symbolic links ---------------------------------------------------------------------------

#: (link, what it points at, relative to the link's folder unless absolute)
LINKS = {
    "asset to a system file": ("site_src/assets/x.png", "/etc/passwd"),
    "page folder to the environment": ("site_src/papers/env.txt", "/proc/self/environ"),
    "to the checkout's git settings": ("site_src/papers/git.txt", "../../.git/config"),
    "folder into the inputs": ("site_src/papers/media", "../../inputs/media"),
    "folder back into the docs": ("site_src/papers/loop", ".."),
    "input to a system file": ("inputs/more.txt", "/etc/passwd"),
    "broken": ("site_src/papers/gone.png", "nowhere.png"),
    "in the theme": ("overrides/partials/extra.html", "/etc/hostname"),
}


@pytest.mark.parametrize("case", LINKS)
@pytest.mark.parametrize("command", ["check", "generate", "build"])
def test_a_symbolic_link_anywhere_is_an_error_naming_it(
    generated_seed: Config, case: str, command: str
) -> None:
    root = generated_seed.root
    (root / "inputs" / "media").mkdir(exist_ok=True)
    (root / "inputs" / "media" / "index.html").write_text("<script>alert(1)</script>")
    link, target = LINKS[case]
    (root / link).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, root / link)
    before = tree(root, "site_src")
    code, _, err = cli([command, "--root", str(root)])
    assert code == 1, err
    assert f"{link}: error: is a symbolic link" in err
    assert tree(root, "site_src") == before
    assert not generated_seed.site_dir.exists()


def test_mkdocs_own_build_refuses_a_symbolic_link(
    generated_seed: Config, caplog: pytest.LogCaptureFixture
) -> None:
    """The page hook guards MkDocs' public build too (`mkdocs build`, no digest command)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    os.symlink("/etc/passwd", generated_seed.docs_dir / "assets" / "x.png")
    cfg = load_config(str(generated_seed.root / "mkdocs.yml"))
    with pytest.raises(Abort):
        build(cfg)
    assert "assets/x.png is a symbolic link" in caplog.text
    assert not (generated_seed.site_dir / "assets" / "x.png").exists()


# --- Only inert types are published ------------------------------------------------------------

#: Files of types a browser renders as documents (and runs script in), or no type at all.
NOT_INERT = {
    "site_src/papers/x.xht": '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
    "site_src/papers/x.mml": '<math xmlns="http://www.w3.org/1998/Math/MathML"/>',
    "site_src/papers/x.rss": '<?xml version="1.0"?><rss/>',
    "site_src/papers/x.rdf": '<?xml version="1.0"?><rdf/>',
    "site_src/papers/x.xsl": '<?xml version="1.0"?><xsl:stylesheet/>',
    "site_src/papers/x.png.html": "<script>alert(1)</script>",
    "site_src/papers/README": "no type",
}


@pytest.mark.parametrize("path", NOT_INERT)
def test_a_file_of_a_type_not_on_the_inert_list_is_an_error(
    generated_seed: Config, path: str
) -> None:
    (generated_seed.root / path).write_text(NOT_INERT[path], encoding="utf-8")
    code, _, err = cli(["build", "--check", "--root", str(generated_seed.root)])
    assert code == 1
    assert f"{path}: error: is a" in err
    assert "not among the types the site publishes" in err
    assert not generated_seed.site_dir.exists()


def test_inert_files_are_published(generated_seed: Config) -> None:
    docs = generated_seed.docs_dir
    for name in ("figure.png", "data.csv", "paper.pdf", "notes.txt"):
        (docs / "papers" / name).write_bytes(b"data")
    code, _, err = cli(["build", "--check", "--root", str(generated_seed.root)])
    assert code == 0, err
    for name in ("figure.png", "data.csv", "paper.pdf", "notes.txt"):
        assert (generated_seed.site_dir / "papers" / name).read_bytes() == b"data"
