"""The `digest` command: a thin layer that parses arguments and calls the pipeline."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click

from generator import __version__
from generator.cache import Cache
from generator.config import CONFIG_FILE, Config, find_root, load_config
from generator.engine import zensical
from generator.engine.mkdocs import publish
from generator.engine.preview import serve
from generator.errors import DigestError, Problem, in_github_actions
from generator.measure import SPLITS, measure, report_lines, sample, sample_lines
from generator.model import FIELDS
from generator.newdigest import (
    LANGUAGES,
    Settings,
    configure,
    origin,
    suggest,
    suggest_description,
    unattended,
    upgrade_file,
)
from generator.pages.check import check_pages, check_project, errors, stale_pages
from generator.pages.newpage import create_page
from generator.pages.readers import digest_title, expand_inputs
from generator.pipeline import (
    GenerateReport,
    PageStage,
    generate,
    iter_lines,
    page_stage,
    read_papers,
)
from generator.taxonomy import load_taxonomy
from generator.writer import write_atomic

T = TypeVar("T")

INPUTS = click.argument(
    "inputs", nargs=-1, type=click.Path(path_type=Path, exists=False, dir_okay=True)
)
PRUNE = click.option(
    "--prune",
    is_flag=True,
    help="Delete pages of papers that are no longer in the input (not those with hand edits).",
)
PRUNE_EDITED = click.option(
    "--prune-edited",
    is_flag=True,
    help="With --prune, delete such pages even when people edited them.",
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
    """Show a progress bar on a terminal; stay quiet in CI and when output is piped.

    The bar moves as the caller takes each item (it is a generator): it reaches its end when
    the work does, not before the work starts."""
    if not _interactive() or (total is not None and total < 500):
        return items
    return _tracked(items, label, total)


def _tracked(items: Iterable[T], label: str, total: int | None) -> Iterator[T]:
    with click.progressbar(items, length=total, label=label, file=sys.stderr) as bar:
        yield from bar


def _report(report: GenerateReport) -> None:
    for line in iter_lines(report):
        click.echo(line, err=True)


def _show(problems: list[Problem]) -> None:
    """Each problem on stderr; in GitHub Actions also as an annotation on the diff."""
    for problem in problems:
        click.echo(str(problem), err=True)
        if in_github_actions():
            click.echo(problem.annotation())


def _fail(exc: DigestError) -> None:
    _show(exc.problems)
    raise SystemExit(1)


def _generate(
    config: Config,
    inputs: tuple[Path, ...],
    prune: bool,
    prune_edited: bool,
    check: bool = False,
    base: str | None = None,
) -> GenerateReport:
    """What `generate` and `build` run first: the pages and derived files, reused when
    nothing changed since the last run; with `check`, after `digest check`'s checks."""

    def checks(cache: Cache) -> PageStage | None:
        problems, stage = check_pages(
            config,
            list(inputs),
            cache=cache,
            prune=prune,
            prune_edited=prune_edited,
            base=base,
        )
        _summed(problems)
        return stage

    return generate(
        config,
        list(inputs),
        prune=prune,
        prune_edited=prune_edited,
        track=track,
        reuse=True,
        checks=checks if check else None,
        digest=False,
    )


def _summed(problems: list[Problem]) -> None:
    """The problems `digest check` found, and their count; exit 1 on an error."""
    _show(problems)
    found = errors(problems)
    click.echo(f"{found} error(s), {len(problems) - found} warning(s)", err=True)
    if found:
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
@PRUNE_EDITED
@ROOT
@click.option(
    "--check",
    "check_only",
    is_flag=True,
    help="Write nothing: list the paper pages a run would create, change or delete, "
    "and exit 1 if there are any.",
)
def generate_command(
    inputs: tuple[Path, ...], prune: bool, prune_edited: bool, root: Path | None, check_only: bool
) -> None:
    """Write paper pages and derived pages (tags, home, listings) into site_src/."""
    config = _config(root)
    try:
        if not check_only:
            _report(_generate(config, inputs, prune, prune_edited))
            return
        stage = page_stage(
            config, list(inputs), prune=prune, prune_edited=prune_edited, track=track
        )
        problems = stale_pages(stage, config)
    except DigestError as exc:
        _fail(exc)
    _show(problems)
    click.echo(f"{len(problems)} paper page(s) out of date with the inputs", err=True)
    if problems:
        raise SystemExit(1)


BASE = click.option(
    "--base",
    default=None,
    metavar="COMMIT",
    help="Also compare with this commit (a pull request's base): name changed files that are "
    "code, renamed paper pages, and 'generated' records changed by hand.",
)


