"""The `digest` command: a thin layer that parses arguments and calls the pipeline."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

import click

from generator import __version__
from generator.build import build_site
from generator.config import Config, load_config
from generator.errors import DigestError, in_github_actions
from generator.pipeline import GenerateReport, generate, iter_lines
from generator.preview import serve

T = TypeVar("T")

INPUTS = click.argument(
    "inputs", nargs=-1, type=click.Path(path_type=Path, exists=False, dir_okay=True)
)
PRUNE = click.option(
    "--prune", is_flag=True, help="Delete pages of papers that are no longer in the input."
)
ROOT = click.option(
    "--root",
    type=click.Path(path_type=Path, file_okay=False, exists=True),
    default=None,
    help="The project folder (default: the nearest one above here with a mkdocs.yml).",
)


def _interactive() -> bool:
    return sys.stderr.isatty() and not os.environ.get("CI")


def track(items: Iterable[T], label: str, total: int | None) -> Iterable[T]:
    """Show a progress bar on a terminal; stay quiet in CI and when output is piped."""
    if not _interactive() or (total is not None and total < 500):
        return items
    with click.progressbar(items, length=total, label=label, file=sys.stderr) as bar:
        return list(bar)


def _report(report: GenerateReport) -> None:
    for line in iter_lines(report):
        click.echo(line, err=True)


def _fail(exc: DigestError) -> None:
    for problem in exc.problems:
        click.echo(str(problem), err=True)
        if in_github_actions():
            click.echo(problem.annotation())
    raise SystemExit(1)


def _config(root: Path | None) -> Config:
    try:
        return load_config(root)
    except DigestError as exc:
        _fail(exc)
        raise


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="digest")
def main() -> None:
    """Turn paper abstracts into a searchable static site.

    INPUTS are plain-text (.txt, .md), JSON, JSON Lines or CSV files, or folders of them,
    optionally gzipped; with none, the files in the project's inputs/ folder are read.
    """


@main.command("generate")
@INPUTS
@PRUNE
@ROOT
def generate_command(inputs: tuple[Path, ...], prune: bool, root: Path | None) -> None:
    """Write paper pages and derived pages (tags, home, listings) into site_src/."""
    config = _config(root)
    try:
        _report(generate(config, list(inputs), prune=prune, track=track))
    except DigestError as exc:
        _fail(exc)


@main.command("build")
@INPUTS
@PRUNE
@ROOT
@click.option("--strict/--no-strict", default=True, help="Fail on any MkDocs warning.")
def build_command(inputs: tuple[Path, ...], prune: bool, root: Path | None, strict: bool) -> None:
    """Generate the pages, then build the site and its search index into site/."""
    config = _config(root)
    try:
        _report(generate(config, list(inputs), prune=prune, track=track))
        built = build_site(config, strict=strict)
    except DigestError as exc:
        _fail(exc)
    searched = " with its search index" if built.searchable else ""
    click.echo(
        f"site built{searched} in {built.seconds:.1f}s: {config.rel(built.site_dir)}/", err=True
    )


@main.command("serve")
@INPUTS
@ROOT
@click.option("-a", "--dev-addr", default="127.0.0.1:8000", show_default=True)
def serve_command(inputs: tuple[Path, ...], root: Path | None, dev_addr: str) -> None:
    """Generate the pages, then serve a live preview that rebuilds what each change needs."""
    config = _config(root)
    try:
        serve(config, list(inputs), dev_addr, lambda line: click.echo(line, err=True))
    except DigestError as exc:
        _fail(exc)


if __name__ == "__main__":
    main()
