"""Folders a run makes beside what it publishes: one helper for each move the engine makes.

- **Scratch folders** are named with the id of the process that owns them
  (`scratch_folder`), so that a run can remove what a killed run left (`abandoned`) and
  never what a running one is using.
- **Link or copy**: a file of the last site or index that is still right is hard-linked into
  the new one (`link_or_copy`, `link_files`), copied where links fail (another file system).
  Nothing writes into a linked file: a changed file is a new file.
- **Publishing a folder** (`replace_folder`): the new folder takes the old one's place in two
  renames, so that a reader sees the old folder or the new one, never half of either.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path


def alive(pid: int) -> bool:
    """Whether a process of this id is running (this one, or another user's, counts)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's: not ours to judge
    return True


def scratch_folder(parent: Path, prefix: str, tag: str = "", *, make_parent: bool = True) -> Path:
    """A new folder in `parent` named `<prefix><this process's id>-<tag>...` (`abandoned`);
    without `make_parent`, an OSError when `parent` is not there."""
    if make_parent:
        parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-{tag}", dir=parent))


def owner(path: Path, prefix: str) -> int | None:
    """The id of the process a scratch folder (or file) named by `scratch_folder` belongs to."""
    found = path.name.removeprefix(prefix).split("-")[0] if path.name.startswith(prefix) else ""
    return int(found) if found.isdigit() else None


def abandoned(path: Path, prefix: str) -> bool:
    """Whether a scratch folder's process is gone (a folder of no process is not ours)."""
    pid = owner(path, prefix)
    return pid is not None and not alive(pid)


def link_or_copy(old: Path, new: Path) -> None:
    """Hard-link `old` as `new`, or copy it where a link fails."""
    try:
        os.link(old, new)
    except OSError:
        shutil.copy2(old, new)


def link_files(pairs: Iterable[tuple[Path, Path]]) -> list[Path]:
    """Link (or copy) each `(old, new)`, making the folders `new` needs; returns the files
    made, in order (an error stops at the file that failed)."""
    made: list[Path] = []
    folders: set[Path] = set()
    for old, new in pairs:
        if new.parent not in folders:
            new.parent.mkdir(parents=True, exist_ok=True)
            folders.add(new.parent)
        link_or_copy(old, new)
        made.append(new)
    return made


def replace_folder(
    new: Path, target: Path, aside: Path, remove: Callable[[Path], object] = shutil.rmtree
) -> None:
    """Put the folder `new` where `target` is, in two renames: the old one goes to `aside`
    (which must not exist) first, and is then removed by `remove`."""
    if not target.exists():
        new.rename(target)
        return
    target.rename(aside)
    new.rename(target)
    remove(aside)
