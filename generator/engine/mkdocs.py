"""Every contact with MkDocs: load its configuration, build the site, keep a view for previews.

The public road is `mkdocs.config.load_config` and `mkdocs.commands.build.build`, with the
digest's plugin (generator/engine/hooks.py) listed in mkdocs.yml. Two things go faster than that
road, and both lean on names MkDocs does not promise to keep (`_populate_page`,
`_build_page`...): a build whose pages are shared among forked worker processes, and the
live preview's re-rendering of just the pages an edit changed. Both are imported inside a
guard: when a MkDocs release renames or changes them, the build takes the public road (and
the preview rebuilds in full), after a one-line notice, never a traceback.

A build may start from the last one (`previous`, the last published site, with the inventory of
what each of its pages was built from, `.digest/built.json`): only the pages whose source,
generated parts or links changed are rendered again. Anything the whole site shares
(settings, navigation, theme, overrides, the plugin's code and site-wide values, the packages
the build reads) being different means every page is rendered again.

A build is published only when it succeeded: MkDocs writes into a fresh folder beside
`site/` and the search index is put in it. A build of every page replaces `site/` in two
renames. A build from the last site holds only what changed (a few pages, the theme's
own pages, the search index): it is merged into `site/` by renames, each file it replaces
moved aside first and put back if the merge fails; a merge cut short (the process killed)
is undone by the next build. Making a new folder of 23,000 links to the pages kept, and
removing the old one, cost more than rendering the pages that changed. A failed or killed
build leaves the last good site as it was.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from generator.cache import code_files
from generator.config import CONFIG_FILE, Config
from generator.engine import pagefind
from generator.engine.hooks import PARTS, DigestPlugin, paper_slug
from generator.errors import DigestError, Problem
from generator.features import parts, search
from generator.folders import abandoned, link_files, owner, replace_folder, scratch_folder
from generator.writer import DOCS_HASHES, files_below, locked, recorded_hashes, write_atomic

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
#: In a staged build's folder: the files of the previous site that the new one has not.
MERGE = ".digest-merge.json"
#: In the folder a merge moves the replaced files into: what it moves, and that it finished.
JOURNAL, DONE = ".journal.json", ".done"


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
    """MkDocs' configuration of the project for one build, as MkDocs' own loader read it.

    The file was read once, by `generator.config.load_config` (MkDocs' schema, `!ENV`,
    hooks): its values are kept in `config.raw`, and each build gets a fresh copy of them.
    A Config made otherwise has the file read again. (The build's process of its own reads
    it once more: a process has its own objects.)
    """
    from mkdocs.config import load_config
    from mkdocs.config.defaults import MkDocsConfig

    path = str(config.root / CONFIG_FILE)
    if "theme" not in config.raw or "plugins" not in config.raw:
        options: dict[str, Any] = {"strict": strict}
        if site_dir is not None:
            options["site_dir"] = str(site_dir)
        return load_config(path, **options)
    cfg = MkDocsConfig(config_file_path=path)
    cfg.data = {**config.raw, "strict": strict}  # UserDict's store: the validated values
    if site_dir is not None:
        cfg.data["site_dir"] = str(site_dir)
    return cfg


def build(
    config: Config,
    *,
    strict: bool = True,
    quiet: bool = True,
    workers: int | None = None,
    site_dir: Path | None = None,
    previous: Previous | None = None,
    inventory: Path | None = None,
    cfg: MkDocsConfig | None = None,
    staged: bool = False,
) -> BuildReport:
    """Build the pages with MkDocs into `site_dir` (the configured site folder by default).

    In strict mode any warning fails the build. `workers` defaults to one a processor.
    With `previous` (a site built before and its inventory), only the pages that changed since
    are rendered, the others are linked from it: `site_dir` must then be a new folder.
    `inventory` is where this build's inventory goes (none by default). `cfg` is the project's
    MkDocs configuration when the caller has loaded it already (its site folder is set here).
    `staged`: see `run`.
    """
    from mkdocs.exceptions import Abort, ConfigurationError

    started = time.perf_counter()
    target = site_dir or config.site_dir
    if target.resolve() == config.site_dir.resolve():
        forget(config)  # the published site is rewritten in place: its inventory is stale
    collect = _Collect()
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(collect)
    level = mkdocs_log.level
    if quiet:
        mkdocs_log.setLevel(logging.WARNING)
    try:
        if cfg is None:
            cfg = load(config, site_dir=target, strict=strict)
        else:
            cfg.site_dir, cfg.strict = str(target), strict
        how = run(
            cfg, config.state_dir, workers, previous=previous, inventory=inventory, staged=staged
        )
    except (Abort, ConfigurationError) as exc:
        details = "; ".join(collect.messages[:20]) or str(exc)
        raise DigestError(Problem(CONFIG_FILE, 0, f"MkDocs build failed: {details}")) from None
    finally:
        mkdocs_log.removeHandler(collect)
        mkdocs_log.setLevel(level)
    return BuildReport(target, time.perf_counter() - started, collect.messages, how=how)


def publish(config: Config, *, strict: bool = True, quiet: bool = True) -> BuildReport:
    """Build the site and its search index beside the site folder, then swap it in.

    Only the pages that changed since the last published site are rendered (its inventory is
    `BUILT` in the state folder); the others are linked from it. Pagefind indexes the
    search documents in its own process while MkDocs builds, but for the parts of the index
    whose documents are the ones the last site's index was made from: those are kept. A build
    that fails, or a site over GitHub Pages' 1 GB, leaves the site folder as it was.
    """
    started = time.perf_counter()
    site_dir = config.site_dir
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    _return_memory()
    with locked(config.state_dir):
        clear_leftovers(config)
        inventory = config.state_dir / BUILT
        previous = published(config)
        fresh_inventory = scratch_folder(config.state_dir, WORKER) / BUILT
        building = scratch_folder(site_dir.parent, BUILDING)
        try:
            searched = search.enabled(config)
            # The parts of the last index whose documents are unchanged are kept (search.py).
            kept = (_search_of(inventory) or "").split() if previous is not None else []
            old_index = site_dir / pagefind.BUNDLE
            indexing = pagefind.start(config, old=old_index, keys=kept) if searched else None
            try:
                report = build(
                    config,
                    strict=strict,
                    quiet=quiet,
                    site_dir=building,
                    previous=previous,
                    inventory=fresh_inventory,
                    staged=previous is not None,
                )
            except BaseException:
                if indexing is not None:
                    indexing.cancel()
                raise
            if indexing is not None:
                indexing.install(building)
                parts, again = len(indexing.keys), len(indexing.indexed)
                if again < parts:
                    report.how += f", search index: {again} of {parts} parts indexed"
            report.searchable = searched
            gone = merge_list(building)
            if gone is None:
                report.size = folder_size(building)
            else:
                assert previous is not None
                report.size = _merged_size(building, site_dir, gone, inventory)
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
            forget(config)  # no moment where the inventory describes another site than site/
            if gone is None:
                swap(building, site_dir)
            else:
                merge(building, site_dir, gone)
            if fresh_inventory.is_file():
                keys = " ".join(indexing.keys) if indexing else ""
                _with_search(fresh_inventory, keys, report.size)
                os.replace(fresh_inventory, inventory)
        finally:
            shutil.rmtree(building, ignore_errors=True)
            shutil.rmtree(fresh_inventory.parent, ignore_errors=True)
    report.site_dir = site_dir
    report.seconds = time.perf_counter() - started
    return report


#: The inventory of the published site (in the state folder): what its pages were built from.
BUILT = "built.json"


def forget(config: Config) -> None:
    """Drop the published site's inventory: the next build renders every page."""
    (config.state_dir / BUILT).unlink(missing_ok=True)


