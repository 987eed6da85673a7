"""The search index in parts: an edit indexes again only the parts whose documents changed,
the others are kept from the last index, and the result is the index made from nothing."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from generator.config import Config
from generator.engine import pagefind
from generator.engine.mkdocs import publish
from generator.engine.preview import _Reindex
from generator.errors import DigestError, Problem
from generator.features import search
from generator.pipeline import generate
from generator.writer import write_atomic
from tests.conftest import tree

#: What two Pagefind runs over the same documents write differently (tests/test_incremental.py).
_UNORDERED = re.compile(r"(\d+/)?(filter/.*|pagefind-entry\.json|pagefind\..*\.pf_meta)")


@pytest.fixture
def parted(seed_project: Config, monkeypatch: pytest.MonkeyPatch) -> Config:
    """The seed, built, with its search index in four parts."""
    monkeypatch.setattr(pagefind, "PART_SIZE", 12)
    generate(seed_project)
    publish(seed_project)
    assert len(_parts(seed_project)) == 4
    return seed_project


def _parts(config: Config) -> list[Path]:
    bundle = config.site_dir / pagefind.BUNDLE
    more = json.loads((bundle / pagefind.PARTS_FILE).read_text(encoding="utf-8"))
    return [bundle, *(bundle / part for part in more)]


def _inodes(part: Path) -> dict[str, int]:
    """Each file of a part (the first's without the others), by its inode."""
    files = (p for p in part.rglob("*") if p.is_file())
    return {
        p.relative_to(part).as_posix(): p.stat().st_ino
        for p in files
        if not p.relative_to(part).parts[0].isdigit()
    }


def _retitle(config: Config, title: str = "Zebra Transformers") -> int:
    """Give a paper a new title, as an edit does; return the part its document is in."""
    page = sorted(config.papers_dir.glob("*.md"))[5]
    text = page.read_text(encoding="utf-8")
    page.write_text(re.sub(r"(?m)^title: .*$", f"title: {title}", text, count=1))
    generate(config)
    source = search.documents_dir(config)
    names = sorted(p.relative_to(source).as_posix() for p in source.rglob("*.html"))
    return next(
        number
        for number, part in enumerate(pagefind.parts_of(names))
        if any(f"/{page.stem}/" in name for name in part)
    )


def _close(reindex: _Reindex) -> None:
    """Remove what the preview removes when it stops (the spool is outside the test's folder)."""
    for folder in (reindex.links, reindex.spool):
        if folder is not None:
            shutil.rmtree(folder)


def _comparable(bundle: Path) -> dict[str, bytes]:
    files = tree(bundle)
    return {path: data for path, data in files.items() if not _UNORDERED.fullmatch(path)}


@pytest.mark.slow
def test_an_edit_indexes_its_part_only_and_gives_the_whole_index(
    parted: Config, tmp_path: Path
) -> None:
    before = [_inodes(part) for part in _parts(parted)]
    edited = _retitle(parted)  # a title is in no tag, author or venue document
    built = publish(parted)
    assert built.how.endswith("search index: 1 of 4 parts indexed")
    after = [_inodes(part) for part in _parts(parted)]
    for number, (old, new) in enumerate(zip(before, after, strict=True)):
        if number == edited:
            assert old["pagefind-entry.json"] != new["pagefind-entry.json"]
        else:
            assert old == new  # the same files: linked from the last index, not made again
    fragments = tree(_parts(parted)[edited], "fragment").values()
    assert any(b"Zebra Transformers" in gzip.decompress(data) for data in fragments)
    # The index made from nothing, of the same documents: the same words, pages and files.
    whole = pagefind.index(parted, tmp_path / "whole")
    assert whole.indexed == [0, 1, 2, 3]
    assert _comparable(tmp_path / "whole" / pagefind.BUNDLE) == _comparable(_parts(parted)[0])
    for part in _parts(parted):
        assert (part / "pagefind-entry.json").is_file()


@pytest.mark.slow
def test_a_damaged_or_missing_part_is_indexed_again(
    parted: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts = _parts(parted)
    next((parts[2] / "fragment").iterdir()).unlink()
    (parts[3] / "pagefind-entry.json").write_text("{", encoding="utf-8")
    assert publish(parted).how.endswith("search index: 2 of 4 parts indexed")
    assert publish(parted).how.endswith("search index: 0 of 4 parts indexed")
    (parts[0] / "pagefind.js").unlink()  # the first part carries Pagefind's script
    assert publish(parted).how.endswith("search index: 1 of 4 parts indexed")
    assert (parts[0] / "pagefind.js").is_file()
    for part in _parts(parted):
        pages = json.loads((part / "pagefind-entry.json").read_text("utf-8"))
        assert pages["languages"]["en"]["page_count"] == len(list((part / "fragment").iterdir()))
    # No index where the keys say, or another count of parts (the site grew): all again.
    kept = pagefind.index(parted, parted.root / "elsewhere", keys=pagefind.part_keys(parted))
    assert kept.indexed == [0, 1, 2, 3]
    monkeypatch.setattr(pagefind, "PART_SIZE", 20)
    assert "search index" not in publish(parted).how  # every part indexed
    assert len(_parts(parted)) == 3


@pytest.mark.slow
def test_the_preview_indexes_an_edited_document_alone_before_its_part(
    parted: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    reindex = _Reindex(parted, parted.site_dir, said.append)
    reindex.served(pagefind.part_keys(parted))
    assert reindex.thread is not None
    reindex.thread.join()
    said.clear()
    bundle = parted.site_dir / pagefind.BUNDLE
    edits = bundle / pagefind.EDITS
    seen: dict[str, Any] = {}
    whole = pagefind.index

    def index(*args: Any, **kwargs: Any) -> pagefind.Indexing:
        # What the served site has when the edited part starts being indexed again.
        seen["parts"] = json.loads((bundle / pagefind.PARTS_FILE).read_text(encoding="utf-8"))
        seen["urls"] = json.loads((edits / pagefind.EDITS_URLS).read_text(encoding="utf-8"))
        seen["texts"] = [gzip.decompress(d) for d in tree(edits, "fragment").values()]
        return whole(*args, **kwargs)

    monkeypatch.setattr(pagefind, "index", index)
    slug = sorted(parted.papers_dir.glob("*.md"))[5].stem
    _retitle(parted)
    reindex.request()
    deadline = time.monotonic() + 60
    while len(said) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert said[0].startswith("search has the edit: 1 document(s) indexed"), said
    assert said[1].endswith("(1 of 4 parts)"), said
    assert seen["parts"] == ["1/", "2/", "3/", "edits/"]
    assert seen["urls"] == [f"papers/{slug}/"]
    [text] = seen["texts"]  # the edited document alone, marked for search.js, new title
    assert b"Zebra Transformers" in text and b'"edited":"1"' in text
    # The part indexed again holds the edit, and the part of edits is gone with the old index.
    assert (
        json.loads((bundle / pagefind.PARTS_FILE).read_text(encoding="utf-8")) == seen["parts"][:3]
    )
    assert not edits.exists()
    assert reindex.keys == pagefind.part_keys(parted)
    # Nothing changed since: nothing is indexed alone, and a second part of edits never
    # stays beside the others.
    said.clear()
    reindex.request()
    reindex.thread.join()
    assert not any(line.startswith("search has the edit") for line in said), said
    _close(reindex)


@pytest.mark.slow
def test_the_preview_started_from_an_older_index_indexes_the_changed_part_only(
    parted: Config,
) -> None:
    said: list[str] = []
    reindex = _Reindex(parted, parted.site_dir, said.append)
    older = pagefind.part_keys(parted)
    _retitle(parted)
    reindex.served(older)  # the site came with the index of the documents before the edit
    assert reindex.thread is not None
    reindex.thread.join()
    assert said and said[0].endswith("(1 of 4 parts)"), said
    assert reindex.keys == pagefind.part_keys(parted)
    _close(reindex)


@pytest.mark.slow
def test_a_document_replaced_once_linked_is_indexed_again_by_the_next_run(
    seed_project: Config, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(pagefind, "PART_SIZE", 12)
    generate(seed_project)
    real = pagefind._linked

    def link(source: Path, names: list[str], folder: Path) -> Path:
        linked = real(source, names, folder)
        if folder.name == "2":  # the live preview's generator replaces a document meanwhile
            write_atomic(source / names[0], b"<html><body>edited</body></html>")
        return linked

    monkeypatch.setattr(pagefind, "_linked", link)
    built = pagefind.index(seed_project, tmp_path)
    now = pagefind.part_keys(seed_project)
    assert built.keys[2] != now[2] and all(built.keys[n] == now[n] for n in (0, 1, 3))
    monkeypatch.setattr(pagefind, "_linked", real)
    again = pagefind.index(seed_project, tmp_path, keys=built.keys)
    assert again.indexed == [2] and again.keys == pagefind.part_keys(seed_project)
    fragments = tree(tmp_path / pagefind.BUNDLE / "2", "fragment").values()
    assert any(b"edited" in gzip.decompress(data) for data in fragments)


def test_a_folder_of_linked_documents_is_brought_up_to_date_in_place(tmp_path: Path) -> None:
    source, folder = tmp_path / "documents", tmp_path / "linked"
    for name in ("a/index.html", "b/index.html", "c/index.html"):
        write_atomic(source / name, name.encode())
    pagefind._linked(source, ["a/index.html", "b/index.html", "c/index.html"], folder)
    before = {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*.*")}
    write_atomic(source / "b/index.html", b"b, edited")  # as the generator replaces a file
    write_atomic(source / "d/index.html", b"d")
    (source / "c/index.html").unlink()
    names = ["a/index.html", "b/index.html", "d/index.html"]
    pagefind._linked(source, names, folder)
    after = {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*.*")}
    assert sorted(after) == names
    assert after["a/index.html"] == before["a/index.html"]  # kept, not linked again
    assert (folder / "b/index.html").read_bytes() == b"b, edited"
    assert all(after[n] == (source / n).stat().st_ino for n in names)


@pytest.mark.slow
@pytest.mark.parametrize("memory", [True, False], ids=["memory", "no-memory"])
def test_the_preview_finds_each_edit_and_links_again_only_the_edited_document(
    parted: Config, memory: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if not memory:  # a system without a memory file system: Pagefind writes to the disk
        monkeypatch.setattr(pagefind, "MEMORY", tmp_path / "no-memory")
    said: list[str] = []
    reindex = _Reindex(parted, parted.site_dir, said.append)
    reindex.served(pagefind.part_keys(parted))
    assert reindex.thread is not None
    reindex.thread.join()
    assert said == ["search index up to date"]
    said.clear()
    inodes: list[dict[str, int]] = []
    for n, title in enumerate(["Zebra Transformers", "Okapi Networks"]):
        edited = _retitle(parted, title)
        reindex.request()
        deadline = time.monotonic() + 60
        while len(said) <= 2 * n + 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        # The edited document alone first, then its part.
        assert said[2 * n].startswith("search has the edit: 1 document(s)"), said
        assert said[2 * n + 1 :] and said[2 * n + 1].endswith("(1 of 4 parts)"), said
        texts = [gzip.decompress(d) for d in tree(_parts(parted)[edited], "fragment").values()]
        assert any(title.encode() in text for text in texts)
        if n:  # the first edit's title is gone
            assert not any(b"Zebra Transformers" in text for text in texts)
        assert reindex.links is not None
        linked = reindex.links / str(edited)
        inodes.append(
            {p.relative_to(linked).as_posix(): p.stat().st_ino for p in linked.rglob("*.*")}
        )
    assert reindex.keys == pagefind.part_keys(parted)
    changed = [name for name, inode in inodes[1].items() if inodes[0].get(name) != inode]
    assert len(changed) == 1 and changed[0].endswith("/index.html"), changed
    assert (reindex.spool is not None) == (memory and pagefind.MEMORY.is_dir())
    if reindex.spool is not None:
        assert not any(reindex.spool.iterdir())  # each run's output moved into the site
    _close(reindex)


@pytest.mark.slow
@pytest.mark.parametrize("where", ["memory", "same-disk"])
def test_an_index_written_in_a_spool_is_the_index_written_in_place(
    parted: Config, where: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if where == "memory" and not pagefind.MEMORY.is_dir():
        pytest.skip("no memory file system here")
    if where == "same-disk":
        monkeypatch.setattr(pagefind, "MEMORY", tmp_path / "memory")
        pagefind.MEMORY.mkdir()
    spool = pagefind.spool_folder()
    assert spool is not None and spool.parent == pagefind.MEMORY
    try:
        spooled = pagefind.index(parted, tmp_path / "spooled", spool=spool)
        assert spooled.indexed == [0, 1, 2, 3] and not any(spool.iterdir())
        _retitle(parted)
        again = pagefind.index(parted, tmp_path / "spooled", keys=spooled.keys, spool=spool)
        assert len(again.indexed) == 1 and not any(spool.iterdir())
    finally:
        shutil.rmtree(spool)
    pagefind.index(parted, tmp_path / "whole")
    spooled_bundle = tmp_path / "spooled" / pagefind.BUNDLE
    assert _comparable(spooled_bundle) == _comparable(tmp_path / "whole" / pagefind.BUNDLE)
    assert not any(name in pagefind._UNUSED for name in os.listdir(spooled_bundle))


def test_a_spool_is_made_in_memory_and_what_dead_processes_left_there_removed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(pagefind, "MEMORY", tmp_path / "none")
    assert pagefind.spool_folder() is None  # no memory file system: Pagefind writes to the disk
    monkeypatch.setattr(pagefind, "MEMORY", tmp_path / "memory")
    pagefind.MEMORY.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", ""])
    dead.wait()
    left = pagefind.MEMORY / f"digest-{pagefind.SCRATCH}{dead.pid}-killed"
    (left / "bundle-1-x").mkdir(parents=True)
    alive = pagefind.MEMORY / f"digest-{pagefind.SCRATCH}{os.getpid()}-running"
    alive.mkdir()
    spool = pagefind.spool_folder()
    assert spool is not None and spool.parent == pagefind.MEMORY
    assert not left.exists() and alive.is_dir()


def test_a_reindex_cut_short_by_the_preview_stopping_reports_nothing(
    seed_project: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C reaches Pagefind too and the preview removes the folders it reads: the run's
    failure is the stop, not an error to print as the preview shuts down."""
    said: list[str] = []
    reindex = _Reindex(seed_project, seed_project.site_dir, said.append)
    stopping = False

    def killed(config: Config) -> dict[str, str]:
        reindex.closed = stopping  # the preview stops while the run is under way
        raise DigestError(Problem("pagefind", 0, "Pagefind failed (exit status -2)"))

    monkeypatch.setattr(pagefind, "document_hashes", killed)
    reindex.request()
    assert reindex.thread is not None
    reindex.thread.join()
    assert len(said) == 1 and "Pagefind failed" in said[0]  # while the preview runs: said
    said.clear()
    stopping = True
    reindex.request()
    reindex.thread.join()
    assert reindex.closed and said == []
    reindex.request()  # nothing runs once the preview has stopped
    reindex.thread.join()
    assert said == []
