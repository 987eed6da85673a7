"""What the last run computed, kept in `.digest/cache/` and reused while its inputs hash the same.

Five things are worth keeping at 20,000 papers:

- the **fingerprint** of every file a run reads (inputs, paper pages, taxonomy, templates,
  theme overrides, assets, mkdocs.yml and the generator's own code): when nothing changed
  and every derived file the last run wrote is still there, `digest generate` stops at once;
- each input file's **papers** as read (cleaned, typed), keyed by the file's bytes and the
  reading code: `digest check` and `digest build` each read a 20,000-paper input once;
- each paper's **derivation** (title, tags, summary, facts, links), keyed by the text it
  reads and salted with the taxonomy and the derivation code: an edit derives one paper;
- which abstracts are **nearly the same** (reported as warnings), keyed by every abstract;
- the **similarity** of the papers (related papers and the map's layout), keyed by every
  paper's text and the code that computes it: an edit that leaves the texts alone (tags,
  a status...) reuses it, and one that changes a text computes it again.

A cache only ever saves time: what it holds is exactly what the computation would give,
so a run with it writes the same bytes as a run without (tests/test_scale.py checks).
A cache file that cannot be read is ignored.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from generator.features.site import Similarity, similarity, texts_key
from generator.model import Derived, Paper
from generator.pages.similar import near_pairs
from generator.writer import file_names_below, write_atomic

PACKAGE = Path(__file__).resolve().parent
#: Bumped when a cache file's shape changes.
VERSION = "1"


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
    """`fingerprint` of the files `hashes` gives the hashes of."""
    digest = hashlib.sha256(code_hash().encode())
    for name in sorted(hashes):
        digest.update(name.encode("utf-8", "surrogateescape") + b"\0" + hashes[name].encode())
    return digest.hexdigest()


@functools.cache
def reading_code() -> str:
    """What reads input files into papers."""
    return code_hash("pages/readers.py", "model.py", "text.py", "slugs.py")


@functools.cache
def near_code() -> str:
    """What finds nearly the same abstracts."""
    return code_hash("pages/similar.py")


@functools.cache
def similarity_code() -> str:
    """What computes related papers and the map's layout: a new layout method is a new layout."""
    return code_hash("features/site.py", "features/related.py", "features/papermap.py")


class Cache:
    """The cache folder of one project: read once when a run starts, saved after it wrote."""

    def __init__(self, state_dir: Path, salt: str) -> None:
        self.folder = state_dir / "cache"
        self.salt = salt
        self.derived: dict[str, dict[str, Any]] = {}
        self.similar: dict[str, Any] = {}
        self.used: set[str] = set()
        self.dirty = False
        found = self._load("derived.json")
        if found.get("salt") == salt:
            self.derived = found.get("papers", {})
        self.similar = self._load("similarity.json")
        self.near = self._load("near.json")
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
        """A hash of what derivation reads of a paper."""
        read = [paper.abstract[:chars], paper.title, paper.keywords, paper.tldr]
        return sha(json.dumps(read, ensure_ascii=False).encode("utf-8"))

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

    def similarity(self, texts: list[str], related: int) -> Similarity:
        """`site.similarity`, or what the last run computed from the same texts."""
        key = texts_key(texts, related) + similarity_code()
        if self.similar.get("key") == key:
            return Similarity(self.similar["related"], self.similar["layout"])
        found = similarity(texts, related)
        self.similar = {
            "version": VERSION,
            "key": key,
            "related": found.related,
            "layout": found.layout,
        }
        self.dirty = True
        return found

    def near_pairs(self, texts: list[str]) -> list[tuple[int, int, float]]:
        """`similar.near_pairs` of the abstracts read, or what the last run found in the same."""
        key = sha(json.dumps(texts, ensure_ascii=False).encode("utf-8")) + near_code()
        if self.near.get("key") == key:
            return [(int(i), int(j), float(score)) for i, j, score in self.near["pairs"]]
        found = near_pairs(texts)
        self.near = {"version": VERSION, "key": key, "pairs": found}
        self.dirty = True
        return found

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
        if not self.dirty and self.used == set(self.derived):
            return
        os.makedirs(self.folder, exist_ok=True)
        papers = {key: self.derived[key] for key in sorted(self.used)}
        derived = {"version": VERSION, "salt": self.salt, "papers": papers}
        write_atomic(self.folder / "derived.json", _dump(derived))
        if self.similar:
            write_atomic(self.folder / "similarity.json", _dump(self.similar))
        if self.near:
            write_atomic(self.folder / "near.json", _dump(self.near))


def _dump(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str).encode()
