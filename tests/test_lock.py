"""The lock files pin every dependency pyproject.toml names, and the installs take them.

`make lock` writes requirements.lock (what the site needs) and requirements-dev.lock (that,
and what the tests and checks need) with pip-tools; `make` installs from them, with their
hashes. A dependency added to pyproject.toml without `make lock` fails here, naming it.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import REPO

LOCK = REPO / "requirements.lock"
DEV_LOCK = REPO / "requirements-dev.lock"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?: \\)?$")


def pins(path: str) -> dict[str, str]:
    """{canonical name: version} of a lock file; every pin has its hashes."""
    found: dict[str, str] = {}
    text = (REPO / path).read_text(encoding="utf-8")
    for block in re.split(r"\n(?=\S)", text):
        match = PIN.match(block.splitlines()[0])
        if match:
            assert "--hash=sha256:" in block, f"{path}: {match[1]} has no hash"
            found[canonicalize_name(match[1])] = match[2]
    return found


def needs() -> dict[str, list[Requirement]]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = [Requirement(line) for line in project["dependencies"]]
    dev = [Requirement(line) for line in project["optional-dependencies"]["dev"]]
    return {LOCK.name: runtime, DEV_LOCK.name: runtime + dev}


@pytest.mark.parametrize("path", [LOCK.name, DEV_LOCK.name])
def test_every_dependency_of_pyproject_is_pinned_in_the_lock(path: str) -> None:
    locked = pins(path)
    missing = []
    for requirement in needs()[path]:
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        version = locked.get(canonicalize_name(requirement.name))
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            missing.append(f"{requirement} (locked: {version})")
    assert missing == [], f"{path} is older than pyproject.toml: run `make lock`"


def test_the_dev_lock_pins_the_sites_dependencies_as_the_sites_lock_does() -> None:
    site, dev = pins(LOCK.name), pins(DEV_LOCK.name)
    assert {name: dev.get(name) for name in site} == site


def test_the_locks_were_written_by_make_lock() -> None:
    make = (REPO / "Makefile").read_text(encoding="utf-8")
    (compile_,) = re.findall(r"^COMPILE = (.*(?:\\\n.*)*)$", make, re.M)
    flags = set(re.findall(r"--[a-z-]+", compile_)) - {"--upgrade", "--quiet"}
    for path in (LOCK, DEV_LOCK):
        header = path.read_text(encoding="utf-8").split("\n#\n", 2)[1]
        assert "pip-compile" in header and "pyproject.toml" in header, path.name
        assert flags <= set(re.findall(r"--[a-z-]+", header)), path.name
    assert "--constraint=requirements.lock" in DEV_LOCK.read_text(encoding="utf-8")


def test_the_environment_the_tests_run_in_was_installed_from_the_lock() -> None:
    wrong = {}
    for name, version in pins(DEV_LOCK.name).items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            wrong[name] = (installed, version)
    assert wrong == {}, "installed, locked: `make` installs from the lock"


def test_make_installs_from_the_locks_with_their_hashes_and_finds_a_stale_one() -> None:
    make = (REPO / "Makefile").read_text(encoding="utf-8")
    for target, lock in ((r"\.installed", LOCK.name), (r"\.installed-dev", DEV_LOCK.name)):
        (recipe,) = re.findall(rf"^\$\(VENV\)/{target}: (.*\n(?:\t.*\n)+)", make, re.M)
        assert recipe.startswith(f"pyproject.toml {lock}\n"), target
        assert f"pip install --quiet --require-hashes -r {lock}\n" in recipe
        assert "pip install --quiet --no-deps -e .\n" in recipe  # nothing beside the lock
        assert "pip check" in recipe and "$(STALE)" in recipe
    assert "make lock" in (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
