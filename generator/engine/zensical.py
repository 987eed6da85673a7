"""Build the site with Zensical, Material for MkDocs' successor, instead of MkDocs.

Zensical reads the same mkdocs.yml, docs folder and theme overrides, and writes the site
folder itself (it has no option to write elsewhere, so this build is not published
atomically as MkDocs' is). It loads no MkDocs plugin: it skips the digest's (`plugins:
digest:`, a name it does not know), whose settings the generator reads before it runs;
README "The site builder" says what pages show without the plugin. The search index is
the generator's own, as with MkDocs.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

from generator.config import CONFIG_FILE, Config
from generator.engine import pagefind
from generator.engine.mkdocs import PAGES_LIMIT, BuildReport, folder_size
from generator.errors import DigestError, Problem
from generator.features import search
from generator.writer import locked


def command() -> str:
    """The `zensical` program: beside this Python's, else on the PATH."""
    beside = Path(sys.executable).parent / "zensical"
    found = str(beside) if beside.is_file() else shutil.which("zensical")
    if not found:
        raise DigestError(
            Problem(CONFIG_FILE, 0, "Zensical is not installed: pip install zensical==0.0.73")
        )
    return found


def publish(config: Config, *, strict: bool = True) -> BuildReport:
    """`zensical build` of the project into its site folder, then the search index."""
    started = time.perf_counter()
    run = [command(), "build", "--clean", *(["--strict"] if strict else [])]
    with locked(config.state_dir):
        done = subprocess.run(run, cwd=config.root, capture_output=True, text=True, check=False)
        said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
        if done.returncode != 0:
            details = "; ".join(said[-5:]) or f"exit status {done.returncode}"
            raise DigestError(Problem(CONFIG_FILE, 0, f"Zensical build failed: {details}"))
        report = BuildReport(config.site_dir, 0.0, how="Zensical")
        if search.enabled(config):
            pagefind.index(config, config.site_dir)
            report.searchable = True
    report.size = folder_size(config.site_dir)
    if report.size > PAGES_LIMIT:
        raise DigestError(
            Problem(
                config.rel(config.site_dir),
                0,
                f"the built site is {report.size / 1024**2:,.0f} MB: GitHub Pages refuses a "
                f"site over {PAGES_LIMIT / 1024**2:,.0f} MB; do not publish it",
            )
        )
    report.seconds = time.perf_counter() - started
    return report
