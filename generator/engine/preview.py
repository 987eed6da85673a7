"""The live preview (`digest serve`): the site served on localhost, rebuilt as files change.

An edited paper page costs about a second at 20,000 papers, not a whole build: the digest
stays in memory, so only the edited pages are read again (`pipeline.refresh`), the writer
touches only the derived files the edit changes, and MkDocs, whose view of the site is kept
too, renders only the pages whose source or generated parts changed. The search index is
rebuilt in the background, from the moment the edit's search documents are written, and
swapped in when ready. Any other change (inputs, taxonomy, templates, settings, a page
added or removed) regenerates everything and builds the site again, rendering only the
pages that changed (generator/engine/mkdocs.py).

Edits are heard from the system's file events (`Bell`), not by listing 20,000 files twice a
second, and an edit looks again at the files they name only. The preview starts from the
last site: its first build links every page that `digest build` last published (`site/`,
with its inventory in `.digest/`) and renders only those that changed since, and takes its
search index when the search documents are the same.
"""

from __future__ import annotations

import contextlib
import gc
import html
import os
import re
import shutil
import signal
import stat
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.config import CONFIG_FILE, Config, load_config
from generator.engine import pagefind
from generator.engine.mkdocs import (
    FastPathFailed,
    Previous,
    SiteView,
    build_preview,
    drop_pages,
    fresh,
    merge,
    merge_list,
    published,
    remove_later,
    swap,
)
from generator.errors import DigestError, Problem
from generator.features import search
from generator.pipeline import Digest, generate, iter_lines, refresh

Say = Callable[[str], None]


def _roots(config: Config, inputs: list[Path]) -> tuple[list[Path], set[str]]:
    """Where the sources are (files and folders), and the derived paths among them."""
    derived = {
        str(config.docs_dir / "index.md"),
        str(config.docs_dir / "tags"),
        str(config.docs_dir / "browse"),
    }
    roots = [
        config.root / CONFIG_FILE,
        config.taxonomy,
        config.root / "templates",
        config.theme_dir,
        config.docs_dir,
        *(inputs or [config.default_inputs]),
    ]
    return roots, derived


def sources(config: Config, inputs: list[Path]) -> dict[str, int]:
    """Every file a build reads that a person edits (its path), with its modification time (ns).

    `os.scandir`, not pathlib: this runs after a change the system did not report, over
    20,000 pages.
    """
    roots, derived = _roots(config, inputs)
    found: dict[str, int] = {}

    def walk(folder: str) -> None:
        with contextlib.suppress(FileNotFoundError), os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith(".") or entry.path in derived:
                    continue
                if entry.is_dir():
                    walk(entry.path)
                else:
                    with contextlib.suppress(FileNotFoundError):  # deleted while we looked
                        found[entry.path] = entry.stat().st_mtime_ns

    for root in roots:
        if root.is_file():
            found[str(root)] = root.stat().st_mtime_ns
        elif root.is_dir():
            walk(str(root))
    return found


def is_source(config: Config, inputs: list[Path], path: str) -> bool:
    """Whether `sources` lists this path, if it is a file."""
    roots, derived = _roots(config, inputs)
    for root in map(str, roots):
        if path == root:
            return True
        if path.startswith(f"{root}{os.sep}"):
            below = path[len(root) + 1 :].split(os.sep)
            inside = (os.path.join(root, *below[: n + 1]) for n in range(len(below)))
            return not any(name.startswith(".") for name in below) and not any(
                step in derived for step in inside
            )
    return False


def watched(config: Config, inputs: list[Path]) -> list[Path]:
    """What the server watches: the sources, but no derived file (our own writes are no edit)."""
    derived = {"index.md", "tags", "browse"}
    paths = [config.root / CONFIG_FILE, config.taxonomy, config.root / "templates"]
    paths += [*(inputs or [config.default_inputs])]
    for folder in (config.docs_dir, config.theme_dir):
        if folder.is_dir():
            paths += [p for p in folder.iterdir() if p.name not in derived]
    return sorted(p for p in paths if p.exists())


