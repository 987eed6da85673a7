"""Rendered files the last run wrote, kept while what they are rendered from hashes the same.

At 20,000 papers a run renders about 20,000 paper parts and 4,000 listing pages, and a
pull request that fixes one title changes a dozen of them. The memo (`.digest/cache/
rendered.json`) keeps, for each derived file and each paper's parts, a hash of what the
templates were given, salted with the templates, the settings and the rendering code. A
file whose hash is the same, and whose bytes on disk are still those the last run wrote,
is not rendered again: the writer keeps it as it is.

The memo only ever saves time: a file it keeps is byte for byte what rendering would give
(tests/test_scale.py compares with a run without it). A memo that cannot be read, or was
written with another salt, is ignored.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from generator.cache import sha
from generator.features.parts import PaperParts
from generator.features.site import PaperView
from generator.writer import write_atomic

FILE = "rendered.json"
#: Bumped when the memo's shape changes.
VERSION = "1"


def _plain(value: Any) -> Any:
    """What `json.dumps` cannot take itself: dataclasses as dicts, anything else as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return str(value)


def key_of(*values: Any) -> str:
    """A hash of values as JSON (the same values give the same hash in every process)."""
    text = json.dumps(values, ensure_ascii=False, sort_keys=True, default=_plain)
    return sha(text.encode("utf-8", "surrogatepass"))


def view_key(view: PaperView) -> str:
    """A hash of everything a template may read of a paper (but its related papers' own)."""
    return key_of(
        view.slug,
        view.id,
        view.title,
        view.summary,
        view.title_derived,
        [[tag.slug, tag.label] for tag in view.tags],
        view.meta,
        view.body,
        [other.slug for other in view.related],
    )


class Memo:
    """The memo of one run: the last run's entries in, this run's out."""

    def __init__(
        self, root: Path, state_dir: Path, salt: str, hashes: dict[str, str] | None = None
    ) -> None:
        self.root = root
        #: The hashes of files as the run found them (by absolute path), when it hashed them
        #: already: a kept file among them is not read again to see that it is as written.
        self.hashes = hashes or {}
        self.path = state_dir / "cache" / FILE
        self.salt = salt
        self.old_files: dict[str, list[str]] = {}
        self.old_parts: dict[str, str] = {}
        self.files: dict[str, list[str]] = {}
        self.parts: dict[str, str] = {}
        self._views: dict[str, str] = {}
        #: The files kept (`kept`), in the order asked: the writer leaves them as they are.
        self.unchanged: list[str] = []
        #: Files found as the last run wrote them (their bytes), or not (None).
        self._checked: dict[str, bytes | None] = {}
        try:
            found = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            found = None
        if isinstance(found, dict) and [found.get("version"), found.get("salt")] == [VERSION, salt]:
            self.old_files = _pairs(found.get("files"))
            parts = found.get("parts")
            if isinstance(parts, dict):
                self.old_parts = {str(k): str(v) for k, v in parts.items()}

    def view(self, view: PaperView) -> str:
        """`view_key`, once per paper and run."""
        found = self._views.get(view.slug)
        if found is None:
            found = self._views[view.slug] = view_key(view)
        return found

    def _as_written(self, path: str) -> bytes | None:
        """The bytes of the file at `path` when they are those the last run wrote."""
        if path not in self._checked:
            old = self.old_files.get(path)
            try:
                data = (self.root / path).read_bytes() if old else b""
            except OSError:
                data = b""
            self._checked[path] = data if old and data and sha(data) == old[1] else None
        return self._checked[path]

    def kept(self, path: str, key: str) -> bool:
        """Whether the file at `path` (from the project root) is as the last run rendered it
        from what hashes to `key`; then it is noted for this run too, as unchanged."""
        old = self.old_files.get(path)
        if old is None or old[0] != key:
            return False
        found = self.hashes.get(str(self.root / path))
        if found != old[1] and (found is not None or self._as_written(path) is None):
            return False
        self.files[path] = old
        self._checked.pop(path, None)
        self.unchanged.append(path)
        return True

    def note(self, path: str, key: str, text: str) -> None:
        """The file at `path` as this run rendered it from what hashes to `key`."""
        self.files[path] = [key, sha(text.encode("utf-8"))]

    def last_parts(self, path: str) -> dict[str, PaperParts]:
        """The paper parts a parts file holds, when it is as the last run wrote it."""
        data = self._as_written(path)
        if data is None:
            return {}
        try:
            return {slug: _paper_parts(value) for slug, value in json.loads(data).items()}
        except (ValueError, TypeError, KeyError, AttributeError):
            return {}

    def parts_kept(self, slug: str, key: str) -> bool:
        return self.old_parts.get(slug) == key

    def note_parts(self, slug: str, key: str) -> None:
        self.parts[slug] = key

    def save(self, produced: Iterable[str]) -> None:
        """Keep this run's entries for the files it produced (no error if it cannot)."""
        wanted = set(produced)
        files = {path: self.files[path] for path in sorted(self.files) if path in wanted}
        data = {
            "version": VERSION,
            "salt": self.salt,
            "files": files,
            "parts": dict(sorted(self.parts.items())),
        }
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        try:
            if self.path.is_file() and self.path.read_bytes() == text:
                return
            os.makedirs(self.path.parent, exist_ok=True)
            write_atomic(self.path, text)
        except OSError:
            pass  # a memo only saves time


def _pairs(value: Any) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        return {}
    return {
        str(path): [str(pair[0]), str(pair[1])]
        for path, pair in value.items()
        if isinstance(pair, list) and len(pair) == 2
    }


def _paper_parts(value: dict[str, Any]) -> PaperParts:
    toc = tuple((str(anchor), str(heading)) for anchor, heading in value.get("toc", []))
    return PaperParts(str(value["head"]), str(value["foot"]), str(value["meta"]), toc)
