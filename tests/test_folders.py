"""The engine's folder moves, each in one helper (generator/folders.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import folders


def _dead_pid() -> int:
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait()
    return done.pid


def test_a_scratch_folder_names_its_process(tmp_path: Path) -> None:
    mine = folders.scratch_folder(tmp_path / "state", "pagefind-", "links-")
    assert mine.is_dir() and mine.name.startswith(f"pagefind-{os.getpid()}-links-")
    assert folders.owner(mine, "pagefind-") == os.getpid()
    assert not folders.abandoned(mine, "pagefind-")  # this process runs
    left = tmp_path / f"pagefind-{_dead_pid()}-x"
    assert folders.abandoned(left, "pagefind-")
    # A name of no process is not ours to judge, nor another prefix's folder.
    assert not folders.abandoned(tmp_path / "pagefind-x", "pagefind-")
    assert folders.owner(tmp_path / "other-1-x", "pagefind-") is None


def test_alive() -> None:
    assert folders.alive(os.getpid())
    assert not folders.alive(_dead_pid())


def test_files_are_linked_or_copied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "a.html"
    old.write_text("page", "utf-8")
    made = folders.link_files([(old, tmp_path / "site" / "x" / "a.html")])
    assert made == [tmp_path / "site" / "x" / "a.html"]
    assert made[0].stat().st_ino == old.stat().st_ino  # a link, not a copy

    def refuse(src: object, dst: object) -> None:
        raise OSError("cross-device link")

    monkeypatch.setattr(os, "link", refuse)
    copied = folders.link_files([(old, tmp_path / "other" / "a.html")])[0]
    assert copied.read_text("utf-8") == "page" and copied.stat().st_ino != old.stat().st_ino


def test_a_folder_is_replaced_in_two_renames(tmp_path: Path) -> None:
    target, new, aside = tmp_path / "site", tmp_path / "new", tmp_path / "old"
    new.mkdir()
    (new / "index.html").write_text("new", "utf-8")
    removed: list[Path] = []
    folders.replace_folder(new, target, aside, removed.append)  # none there yet: one rename
    assert (target / "index.html").read_text("utf-8") == "new" and removed == []
    again = tmp_path / "again"
    again.mkdir()
    (again / "index.html").write_text("newer", "utf-8")
    folders.replace_folder(again, target, aside, removed.append)
    assert (target / "index.html").read_text("utf-8") == "newer"
    assert removed == [aside] and (aside / "index.html").read_text("utf-8") == "new"