class Bell:
    """Edits seen through the system's file events (inotify on Linux), told to the server by
    one file it watches: the bell.

    MkDocs' live-reload server watches by polling: twice a second it lists every watched
    folder, which at 5,000 pages takes a tenth of a second of the processor the renderer
    needs, and at 20,000 about half. The system reports a change as it happens; each one
    in a watched path rewrites the bell, a single file the server can poll often for nothing.
    """

    def __init__(self, paths: list[Path], bell: Path, wholes: tuple[Path, ...] = ()) -> None:
        self.bell = bell
        #: Folders listened to whole, for the watched paths in them: the system gives each
        #: listened folder an instance of its own, of which a user has few (128 on Linux).
        self.wholes = [w for w in wholes if w.is_dir()]
        self.files = {str(p) for p in paths if not p.is_dir()}
        self.folders = tuple(f"{p}{os.sep}" for p in paths if p.is_dir())
        self.observer: Any = None
        self.rung = 0
        self.lock = threading.Lock()
        #: The paths changed since `take`; None when a folder changed (anything below may have).
        self.paths: set[str] | None = set()
        bell.write_text("0", encoding="utf-8")

    def start(self) -> bool:
        """Start listening; False when the system cannot tell (the caller polls instead)."""
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer

        bell = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                paths = (os.fsdecode(path) for path in (event.src_path, event.dest_path))
                heard = [path for path in paths if bell.heard(path)]
                if heard:
                    bell.note(None if event.is_directory else heard)
                    if not event.is_directory:  # a folder alone is no edit
                        bell.ring()

        # A watched folder, with all below it; a watched file, through its folder; either
        # through a folder listened to whole when it is in one.
        where: dict[str, bool] = {}
        for path in [*map(Path, self.files), *(Path(f.rstrip(os.sep)) for f in self.folders)]:
            whole = next((w for w in self.wholes if w in path.parents), None)
            if whole is not None:
                where[str(whole)] = True
            elif path.is_dir():
                where[str(path)] = True
            else:
                where.setdefault(str(path.parent), False)
        observer = Observer()
        try:
            for folder, recursive in sorted(where.items()):
                observer.schedule(Handler(), folder, recursive=recursive)
            observer.start()
        except OSError:  # no inotify, or its limit reached
            observer.stop()
            return False
        self.observer = observer
        return True

    def heard(self, path: str) -> bool:
        """Whether a change of `path` is an edit of a watched source."""
        return bool(path) and (path in self.files or path.startswith(self.folders))

    def note(self, paths: list[str] | None) -> None:
        with self.lock:
            if paths is None or self.paths is None:
                self.paths = None
            else:
                self.paths.update(paths)

    def take(self) -> set[str] | None:
        """The paths changed since the last call, or None when any may have."""
        with self.lock:
            paths, self.paths = self.paths, set()
        return paths

    def ring(self) -> None:
        self.rung += 1
        self.bell.write_text(str(self.rung), encoding="utf-8")

    def stop(self) -> None:
        if self.observer is not None:
            self.observer.stop()
            self.observer.join()


#: The most documents indexed alone after an edit (`_Reindex`); more wait for their parts.
EDITS_LIMIT = 200


class _Reindex:
    """Rebuild the search index in the background: one run at a time, the latest site wins.

    Only the parts of the index whose documents an edit changed are indexed again (an edited
    paper's, and the first's when a tag, author or venue changed); the others are kept. The
    folder of linked documents that Pagefind reads for a part lives as long as the preview,
    and a run links again only the documents the edit replaced (search.py). Pagefind writes
    into a folder in memory when the system has one (`pagefind.spool_folder`).

    Before a part is indexed again, the documents an edit changed are indexed alone, as a part
    of their own (`pagefind.index_edits`): an edit is found in a second or two, where a part of
    a large site takes ten; the next whole index drops that part.
    """

    def __init__(self, config: Config, site_dir: Path, say: Say) -> None:
        self.config = config
        self.site_dir = site_dir
        self.say = say
        self.lock = threading.Lock()
        self.wanted = False
        self.thread: threading.Thread | None = None
        #: The keys of the index the site has (`pagefind.part_keys`), if it has one.
        self.keys: list[str] = []
        self.links: Path | None = None
        self.spool: Path | None = None
        #: Whether the next run may find that the index is of the documents as they are.
        self.unless_same = False
        #: The hashes of the documents the served index was made from, when known.
        self.indexed: dict[str, str] | None = None
        #: The preview is stopping: a run cut short by it (Ctrl-C reaches Pagefind too, and
        #: the folders it reads are removed) is no error to report.
        self.closed = False

    def served(self, keys: list[str]) -> None:
        """The site was built again, with an index made from documents of these keys (none:
        no index): the parts whose documents are not those are indexed again."""
        with self.lock:
            self.keys = keys
            self.indexed = None
            # Whether they are is known in the background: keying 20,000 documents takes
            # seconds the preview's start need not wait for.
            self.unless_same = True
        self.request()

    def request(self) -> None:
        with self.lock:
            self.wanted = True
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while True:
            with self.lock:
                if not self.wanted or self.closed:
                    return
                self.wanted = False
                keys, unless_same, self.unless_same = self.keys, self.unless_same, False
            started = time.perf_counter()
            try:
                documents = pagefind.document_hashes(self.config)
                if unless_same and keys == pagefind.part_keys(self.config):
                    self.indexed = documents
                    self.say("search index up to date")
                    continue
                if self.links is None:
                    self.links = pagefind.links_folder(self.config)
                    self.spool = pagefind.spool_folder()
                self._index_edits(documents, started)
                done = pagefind.index(
                    self.config,
                    self.site_dir,
                    background=True,
                    keys=keys,
                    links=self.links,
                    spool=self.spool,
                )
            except (DigestError, OSError) as exc:
                if self.closed:
                    return
                self.say(str(exc))
                continue
            with self.lock:
                self.keys = done.keys
                # What Pagefind read: a document replaced meanwhile is in the next run's edits.
                self.indexed = documents
            parts = f" ({len(done.indexed)} of {len(done.keys)} parts)" if done.keys[1:] else ""
            self.say(f"search index rebuilt in {time.perf_counter() - started:.1f}s{parts}")

    def _index_edits(self, documents: dict[str, str], started: float) -> None:
        """Index alone the documents changed since the served index was made, if it is known
        and they are few."""
        if self.indexed is None or not (self.site_dir / pagefind.BUNDLE).is_dir():
            return
        edited = sorted(n for n, h in documents.items() if self.indexed.get(n) != h)
        if not edited or len(edited) > EDITS_LIMIT:
            return
        pagefind.index_edits(self.config, self.site_dir, edited, self.spool)
        took = time.perf_counter() - started
        self.say(f"search has the edit: {len(edited)} document(s) indexed in {took:.1f}s")