@main.command("check")
@INPUTS
@ROOT
@BASE
def check_command(inputs: tuple[Path, ...], root: Path | None, base: str | None) -> None:
    """Check the paper pages and the taxonomy, as CI does on a pull request.

    Front matter parses and has the required fields with the right types; tags exist in
    the taxonomy; ids and file names are unique; links between pages resolve; no page is
    out of date with the inputs. Exits 1 on any error (warnings are shown, not fatal).
    """
    config = _config(root)
    try:
        problems = check_project(config, list(inputs), base)
    except DigestError as exc:
        _fail(exc)
    _summed(problems)


def _paper_options(command: Callable[..., None]) -> Callable[..., None]:
    """`digest new`'s options for a paper's input fields, made from their declaration
    (generator.model.FIELDS): a repeatable option for a list, a number for the year."""
    for f in reversed([f for f in FIELDS if f.input and f.option]):
        if f.kind == "texts":
            option = click.option(f.option, f.name, multiple=True, help=f.help)
        elif f.kind == "year":
            option = click.option(f.option, f.name, type=int, default=None, help=f.help or None)
        else:
            required = f.name == "title"
            option = click.option(f.option, f.name, default=None, required=required, help=f.help)
        command = option(command)
    return command


@main.command("new")
@ROOT
@_paper_options
@click.option("--abstract", "abstract_text", help="The abstract, as text.")
@click.option(
    "--abstract-file",
    type=click.File("r", encoding="utf-8"),
    help="A file holding the abstract ('-' reads it from standard input).",
)
@click.option("--tag", "tags", multiple=True, help="A tag slug, repeatable (default: derived).")
def new_command(
    root: Path | None,
    abstract_text: str | None,
    abstract_file: TextIO | None,
    tags: tuple[str, ...],
    **given: Any,
) -> None:
    """Add a paper the inputs do not have: write its page into site_src/papers/.

    The page is yours: tags, summary and facts are derived from the abstract for you to
    correct, and regeneration never changes or deletes what it holds (if an input later
    gives a paper with the same id, only the fields the page lacks are filled in).
    """
    if (abstract_text is None) == (abstract_file is None):
        raise click.UsageError("give the abstract with exactly one of --abstract, --abstract-file")
    abstract = abstract_text if abstract_file is None else abstract_file.read()
    config = _config(root)
    fields = {k: list(v) if isinstance(v, tuple) else v for k, v in given.items()}
    fields["abstract"] = abstract or ""
    try:
        output = create_page(config, fields, tags)
    except DigestError as exc:
        _fail(exc)
    click.echo(output.path)
    click.echo(
        f"wrote {output.path}: check its tags and summary, run `digest check`, then commit it",
        err=True,
    )


def _asks() -> bool:
    """Prompt only a person at a terminal; scripts and CI take the options and defaults."""
    return sys.stdin.isatty() and _interactive()


@main.command("init")
@INPUTS
@ROOT
@click.option("--name", default="", help="The digest's title (default: the input's heading).")
@click.option("--description", default="", help="One sentence about the digest.")
@click.option("--site-url", default=None, help="Where it is published (default: from git).")
@click.option("--repo-url", default=None, help="Its GitHub repository (default: from git).")
@click.option("--language", type=click.Choice(LANGUAGES), default=None)
def init_command(
    inputs: tuple[Path, ...],
    root: Path | None,
    name: str,
    description: str,
    site_url: str | None,
    repo_url: str | None,
    language: str | None,
) -> None:
    """Set a new digest's name, description, addresses and language in mkdocs.yml.

    Defaults come from the heading of INPUTS (or of the inputs/ files) and from the
    repository's `origin` on GitHub; at a terminal each is asked, with its default.
    """
    try:  # a digest from before the plugin: its settings move to `plugins: digest:` first
        if upgrade_file(find_root(root)):
            click.echo(
                f"moved the digest's settings to `plugins: digest:` in {CONFIG_FILE}", err=True
            )
    except DigestError as exc:
        _fail(exc)
    config = _config(root)
    heading = digest_title(expand_inputs(list(inputs) or [config.default_inputs]))
    title = name or heading
    remote = origin(config.root)
    found = suggest(config, remote, title, language or "")
    kept: list[str] = []
    if _asks():
        found = _ask(found, name, description, site_url, repo_url, language)
    else:
        try:  # no one to ask: say what is kept as it was, or refuse to keep the bundled name
            kept = unattended(
                config,
                heading,
                remote,
                name=name,
                language=language,
                site_url=site_url,
                repo_url=repo_url,
            )
        except DigestError as exc:
            _fail(exc)
    settings = Settings(
        site_name=found.site_name,
        site_description=description or found.site_description,
        site_url=found.site_url if site_url is None else site_url,
        repo_url=found.repo_url if repo_url is None else repo_url,
        language=found.language,
    )
    try:
        text, settings = configure(config, settings)
    except DigestError as exc:
        _fail(exc)
    write_atomic(config.root / CONFIG_FILE, text.encode("utf-8"))
    for key, value in vars(settings).items():
        click.echo(f"{key}: {value}", err=True)
    for line in kept:
        click.echo(f"kept {line}", err=True)
    click.echo(
        f"wrote {CONFIG_FILE}. Next: put your files in inputs/ (and remove the bundled ones "
        "and their pages), run `make site`, and turn on GitHub Pages (README, "
        '"Using your own abstracts").',
        err=True,
    )


