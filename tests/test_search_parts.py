"""The search index in parts: an edit indexes again only the parts whose documents changed,
the others are kept from the last index, and the result is the index made from nothing."""

from __future__ import annotations

import gzip
import json
import re
import time
from pathlib import Path

import pytest

from generator.config import Config
from generator.engine.mkdocs import publish
from generator.engine.preview import _Reindex
from generator.features import search
from generator.pipeline import generate
from tests.conftest import tree

#: What two Pagefind runs over the same documents write differently (tests/test_incremental.py).
_UNORDERED = re.compile(r"(\d+/)?(filter/.*|pagefind-entry\.json|pagefind\..*\.pf_meta)")


@pytest.fixture
def parted(seed_project: Config, monkeypatch: pytest.MonkeyPatch) -> Config:
    """The seed, built, with its search index in four parts."""
    monkeypatch.setattr(search, "PART_SIZE", 12)
    generate(seed_project)
    publish(seed_project)
    assert len(_parts(seed_project)) == 4
    return seed_project


def _parts(config: Config) -> list[Path]:
    bundle = config.site_dir / search.BUNDLE
    more = json.loads((bundle / search.PARTS_FILE).read_text(encoding="utf-8"))
    return [bundle, *(bundle / part for part in more)]


def _inodes(part: Path) -> dict[str, int]:
    """Each file of a part (the first's without the others), by its inode."""
    files = (p for p in part.rglob("*") if p.is_file())
    return {
        p.relative_to(part).as_posix(): p.stat().st_ino
        for p in files
        if not p.relative_to(part).parts[0].isdigit()
    }


def _retitle(config: Config) -> int:
    """Give a paper a new title, as an edit does; return the part its document is in."""
    page = sorted(config.papers_dir.glob("*.md"))[5]
    text = page.read_text(encoding="utf-8")
    page.write_text(re.sub(r"(?m)^title: .*$", "title: Zebra Transformers", text, count=1))
    generate(config)
    source = search.documents_dir(config)
    names = sorted(p.relative_to(source).as_posix() for p in source.rglob("*.html"))
    return next(
        number
        for number, part in enumerate(search.parts_of(names))
        if any(f"/{page.stem}/" in name for name in part)
    )


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
    whole = search.index(parted, tmp_path / "whole")
    assert whole.indexed == [0, 1, 2, 3]
    assert _comparable(tmp_path / "whole" / search.BUNDLE) == _comparable(_parts(parted)[0])
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
    kept = search.index(parted, parted.root / "elsewhere", keys=search.part_keys(parted))
    assert kept.indexed == [0, 1, 2, 3]
    monkeypatch.setattr(search, "PART_SIZE", 20)
    assert "search index" not in publish(parted).how  # every part indexed
    assert len(_parts(parted)) == 3


@pytest.mark.slow
def test_the_preview_indexes_the_edited_part_only(parted: Config) -> None:
    said: list[str] = []
    reindex = _Reindex(parted, parted.site_dir, said.append)
    reindex.served(True)  # the site came with the index of these documents
    _retitle(parted)
    reindex.request()
    deadline = time.monotonic() + 60
    while not said and time.monotonic() < deadline:
        time.sleep(0.05)
    assert said and said[0].endswith("(1 of 4 parts)"), said
    assert reindex.keys == search.part_keys(parted)


@pytest.mark.slow
def test_a_document_replaced_while_indexing_leaves_its_part_unkept(
    seed_project: Config, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(search, "PART_SIZE", 12)
    generate(seed_project)
    real = search._linked

    def link(source: Path, names: list[str], folder: Path) -> Path:
        if folder.name == "2":  # the live preview's generator writes a document meanwhile
            (source / names[0]).write_text("<html><body>edited</body></html>", encoding="utf-8")
        return real(source, names, folder)

    monkeypatch.setattr(search, "_linked", link)
    built = search.index(seed_project, tmp_path)
    assert built.keys[2] == "" and all(built.keys[n] for n in (0, 1, 3))
    monkeypatch.setattr(search, "_linked", real)
    again = search.index(seed_project, tmp_path, keys=built.keys)
    assert again.indexed == [2] and again.keys == search.part_keys(seed_project)