def _search_of(inventory: Path) -> str | None:
    """The keys of the search documents the site of `inventory` was indexed from, a part's
    after another (`pagefind.part_keys`)."""
    try:
        found = json.loads(inventory.read_text(encoding="utf-8")).get("search")
    except (OSError, ValueError, AttributeError):
        return None
    return found if isinstance(found, str) else None


def _with_search(inventory: Path, indexed: str, size: int) -> None:
    data = json.loads(inventory.read_text(encoding="utf-8"))
    data["search"], data["bytes"] = indexed, size
    write_atomic(inventory, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


def swap(built: Path, site_dir: Path) -> None:
    """Put `built` where `site_dir` is, in two renames; the old site is removed after."""
    if not site_dir.exists():
        built.rename(site_dir)
        return
    old = scratch_folder(site_dir.parent, BUILDING, "old-")
    replace_folder(built, site_dir, old / site_dir.name, lambda _: remove_later(old))


def merge_list(built: Path) -> list[str] | None:
    """The files a staged build's folder says the previous site has and the new one not, or
    None when the folder holds a whole site."""
    try:
        gone = json.loads((built / MERGE).read_text(encoding="utf-8"))["remove"]
    except FileNotFoundError:
        return None
    return [str(path) for path in gone]


def _units(built: Path) -> list[str]:
    """What a merge moves: each file of a staged build, but the search index as one folder."""
    units = []
    for top, folders, names in os.walk(built):
        below = Path(top).relative_to(built)
        if below == Path("."):
            if pagefind.BUNDLE in folders:
                folders.remove(pagefind.BUNDLE)
                units.append(pagefind.BUNDLE)
            names = [name for name in names if name != MERGE]
        units += [(below / name).as_posix() for name in names]
    return sorted(units)


def _merged_size(built: Path, site_dir: Path, gone: list[str], inventory: Path) -> int:
    """The bytes of the site once `built` is merged into it: the last site's, as its inventory
    says (else counted: tens of thousands of files), less what goes, plus what comes."""
    try:
        size = int(json.loads(inventory.read_text(encoding="utf-8"))["bytes"])
    except (OSError, ValueError, KeyError, TypeError):
        size = folder_size(site_dir)
    for unit in [*_units(built), *gone]:
        old, new = site_dir / unit, built / unit
        size -= folder_size(old) if old.is_dir() else max(_size(old), 0)
        size += folder_size(new) if new.is_dir() else max(_size(new), 0)
    return size


def merge(built: Path, site_dir: Path, gone: list[str]) -> None:
    """Put a staged build's files into the site, and take out those that went.

    Each file replaced or removed is moved aside first, into a folder that records every
    move (`JOURNAL`) before the first: a merge that fails is undone at once, one killed is
    undone by the next build (`clear_leftovers`). The files moved aside are removed after.
    """
    units = _units(built)
    aside = scratch_folder(site_dir.parent, BUILDING, "old-")
    moves = [(unit, os.path.lexists(site_dir / unit), True) for unit in units]
    moves += [(unit, True, False) for unit in gone if os.path.lexists(site_dir / unit)]
    write_atomic(aside / JOURNAL, json.dumps({"site": str(site_dir), "moves": moves}).encode())
    try:
        for unit, had, comes in moves:
            if had:
                (aside / unit).parent.mkdir(parents=True, exist_ok=True)
                os.rename(site_dir / unit, aside / unit)
            if comes:
                (site_dir / unit).parent.mkdir(parents=True, exist_ok=True)
                os.rename(built / unit, site_dir / unit)
            else:
                _prune(site_dir, (site_dir / unit).parent)
    except BaseException:
        _undo(aside)
        shutil.rmtree(aside, ignore_errors=True)
        raise
    (aside / DONE).touch()
    remove_later(aside)


def _undo(aside: Path) -> None:
    """Put back what a merge moved aside, and take out what it brought (see `merge`)."""
    try:
        journal = json.loads((aside / JOURNAL).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return  # no move was made before the journal was written
    site_dir = Path(journal["site"])
    for unit, had, comes in reversed(journal["moves"]):
        now, old = site_dir / unit, aside / unit
        if had and not os.path.lexists(old):
            continue  # not moved yet: the site's file is the old one
        if comes and os.path.lexists(now):
            if now.is_dir() and not now.is_symlink():
                shutil.rmtree(now)
            else:
                now.unlink()
        if had:
            now.parent.mkdir(parents=True, exist_ok=True)
            os.rename(old, now)
        else:
            _prune(site_dir, now.parent)


def _prune(site_dir: Path, folder: Path) -> None:
    """Remove `folder` and the folders above it in the site while they are empty."""
    while folder != site_dir and site_dir in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


#: Processes removing old sites (kept, so that none is reaped as garbage while it works).
_REMOVERS: list[subprocess.Popen[bytes]] = []


def remove_later(folder: Path) -> None:
    """Remove `folder` in a process of its own, which outlives this one if need be.

    The new site is live already; removing the 60,000 files and folders of a 20,000-paper
    site took longer than building its changed pages. A removal cut short is finished by
    the next build (`clear_leftovers`: the folder is named as this process's).
    """
    _REMOVERS[:] = [p for p in _REMOVERS if p.poll() is None]
    code = "import shutil, sys; shutil.rmtree(sys.argv[1], ignore_errors=True)"
    try:
        remover = subprocess.Popen(
            [sys.executable, "-I", "-c", code, str(folder)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # Ctrl-C in the preview does not stop it
        )
    except OSError:
        shutil.rmtree(folder, ignore_errors=True)
        return
    _REMOVERS.append(remover)


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
        candidates += config.state_dir.glob(f"{pagefind.SCRATCH}*")
    for path in candidates:
        prefix = next(p for p in (BUILDING, WORKER, pagefind.SCRATCH) if path.name.startswith(p))
        if owner(path, prefix) is not None and not abandoned(path, prefix):
            continue  # a running process's
        if (path / JOURNAL).is_file() and not (path / DONE).exists():
            _undo(path)  # a merge cut short: the site is put back as it was
            forget(config)
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        removed.append(config.rel(path))
    return removed


def run(
    cfg: MkDocsConfig,
    scratch: Path,
    workers: int | None = None,
    *,
    previous: Previous | None = None,
    inventory: Path | None = None,
    staged: bool = False,
) -> str:
    """MkDocs' build of a loaded configuration; returns how the pages were built.

    With no plugin but the digest's on (a plugin may gather from every page, as Material's
    search does, which one process must see), the build runs in a fresh process of its own:
    it renders only the pages that changed since `previous`, and shares the pages among
    forked workers when there is more than one processor and the platform can fork. That
    process forks, never this one: this process may run threads (numpy's, the live
    preview's server), and a process forked while another thread holds a lock can hang.

    `staged`: the site folder receives only what changed since `previous` and the list of
    what went (`MERGE`), for `merge` to put into the previous site; without that list (MkDocs'
    own build, or nothing to start from) it is a whole site.
    """
    from mkdocs.commands.build import build as mkdocs_build

    count = workers or processors()
    if not hasattr(os, "fork"):
        count = 1
    if _only_ours(cfg) and (count > 1 or previous is not None):
        # Isolated (-I): the package as installed, whatever folder the project is in.
        command = [sys.executable, "-I", "-m", "generator.engine.mkdocs", cfg.config_file_path]
        command += [cfg.site_dir, str(scratch), str(count), "strict" if cfg.strict else ""]
        if previous is not None:
            command += [str(previous.site), str(previous.inventory)]
        else:
            command += ["", ""]
        command += [str(inventory or ""), "staged" if staged else ""]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        for line in done.stderr.splitlines():
            level, _, message = line.partition(" ")
            if level.isdigit() and message:
                logging.getLogger("mkdocs.commands.build").log(int(level), message)
            elif line.strip():
                log.warning(line)
        if done.returncode == 0:
            return done.stdout.strip() or f"parallel ({count} workers)"
        if done.returncode != _FALLBACK:
            from mkdocs.exceptions import Abort

            raise Abort("Aborted with a BuildError!")
        # The notice was logged by the child: MkDocs' own build follows.
    mkdocs_build(cfg)
    return "MkDocs' build"


def _only_ours(cfg: MkDocsConfig) -> bool:
    """Whether the build's only plugin is the digest's own (no other plugin, and no hook), so
    that the pages may be built in shares."""
    plugins = list(cfg.plugins.values())
    return bool(plugins) and all(type(plugin) is DigestPlugin for plugin in plugins)


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


def _build_pages(
    cfg: MkDocsConfig,
    workers: int,
    scratch: Path,
    previous: Previous | None,
    inventory: Path | None,
    *,
    staged: bool = False,
) -> str:
    """MkDocs' build (mkdocs.commands.build.build, step for step), the pages shared out, and
    only those that changed since the `previous` site rendered; returns how.

    Everything that concerns the site as a whole is done once, before the workers fork:
    the plugin events, listing the files, the navigation (its pages are read, since every
    page shows their titles), the static files, the theme's own pages. Each worker then
    reads and renders its share; each paper parts file is read by one worker only. The
    workers send back the anchors of their pages and the links to anchors they hold, so
    links between pages of different shares are checked as in MkDocs' own build; warnings
    come back too, so strict mode and the caller see them as from MkDocs' own build.

    What each page was built from goes to `inventory` (see `Built`); a page the `previous`
    site has, built from the same, is linked from there instead of rendered; or, `staged`,
    left there: the site folder then holds what changed only, and `MERGE` the files that went.
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
        looked = _Lookups(files)
        for page in nav.pages:
            looked.start(page.file.src_uri)
            private._populate_page(page, cfg, files)
        env = cfg.plugins.on_env(env, config=cfg, files=files)
        last = Built.load(previous.inventory) if previous is not None else None
        known = recorded_hashes(scratch / DOCS_HASHES, Path(cfg.docs_dir))
        built = Built.of(cfg, nav, files, docs, last, known)
        if last is not None and last.whole != built.whole:
            last = None  # something every page shows changed: every page is rendered
        todo = built.changed(last, docs, previous.site if previous is not None else None)
        staged = staged and last is not None
        built.outputs = _outputs(files, docs, InclusionLevel.is_included)
        _copy_static_files(files, InclusionLevel.is_included, previous, staged=staged)
        for template in cfg.theme.static_templates:
            private._build_theme_template(template, env, files, cfg, nav)
        for template in cfg.extra_templates:
            private._build_extra_template(template, files, cfg, nav)
    except (TypeError, AttributeError) as exc:  # the private steps changed shape
        raise ImportError(str(exc)) from exc

    try:

        def work(share: list[File]) -> dict[str, Any]:
            found: dict[str, Any] = {}
            for file in share:
                assert file.page is not None
                warned = _Count(logging.WARNING)
                mkdocs_log.addHandler(warned)
                try:
                    looked.start(file.src_uri)
                    private._populate_page(file.page, cfg, files)
                    private._build_page(file.page, cfg, docs, nav, env)
                finally:
                    mkdocs_log.removeHandler(warned)
                found[file.src_uri] = {
                    "anchors": sorted(file.page.present_anchor_ids or ()),
                    "links": {
                        to.src_uri: links
                        for to, links in (file.page.links_to_anchors or {}).items()
                    },
                    "looked": sorted(looked.found.get(file.src_uri, ())),
                    "warned": warned.count > 0,
                }
            return found

        # A few pages are not worth a fork.
        share_out = workers if len(todo) > _FEW else 1
        shares = _shares(todo, share_out)
        scratch.mkdir(parents=True, exist_ok=True)
        forked: list[tuple[int, Path]] = []
        for share in shares[1:]:
            report = scratch_folder(scratch, WORKER) / "report.json"
            report.touch()
            pid = os.fork()
            if pid == 0:  # the worker: its share, its warnings and anchors to its file, and out
                os._exit(_run_worker(work, share, report))
            forked.append((pid, report))
        failed = False
        stray: BaseException | None = None
        found: dict[str, Any] = {}
        try:
            found.update(work(shares[0]))
        except Exception as exc:
            if _is_mkdocs_error(exc):
                raise
            stray = exc  # the fast path's own failure: MkDocs' build follows
        finally:
            for pid, report in forked:
                _, status = os.waitpid(pid, 0)
                if os.WIFEXITED(status) and os.WEXITSTATUS(status) == _FALLBACK:
                    stray = stray or RuntimeError("a worker's pages could not be built")
                failed |= status != 0
                sent = json.loads(report.read_text(encoding="utf-8") or "{}")
                for level, message in sent.get("messages", []):
                    logging.getLogger("mkdocs.commands.build").log(level, message)
                found.update(sent.get("pages", {}))
                shutil.rmtree(report.parent)
        if stray is not None:
            raise ImportError(f"{type(stray).__name__}: {stray}") from stray
        if failed:
            raise Abort("Aborted with a BuildError!")
        if previous is not None and last is not None:
            kept = [file.src_uri for file in docs if file.src_uri not in found]
            site = Path(cfg.site_dir)
            if not staged:
                link_files([(previous.site / built.dest[u], site / built.dest[u]) for u in kept])
            found.update({uri: {**last.pages[uri], "kept": True} for uri in kept})
        _check_anchors(files, docs, found, cfg.validation.links.anchors)
        cfg.plugins.on_post_build(config=cfg)
        if counts := counter.get_counts():
            msg = ", ".join(f"{v} {k.lower()}s" for k, v in counts)
            raise Abort(f"Aborted with {msg} in strict mode!")
        if inventory is not None:
            built.save(inventory, found, Path(cfg.site_dir))
        if staged and last is not None:
            gone = sorted(set(last.outputs) - set(built.outputs))
            text = json.dumps({"remove": gone}, ensure_ascii=False)
            (Path(cfg.site_dir) / MERGE).write_text(text, encoding="utf-8")
    finally:
        mkdocs_log.removeHandler(counter)
    if previous is None or last is None:
        return f"parallel ({share_out} workers)" if share_out > 1 else "every page, one process"
    return f"{len(todo):,} of {len(docs):,} pages rendered, the others kept"


#: Fewer pages to render than this are rendered by one process.
_FEW = 50


class _Count(logging.Handler):
    def __init__(self, level: int) -> None:
        super().__init__(level)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


class _Lookups:
    """The paths each page looked up among the site's files (its links), by page.

    A page is rendered again when one of them comes or goes: its link changes or breaks.
    """

    def __init__(self, files: Any) -> None:
        self.found: dict[str, set[str]] = {}
        self.current: set[str] = set()
        lookup = files.get_file_from_path

        def recorded(path: str) -> Any:
            self.current.add(PurePath(path).as_posix())
            return lookup(path)

        files.get_file_from_path = recorded

    def start(self, src_uri: str) -> None:
        self.current = self.found[src_uri] = set()


@dataclass(frozen=True)
class Previous:
    """A site built before, and the inventory of what its pages were built from."""

    site: Path
    inventory: Path


#: Bumped when the inventory's shape changes.
_INVENTORY_VERSION = 2


@dataclass
class Built:
    """What a build's pages are built from, kept as its inventory for the next build.

    `whole` hashes what every page shows (settings, navigation, theme and overrides, the
    hook's code and site-wide values, the `packages` the build reads); each page's key hashes its
    source and its generated parts. The inventory also keeps what the last build learnt of
    each page (its anchors, its links to anchors, the paths it looked up, whether it
    warned), so that pages kept from it are checked with the others.
    """

    whole: str
    files: set[str]
    dest: dict[str, str]
    keys: dict[str, str]
    buckets: dict[str, str]
    parts: dict[str, str]
    pages: dict[str, Any] = field(default_factory=dict)
    site_url: str = ""
    #: Every file the site has from MkDocs (pages, static files), by its path in the site.
    outputs: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> Built | None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("version") != _INVENTORY_VERSION:
                return None
            return cls(
                data["whole"],
                set(data["files"]),
                data["dest"],
                data["keys"],
                data["buckets"],
                data["parts"],
                data["pages"],
                outputs=data["outputs"],
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    @classmethod
    def of(
        cls,
        cfg: MkDocsConfig,
        nav: Any,
        files: Any,
        docs: Sequence[File],
        last: Any,
        known: dict[str, str] | None = None,
    ) -> Built:
        """The inventory of this build; `known` are the hashes of sources, by path below the
        docs folder, that the generator recorded (`writer.recorded_hashes`): not read again."""
        from mkdocs.structure.nav import Section

        folder = Path(cfg.config_file_path).parent / PARTS
        buckets: dict[str, str] = {}
        papers: dict[str, str] = {}
        kept: dict[int, list[tuple[str, str]]] = {}
        for slug, key in last.parts.items() if last is not None else ():
            kept.setdefault(parts.bucket(slug), []).append((slug, key))
        for n in range(parts.BUCKETS):
            name = parts.bucket_file(n)
            raw = _read(folder / name)
            buckets[name] = _sha(raw)
            if last is not None and last.buckets.get(name) == buckets[name]:
                papers.update(kept.get(n, ()))
                continue
            found = json.loads(raw) if raw else {}
            for slug, value in (found if isinstance(found, dict) else {}).items():
                papers[slug] = _sha(json.dumps(value, sort_keys=True).encode())
        keys: dict[str, str] = {}
        for file in docs:
            slug = paper_slug(file.src_uri)
            made = (
                papers.get(slug, "")
                if slug
                else _sha(_read(folder / parts.page_file(file.src_uri)))
            )
            source = known.get(file.src_uri) if known else None
            keys[file.src_uri] = f"{source or _sha(file.content_bytes)} {made}"

        def walk(items: Any) -> Iterator[tuple[str, str | None, str | None]]:
            for item in items:
                yield type(item).__name__, item.title, getattr(item, "url", None)
                if isinstance(item, Section):
                    yield from walk(item.children)

        whole = hashlib.sha256()
        settings = {k: v for k, v in cfg.items() if k not in ("site_dir", "strict")}
        whole.update(repr(_plain(settings)).encode())
        whole.update(repr(list(walk(nav.items))).encode())
        whole.update(repr(packages(cfg)).encode())
        # The code the build runs: this module, the plugin and the Markdown extension with
        # every module they import; and the project's hooks, wherever they are.
        modules = (
            "generator.engine.mkdocs",
            "generator.engine.hooks",
            "generator.engine.markdown_ext",
        )
        code = code_files(*modules)
        code += [Path(cfg.config_file_path).parent / hook for hook in cfg.hooks]
        for path in code:
            whole.update(_read(path))
        for name in (parts.FILTERS_FILE, parts.LABELS_FILE):
            whole.update(_read(folder / name))
        if cfg.theme.custom_dir:
            theme = Path(cfg.theme.custom_dir)
            for path in sorted(p for p in theme.rglob("*") if p.is_file()):
                whole.update(path.relative_to(theme).as_posix().encode() + b"\0" + _read(path))
        dest = {file.src_uri: file.dest_uri for file in docs}
        found = {f.src_uri for f in files}
        return cls(whole.hexdigest(), found, dest, keys, buckets, papers, {}, cfg.site_url or "")

    def changed(self, last: Built | None, docs: Sequence[File], site: Path | None) -> list[File]:
        """The pages to render: all of them, or those not built from the same last time."""
        if last is None or site is None:
            return list(docs)
        came_or_went = last.files ^ self.files
        todo = []
        for file in docs:
            was = last.pages.get(file.src_uri)
            if (
                was is None
                or last.keys.get(file.src_uri) != self.keys[file.src_uri]
                or was.get("warned")
                or came_or_went.intersection(was.get("looked", ()))
                or _size(site / self.dest[file.src_uri]) != was.get("size")
            ):
                todo.append(file)
        return todo

    def save(self, path: Path, pages: dict[str, Any], site: Path) -> None:
        # A kept page has the size it had; a page rendered now is in `site`.
        kept = {
            uri: {k: v for k, v in found.items() if k != "kept"}
            if found.get("kept")
            else {**found, "size": _size(site / self.dest[uri])}
            for uri, found in pages.items()
        }
        data = {
            "version": _INVENTORY_VERSION,
            # The address the site was built for: a pull request's build takes it, so that
            # it starts from the deploy build's pages (.github/workflows/pull-request.yml).
            "site_url": self.site_url,
            "whole": self.whole,
            "files": sorted(self.files),
            "dest": self.dest,
            "keys": self.keys,
            "buckets": self.buckets,
            "parts": self.parts,
            "pages": kept,
            "outputs": self.outputs,
        }
        write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


def _plain(value: Any) -> Any:
    """A setting as plain values, the same in every process (sets sorted, no addresses)."""
    from collections.abc import Mapping, Set

    from mkdocs.theme import Theme

    if isinstance(value, Theme):
        value = {"dirs": value.dirs, "templates": value.static_templates, **dict(value)}
    if isinstance(value, Mapping):
        return sorted((str(k), _plain(v)) for k, v in value.items())
    if isinstance(value, Set):
        return sorted(repr(_plain(v)) for v in value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float):
        return value
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))


def packages(cfg: MkDocsConfig) -> list[tuple[str, str]]:
    """The distributions the build reads, with their versions: MkDocs, the theme's, each
    plugin's and each Markdown extension's, and every distribution they need (Jinja2,
    Markdown, Pygments...). Another installed package's release (numpy, pytest) changes no
    page, so it renders none again; the generator's own code (its plugin's too) is hashed as
    code."""
    import importlib.metadata as metadata

    def entry(group: str, name: str) -> list[str]:
        found = metadata.entry_points(group=group, name=name)
        return [str(e.dist.metadata["Name"]) for e in found if e.dist is not None]

    roots = ["mkdocs", *entry("mkdocs.themes", cfg.theme.name or "")]
    for name, plugin in cfg.plugins.items():
        if type(plugin) is not DigestPlugin:  # the digest's own is code, hashed with the rest
            roots += entry("mkdocs.plugins", name)
    found: dict[str, metadata.Distribution] = {}
    _needs(roots, found)
    for extension in cfg.markdown_extensions:
        if not isinstance(extension, str) or extension.split(".")[0] == "generator":
            continue  # an extension of ours is code, hashed with the rest
        named = entry("markdown.extensions", extension)
        if named:
            _needs(named, found)
        elif not any(_owns(dist, extension) for dist in found.values()):
            owners = metadata.packages_distributions().get(extension.split(".")[0], [])
            _needs(owners, found)
    return sorted((name, dist.version) for name, dist in found.items())


def _needs(names: list[str], found: dict[str, Any]) -> None:
    """Add the distributions `names` and every one they require (not their extras)."""
    import importlib.metadata as metadata

    todo = list(names)
    while todo:
        name = todo.pop()
        if _dist_key(name) in found:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        found[_dist_key(name)] = dist
        for requirement in dist.requires or []:
            if "extra ==" in requirement.replace('"', "").replace("'", ""):
                continue  # an optional extra: installed, it is found through its own user
            needed = _REQUIREMENT.match(requirement)
            if needed:
                todo.append(needed.group())


def _owns(dist: Any, module: str) -> bool:
    """Whether the distribution holds the top-level package of `module`."""
    top = module.split(".")[0]
    record = "\n" + (dist.read_text("RECORD") or "")  # its files, one a line (not parsed: slow)
    return f"\n{top}/" in record or f"\n{top}.py," in record


#: A requirement's distribution name (PEP 508), at its start.
_REQUIREMENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _dist_key(name: str) -> str:
    """A distribution's name as PEP 503 compares names (`Jinja2`, `jinja2` are one)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return b""


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return -1


def _outputs(files: Any, docs: Sequence[File], inclusion: Any) -> list[str]:
    """The paths in the site of the pages and static files MkDocs puts there."""
    static = [f for f in files if not f.is_documentation_page() and inclusion(f.inclusion)]
    return sorted({file.dest_uri for file in [*docs, *static]})


def _copy_static_files(
    files: Any, inclusion: Any, previous: Previous | None, *, staged: bool = False
) -> None:
    """MkDocs' copy of the static files, linking those the previous site has as they are (or,
    `staged`, leaving them there)."""
    for file in files:
        if file.is_documentation_page() or not inclusion(file.inclusion):
            continue
        if previous is not None and file.abs_src_path is not None:
            old = previous.site / file.dest_uri
            try:
                was, now = os.stat(old), os.stat(file.abs_src_path)
            except OSError:
                pass
            else:  # MkDocs' own test of a modified file (File.is_modified), and the size
                if was.st_mtime >= now.st_mtime and was.st_size == now.st_size:
                    if not staged:
                        link_files([(old, Path(file.abs_dest_path))])
                    continue
        file.copy_file()


def fresh(path: Path) -> Path:
    """`path`, its file removed first: it may be linked to a published site's file."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    return path


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


def _is_mkdocs_error(exc: BaseException) -> bool:
    """Whether a failure is one MkDocs' own build reports (a page's error, strict mode),
    rather than one of the fast path's calls into names MkDocs does not promise."""
    from mkdocs.exceptions import MkDocsException

    return isinstance(exc, MkDocsException | OSError | KeyboardInterrupt)


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
        # MkDocs' own errors fail the build; any other is the fast path's: it is left for
        # MkDocs' own build, which renders the page the public way (or says what is wrong).
        status = 1 if _is_mkdocs_error(exc) else _FALLBACK
        level = logging.ERROR if status == 1 else logging.INFO
        messages.append((level, f"{type(exc).__name__}: {exc}"))
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
    def open(cls, config: Config, site_dir: Path) -> SiteView | None:
        try:
            private = _private()
            return cls(load(config, site_dir=site_dir, strict=False), private)
        except (ImportError, TypeError, AttributeError, FastPathFailed) as exc:
            _notice(exc)
            return None

    def render(self, sources: list[str], *, build: bool = True) -> None:
        """Read and render these pages (paths relative to the docs folder) into the site.

        A failure of the private steps (not a page's own error) is `FastPathFailed`: the
        caller then builds the whole site the public way."""
        try:
            self._render(sources, build=build)
        except Exception as exc:
            if _is_mkdocs_error(exc):
                raise
            _notice(exc)
            raise FastPathFailed(f"{type(exc).__name__}: {exc}") from exc

    def _render(self, sources: list[str], *, build: bool) -> None:
        # The plugin's values (the search filter row) are read again with its files.
        self.cfg.plugins.on_env(self.env, config=self.cfg, files=self.files)
        pages = self.files.documentation_pages()
        for source in sources:
            file = self.files.get_file_from_path(source)
            assert file is not None and file.page is not None
            self.private._populate_page(file.page, self.cfg, self.files)
            if build:
                fresh(Path(file.abs_dest_path))
                self.private._build_page(file.page, self.cfg, pages, self.nav, self.env)


class FastPathFailed(Exception):
    """MkDocs' private steps failed where its own build would not: build the public way."""


def build_preview(
    config: Config,
    site_dir: Path,
    previous: Previous | None,
    inventory: Path,
    keys: list[str] | None = None,
    *,
    staged: bool = False,
) -> tuple[str, list[str]]:
    """A whole build for the live preview, warnings shown, not fatal, from the `previous` site
    when there is one (into `site_dir`, a new folder); returns how, and the keys of the parts
    of the search index linked in from the previous site (`pagefind.part_keys`; none when it
    has no index). `keys` are those of the previous site's index, when its inventory does not
    tell them. `staged`: see `run` (the previous site's index is then where it is).

    The preview is the site as `digest build` makes it, with the same settings, so that it
    can start from the last published site. Its index is kept whatever documents it was
    made from: the preview indexes again, in the background, the parts whose keys differ.
    """
    how = run(
        load(config, site_dir=site_dir, strict=False),
        config.state_dir,
        previous=previous,
        inventory=inventory,
        staged=staged,
    )
    old = previous.site / pagefind.BUNDLE if previous is not None else None
    if old is None or not old.is_dir() or not search.enabled(config):
        return how, []
    assert previous is not None
    if keys is None:
        keys = (_search_of(previous.inventory) or "").split()
    if not keys:
        return how, []
    if staged and merge_list(site_dir) is not None:
        return how, keys  # the index stays in the previous site, which `merge` updates
    link_files([(path, site_dir / path.relative_to(previous.site)) for path in files_below(old)])
    return how, keys


def _return_memory() -> None:
    """Hand what generating freed back to the system before MkDocs and Pagefind start beside
    this process: glibc keeps freed memory for reuse, and all three processes count at once."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def published(config: Config) -> Previous | None:
    """The last site `digest build` published, with its inventory, if both are there."""
    inventory = config.state_dir / BUILT
    return (
        Previous(config.site_dir, inventory)
        if config.site_dir.is_dir() and inventory.is_file()
        else None
    )


def drop_pages(inventory: Path, sources: set[str]) -> None:
    """Take these pages out of a build's inventory (they were rendered since): the next build
    renders them again."""
    try:
        data = json.loads(inventory.read_text(encoding="utf-8"))
        for source in sources:
            data["pages"].pop(source, None)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        inventory.unlink(missing_ok=True)
        return
    write_atomic(inventory, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


def _main(argv: list[str]) -> int:
    """The parallel build in a process of its own: `python -m generator.engine.mkdocs ...`."""
    from mkdocs.config import load_config

    config_file, site_dir, scratch, workers, strict, last_site, last_inventory = argv[:7]
    inventory, staged = argv[7:]

    class Relay(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            print(f"{record.levelno} {record.getMessage()}", file=sys.stderr, flush=True)

    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(Relay(logging.WARNING))
    mkdocs_log.propagate = False
    cfg = load_config(config_file, site_dir=site_dir, strict=bool(strict))
    previous = Previous(Path(last_site), Path(last_inventory)) if last_site else None
    try:
        how = _build_pages(
            cfg,
            int(workers),
            Path(scratch),
            previous,
            Path(inventory) if inventory else None,
            staged=bool(staged),
        )
    except ImportError as exc:
        _notice(exc)
        return _FALLBACK
    except Exception as exc:  # reported as MkDocs' build reports it
        from mkdocs.exceptions import Abort

        cfg.plugins.on_build_error(error=exc)  # as MkDocs' own build runs the event

        if not isinstance(exc, Abort):
            print(f"{logging.ERROR} {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(how)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
