"""The one place that writes to disk: atomically, and only files whose bytes changed.

Derived files are listed in a manifest (`.digest/manifest.json`), so a derived file no
longer produced (a tag with no papers left, say) is removed; paper pages are never
removed here unless the caller lists them in `delete`. Nothing outside the project
folder is ever written or removed, whatever a path or the manifest says.

A new file is written to a temporary `.<name>.<random>.tmp` beside it (a dot-file, which
MkDocs ignores) and renamed over the old one; one left by a run that was killed is
removed by the next run.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import secrets
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import DigestError, Problem
from generator.model import Output

MANIFEST = "manifest.json"
#: In the state folder while a run writes: left behind, it tells the next run to look for
#: the temporary files a killed run left beside what it wrote.
WRITING = "writing"
_TEMP = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")


@dataclass
class WriteReport:
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)


def _create_temp(path: Path) -> tuple[int, Path]:
    """Create `.<name>.<8 random>.tmp` beside `path`, with the mode a new file would get."""
    while True:
        tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            # 0o666 less the umask, as for any new file (mkstemp's 0600 would hide pages).
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue


#: Above this many files, one `os.sync` makes them durable rather than one fsync each, which
#: costs a quarter of a millisecond apiece: seconds for a first run at 20,000 papers.
BATCH = 32


def _write_temp(path: Path, data: bytes, sync: bool, made: set[Path] | None = None) -> Path:
    """Write `data` to a new temporary file beside `path`; return its path. `made` holds
    the folders known to exist (a run writes 20,000 pages into one folder: asking the
    system to make it each time took a tenth of a millisecond a file)."""
    if made is None or path.parent not in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        if made is not None:
            made.add(path.parent)
    fd, tmp = _create_temp(path)
    try:
        with contextlib.suppress(FileNotFoundError):
            os.fchmod(fd, path.stat().st_mode & 0o7777)  # a page keeps its mode
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
    temps: list[tuple[Path, Path]] = []
    made: set[Path] = set()
    try:
        for path, data in changes:
            try:
                temps.append((_write_temp(path, data, durable and not batch, made), path))
            except OSError as exc:
                exc.filename = exc.filename or str(path)  # so the message names the file
                raise
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
        #: Folders resolved (symbolic links followed), each once: a run writes 40,000 files
        #: into 20,000 folders, most of them below the same few.
        self._real: dict[Path, Path] = {}

    def _resolved(self, path: Path) -> Path:
        found = self._real.get(path)
        if found is None:
            if path.parent == path or path.name in ("", ".", "..") or path.is_symlink():
                found = path.resolve()
            else:  # the folder it is in, resolved, and its own name
                found = self._resolved(path.parent) / path.name
            self._real[path] = found
        return found

    def _inside(self, rel: str) -> Path | None:
        """The file `rel` names below the project root, or None when it points outside."""
        target = self.root / rel
        if target.name in ("", ".", "..") or target.is_symlink():
            where = target.resolve()
        else:
            where = self._resolved(target.parent)
        if not where.is_relative_to(self._resolved(self.root)):
            return None
        return target

    def _target(self, rel: str) -> Path:
        target = self._inside(rel)
        if target is None or Path(rel).is_absolute():
            raise ValueError(f"refusing to write {rel!r}: it is outside the project folder")
        return target

    def previous(self) -> set[str]:
        """The derived files the last run wrote (its manifest)."""
        try:
            return set(json.loads((self.state_dir / MANIFEST).read_text(encoding="utf-8")))
        except (FileNotFoundError, ValueError):
            return set()

    def write(
        self,
        pages: Iterable[Output],
        derived: Iterable[Output],
        delete: Iterable[str] = (),
        sweep: Iterable[Path] = (),
        keep: Iterable[str] = (),
    ) -> WriteReport:
        """Write paper pages and derived files; drop derived files no longer produced.

        `keep` names derived files still produced but not passed again (they are unchanged).
        Temporary files a killed run left are removed from the folders written to, the
        state folder and `sweep`.
        """
        report = WriteReport()
        kept = list(keep)
        produced: set[str] = set(kept)
        outputs = [(p, False) for p in pages] + [(d, True) for d in derived]
        targets = [self._target(output.path) for output, _ in outputs]
        # Beside the files a run writes, temporary files exist only when a run was killed
        # while writing, which leaves its mark: a folder each of 40,000 derived files is not
        # looked through on every run. The state folder and `sweep` always are.
        mark = self.state_dir / WRITING
        folders: set[Path] = set()
        if mark.exists():
            inside = [self._inside(rel) for rel in kept]
            folders = {t.parent for t in [*targets, *(p for p in inside if p is not None)]}
        _remove_stale_temps(folders | {self.state_dir, *sweep})
        changes: dict[bool, list[tuple[Path, bytes]]] = {False: [], True: []}
        for (output, is_derived), target in zip(outputs, targets, strict=True):
            if is_derived:
                produced.add(output.path)
            data = output.text.encode("utf-8") if output.data is None else output.data
            try:
                if target.read_bytes() == data:
                    report.unchanged += 1
                    continue
            except FileNotFoundError:
                pass
            changes[is_derived].append((target, data))
            report.written.append(output.path)
        try:
            if changes[False] or changes[True]:
                self.state_dir.mkdir(parents=True, exist_ok=True)
                mark.touch()
            write_all(changes[False])
            write_all(changes[True], durable=False)
        except OSError as exc:  # a full disk, a read-only folder: say which file
            where = exc.filename if isinstance(exc.filename, str) else ""
            shown = self._shown(where) if where else "the project folder"
            raise DigestError(
                Problem(shown, 0, f"cannot be written: {exc.strerror or exc}")
            ) from None
        finally:  # write_all removes its temporary files unless the process is killed
            mark.unlink(missing_ok=True)
        for rel in sorted((self.previous() - produced) | set(delete)):
            old = self._inside(rel)
            if old is not None and old.is_file():
                old.unlink()
                report.removed.append(rel)
                _prune_empty(old.parent, self.root)
        manifest = json.dumps(sorted(produced), indent=0, ensure_ascii=False).encode("utf-8")
        if self._manifest_bytes() != manifest:
            write_atomic(self.state_dir / MANIFEST, manifest)
        return report

    def _shown(self, path: str) -> str:
        """A path as messages show it: relative to the project, without a temporary name."""
        target = Path(path)
        match = _TEMP.match(target.name)
        if match:
            target = target.with_name(target.name[1:].rsplit(".", 2)[0])
        try:
            return target.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return str(target)

    def _manifest_bytes(self) -> bytes:
        try:
            return (self.state_dir / MANIFEST).read_bytes()
        except FileNotFoundError:
            return b""


def files_below(folder: Path) -> list[Path]:
    """Every file below `folder`, sorted, as `folder.rglob("*")` filtered by `is_file()` gives
    them (links to folders are not followed), in a tenth of the time at 40,000 files."""
    return [Path(name) for name in file_names_below(folder)]


def file_names_below(folder: Path) -> list[str]:
    """`files_below`, as strings."""
    found: list[str] = []
    stack = [str(folder)]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except (FileNotFoundError, NotADirectoryError):
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                stack.append(entry.path)
            elif entry.is_file():
                found.append(entry.path)
    return sorted(found, key=lambda name: name.split(os.sep))  # as paths sort


def _remove_stale_temps(folders: Iterable[Path]) -> None:
    """Remove temporary files a killed run left (callers hold the lock, so none is live)."""
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in folder.glob(".*.tmp"):
            if _TEMP.match(path.name):
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()


def _prune_empty(folder: Path, root: Path) -> None:
    while folder != root and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


#: Where a run records the hashes of the docs folder's files as it left them (in the state
#: folder): the site build keys each page by its source's hash, and takes it from here for
#: a file whose size and modification time are still those recorded, rather than read it.
DOCS_HASHES = "cache/docs-hashes.json"


def record_hashes(record: Path, folder: Path, hashes: dict[str, str]) -> None:
    """Keep `hashes` (sha256 by absolute path) of the files below `folder`, with each file's
    size and modification time now, by its path below `folder` (unless the record has them)."""
    kept: dict[str, list[object]] = {}
    start = str(folder) + os.sep
    for name, digest in hashes.items():
        if not name.startswith(start):
            continue
        try:
            stat = os.stat(name)
        except OSError:
            continue
        rel = name[len(start) :].replace(os.sep, "/")
        kept[rel] = [stat.st_size, stat.st_mtime_ns, digest]
    with contextlib.suppress(OSError, ValueError, TypeError, AttributeError):
        last = json.loads(record.read_text(encoding="utf-8"))
        if last.get("folder") == str(folder) and last.get("files") == kept:
            return  # no needless write
    data = {"folder": str(folder), "written": time.time_ns(), "files": kept}
    write_atomic(record, json.dumps(data, separators=(",", ":")).encode())


#: A file changed within the file system's clock tick after it was hashed could keep its
#: size and time: one whose time is this close to the record's is read again (as git does).
_RACY = 2_000_000_000


def settled(mtime_ns: int, hashed_ns: int) -> bool:
    """Whether a file modified at `mtime_ns` and hashed at `hashed_ns` is surely the file
    hashed while its size and time stay the same: it was not modified in the same tick of
    the file system's clock as it was hashed (a change then could keep both)."""
    return mtime_ns < hashed_ns - _RACY


def recorded_hashes(record: Path, folder: Path) -> dict[str, str]:
    """The hashes `record_hashes` kept for `folder`, by path below it, of the files whose size
    and modification time are still those recorded (none if the record cannot be read)."""
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
        if data["folder"] != str(folder):
            return {}
        files = data["files"].items()
        written = int(data["written"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}
    found: dict[str, str] = {}
    for rel, entry in files:
        try:
            size, mtime, digest = entry
            stat = os.stat(folder / rel)
        except (OSError, ValueError, TypeError):
            continue
        same = [stat.st_size, stat.st_mtime_ns] == [size, mtime]
        if same and settled(mtime, written) and isinstance(digest, str):
            found[rel] = digest
    return found
