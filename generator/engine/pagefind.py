"""Pagefind, the site's search index: its command, environment and bundle layout, here alone.

Pagefind (PyPI `pagefind[extended]`: a Rust indexer; "extended" segments Chinese) writes a
static index that the browser reads a chunk at a time, so the first result needs a few
hundred kilobytes whatever the size of the conference. It indexes the search documents the
generator writes (generator/features/search.py) into .digest/search/, not the built pages:
so it runs in its own process while MkDocs builds the site, and its bundle is moved into the
site when both are done. A large site is indexed in parts, one after the other (see
PART_SIZE), and a part whose documents are the ones the last index was made from is taken
from it rather than indexed again (see `part_keys`).

What this leans on that Pagefind does not promise, checked against `SUPPORTED` before each
run: the files of its bundle (`_PART_FILES`, `pagefind-entry.json`'s fields, read to keep a
part) and an unstable setting (`PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE`). A release outside the
bound stops the build with a message, rather than publish an index search.js cannot read.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

from generator import urls
from generator.config import Config
from generator.errors import DigestError, Problem
from generator.features.search import documents_dir
from generator.folders import abandoned, link_files, link_or_copy, replace_folder, scratch_folder
from generator.writer import file_names_below, files_below, settled, write_atomic

#: The Pagefind releases whose bundle and settings this module knows: from the first,
#: and below the second (pyproject.toml's bound too).
SUPPORTED = ((1, 5), (2, 0))

#: Where the bundle goes in the built site; the search box loads `pagefind/pagefind.js`.
BUNDLE = "pagefind"
#: Pagefind's scratch folders in the state folder, named with the process id that owns them.
SCRATCH = "pagefind-"
#: Pagefind's ready-made interfaces, unused: the search box is Material's (see
#: overrides/partials/digest-search.html and site_src/assets/search.js).
_UNUSED = (
    "pagefind-ui.js",
    "pagefind-ui.css",
    "pagefind-modular-ui.js",
    "pagefind-modular-ui.css",
    "pagefind-component-ui.js",
    "pagefind-component-ui.css",
    "pagefind-highlight.js",
)


#: Documents per part of the index. Pagefind holds every document of an index in memory while
#: it builds it (about 100 KB each: 2.2 GB at 20,000 papers), so a larger site is indexed in
#: parts, one after the other, and search.js searches them as one (Pagefind's mergeIndex).
PART_SIZE = 8000
#: The parts beside the first (`["1/", ...]`), for search.js.
PARTS_FILE = "parts.json"
#: Word locations per index chunk (Pagefind's default: 20,000). A query loads a chunk per word
#: and part, after the list of every chunk (in the metadata each search loads first), which
#: grows as chunks shrink: at 20,000 papers in three parts, 4,000 gets the first result after
#: 294 KB, 20,000 / 3 after 304 KB.
_CHUNK = 4000
#: The part of the live preview's edits (`index_edits`), beside the others: search.js lets a
#: result of it stand for the same page's result of another part. `EDITS_URLS` lists its pages.
EDITS = "edits"
EDITS_URLS = "urls.json"
#: The Pagefind meta field that marks a document of that part.
_EDITED_MARK = b'<span data-pagefind-meta="edited:1"></span>'
#: The folder of the papers' documents.
_PAPERS = urls.paper("x").split("/")[0] + "/"
#: What a part beside the first keeps of its bundle: the first's script and WebAssembly serve all.
_PART_FILES = ("pagefind-entry.json", "index", "fragment", "filter")
#: Pagefind's allocator (jemalloc) hands freed memory back at once and keeps one arena, rather
#: than holding what each phase frees: 2.15 → 1.90 GB for 21,600 documents in one index.
_ALLOCATOR = "narenas:1,dirty_decay_ms:0,muzzy_decay_ms:0"


def parts_of(paths: list[str]) -> list[list[str]]:
    """The documents (paths below the document folder) of each part of the index.

    A paper's part is by a hash of its path, so that it stays in its part while the site
    grows by less than a part. Tag, author and venue pages are all in the first: the others
    then have no `kind` filter, and search.js's search for author and venue pages loads the
    filter of one part only.
    """
    count = max(1, -(-len(paths) // PART_SIZE))
    out: list[list[str]] = [[] for _ in range(count)]
    for path in paths:
        paper = path.startswith(_PAPERS)
        out[zlib.crc32(path.encode("utf-8")) % count if paper else 0].append(path)
    return out


def part_keys(config: Config) -> list[str]:
    """A hash of each part's documents (paths and bytes), of its place among the parts and of
    the indexer: a part of the same key is the same index, so an older one can be kept."""
    source = documents_dir(config)
    parts = parts_of(_names(source))
    return [_key(source, names, number, len(parts)) for number, names in enumerate(parts)]


def _names(source: Path) -> list[str]:
    """The documents below `source` (their paths below it), listed by `os.scandir`: the live
    preview lists 21,600 documents after each edit."""
    cut = len(str(source)) + 1
    found = (name[cut:] for name in file_names_below(source) if name.endswith(".html"))
    return sorted(name.replace(os.sep, "/") for name in found)


def _key(folder: Path, names: list[str], number: int, count: int) -> str:
    digest = hashlib.sha256(f"{_indexer()}, part {number} of {count}".encode())
    for name in names:
        digest.update(b"\0" + name.encode("utf-8") + b"\0" + _hash(folder / name).encode())
    return digest.hexdigest()


#: The hash of each document file read in this process, by its file (device, inode, size and
#: modification time), with when it was read: the live preview keys the parts after every
#: edit, and reading 20,000 documents again took seconds when only the edited one is new. The
#: writer replaces a file rather than writing into it, so a file whose inode and time are the
#: same is the same, once it was read a clock tick after it was written (`writer.settled`).
_HASHES: dict[tuple[int, int, int, int], tuple[str, int]] = {}


def _hash(path: Path) -> str:
    """The hash of a document's bytes, read once per file."""
    stat = path.stat()
    mark = (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)
    found = _HASHES.get(mark)
    if found is None or not settled(stat.st_mtime_ns, found[1]):
        found = _HASHES[mark] = (hashlib.sha256(path.read_bytes()).hexdigest(), time.time_ns())
    return found[0]


