"""Hand the generated docs folder to MkDocs: build the site, with its search index alongside.

The live preview (`digest serve`) is generator/engine/preview.py.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.config import CONFIG_FILE, Config
from generator.errors import DigestError, Problem
from generator.features import search
from generator.features.render import fragment_bucket
from generator.writer import locked

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File


@dataclass
class BuildReport:
    site_dir: Path
    seconds: float
    warnings: list[str]
    #: Whether the Pagefind index was built (False when Material's search plugin is on).
    searchable: bool = False


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def mkdocs_build(
    config: Config, *, strict: bool = True, quiet: bool = True, workers: int | None = None
) -> BuildReport:
    """Run MkDocs' build on the project; in strict mode any warning fails it (see run_mkdocs)."""
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError

    started = time.perf_counter()
    collect = _Collect()
    log = logging.getLogger("mkdocs")
    log.addHandler(collect)
    previous = log.level
    if quiet:
        log.setLevel(logging.WARNING)
    try:
        cfg = load_config(str(config.root / CONFIG_FILE), strict=strict)
        with locked(config.state_dir):  # MkDocs empties site/ first: one build at a time
            run_mkdocs(cfg, config.state_dir, workers)
    except (Abort, ConfigurationError) as exc:
        details = "; ".join(collect.messages[:20]) or str(exc)
        raise DigestError(Problem(CONFIG_FILE, 0, f"MkDocs build failed: {details}")) from None
    finally:
        log.removeHandler(collect)
        log.setLevel(previous)
    return BuildReport(config.site_dir, time.perf_counter() - started, collect.messages)


def run_mkdocs(
    cfg: MkDocsConfig, scratch: Path, workers: int | None = None, serve_url: str | None = None
) -> None:
    """MkDocs' build of a loaded configuration, its pages shared among worker processes.

    `workers` defaults to one a processor (at most four). The pages are shared only when the
    platform can fork and no MkDocs plugin is on: a plugin may gather from every page
    (Material's search does), which one process must see.
    """
    from mkdocs.commands.build import build

    count = workers or _processors()
    if count > 1 and hasattr(os, "fork") and len(cfg.plugins) == 0:
        _build_in_parallel(cfg, count, scratch)
    else:
        build(cfg, serve_url=serve_url)


def _processors() -> int:
    """The processors this process may run on, at most four (more gains little at 20,000)."""
    if hasattr(os, "sched_getaffinity"):
        return min(4, len(os.sched_getaffinity(0)))
    return min(4, os.cpu_count() or 1)


