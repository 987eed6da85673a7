"""Pagefind is reached through one module (generator/engine/pagefind.py), with a version bound."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from generator.engine import pagefind
from generator.errors import DigestError
from tests.conftest import REPO


def test_only_the_adapter_runs_pagefind_or_reads_its_bundle() -> None:
    # Its command, its environment, the files of its bundle: here and nowhere else.
    needles = re.compile(r'"pagefind"|PAGEFIND_|pagefind-entry|_RJEM_MALLOC_CONF|\.pf_meta')
    found = [
        f"{path.relative_to(REPO)}:{n}"
        for path in sorted((REPO / "generator").rglob("*.py"))
        if path.name != "pagefind.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if needles.search(line)
    ]
    assert found == []


def test_one_command_and_environment(tmp_path: Path) -> None:
    command = pagefind._command(tmp_path / "docs", tmp_path / "out")
    assert command[1:3] == ["-m", "pagefind"] and "--silent" in command
    assert command[command.index("--site") + 1] == str(tmp_path / "docs")
    env = pagefind._environment()
    assert env["PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE"] == str(pagefind._CHUNK)


@pytest.mark.parametrize("version", [(1, 4, 9), (2, 0, 0), (3,), None])
def test_a_release_outside_the_bound_stops_the_build(
    version: tuple[int, ...] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pagefind, "version", lambda: version)  # None: not installed
    with pytest.raises(DigestError, match=r"pagefind>=1\.5,<2\.0"):
        pagefind.require_supported()


def test_the_installed_release_is_within_the_bound_pyproject_names() -> None:
    pagefind.require_supported()  # the lock's release
    spec = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = next(d for d in spec["project"]["dependencies"] if d.startswith("pagefind"))
    low, high = pagefind.SUPPORTED
    assert f">={low[0]}.{low[1]}" in wanted and f"<{high[0]}" in wanted