def _ask(
    found: Settings,
    name: str,
    description: str,
    site_url: str | None,
    repo_url: str | None,
    language: str | None,
) -> Settings:
    """Ask for each setting not given as an option; the description follows the name."""
    language = language or click.prompt(
        "Language (en or zh)", default=found.language, type=click.Choice(LANGUAGES)
    )
    site_name = name or click.prompt("Digest title", default=found.site_name)
    again = suggest_description(site_name, language)
    return Settings(
        site_name=site_name,
        site_description=description or click.prompt("One-line description", default=again),
        site_url=site_url
        if site_url is not None
        else click.prompt("Published at", default=found.site_url),
        repo_url=repo_url
        if repo_url is not None
        else click.prompt("GitHub repository", default=found.repo_url),
        language=language,
    )


@main.command("build")
@INPUTS
@PRUNE
@PRUNE_EDITED
@ROOT
@click.option("--strict/--no-strict", default=True, help="Fail on any MkDocs warning.")
@click.option(
    "--builder",
    type=click.Choice(["mkdocs", "zensical"]),
    default="mkdocs",
    show_default=True,
    help="The site builder: MkDocs with Material, or Zensical (no digest plugin: see README).",
)
@click.option(
    "--check",
    is_flag=True,
    help="Run `digest check` first and stop on an error; the build reuses the pages it read.",
)
@BASE
def build_command(
    inputs: tuple[Path, ...],
    prune: bool,
    prune_edited: bool,
    root: Path | None,
    strict: bool,
    builder: str,
    check: bool,
    base: str | None,
) -> None:
    """Generate the pages, then build the site and its search index into site/."""
    if base and not check:
        raise click.UsageError("--base compares what --check checks: give both")
    config = _config(root)
    try:
        _report(_generate(config, inputs, prune, prune_edited, check, base))
        if builder == "zensical":
            built = zensical.publish(config, strict=strict)
        else:
            built = publish(config, strict=strict)
    except DigestError as exc:
        _fail(exc)
    searched = " with its search index" if built.searchable else ""
    click.echo(
        f"site built{searched} in {built.seconds:.1f}s ({built.how}; "
        f"{built.size / 1024**2:,.1f} MB): {config.rel(built.site_dir)}/",
        err=True,
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


@main.command("measure")
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=True))
@ROOT
@click.option(
    "--misses", default=0, show_default=True, help="Also list this many examples of each failure."
)
@click.option(
    "--split",
    type=click.Choice(SPLITS),
    default="all",
    show_default=True,
    help="Measure one part of a fixed split by id hash: 'measure' was never developed on.",
)
@click.option(
    "--sample",
    "size",
    type=int,
    default=0,
    help="Print this many papers of the split, real and derived side by side, to grade by hand.",
)
@click.option("--seed", default=0, show_default=True, help="Which papers --sample picks.")
def measure_command(
    inputs: tuple[Path, ...], root: Path | None, misses: int, split: str, size: int, seed: int
) -> None:
    """Measure derivation on labelled input (titles, TL;DRs and keywords hidden).

    INPUTS are structured files with real titles, such as a conference's JSON Lines list.
    """
    config = _config(root)
    try:
        papers = read_papers(expand_inputs(inputs), config, GenerateReport())
        taxonomy = load_taxonomy(config.taxonomy, config.rel(config.taxonomy))
    except DigestError as exc:
        _fail(exc)
    if size:
        for line in sample_lines(sample(papers, taxonomy, size, seed, split)):
            click.echo(line)
        return
    for line in report_lines(measure(papers, taxonomy, misses=misses, split=split)):
        click.echo(line)


if __name__ == "__main__":
    main()
