"""What the last run computed, kept in `.digest/cache/` and reused while its inputs hash the same.

Five things are worth keeping at 20,000 papers. Each is keyed by what its step reads,
computed, never listed by hand: the inputs' bytes or values, the settings it is given, and
the code it runs (`code_of`: the modules of the step and every module they import).

- the **fingerprint** of every file a run reads (inputs, paper pages, taxonomy, templates,
  theme overrides, assets, mkdocs.yml and the generator's own code): when nothing changed
  and every derived file the last run wrote is still there, `digest generate` stops at once;
- each input file's **papers** as read (cleaned, typed), keyed by the file's bytes and the
  reading code: `digest check` and `digest build` each read a 20,000-paper input once;
- each paper's **derivation** (title, tags, summary, facts, links), keyed by every field the
  input gave the paper and salted with the taxonomy and the derivation code: an edit derives
  one paper;
- which abstracts are **nearly the same** (reported as warnings), and the **similarity** of
  the papers (related papers and the map's layout): `Cache.computed` keeps a function's
  result, keyed by its arguments and its code. An edit that leaves the texts alone (tags, a
  status...) reuses them, and one that changes a text computes them again.

The rendered files are kept by their own memo (features/memo.py), keyed by the values each
template is given; the built pages by the build's inventory (engine/mkdocs.py).

A cache only ever saves time: what it holds is exactly what the computation would give,
so a run with it writes the same bytes as a run without (tests/test_scale.py checks).
A cache file that cannot be read is ignored.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import functools
import hashlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from generator.model import FIELDS, Derived, Paper
from generator.writer import file_names_below, write_atomic

PACKAGE = Path(__file__).resolve().parent
#: Bumped when a cache file's shape changes.
VERSION = "2"

T = TypeVar("T")


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def code_hash(*folders: str) -> str:
    """A hash of the generator's source files in `folders` (all of it when none)."""
    roots = [PACKAGE / f for f in folders] if folders else [PACKAGE]
    digest = hashlib.sha256(VERSION.encode())
    for root in roots:
        # The derivation's learned models (`derive/*.json`) are code too.
        paths = [root] if root.is_file() else sorted([*root.rglob("*.py"), *root.rglob("*.json")])
        for path in paths:
            digest.update(path.relative_to(PACKAGE).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def fingerprint(files: Iterable[Path], folders: Iterable[Path]) -> str:
    """A hash of the contents of `files` and of every file below `folders`, by path."""
    return fingerprint_of(file_hashes(files, folders))


def file_hashes(files: Iterable[Path], folders: Iterable[Path]) -> dict[str, str]:
    """The hash of each of `files` and of every file below `folders`, by path."""
    names = {str(path) for path in files if path.is_file()}
    for folder in folders:
        names.update(file_names_below(folder))
    return {name: file_hash(name) for name in names}


def file_hash(name: str) -> str:
    with open(name, "rb") as handle:
        return sha(handle.read())


def fingerprint_of(hashes: dict[str, str]) -> str:
    """`fingerprint` of the files `hashes` gives the hashes of, and of the generator's code."""
    return sha(f"{code_hash()} {files_key(hashes)}".encode())


def files_key(hashes: dict[str, str]) -> str:
    """A hash of files' paths and contents, from their hashes by path."""
    digest = hashlib.sha256()
    for name in sorted(hashes):
        digest.update(name.encode("utf-8", "surrogateescape") + b"\0" + hashes[name].encode())
    return digest.hexdigest()


@functools.cache
def code_of(*modules: str) -> str:
    """A hash of the generator's code a step runs (`code_files`): the cache keys are made of
    it, so that none lists modules by hand. An edit of a module a step imports makes the
    step's cached results stale, and an edit of another does not."""
    digest = hashlib.sha256(VERSION.encode())
    for path in code_files(*modules):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def code_files(*modules: str) -> list[Path]:
    """The `modules` named and every module of the generator they import, at any depth and
    wherever in a module the import stands, with the data files (`*.json`: learned models,
    term lists) of their folders."""
    todo = list(modules)
    seen: set[Path] = set()
    while todo:
        name = todo.pop()
        path = _module_file(name)
        if path is None or path in seen:
            continue
        seen.add(path)
        parent = name.rpartition(".")[0]
        if parent.startswith("generator"):
            todo.append(parent)  # importing a module runs its package's __init__ first
        todo += _imports(path)
    files = set(seen)
    for path in seen:
        files.update(path.parent.glob("*.json"))
    return sorted(files)


def _module_file(name: str) -> Path | None:
    """The source file of a module of the generator (`generator.pages.readers`)."""
    if name != "generator" and not name.startswith("generator."):
        return None
    base = PACKAGE.parent.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imports(path: Path) -> list[str]:
    """The generator's modules a source file imports (`from generator.x import y` names
    `generator.x.y` when that is a module, else `generator.x`)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
    return [name for name in found if name.startswith("generator")]


@functools.cache
def reading_code() -> str:
    """What reads input files into papers."""
    return code_of("generator.pages.readers", "generator.model")


class Cache:
    """The cache folder of one project: read once when a run starts, saved after it wrote."""

    def __init__(self, state_dir: Path, salt: str) -> None:
        self.folder = state_dir / "cache"
        self.salt = salt
        self.derived: dict[str, dict[str, Any]] = {}
        #: What `computed` kept, by name, and the names computed again this run.
        self.results: dict[str, dict[str, Any]] = {}
        self.changed: set[str] = set()
        self.used: set[str] = set()
        self.dirty = False
        found = self._load("derived.json")
        if found.get("salt") == salt:
            self.derived = found.get("papers", {})
        found = self._load("inputs.json")
        self.inputs: dict[str, Any] = found if found.get("code") == reading_code() else {}
        self.inputs_dirty = False

    def _load(self, name: str) -> dict[str, Any]:
        try:
            data = json.loads((self.folder / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) and data.get("version") == VERSION else {}

    @staticmethod
    def paper_key(paper: Paper, chars: int) -> str:
        """A hash of what derivation is given of a paper: its abstract (the first `chars`
        characters, all derivation reads) and every other field the input gave it."""
        given = {f.name: getattr(paper, f.name) for f in FIELDS if f.input}
        read = [paper.abstract[:chars], given, paper.extra]
        return sha(json.dumps(read, ensure_ascii=False, default=str).encode("utf-8"))

    def __contains__(self, key: str) -> bool:
        """Whether a derivation of this key is in the cache."""
        return key in self.derived

    def derivation(self, key: str) -> Derived | None:
        found = self.derived.get(key)
        if found is None:
            return None
        self.used.add(key)
        return Derived(**found)

    def keep_derivation(self, key: str, derived: Derived) -> None:
        self.derived[key] = dataclasses.asdict(derived)
        self.used.add(key)
        self.dirty = True

    def computed(
        self,
        name: str,
        compute: Callable[..., T],
        *args: Any,
        dump: Callable[[T], Any] = lambda value: value,
        load: Callable[[Any], T] = lambda value: value,
    ) -> T:
        """`compute(*args)`, or what the last run computed of the same: kept in `<name>.json`,
        keyed by the arguments (as JSON) and the code of `compute`'s module (`code_of`).
        `dump` makes the result plain JSON values; `load` makes it again from them."""
        text = json.dumps(args, ensure_ascii=False, default=str).encode("utf-8")
        key = sha(text) + code_of(compute.__module__)
        found = self.results.get(name) or self._load(f"{name}.json")
        if found.get("key") == key:
            with contextlib.suppress(KeyError, TypeError, ValueError):
                return load(found["value"])
        value = compute(*args)
        self.results[name] = {"version": VERSION, "key": key, "value": dump(value)}
        self.changed.add(name)
        return value

    def input_papers(self, shown: str, data: bytes) -> list[Paper] | None:
        """The papers of the input file `shown` whose bytes are `data`, as the last run read
        them; None when it read other bytes, or none."""
        found = self.inputs.get("files", {}).get(shown)
        if not isinstance(found, dict) or found.get("sha") != sha(data):
            return None
        try:
            return [Paper(**fields) for fields in found["papers"]]
        except (TypeError, KeyError):
            return None

    def keep_input_papers(self, shown: str, data: bytes, papers: list[Paper]) -> None:
        """Keep the papers read from `shown`, when JSON gives every value back the same."""
        fields = [dataclasses.asdict(paper) for paper in papers]
        try:
            same = json.loads(json.dumps(fields)) == fields
        except (TypeError, ValueError):
            same = False
        if same:
            files = self.inputs.setdefault("files", {})
            files[shown] = {"sha": sha(data), "papers": fields}
            self.inputs_dirty = True

    def keep_only_inputs(self, shown: Iterable[str]) -> None:
        """Forget input files this run did not read."""
        files = self.inputs.get("files", {})
        gone = set(files) - set(shown)
        for name in gone:
            del files[name]
        self.inputs_dirty |= bool(gone)

    def save(self) -> None:
        """Write what changed (derivations of papers no longer read are dropped)."""
        if self.inputs_dirty:
            os.makedirs(self.folder, exist_ok=True)
            inputs = {"version": VERSION, "code": reading_code(), **self.inputs}
            write_atomic(self.folder / "inputs.json", _dump(inputs))
            self.inputs_dirty = False
        if not self.dirty and self.used == set(self.derived) and not self.changed:
            return
        os.makedirs(self.folder, exist_ok=True)
        papers = {key: self.derived[key] for key in sorted(self.used)}
        derived = {"version": VERSION, "salt": self.salt, "papers": papers}
        write_atomic(self.folder / "derived.json", _dump(derived))
        for name in sorted(self.changed):
            write_atomic(self.folder / f"{name}.json", _dump(self.results[name]))
        self.changed.clear()


def _dump(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str).encode()
