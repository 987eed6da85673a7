"""Hand the generated docs folder to MkDocs: build the site, with its search index alongside.

The live preview (`digest serve`) is generator/preview.py.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

from generator import search
from generator.config import CONFIG_FILE, Config
from generator.errors import DigestError, Problem


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


def mkdocs_build(config: Config, *, strict: bool = True, quiet: bool = True) -> BuildReport:
    """Run MkDocs' own build on the project; in strict mode any warning fails it."""
    from mkdocs.commands.build import build
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
        build(cfg)
    except (Abort, ConfigurationError) as exc:
        details = "; ".join(collect.messages[:20]) or str(exc)
        raise DigestError(Problem(CONFIG_FILE, 0, f"MkDocs build failed: {details}")) from None
    finally:
        log.removeHandler(collect)
        log.setLevel(previous)
    return BuildReport(config.site_dir, time.perf_counter() - started, collect.messages)


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