def _command(site: Path, out: Path) -> list[str]:
    """Pagefind's command: index the documents in `site` into the bundle folder `out`."""
    return [
        sys.executable,
        "-m",
        "pagefind",
        "--site",
        str(site),
        "--output-path",
        str(out),
        "--silent",
    ]


def _environment() -> dict[str, str]:
    """Pagefind's environment: its allocator's settings and the index's chunk size."""
    return {
        **os.environ,
        "_RJEM_MALLOC_CONF": _ALLOCATOR,
        "PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE": str(_CHUNK),
    }


def version() -> tuple[int, ...] | None:
    """The installed Pagefind's version (its Python package's), or None when it is not."""
    try:
        found = metadata.version("pagefind")
    except metadata.PackageNotFoundError:
        return None
    return tuple(int(part) for part in found.split(".")[:3] if part.isdigit())


def require_supported(found: tuple[int, ...] | None = None) -> None:
    """Stop with a message when the installed Pagefind is outside `SUPPORTED`."""
    found = version() if found is None else found
    low, high = SUPPORTED
    if found is None or not low <= found < high:
        shown = ".".join(map(str, found)) if found else "not installed"
        wanted = f">={'.'.join(map(str, low))},<{'.'.join(map(str, high))}"
        raise DigestError(
            Problem(
                "pagefind",
                0,
                f"Pagefind {shown}: the search index needs pagefind{wanted} "
                "(its bundle's files are read as those releases write them); run make",
            )
        )


