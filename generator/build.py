"""Hand the generated docs folder to MkDocs: build the site, or serve a live preview."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

from generator.config import CONFIG_FILE, Config
from generator.errors import DigestError, Problem
from generator.writer import locked


@dataclass
class BuildReport:
    site_dir: Path
    seconds: float
    warnings: list[str]


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
        # jieba (Chinese words for the search index, imported by the search plugin above)
        # announces loading its dictionary on stderr.
        logging.getLogger("jieba").setLevel(logging.WARNING)
        with locked(config.state_dir):  # MkDocs empties site/ first: one build at a time
            build(cfg)
    except (Abort, ConfigurationError) as exc:
        details = "; ".join(collect.messages[:20]) or str(exc)
        raise DigestError(Problem(CONFIG_FILE, 0, f"MkDocs build failed: {details}")) from None
    finally:
        log.removeHandler(collect)
        log.setLevel(previous)
    return BuildReport(config.site_dir, time.perf_counter() - started, collect.messages)


def mkdocs_serve(config: Config, address: str) -> None:
    """Serve a live preview; MkDocs rebuilds when a page, template or setting changes."""
    from mkdocs.commands.serve import serve

    serve(str(config.root / CONFIG_FILE), dev_addr=address, livereload=True)
