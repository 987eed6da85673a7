"""Every contact with MkDocs: load its configuration, build the site, keep a view for previews.

The public road is `mkdocs.config.load_config` and `mkdocs.commands.build.build`, with the
page hook (generator/engine/hooks.py) listed in mkdocs.yml. Two things go faster than that
road, and both lean on names MkDocs does not promise to keep (`_populate_page`,
`_build_page`...): a build whose pages are shared among forked worker processes, and the
live preview's re-rendering of just the pages an edit changed. Both are imported inside a
guard: when a MkDocs release renames or changes them, the build takes the public road (and
the preview rebuilds in full), after a one-line notice, never a traceback.

A build is published atomically: MkDocs writes into a fresh folder beside `site/`, the
search index is put in it, and only a build that succeeded replaces `site/`, in two
renames. A failed or killed build leaves the last good site as it was.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from generator.config import CONFIG_FILE, Config
from generator.engine.hooks import paper_slug
from generator.errors import DigestError, Problem
from generator.features import parts, search
from generator.writer import locked

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File

log = logging.getLogger(__name__)

#: The folders a build writes into before it is published, beside the site folder.
BUILDING = ".building-"
#: What a worker process leaves in the state folder until the build collects it.
WORKER = "worker-"
#: GitHub Pages refuses a published site larger than this.
PAGES_LIMIT = 1024**3


@dataclass
class BuildReport:
    site_dir: Path
    seconds: float
    warnings: list[str] = field(default_factory=list)
    #: Whether the Pagefind index was built (False when Material's search plugin is on).
    searchable: bool = False
    #: The published site's size in bytes.
    size: int = 0
    #: How the pages were built: "parallel (N workers)" or "MkDocs' build".
    how: str = ""


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def load(config: Config, *, site_dir: Path | None = None, strict: bool = True) -> MkDocsConfig:
    """MkDocs' own reading of the project's mkdocs.yml (its schema, `!ENV`, hooks)."""
    from mkdocs.config import load_config

    options: dict[str, Any] = {"strict": strict}
    if site_dir is not None:
        options["site_dir"] = str(site_dir)
    return load_config(str(config.root / CONFIG_FILE), **options)


def build(
    config: Config,
    *,
    strict: bool = True,
    quiet: bool = True,
    workers: int | None = None,
    site_dir: Path | None = None,
) -> BuildReport:
    """Build the pages with MkDocs into `site_dir` (the configured site folder by default).

    In strict mode any warning fails the build. `workers` defaults to one a processor.
    """
    from mkdocs.exceptions import Abort, ConfigurationError

    started = time.perf_counter()
    target = site_dir or config.site_dir
    collect = _Collect()
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(collect)
    previous = mkdocs_log.level
    if quiet:
        mkdocs_log.setLevel(logging.WARNING)
    try:
        cfg = load(config, site_dir=target, strict=strict)
        how = run(cfg, config.state_dir, workers)
    except (Abort, ConfigurationError) as exc:
        details = "; ".join(collect.messages[:20]) or str(exc)
        raise DigestError(Problem(CONFIG_FILE, 0, f"MkDocs build failed: {details}")) from None
    finally:
        mkdocs_log.removeHandler(collect)
        mkdocs_log.setLevel(previous)
    return BuildReport(target, time.perf_counter() - started, collect.messages, how=how)


def publish(config: Config, *, strict: bool = True, quiet: bool = True) -> BuildReport:
    """Build the site and its search index beside the site folder, then swap it in.

    Pagefind indexes the search records in its own process while MkDocs builds. A build
    that fails, or a site over GitHub Pages' 1 GB, leaves the site folder as it was.
    """
    started = time.perf_counter()
    site_dir = config.site_dir
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    with locked(config.state_dir):
        clear_leftovers(config)
        building = Path(tempfile.mkdtemp(prefix=f"{BUILDING}{os.getpid()}-", dir=site_dir.parent))
        try:
            indexing = search.start(config) if search.enabled(config) else None
            try:
                report = build(config, strict=strict, quiet=quiet, site_dir=building)
            except BaseException:
                if indexing is not None:
                    indexing.cancel()
                raise
            if indexing is not None:
                indexing.install(building)
                report.searchable = True
            report.size = folder_size(building)
            if report.size > PAGES_LIMIT:
                raise DigestError(
                    Problem(
                        config.rel(site_dir),
                        0,
                        f"the built site is {report.size / 1024**2:,.0f} MB: GitHub Pages "
                        f"refuses a site over {PAGES_LIMIT / 1024**2:,.0f} MB; nothing was "
                        "published",
                    )
                )
            _swap(building, site_dir)
        finally:
            shutil.rmtree(building, ignore_errors=True)
    report.site_dir = site_dir
    report.seconds = time.perf_counter() - started
    return report


def _swap(built: Path, site_dir: Path) -> None:
    """Put `built` where `site_dir` is, in two renames (the old site is removed after)."""
    old = site_dir.parent / f"{BUILDING}{os.getpid()}-old-{site_dir.name}"
    if site_dir.exists():
        site_dir.rename(old)
    built.rename(site_dir)
    shutil.rmtree(old, ignore_errors=True)


def folder_size(folder: Path) -> int:
    """The bytes of every file below `folder`."""
    total = 0
    for path, _, names in os.walk(folder):
        for name in names:
            with contextlib.suppress(FileNotFoundError):
                total += os.stat(os.path.join(path, name), follow_symlinks=False).st_size
    return total


def clear_leftovers(config: Config) -> list[str]:
    """Remove what killed runs left: half-built sites, worker reports, search scratch folders.

    Only what no running process still owns (the process id is in the name) is removed.
    """
    removed: list[str] = []
    candidates: list[Path] = []
    if config.site_dir.parent.is_dir():
        candidates += config.site_dir.parent.glob(f"{BUILDING}*")
    if config.state_dir.is_dir():
        candidates += config.state_dir.glob(f"{WORKER}*")
        candidates += config.state_dir.glob(f"{search.SCRATCH}*")
    for path in candidates:
        owner = path.name.split("-")[1] if "-" in path.name else ""
        if owner.isdigit() and _alive(int(owner)):
            continue
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        removed.append(config.rel(path))
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def run(cfg: MkDocsConfig, scratch: Path, workers: int | None = None) -> str:
    """MkDocs' build of a loaded configuration; returns how the pages were built.

    The pages are shared among forked workers when there is more than one processor, the
    platform can fork and no plugin but the page hook is on (a plugin may gather from every
    page, as Material's search does, which one process must see). Forking is done by a
    fresh process of its own, never by this one: this process may run threads (numpy's,
    the live preview's server), and a process forked while another thread holds a lock
    can hang.
    """
    from mkdocs.commands.build import build as mkdocs_build

    count = workers or processors()
    if count > 1 and hasattr(os, "fork") and _only_our_hooks(cfg):
        # Isolated (-I): the package as installed, whatever folder the project's hooks are in.
        command = [sys.executable, "-I", "-m", "generator.engine.mkdocs", cfg.config_file_path]
        command += [cfg.site_dir, str(scratch), str(count), "strict" if cfg.strict else ""]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        for line in done.stderr.splitlines():
            level, _, message = line.partition(" ")
            if level.isdigit() and message:
                logging.getLogger("mkdocs.commands.build").log(int(level), message)
            elif line.strip():
                log.warning(line)
        if done.returncode == 0:
            return f"parallel ({count} workers)"
        if done.returncode != _FALLBACK:
            from mkdocs.exceptions import Abort

            raise Abort("Aborted with a BuildError!")
        # The notice was logged by the child: MkDocs' own build follows.
    mkdocs_build(cfg)
    return "MkDocs' build"


def _only_our_hooks(cfg: MkDocsConfig) -> bool:
    return all(name.endswith("engine/hooks.py") for name in cfg.plugins)


def processors() -> int:
    """The processors this process may run on, at most four (more gains little at 20,000)."""
    if hasattr(os, "sched_getaffinity"):
        return min(4, len(os.sched_getaffinity(0)))
    return min(4, os.cpu_count() or 1)


#: The exit status of a parallel build that could not start (private names missing).
_FALLBACK = 3
#: MkDocs' unpromised per-page steps (in mkdocs.commands.build) that the fast paths call.
PRIVATE = ("_populate_page", "_build_page", "_build_theme_template", "_build_extra_template")


def _private() -> Any:
    """The steps named in PRIVATE, by those names, or ImportError when this release lacks one."""
    from mkdocs.commands import build as module

    found = {name: getattr(module, name, None) for name in PRIVATE}
    missing = [name for name, step in found.items() if not callable(step)]
    if missing:
        raise ImportError(f"mkdocs.commands.build has no {', '.join(missing)}")
    return SimpleNamespace(**found)


def _notice(exc: BaseException) -> None:
    """One line saying the fast path is off, and why."""
    from mkdocs import __version__

    logging.getLogger("mkdocs.commands.build").info(
        f"pages built in one process: the parallel build does not fit MkDocs {__version__} "
        f"({type(exc).__name__}: {exc})"
    )
    print(f"notice: pages built in one process (MkDocs {__version__}: {exc})", file=sys.stderr)


def _build_in_parallel(cfg: MkDocsConfig, workers: int, scratch: Path) -> None:
    """MkDocs' build (mkdocs.commands.build.build, step for step), the pages shared out.

    Everything that concerns the site as a whole is done once, before the workers fork:
    the plugin events, listing the files, the navigation (its pages are read, since every
    page shows their titles), the static files, the theme's own pages. Each worker then
    reads and renders its share; each paper parts file is read by one worker only. The
    workers send back the anchors of their pages and the links to anchors they hold, so
    links between pages of different shares are checked as in MkDocs' own build; warnings
    come back too, so strict mode and the caller see them as from MkDocs' own build.
    """
    from mkdocs import utils
    from mkdocs.exceptions import Abort
    from mkdocs.structure.files import InclusionLevel, get_files, set_exclusions
    from mkdocs.structure.nav import get_navigation
    from mkdocs.structure.pages import Page

    private = _private()
    counter = utils.CountHandler()
    counter.setLevel(logging.WARNING)
    mkdocs_log = logging.getLogger("mkdocs")
    if cfg.strict:
        mkdocs_log.addHandler(counter)
    try:
        cfg = cfg.plugins.on_config(cfg)
        cfg.plugins.on_pre_build(config=cfg)
        utils.clean_directory(cfg.site_dir)
        files = get_files(cfg)
        env = cfg.theme.get_env()
        files.add_files_from_theme(env, cfg)
        files = cfg.plugins.on_files(files, config=cfg)
        set_exclusions(files, cfg)
        nav = cfg.plugins.on_nav(get_navigation(files, cfg), config=cfg, files=files)
        docs = files.documentation_pages(inclusion=InclusionLevel.is_included)
        for file in docs:
            if file.page is None and file.inclusion.is_not_in_nav():  # type: ignore[no-untyped-call]
                Page(None, file, cfg)
        for page in nav.pages:
            private._populate_page(page, cfg, files)
        env = cfg.plugins.on_env(env, config=cfg, files=files)
        files.copy_static_files(inclusion=InclusionLevel.is_included)
        for template in cfg.theme.static_templates:
            private._build_theme_template(template, env, files, cfg, nav)
        for template in cfg.extra_templates:
            private._build_extra_template(template, files, cfg, nav)
    except (TypeError, AttributeError) as exc:  # the private steps changed shape
        raise ImportError(str(exc)) from exc

    try:

        def work(share: list[File]) -> dict[str, Any]:
            for file in share:
                assert file.page is not None
                private._populate_page(file.page, cfg, files)
                private._build_page(file.page, cfg, docs, nav, env)
            return {
                file.src_uri: {
                    "anchors": sorted(file.page.present_anchor_ids or ()),
                    "links": {
                        to.src_uri: links
                        for to, links in (file.page.links_to_anchors or {}).items()
                    },
                }
                for file in share
                if file.page is not None
            }

        shares = _shares(docs, workers)
        scratch.mkdir(parents=True, exist_ok=True)
        forked: list[tuple[int, Path]] = []
        for n, share in enumerate(shares[1:], 1):
            report = Path(tempfile.mkstemp(prefix=f"{WORKER}{os.getpid()}-{n}-", dir=scratch)[1])
            pid = os.fork()
            if pid == 0:  # the worker: its share, its warnings and anchors to its file, and out
                os._exit(_run_worker(work, share, report))
            forked.append((pid, report))
        failed = False
        found: dict[str, Any] = {}
        try:
            found.update(work(shares[0]))
        finally:
            for pid, report in forked:
                _, status = os.waitpid(pid, 0)
                failed |= status != 0
                sent = json.loads(report.read_text(encoding="utf-8") or "{}")
                for level, message in sent.get("messages", []):
                    logging.getLogger("mkdocs.commands.build").log(level, message)
                found.update(sent.get("pages", {}))
                report.unlink()
        if failed:
            raise Abort("Aborted with a BuildError!")
        _check_anchors(files, docs, found, cfg.validation.links.anchors)
        cfg.plugins.on_post_build(config=cfg)
        if counts := counter.get_counts():
            msg = ", ".join(f"{v} {k.lower()}s" for k, v in counts)
            raise Abort(f"Aborted with {msg} in strict mode!")
    finally:
        mkdocs_log.removeHandler(counter)


def _check_anchors(files: Any, docs: Sequence[File], found: dict[str, Any], level: int) -> None:
    """MkDocs' check of links to anchors, over what every worker found."""
    for file in docs:
        page = file.page
        if page is None or file.src_uri not in found:
            continue
        page.present_anchor_ids = set(found[file.src_uri]["anchors"])
    for file in docs:
        page = file.page
        if page is None or file.src_uri not in found:
            continue
        links: dict[File, dict[str, str]] = {}
        for src_uri, anchors in found[file.src_uri]["links"].items():
            target = files.get_file_from_path(src_uri)
            if target is not None:
                links[target] = anchors
        page.links_to_anchors = links
        page.validate_anchor_links(files=files, log_level=level)


def _shares(docs: Sequence[File], workers: int) -> list[list[File]]:
    """The pages each worker builds: papers by their parts file, the rest in turn."""
    shares: list[list[File]] = [[] for _ in range(workers)]
    others = 0
    for file in docs:
        slug = paper_slug(file.src_uri)
        if slug:
            shares[parts.bucket(slug) % workers].append(file)
        else:
            shares[others % workers].append(file)
            others += 1
    for share in shares:  # a parts file's pages one after another: it is read once
        share.sort(key=lambda f: (parts.bucket(paper_slug(f.src_uri)), f.src_uri))
    return shares


def _run_worker(
    work: Callable[[list[File]], dict[str, Any]], share: list[File], report: Path
) -> int:
    """Run a forked worker's share; write what it logged (warnings and up) to `report`."""
    messages: list[tuple[int, str]] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append((record.levelno, record.getMessage()))

    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.handlers = [Keep(logging.WARNING)]  # the parent's handlers belong to the parent
    mkdocs_log.propagate = False
    status = 0
    pages: dict[str, Any] = {}
    try:
        pages = work(share)
    except BaseException as exc:  # any failure is reported, then the worker exits
        messages.append((logging.ERROR, f"{type(exc).__name__}: {exc}"))
        status = 1
    report.write_text(json.dumps({"messages": messages, "pages": pages}), encoding="utf-8")
    return status


class SiteView:
    """MkDocs' model of the built site (files, navigation, theme), kept between rebuilds.

    MkDocs' own build reads every page and lists every file on every run: seconds at 20,000
    pages even when one page changed. This keeps what that build gathers and renders just
    the pages given, with the two steps MkDocs' build runs for each page, in the same order.
    `SiteView.open` gives None when this MkDocs release lacks those steps: the preview then
    rebuilds the whole site after each edit.
    """

    def __init__(self, cfg: MkDocsConfig, private: Any) -> None:
        from mkdocs.structure.files import get_files, set_exclusions
        from mkdocs.structure.nav import get_navigation
        from mkdocs.structure.pages import Page

        self.private = private
        self.cfg = cfg = cfg.plugins.on_config(cfg)
        files = get_files(cfg)
        env = cfg.theme.get_env()
        files.add_files_from_theme(env, cfg)
        self.files = files = cfg.plugins.on_files(files, config=cfg)
        set_exclusions(files, cfg)
        self.nav = cfg.plugins.on_nav(get_navigation(files, cfg), config=cfg, files=files)
        for file in files.documentation_pages():
            if file.page is None:
                Page(None, file, cfg)
        self.env = cfg.plugins.on_env(env, config=cfg, files=files)
        self.env.auto_reload = True  # templates are read again when they change
        self.sources = {file.src_uri for file in files.documentation_pages()}
        # The navigation's pages are read once: every page shows their titles.
        self.render([page.file.src_uri for page in self.nav.pages], build=False)

    @classmethod
    def open(cls, config: Config, site_dir: Path, url: str) -> SiteView | None:
        try:
            private = _private()
            cfg = load(config, site_dir=site_dir, strict=False)
            cfg.site_url = url
            return cls(cfg, private)
        except (ImportError, TypeError, AttributeError) as exc:
            _notice(exc)
            return None

    def render(self, sources: list[str], *, build: bool = True) -> None:
        """Read and render these pages (paths relative to the docs folder) into the site."""
        # The page hook's values (the search filter row) are read again with its files.
        self.cfg.plugins.on_env(self.env, config=self.cfg, files=self.files)
        pages = self.files.documentation_pages()
        for source in sources:
            file = self.files.get_file_from_path(source)
            assert file is not None and file.page is not None
            self.private._populate_page(file.page, self.cfg, self.files)
            if build:
                self.private._build_page(file.page, self.cfg, pages, self.nav, self.env)


def build_preview(config: Config, site_dir: Path, url: str) -> None:
    """A whole build for the live preview: the site at `url`, warnings shown, not fatal."""
    cfg = load(config, site_dir=site_dir, strict=False)
    cfg.site_url = url
    run(cfg, config.state_dir)


def _main(argv: list[str]) -> int:
    """The parallel build in a process of its own: `python -m generator.engine.mkdocs ...`."""
    from mkdocs.config import load_config

    config_file, site_dir, scratch, workers, strict = argv

    class Relay(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            print(f"{record.levelno} {record.getMessage()}", file=sys.stderr, flush=True)

    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(Relay(logging.WARNING))
    mkdocs_log.propagate = False
    cfg = load_config(config_file, site_dir=site_dir, strict=bool(strict))
    try:
        _build_in_parallel(cfg, int(workers), Path(scratch))
    except ImportError as exc:
        _notice(exc)
        return _FALLBACK
    except Exception as exc:  # reported as MkDocs' build reports it
        from mkdocs.exceptions import Abort

        if not isinstance(exc, Abort):
            print(f"{logging.ERROR} {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
