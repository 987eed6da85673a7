"""The one place that writes to disk: atomically, and only files whose bytes changed.

Derived files are listed in a manifest (`.digest/manifest.json`), so a derived file no
longer produced (a tag with no papers left, say) is removed; paper pages are never
removed here unless the caller lists them in `delete`.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from generator.model import Output

MANIFEST = "manifest.json"


@dataclass
class WriteReport:
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)


#: Above this many files, one `os.sync` makes them durable rather than one fsync each, which
#: costs a quarter of a millisecond apiece: seconds for a first run at 20,000 papers.
BATCH = 32


def _write_temp(path: Path, data: bytes, sync: bool) -> str:
    """Write `data` to a new file beside `path`; return the new file's name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if sync:
                handle.flush()
                os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return tmp


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so readers see the old file or the new one, never a part."""
    write_all([(path, data)])


def write_all(changes: list[tuple[Path, bytes]], *, durable: bool = True) -> None:
    """Write files atomically: each in full beside its target, then renamed in.

    `durable` files are on disk before they replace the old ones (paper pages, which people
    edit); derived files need not be, since every run writes them again.
    """
    batch = len(changes) > BATCH
    temps: list[tuple[str, Path]] = []
    try:
        for path, data in changes:
            temps.append((_write_temp(path, data, sync=durable and not batch), path))
        if durable and batch:
            os.sync()
        for tmp, path in temps:
            os.replace(tmp, path)
    except BaseException:
        for tmp, _ in temps:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        raise


@contextlib.contextmanager
def locked(state_dir: Path) -> Iterator[None]:
    """Hold the project's lock, so two generators never interleave their writes."""
    state_dir.mkdir(parents=True, exist_ok=True)
    with (state_dir / "lock").open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class Writer:
    def __init__(self, root: Path, state_dir: Path) -> None:
        self.root = root
        self.state_dir = state_dir

    def _previous(self) -> set[str]:
        try:
            return set(json.loads((self.state_dir / MANIFEST).read_text(encoding="utf-8")))
        except (FileNotFoundError, ValueError):
            return set()

    def write(
        self,
        pages: Iterable[Output],
        derived: Iterable[Output],
        delete: Iterable[str] = (),
        keep: Iterable[str] = (),
    ) -> WriteReport:
        """Write paper pages and derived files; drop derived files no longer produced.

        `keep` names derived files still produced but not passed again (they are unchanged).
        """
        report = WriteReport()
        produced: set[str] = set(keep)
        changes: dict[bool, list[tuple[Path, bytes]]] = {False: [], True: []}
        for output, is_derived in [(p, False) for p in pages] + [(d, True) for d in derived]:
            if is_derived:
                produced.add(output.path)
            target = self.root / output.path
            data = output.text.encode("utf-8")
            try:
                if target.read_bytes() == data:
                    report.unchanged += 1
                    continue
            except FileNotFoundError:
                pass
            changes[is_derived].append((target, data))
            report.written.append(output.path)
        write_all(changes[False])
        write_all(changes[True], durable=False)
        for rel in sorted((self._previous() - produced) | set(delete)):
            target = self.root / rel
            if target.is_file():
                target.unlink()
                report.removed.append(rel)
                _prune_empty(target.parent, self.root)
        manifest = json.dumps(sorted(produced), indent=0, ensure_ascii=False).encode("utf-8")
        if self._manifest_bytes() != manifest:
            write_atomic(self.state_dir / MANIFEST, manifest)
        return report

    def _manifest_bytes(self) -> bytes:
        try:
            return (self.state_dir / MANIFEST).read_bytes()
        except FileNotFoundError:
            return b""


def _prune_empty(folder: Path, root: Path) -> None:
    while folder != root and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
