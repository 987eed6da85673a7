"""The live preview (`digest serve`): the site served on localhost, rebuilt as files change.

An edited paper page costs about a second at 20,000 papers, not a whole build: the digest
stays in memory, so only the edited pages are read again (`pipeline.refresh`), the writer
touches only the derived files the edit changes, and MkDocs rebuilds only the pages whose
source or generated parts changed (its "dirty" build). The search index is rebuilt in the
background and swapped in when ready. Any other change (inputs, taxonomy, templates,
settings, a page added or removed) regenerates and rebuilds everything.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from generator import search
from generator.config import CONFIG_FILE, Config
from generator.errors import DigestError
from generator.pipeline import Digest, generate, iter_lines, refresh

Say = Callable[[str], None]


def sources(config: Config, inputs: list[Path]) -> dict[Path, int]:
    """Every file a build reads that a person edits, with its modification time (ns)."""
    derived = {
        config.docs_dir / "index.md",
        config.docs_dir / "tags",
        config.docs_dir / "browse",
        config.fragments_dir,
    }
    roots = [
        config.root / CONFIG_FILE,
        config.taxonomy,
        config.root / "templates",
        config.theme_dir,
        config.docs_dir,
        *(inputs or [config.default_inputs]),
    ]
    found: dict[Path, int] = {}
    for root in roots:
        if root.is_file():
            found[root] = root.stat().st_mtime_ns
            continue
        for folder, dirs, files in os.walk(root):
            here = Path(folder)
            dirs[:] = [d for d in dirs if here / d not in derived and not d.startswith(".")]
            for name in files:
                path = here / name
                if path not in derived and not name.startswith("."):
                    with contextlib.suppress(FileNotFoundError):  # deleted while we looked
                        found[path] = path.stat().st_mtime_ns
    return found


def watched(config: Config, inputs: list[Path]) -> list[Path]:
    """What the server watches: the sources, but no derived file (our own writes are no edit)."""
    derived = {"index.md", "tags", "browse", config.fragments_dir.name}
    paths = [config.root / CONFIG_FILE, config.taxonomy, config.root / "templates"]
    paths += [*(inputs or [config.default_inputs])]
    for folder in (config.docs_dir, config.theme_dir):
        if folder.is_dir():
            paths += [p for p in folder.iterdir() if p.name not in derived]
    return sorted(p for p in paths if p.exists())


class _Reindex:
    """Rebuild the search index in the background: one run at a time, the latest site wins."""

    def __init__(self, config: Config, site_dir: Path, say: Say) -> None:
        self.config = config
        self.site_dir = site_dir
        self.say = say
        self.lock = threading.Lock()
        self.wanted = False
        self.thread: threading.Thread | None = None

    def request(self) -> None:
        with self.lock:
            self.wanted = True
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while True:
            with self.lock:
                if not self.wanted:
                    return
                self.wanted = False
            started = time.perf_counter()
            try:
                search.index(self.config, self.site_dir)
            except DigestError as exc:
                self.say(str(exc))
                continue
            self.say(f"search index rebuilt in {time.perf_counter() - started:.1f}s")


class Preview:
    """The site in a temporary folder, rebuilt after each change, for the live-reload server."""

    def __init__(self, config: Config, inputs: list[Path], say: Say) -> None:
        self.config = config
        self.inputs = inputs
        self.say = say
        self.site_dir = Path(tempfile.mkdtemp(prefix="digest-preview-"))
        self.url = "http://127.0.0.1:8000/"
        self.digest: Digest | None = None
        self.seen: dict[Path, int] = {}
        self.reindex = _Reindex(config, self.site_dir, say) if search.enabled(config) else None

    def close(self) -> None:
        shutil.rmtree(self.site_dir, ignore_errors=True)

    def build(self) -> None:
        """Generate everything and build the whole site (the first build, or any non-page edit)."""
        self.seen = sources(self.config, self.inputs)
        report = generate(self.config, self.inputs)
        for line in iter_lines(report):
            self.say(line)
        self.seen = sources(self.config, self.inputs)  # our own writes are not edits
        self.digest = report.digest
        self._mkdocs(dirty=False)
        if self.reindex is not None:
            self.reindex.request()

    def rebuild(self) -> None:
        """What the server calls after files change: rebuild what the change needs."""
        try:
            now = sources(self.config, self.inputs)
            changed = {p for p in now.keys() | self.seen.keys() if now.get(p) != self.seen.get(p)}
            if not changed:
                return
            pages = {p for p in changed if p.parent == self.config.papers_dir and p.suffix == ".md"}
            if self.digest is None or changed - pages or any(p not in now for p in pages):
                self.build()
                return
            started = time.perf_counter()
            self.seen = now
            docs = self.config.docs_dir
            self.digest, report = refresh(
                self.config, self.digest, sorted(p.relative_to(docs).as_posix() for p in pages)
            )
            # MkDocs' dirty build rebuilds a page whose source is newer than its output:
            # drop the outputs whose generated parts changed, and the pages of the navigation,
            # whose titles a dirty build would otherwise not read.
            for slug in report.stale:
                self._output(f"papers/{slug}.md").unlink(missing_ok=True)
            for path in self._nav():
                self._output(path).unlink(missing_ok=True)
            self._mkdocs(dirty=True)
            self.say(
                f"{len(pages)} page(s) edited: {len(report.written.written)} derived file(s) "
                f"written, {len(report.stale) + len(pages)} page(s) rebuilt "
                f"in {time.perf_counter() - started:.1f}s"
            )
            if self.reindex is not None:
                self.reindex.request()
        except DigestError as exc:
            for problem in exc.problems:
                self.say(str(problem))

    def _mkdocs(self, *, dirty: bool) -> None:
        from mkdocs.commands.build import build
        from mkdocs.config import load_config

        cfg = load_config(str(self.config.root / CONFIG_FILE), site_dir=str(self.site_dir))
        cfg.site_url = self.url
        log = logging.getLogger("mkdocs.commands.build")
        log.addFilter(_no_dirty_warning)
        try:
            build(cfg, serve_url=self.url, dirty=dirty)
        finally:
            log.removeFilter(_no_dirty_warning)

    def _output(self, source: str) -> Path:
        """Where MkDocs writes the page built from `source` (relative to the docs folder)."""
        from mkdocs.structure.files import File

        use_urls = self.config.raw.get("use_directory_urls", True) is not False
        file = File(source, str(self.config.docs_dir), str(self.site_dir), use_urls)
        return Path(file.abs_dest_path)

    def _nav(self) -> list[str]:
        found: list[str] = []

        def walk(entries: object) -> None:
            if isinstance(entries, str):
                if entries.endswith(".md"):
                    found.append(entries)
            elif isinstance(entries, list):
                for entry in entries:
                    walk(entry)
            elif isinstance(entries, dict):
                for value in entries.values():
                    walk(value)

        walk(self.config.raw.get("nav") or [])
        return found


def _no_dirty_warning(record: logging.LogRecord) -> bool:
    # MkDocs warns that a dirty build may leave navigation stale; the preview rebuilds the
    # navigation's pages itself (Preview.rebuild), so the warning would only be noise.
    return "'dirty' build" not in record.getMessage()


def serve(config: Config, inputs: list[Path], address: str, say: Say) -> None:
    """Build the site, serve it at `address` and rebuild it as files change, until Ctrl-C."""
    from mkdocs.livereload import LiveReloadServer

    host, _, port = address.rpartition(":")
    preview = Preview(config, inputs, say)
    preview.url = f"http://{host}:{port}/"
    try:
        preview.build()
        server = LiveReloadServer(
            builder=preview.rebuild, host=host, port=int(port), root=str(preview.site_dir)
        )
        for path in watched(config, inputs):
            server.watch(str(path))
        try:
            server.serve()  # type: ignore[no-untyped-call]
        except KeyboardInterrupt:
            say("shutting down")
        finally:
            server.shutdown()
    finally:
        preview.close()
