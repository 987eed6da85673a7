"""Cache keys are what a step reads, computed (issue 30, item 3)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.engine import pagefind


def test_a_document_rewritten_in_the_same_clock_tick_is_read_again(tmp_path: Path) -> None:
    # Same inode, size and modification time, other bytes: a file changed in the tick it
    # was hashed in. Its hash is not trusted until a tick after it was written.
    document = tmp_path / "index.html"
    document.write_bytes(b"<p>one</p>")
    first = pagefind._hash(document)
    stat = document.stat()
    with open(document, "r+b") as handle:  # in place: the inode stays
        handle.write(b"<p>two</p>")
    os.utime(document, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert document.stat().st_ino == stat.st_ino and document.stat().st_size == stat.st_size
    assert pagefind._hash(document) != first


def test_a_settled_document_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = tmp_path / "index.html"
    document.write_bytes(b"<p>one</p>")
    old = document.stat().st_mtime_ns - 10**10  # written ten seconds ago
    os.utime(document, ns=(old, old))
    first = pagefind._hash(document)
    reads: list[Path] = []
    read = Path.read_bytes

    def counted(path: Path) -> bytes:
        reads.append(path)
        return read(path)

    monkeypatch.setattr(Path, "read_bytes", counted)
    assert pagefind._hash(document) == first
    assert reads == []  # its record answers
