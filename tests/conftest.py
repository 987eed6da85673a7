"""Shared test helpers: tiny projects in a temporary folder, one test at a time."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from generator.config import Config, load_config
from generator.config import copy_project as copy_files
from generator.taxonomy import Taxonomy, load_taxonomy

# A test that runs `generate` or builds a site carries a mark (tests/pipeline_guard.py).
from tests.pipeline_guard import pytest_configure as pytest_configure
from tests.pipeline_guard import pytest_runtest_call as pytest_runtest_call
from tests.pipeline_guard import pytest_runtest_setup as pytest_runtest_setup

REPO = Path(__file__).resolve().parent.parent
# The tests read their own copies of what a content pull request may change (the bundled
# input and the taxonomy), never the repository's: such a pull request runs no tests
# (.github/workflows/pull-request.yml), so it must not be able to make them fail.
CONTENT = REPO / "tests" / "fixtures" / "content"
SEED = CONTENT / "iclr2026-abstracts.txt"
TAXONOMY = CONTENT / "taxonomy.yml"

# A property test that is slow because the machine is busy (two test workers on two cores,
# another job beside them) is not wrong: no example has a deadline and no test fails as too
# slow, as under Hypothesis's "ci" profile, whose other settings CI keeps.
settings.register_profile(
    "digest", settings.default, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("digest")

MakeProject = Callable[..., Config]


def copy_project(target: Path) -> None:
    """Copy the repository's hand-owned site files (not its pages or inputs) to `target`,
    with the tests' taxonomy."""
    copy_files(REPO, target)
    shutil.copyfile(TAXONOMY, target / "taxonomy.yml")


@pytest.fixture
def make_project(tmp_path: Path) -> MakeProject:
    """Return a function that writes a project with the given input files and returns its Config.

    `inputs` maps file names (under inputs/) to text or bytes; `files` maps any other
    project-relative path to text, e.g. a hand-made page.
    """

    def make(
        inputs: dict[str, str | bytes] | None = None,
        files: dict[str, str] | None = None,
        root: Path | None = None,
    ) -> Config:
        folder = root or tmp_path / "project"
        copy_project(folder)
        (folder / "inputs").mkdir(exist_ok=True)
        for name, content in (inputs or {}).items():
            path = folder / "inputs" / name
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        for name, text in (files or {}).items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return load_config(folder)

    return make


@pytest.fixture
def seed_project(make_project: MakeProject) -> Config:
    """A project whose only input is the bundled seed."""
    return make_project({SEED.name: SEED.read_text(encoding="utf-8")})


def tree(root: Path, under: str = "") -> dict[str, bytes]:
    """Every file below `root/under`, as {relative path: bytes}."""
    base = root / under
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(base.rglob("*"))
        if p.is_file() and ".digest" not in p.parts
    }


def fragment_of(config: Config, slug: str) -> str:
    """A paper's generated parts (tags, TL;DR, links...), as the page hook hands them over.

    `slug` may be a prefix of the page's slug; `slug-->` names it exactly.
    """
    exact = slug.endswith("-->")
    slug = slug.removesuffix("-->")
    for path in sorted((config.parts_dir / "papers").glob("*.json")):
        for key, found in sorted(json.loads(path.read_text(encoding="utf-8")).items()):
            if key == slug or (not exact and key.startswith(slug)):
                return f"{found['meta']}\n{found['head']}\n{found['foot']}\n"
    raise KeyError(f"no parts for {slug}")


@pytest.fixture(scope="module")
def taxonomy() -> Taxonomy:
    """The tests' copy of the project's taxonomy.yml, as derivation and tagging tests apply it."""
    return load_taxonomy(TAXONOMY, "taxonomy.yml")