def _build_in_parallel(cfg: MkDocsConfig, workers: int, scratch: Path) -> None:
    """MkDocs' build (mkdocs.commands.build.build, step for step), the pages shared out.

    Everything that concerns the site as a whole is done once, before the workers fork:
    listing the files, the navigation (its pages are read, since every page shows their
    titles), the static files, the theme's own pages. Each worker then reads and renders its
    share of the pages; each paper fragment file is read by one worker only (shares follow
    generator.render.fragment_bucket). Warnings come back to this process, so strict mode
    and the caller see them as from MkDocs' own build.
    """
    from mkdocs import utils
    from mkdocs.commands.build import (
        _build_extra_template,
        _build_page,
        _build_theme_template,
        _populate_page,
    )
    from mkdocs.exceptions import Abort
    from mkdocs.structure.files import InclusionLevel, get_files, set_exclusions
    from mkdocs.structure.nav import get_navigation
    from mkdocs.structure.pages import Page

    counter = utils.CountHandler()
    counter.setLevel(logging.WARNING)
    mkdocs_log = logging.getLogger("mkdocs")
    if cfg.strict:
        mkdocs_log.addHandler(counter)
    try:
        utils.clean_directory(cfg.site_dir)
        files = get_files(cfg)
        env = cfg.theme.get_env()
        files.add_files_from_theme(env, cfg)
        set_exclusions(files, cfg)
        nav = get_navigation(files, cfg)
        docs = files.documentation_pages(inclusion=InclusionLevel.is_included)
        for file in docs:
            if file.page is None and file.inclusion.is_not_in_nav():  # type: ignore[no-untyped-call]
                Page(None, file, cfg)
        for page in nav.pages:
            _populate_page(page, cfg, files)
        files.copy_static_files(inclusion=InclusionLevel.is_included)
        for template in cfg.theme.static_templates:
            _build_theme_template(template, env, files, cfg, nav)
        for template in cfg.extra_templates:
            _build_extra_template(template, files, cfg, nav)

        def work(share: list[File]) -> None:
            for file in share:
                assert file.page is not None
                _populate_page(file.page, cfg, files)
                _build_page(file.page, cfg, docs, nav, env)
            level = cfg.validation.links.anchors
            for file in share:
                assert file.page is not None
                file.page.validate_anchor_links(files=files, log_level=level)

        shares = _shares(docs, workers)
        scratch.mkdir(parents=True, exist_ok=True)
        forked: list[tuple[int, Path]] = []
        for n, share in enumerate(shares[1:], 1):
            report = Path(tempfile.mkstemp(prefix=f"worker-{n}-", dir=scratch)[1])
            pid = os.fork()
            if pid == 0:  # the worker: its share, its warnings to its file, and out
                os._exit(_run_worker(work, share, report))
            forked.append((pid, report))
        failed = False
        try:
            work(shares[0])
        finally:
            for pid, report in forked:
                _, status = os.waitpid(pid, 0)
                failed |= status != 0
                for level, message in json.loads(report.read_text(encoding="utf-8") or "[]"):
                    logging.getLogger("mkdocs.commands.build").log(level, message)
                report.unlink()
        if failed:
            raise Abort("Aborted with a BuildError!")
        if counts := counter.get_counts():
            msg = ", ".join(f"{v} {k.lower()}s" for k, v in counts)
            raise Abort(f"Aborted with {msg} in strict mode!")
    finally:
        mkdocs_log.removeHandler(counter)


def _shares(docs: Sequence[File], workers: int) -> list[list[File]]:
    """The pages each worker builds: papers by their fragment file, the rest in turn."""
    shares: list[list[File]] = [[] for _ in range(workers)]
    others = 0
    for file in docs:
        if file.src_uri.startswith("papers/"):
            slug = file.src_uri.removeprefix("papers/").removesuffix(".md")
            shares[fragment_bucket(slug) % workers].append(file)
        else:
            shares[others % workers].append(file)
            others += 1
    for share in shares:  # a fragment file's pages one after another: it is read once
        share.sort(key=lambda f: (fragment_bucket(f.src_uri), f.src_uri))
    return shares


def _run_worker(work: Callable[[list[File]], None], share: list[File], report: Path) -> int:
    """Run a forked worker's share; write what it logged (warnings and up) to `report`."""
    messages: list[tuple[int, str]] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append((record.levelno, record.getMessage()))

    log = logging.getLogger("mkdocs")
    log.handlers = [Keep(logging.WARNING)]  # the parent's handlers belong to the parent
    log.propagate = False
    status = 0
    try:
        work(share)
    except BaseException as exc:  # any failure is reported, then the worker exits
        messages.append((logging.ERROR, f"{type(exc).__name__}: {exc}"))
        status = 1
    report.write_text(json.dumps(messages), encoding="utf-8")
    return status


def build_site(config: Config, *, strict: bool = True) -> BuildReport:
    """Build the generated site with MkDocs while Pagefind indexes it in its own process."""
    started = time.perf_counter()
    indexing = search.start(config) if search.enabled(config) else None
    try:
        report = mkdocs_build(config, strict=strict)
    except BaseException:
        if indexing is not None:
            indexing.cancel()
        raise
    if indexing is not None:
        indexing.install(config.site_dir)
        report.searchable = True
    report.seconds = time.perf_counter() - started
    return report