class _Copy:
    """The published site copied as hard links (`cp -al`) in a process of its own, while the
    preview generates: its first build then renders into the copy only what changed.

    Making the 23,000 folders and links of a 20,000-paper site took from 3 to 30 s, by the
    disk's load, which the preview's start no longer waits for.
    """

    def __init__(self, previous: Previous, folder: Path) -> None:
        self.previous = previous
        self.site = folder / "published"
        self.inventory = folder / "published.json"
        self.mark = _mark(previous.inventory)
        self.dropped = False
        command = ["cp", "-al", "--", str(previous.site), str(self.site)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def result(self) -> Previous | None:
        """The copy and the inventory of the site it copied; None when the copy failed or
        `digest build` published meanwhile (its inventory is then another or gone)."""
        done = self.process.wait() == 0
        if done:
            with contextlib.suppress(OSError):
                shutil.copy2(self.previous.inventory, self.inventory)
            done = self.inventory.is_file() and _mark(self.previous.inventory) == self.mark
        if not done:
            self.drop()
            return None
        return Previous(self.site, self.inventory)

    def drop(self) -> None:
        """Stop the copy and remove it, unless it became the preview's site."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.site.exists() and not self.dropped:
            remove_later(self.site)  # 23,000 folders: seconds
        self.dropped = True
        self.inventory.unlink(missing_ok=True)


def _mark(path: Path) -> tuple[int, int, int] | None:
    """What tells a file replaced or rewritten from the same file."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_size


class Preview:
    """The site in a temporary folder, rebuilt after each change, for the live-reload server."""

    def __init__(self, config: Config, inputs: list[Path], say: Say) -> None:
        self.config = config
        self.inputs = inputs
        self.say = say
        self.folder = Path(tempfile.mkdtemp(prefix="digest-preview-"))
        self.site_dir = self.folder / "site"
        #: The inventory of the preview's last whole build: the next one starts from it.
        self.inventory = self.folder / "built.json"
        #: Pages rendered one by one since that build (the inventory no longer tells of them).
        self.touched: set[str] = set()
        self.url = "http://127.0.0.1:8000/"
        self.digest: Digest | None = None
        self.pages: SiteView | None = None
        self.seen: dict[str, int] = {}
        #: What tells which files changed, when the system reports it.
        self.bell: Bell | None = None
        self.reindex = _Reindex(config, self.site_dir, say) if search.enabled(config) else None

    def close(self) -> None:
        if self.reindex is not None:
            self.reindex.closed = True
            for folder in (self.reindex.links, self.reindex.spool):
                if folder is not None:
                    shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(self.folder, ignore_errors=True)

    def build(self) -> None:
        """Generate everything and build the whole site (the first build, or any non-page edit)."""
        gc.unfreeze()  # the last build's digest may go
        self.digest = self.pages = None
        previous = published(self.config) if not self.site_dir.is_dir() else None
        copying = _Copy(previous, self.folder) if previous and shutil.which("cp") else None
        try:
            self.seen = sources(self.config, self.inputs)
            report = generate(self.config, self.inputs)
            for line in iter_lines(report):
                self.say(line)
            self.seen = sources(self.config, self.inputs)  # our own writes are not edits
            self.digest = report.digest
        except BaseException:
            if copying is not None:
                copying.drop()
            raise
        keys = self.build_site(copying)
        self.pages = SiteView.open(self.config, self.site_dir)
        if self.pages is not None:
            # A paper page rendered now compiles the theme's templates, which the first edit
            # would otherwise wait for (half a second, at any size).
            first = min((s for s in self.pages.sources if s.startswith("papers/")), default=None)
            if first is not None:
                self.touched.add(first)
                try:
                    self.pages.render([first])
                except FastPathFailed:
                    self.pages = None  # every edit rebuilds the site, MkDocs' own way
        # What the preview keeps lives until the next build: the collector need not walk it
        # again after every edit (at 5,000 papers a full collection took a third of a second).
        gc.collect()
        gc.freeze()
        if self.reindex is not None:
            self.reindex.served(keys)

    def build_site(self, copying: _Copy | None = None) -> list[str]:
        """Build the site beside the served one, from it (or from the last published site, or
        the copy of it being made), and swap it in; returns the keys of the search index it
        came with (none: no index)."""
        previous: Previous | None = Previous(self.site_dir, self.inventory)
        keys: list[str] | None = None  # those of the published site's index: in its inventory
        copy = copying.result() if copying is not None else None
        if copy is not None:
            previous = copy
        elif not (self.site_dir.is_dir() and self.inventory.is_file()):
            previous = published(self.config)
        else:
            keys = self.reindex.keys if self.reindex is not None else []
            if self.touched:
                drop_pages(self.inventory, self.touched)
        building = Path(tempfile.mkdtemp(prefix="next-", dir=self.folder))
        inventory = self.folder / "next.json"
        try:
            staged = copy is not None
            how, keys = build_preview(
                self.config, building, previous, inventory, keys, staged=staged
            )
            gone = merge_list(building) if copy is not None else None
            if copy is not None and gone is not None:
                merge(building, copy.site, gone)  # what changed, into the copy
                swap(copy.site, self.site_dir)
            else:
                swap(building, self.site_dir)
            if inventory.is_file():
                os.replace(inventory, self.inventory)
            else:
                self.inventory.unlink(missing_ok=True)
            self.touched = set()
        finally:
            shutil.rmtree(building, ignore_errors=True)
            inventory.unlink(missing_ok=True)
            if copying is not None:
                copying.drop()  # unless it became the site
        self.say(f"site built: {how}")
        return keys

    def rebuild(self) -> None:
        """What the server calls after files change: rebuild what the change needs."""
        try:
            now = self.look()
            changed = {p for p in now.keys() | self.seen.keys() if now.get(p) != self.seen.get(p)}
            if not changed:
                return
            papers = f"{self.config.papers_dir}{os.sep}"
            pages = {p for p in changed if p.startswith(papers) and p.endswith(".md")}
            pages = {p for p in pages if os.sep not in p[len(papers) :]}
            if self.digest is None or changed - pages or any(p not in now for p in pages):
                if str(self.config.root / CONFIG_FILE) in changed:  # read once a change
                    self.config = load_config(self.config.root)
                    if self.reindex is not None:
                        self.reindex.config = self.config
                self.build()
                return
            started = time.perf_counter()
            self.seen = now
            docs = self.config.docs_dir
            edited = [Path(p).relative_to(docs).as_posix() for p in sorted(pages)]
            self.digest, report = refresh(self.config, self.digest, edited)
            # The pages to render again: the edited ones, the derived pages the edit rewrote,
            # and the papers whose generated parts (in a fragment file) changed.
            prefix = f"{self.config.rel(docs)}/"
            rewritten = [
                path.removeprefix(prefix)
                for path in report.written.written
                if path.startswith(prefix) and path.endswith(".md")
            ]
            again = sorted({*edited, *rewritten, *(f"papers/{s}.md" for s in report.stale)})
            if self.pages is None or report.written.removed or set(again) - self.pages.sources:
                self.build()  # a page came or went: MkDocs lists the files again
                return
            self.touched.update(again)
            try:
                self.pages.render(again)
            except FastPathFailed:
                self.pages = None  # from now on every edit rebuilds the site, the public way
                self.build()
                return
            # The page first: Pagefind beside the renderer would slow it on two processors.
            if self.reindex is not None:
                self.reindex.request()
            self.say(
                f"{len(pages)} page(s) edited: {len(report.written.written)} derived file(s) "
                f"written, {len(again)} page(s) rebuilt in {time.perf_counter() - started:.1f}s"
            )
        except DigestError as exc:
            for problem in exc.problems:
                self.say(str(problem))
            self.show_problems(exc.problems)

    def look(self) -> dict[str, int]:
        """The sources now: those the bell heard change looked at again (at 20,000 pages,
        listing them all took a second an edit), or all of them listed."""
        heard = self.bell.take() if self.bell is not None else None
        if heard is None:
            return sources(self.config, self.inputs)
        now = dict(self.seen)
        for path in heard:
            if not is_source(self.config, self.inputs, path):
                continue
            try:
                found = os.stat(path)
            except FileNotFoundError:
                now.pop(path, None)
                continue
            if not stat.S_ISREG(found.st_mode):
                return sources(self.config, self.inputs)
            now[path] = found.st_mtime_ns
        return now

    def show_problems(self, problems: list[Problem]) -> None:
        """Put the problems at the top of the pages they concern (else of the home page) in the
        preview, as a banner: the browser reloads and shows why the page did not change."""
        docs = f"{self.config.rel(self.config.docs_dir)}/"
        pages: dict[Path, list[Problem]] = {}
        for problem in problems:
            target = self.site_dir / "index.html"
            if problem.path.startswith(docs) and problem.path.endswith(".md"):
                folder = problem.path.removeprefix(docs).removesuffix(".md")
                folder = folder.removesuffix("index").rstrip("/")
                built = self.site_dir / folder / "index.html"
                target = built if built.is_file() else target
            pages.setdefault(target, []).append(problem)
        for path, found in pages.items():
            if path.is_file():
                text = error_banner(path.read_text("utf-8"), found)
                fresh(path).write_text(text, "utf-8")  # a new file: it may be linked to site/
        if pages:  # the inventory no longer tells of the preview's pages
            self.inventory.unlink(missing_ok=True)


#: How often the server looks at the bell (s): one file, so often costs nothing.
BELL_POLL = 0.1

#: The banner the preview puts on a page whose source has a problem.
BANNER = '<div class="pd-preview-error" role="alert"><strong>{title}</strong><ul>{items}</ul></div>'


def error_banner(page: str, problems: list[Problem]) -> str:
    """The built page with the problems shown first in its body (escaped)."""
    items = "".join(f"<li><code>{html.escape(str(p))}</code></li>" for p in problems)
    banner = BANNER.format(title="digest: this page was not rebuilt", items=items)
    page = re.sub(r'<div class="pd-preview-error".*?</div>', "", page, flags=re.S)
    at = page.find(">", page.find("<body")) + 1
    return f"{page[:at]}{banner}{page[at:]}" if at > 0 else banner + page


def serve(config: Config, inputs: list[Path], address: str, say: Say) -> None:
    """Build the site, serve it at `address` and rebuild it as files change, until Ctrl-C."""
    from mkdocs.livereload import LiveReloadServer

    host, _, port = address.rpartition(":")
    # Ctrl-C (SIGINT) stops the preview even when it was started where SIGINT is ignored,
    # as a shell does for a command run in the background.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    preview = Preview(config, inputs, say)
    preview.url = f"http://{host}:{port}/"
    try:
        preview.build()
        wholes = (config.docs_dir, config.theme_dir)
        bell = Bell(watched(config, inputs), preview.folder / "bell", wholes)
        listening = bell.start()
        if listening:
            preview.bell = bell
            # An edit made before the bell listened is found by listing the sources once.
            if sources(preview.config, inputs) != preview.seen:
                bell.note(None)
                bell.ring()
        server = LiveReloadServer(
            builder=preview.rebuild,
            host=host,
            port=int(port),
            root=str(preview.site_dir),
            polling_interval=BELL_POLL if listening else 0.5,
        )
        if listening:
            server.watch(str(bell.bell))
        else:
            say("the system does not report file changes here: watching by polling")
            for path in watched(config, inputs):
                server.watch(str(path))
        say(f"serving the preview at {preview.url} (Ctrl-C stops it)")
        try:
            server.serve()  # type: ignore[no-untyped-call]
        except KeyboardInterrupt:
            say("shutting down")
        finally:
            server.shutdown()
            bell.stop()
    finally:
        preview.close()