def _indexer() -> str:
    """Pagefind's version (its binary is a package of its own) and the settings we give it."""
    versions: list[str] = []
    for name in ("pagefind", "pagefind_bin", "pagefind_bin_extended"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            versions.append(f"{name} {metadata.version(name)}")
    return f"{' '.join(versions)}, chunks of {_CHUNK}"


class Indexing:
    """A Pagefind run in progress (one process a part, one after the other), in a thread.

    The parts of an `old` bundle whose `keys` (`part_keys`) are this run's are linked from it.
    The folders of linked documents Pagefind reads are made in `links` when given, and kept
    there for the next run to update (the live preview's), else in the scratch folder.
    Pagefind writes a part into `spool` when given (`spool_folder`), and its files are then
    copied into the bundle.
    """

    def __init__(
        self,
        source: Path,
        scratch: Path,
        *,
        background: bool,
        old: Path | None = None,
        keys: Sequence[str] = (),
        links: Path | None = None,
        spool: Path | None = None,
    ) -> None:
        self.scratch = scratch
        self.links = links
        self.spool = spool
        self.old = old
        self.old_keys = list(keys)
        #: The keys of this run's parts, and the parts Pagefind indexed (the others were kept).
        self.keys: list[str] = []
        self.indexed: list[int] = []
        self.bundle = scratch / BUNDLE
        self.background = background
        self.process: subprocess.Popen[bytes] | None = None
        self.error = ""
        self.cancelled = False
        self.source = source
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self._index()
        except OSError as exc:  # a full disk, say: the build reports it
            self.error = str(exc)

    def _index(self) -> None:
        parts = parts_of(_names(self.source))
        count = len(parts)
        self.keys = [_key(self.source, names, n, count) for n, names in enumerate(parts)]
        # The parts of the same documents are linked from the old bundle while Pagefind
        # indexes the others (14,000 links took a second at 20,000 papers); one whose files
        # are not all there is indexed after them.
        same = [n for n in range(count) if self._same(n, count)]
        again = [n for n in range(count) if n not in same]
        failed: list[int] = []

        def link() -> None:
            failed.extend(n for n in same if not self._kept(n, len(parts[n])))

        linker = threading.Thread(target=link, daemon=True)
        linker.start()
        try:
            for number in again:
                if not self._part(number, parts[number], count):
                    return
            linker.join()
            for number in failed:
                if not self._part(number, parts[number], count):
                    return
        finally:
            linker.join()
        self.indexed = sorted([*again, *failed])
        more = [f"{number}/" for number in range(1, count)]
        (self.bundle / PARTS_FILE).write_text(json.dumps(more) + "\n", encoding="utf-8")

    def _part(self, number: int, names: list[str], count: int) -> bool:
        """Index one part into the bundle; False when cancelled or Pagefind failed."""
        if self.cancelled:
            return False
        if count == 1 and self.links is None:
            site = self.source
        else:
            site = _linked(self.source, names, (self.links or self.scratch) / f"{number}")
            # The key of what Pagefind reads: the folder stays as it is while it runs.
            self.keys[number] = _key(site, names, number, count)
        # Pagefind writes a folder of its own (in memory when there is a spool), moved in
        # after: the other parts are linked into the bundle meanwhile.
        spool = self.spool or self.scratch
        out = Path(tempfile.mkdtemp(prefix=f"bundle-{number}-", dir=spool))
        if self.cancelled:
            return False
        self.process = subprocess.Popen(
            _command(site, out),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=_environment(),
        )
        if self.background and hasattr(os, "setpriority"):
            with contextlib.suppress(OSError):  # it may have finished already
                os.setpriority(os.PRIO_PROCESS, self.process.pid, 10)
        _, errors = self.process.communicate()
        if self.process.returncode != 0:
            message = errors.decode("utf-8", "replace").strip().splitlines()
            self.error = " ".join(message[-3:]) or f"status {self.process.returncode}"
            shutil.rmtree(out, ignore_errors=True)
            return False
        if site == self.source and _key(site, names, number, count) != self.keys[number]:
            # The preview's generator replaced a document since the key was taken: the
            # part may hold either text, so the next run indexes it again.
            self.keys[number] = ""
        target = self.bundle if number == 0 else self.bundle / str(number)
        _move_in(out, target, everything=number == 0)
        return True

    def _same(self, number: int, count: int) -> bool:
        """Whether the old bundle has this part of the same documents (as its keys say)."""
        if self.old is None or len(self.old_keys) != count:
            return False  # the site grew by a part, or there is no old index: all again
        return self.old_keys[number] == self.keys[number]

    def _kept(self, number: int, pages: int) -> bool:
        """Link this part (`_same`) from the old bundle if its files are all there; one that
        is not (or a link that fails) is indexed again."""
        assert self.old is not None
        folder = self.old if number == 0 else self.old / str(number)
        target = self.bundle if number == 0 else self.bundle / str(number)
        made: list[Path] = []
        try:
            files = _part_files(folder, number, pages)
            made = link_files((path, target / path.relative_to(folder)) for path in files)
        except (OSError, ValueError, LookupError, TypeError, AttributeError):
            if number:
                shutil.rmtree(target, ignore_errors=True)
            else:  # the bundle itself, where the other parts go meanwhile
                for path in made:
                    path.unlink(missing_ok=True)
            return False
        return True

    def install(self, site_dir: Path) -> None:
        """Wait for the index, then move it into the site (replacing an older one)."""
        self.thread.join()
        try:
            if self.error:
                raise DigestError(Problem("pagefind", 0, f"search indexing failed: {self.error}"))
            for name in _UNUSED:
                (self.bundle / name).unlink(missing_ok=True)
            target = site_dir / BUNDLE
            site_dir.mkdir(parents=True, exist_ok=True)
            old = site_dir / f".{BUNDLE}.old"
            shutil.rmtree(old, ignore_errors=True)
            replace_folder(self.bundle, target, old)  # readers never see a half-written index
        finally:
            # With the folders of linked documents (a directory each: slow to remove), once
            # the index is in place.
            shutil.rmtree(self.scratch, ignore_errors=True)

    def cancel(self) -> None:
        """Stop the indexer (the site build failed) and drop its files."""
        self.cancelled = True
        process = self.process
        if process is not None and process.poll() is None:
            process.kill()
        self.thread.join()
        shutil.rmtree(self.scratch, ignore_errors=True)


def _move_in(out: Path, target: Path, *, everything: bool) -> None:
    """Put what Pagefind wrote into `out` in the bundle's `target` folder: all of it for the
    first part, else what a part beside the first keeps (`_PART_FILES`), then drop `out`.

    From another file system (the spool) the files are copied: Python writes a part's 7,300
    files in a fraction of a second, where Pagefind's threads took seconds to write them to
    the disk.
    """
    target.mkdir(parents=True, exist_ok=True)
    spooled = out.stat().st_dev != target.stat().st_dev
    for path in out.iterdir():
        if path.name in _UNUSED:
            continue  # unused: dropped with `out`
        if not (everything or path.name in _PART_FILES or path.suffix == ".pf_meta"):
            continue
        there = target / path.name
        if there.is_dir():  # what a link of the old part left when it failed
            shutil.rmtree(there)
        else:
            there.unlink(missing_ok=True)  # a link: never written through
        if not spooled:
            path.rename(there)
        elif path.is_dir():
            shutil.copytree(path, there, copy_function=shutil.copyfile)
        else:
            shutil.copyfile(path, there)
    shutil.rmtree(out, ignore_errors=True)


def _part_files(folder: Path, number: int, pages: int) -> list[Path]:
    """The files of a part of a bundle, if it holds an index of `pages` documents (the first,
    Pagefind's script and WebAssembly as well); an error if not."""
    entry = json.loads((folder / "pagefind-entry.json").read_text(encoding="utf-8"))
    languages = entry["languages"].values()
    needed = [folder / f"pagefind.{language['hash']}.pf_meta" for language in languages]
    if number == 0:
        needed += [folder / "pagefind.js"]
        needed += [folder / f"wasm.{lang['wasm']}.pagefind" for lang in languages if lang["wasm"]]
    fragments = sum(1 for _ in (folder / "fragment").iterdir())
    if sum(language["page_count"] for language in languages) != pages or fragments != pages:
        raise ValueError(f"{folder}: not an index of {pages} documents")
    if not all(path.is_file() for path in needed) or not (folder / "index").is_dir():
        raise ValueError(f"{folder}: files missing")
    files: list[Path] = []
    for top in folder.iterdir():
        if number == 0 and (top.name in (PARTS_FILE, EDITS) or top.name.isdigit()):
            continue  # the other parts, and the list of them
        files += files_below(top) if top.is_dir() else [top]
    return files


def _linked(source: Path, names: list[str], folder: Path) -> Path:
    """A folder of these documents, linked rather than copied: Pagefind indexes a folder.

    A folder made before (the live preview keeps one a part) is brought up to date: only the
    documents the generator replaced since are linked again, and those gone are removed, as
    removing and making again the 7,000 folders of a part took seconds an edit.
    """
    wanted = set(names)
    made: set[str] = set()
    for top, _, files in os.walk(folder):
        below = os.path.relpath(top, folder)
        for file in files:
            name = file if below == "." else f"{below}/{file}".replace(os.sep, "/")
            if name not in wanted:
                (folder / name).unlink()
        made.add(below.replace(os.sep, "/"))
    for name in names:
        path, document = folder / name, source / name
        parent = name.rpartition("/")[0] or "."
        if parent in made:
            with contextlib.suppress(FileNotFoundError):
                if _same(path.stat(), document.stat()):
                    continue
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            made.add(parent)
        spare = path.with_name(f".{path.name}.new")
        spare.unlink(missing_ok=True)
        link_or_copy(document, spare)
        os.replace(spare, path)
    return folder


def _same(linked: os.stat_result, document: os.stat_result) -> bool:
    """Whether a linked (or, where links fail, copied) document is the generator's file."""
    if (linked.st_dev, linked.st_ino) == (document.st_dev, document.st_ino):
        return True
    return (linked.st_size, linked.st_mtime_ns) == (document.st_size, document.st_mtime_ns)


def start(
    config: Config,
    *,
    background: bool = False,
    old: Path | None = None,
    keys: Sequence[str] = (),
    links: Path | None = None,
    spool: Path | None = None,
) -> Indexing:
    """Start Pagefind on the documents the generator wrote; `install` puts the index in a site.

    In the `background` (the live preview re-indexing after an edit) it yields the processor
    to the page rebuilds. The parts of the `old` bundle, made from documents of these `keys`
    (`part_keys`), that are still the same are taken from it. `links` keeps the folders of
    linked documents for the next run (`links_folder`), and Pagefind writes into `spool`
    (`spool_folder`) when given.
    """
    require_supported()
    source = documents_dir(config)
    if not source.is_dir():
        raise DigestError(
            Problem(config.rel(source), 0, "no search documents: run digest generate")
        )
    # A folder of its own beside the site: the live preview may index while `digest build`
    # does, and the finished bundle is renamed into the site rather than copied.
    scratch = scratch_folder(config.state_dir, SCRATCH)
    return Indexing(
        source, scratch, background=background, old=old, keys=keys, links=links, spool=spool
    )


def links_folder(config: Config) -> Path:
    """A folder for the folders of linked documents that runs of this process share (beside
    the documents: a link cannot cross file systems); removed with the process's leftovers."""
    return scratch_folder(config.state_dir, SCRATCH, "links-")


#: Where a memory file system is, for `spool_folder`.
MEMORY = Path("/dev/shm")


def spool_folder() -> Path | None:
    """A folder on a memory file system for Pagefind's output, if the system has one (and
    the spools that killed processes left there removed); None if not.

    Pagefind writes a part as one file a document, from many threads: at 20,000 papers its
    7,300 files took it 3 to 4 of the 10 seconds the live preview needs to index a part
    again after an edit, to the disk, and a fraction of one in memory.
    """
    prefix = f"digest-{SCRATCH}"
    with contextlib.suppress(OSError):
        for path in MEMORY.glob(f"{prefix}*"):
            if abandoned(path, prefix):
                shutil.rmtree(path, ignore_errors=True)
        return scratch_folder(MEMORY, prefix, make_parent=False)
    return None


def index(
    config: Config,
    site_dir: Path,
    *,
    background: bool = False,
    keys: Sequence[str] = (),
    links: Path | None = None,
    spool: Path | None = None,
) -> Indexing:
    """Build the search index into `site_dir`, from the parts of the one there made from
    documents of these `keys` that are still the same, and wait for it."""
    old = site_dir / BUNDLE
    indexing = start(config, background=background, old=old, keys=keys, links=links, spool=spool)
    indexing.install(site_dir)
    return indexing


def document_hashes(config: Config) -> dict[str, str]:
    """The hash of each document (by its path below the document folder)."""
    source = documents_dir(config)
    return {name: _hash(source / name) for name in _names(source)}


def index_edits(config: Config, site_dir: Path, names: Sequence[str], spool: Path | None) -> None:
    """Index these documents alone, as a part of their own beside the site's index (the live
    preview's edits): search.js then shows a page's result from this part, not from the part
    that still holds the page as it was.

    Pagefind takes a second for a few documents, where a part of 7,000 takes ten: an edit is
    found at once, and the whole part is indexed again after (`index`), which drops this one.
    """
    require_supported()
    source = documents_dir(config)
    scratch = scratch_folder(config.state_dir, SCRATCH, "edits-")
    try:
        site = scratch / "documents"
        for name in names:
            text = (source / name).read_bytes()
            path = site / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.replace(b"<body>", b"<body>" + _EDITED_MARK, 1))
        out = Path(tempfile.mkdtemp(prefix="bundle-edits-", dir=spool or scratch))
        done = subprocess.run(
            _command(site, out), capture_output=True, env=_environment(), check=False
        )
        if done.returncode != 0:
            shutil.rmtree(out, ignore_errors=True)
            message = done.stderr.decode("utf-8", "replace").strip().splitlines()
            raise DigestError(
                Problem("pagefind", 0, f"search indexing failed: {' '.join(message[-3:])}")
            )
        made = scratch / EDITS
        _move_in(out, made, everything=False)
        pages = [_url(name) for name in names]
        (made / EDITS_URLS).write_text(json.dumps(pages) + "\n", encoding="utf-8")
        bundle = site_dir / BUNDLE
        listed = bundle / PARTS_FILE
        parts = json.loads(listed.read_text(encoding="utf-8")) if listed.is_file() else []
        old = scratch / "old"
        if (bundle / EDITS).exists():
            (bundle / EDITS).rename(old)
        made.rename(bundle / EDITS)
        parts = [part for part in parts if part != f"{EDITS}/"] + [f"{EDITS}/"]
        write_atomic(listed, (json.dumps(parts) + "\n").encode("utf-8"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _url(name: str) -> str:
    """The URL of a document's page below the site, as Pagefind makes it of the path."""
    return name.removesuffix("index.html")
