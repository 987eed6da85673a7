"""The one typed configuration object, read from the project's `mkdocs.yml` by MkDocs.

The digest's own options live under `extra.digest` in `mkdocs.yml`, next to the MkDocs and
Material settings they depend on (`docs_dir`, `theme.language`), so a project has one
configuration file; `DigestOptions` is their schema, checked when the file is read.
"""

from __future__ import annotations

import logging
import re
import shutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from mkdocs.config import base
from mkdocs.config import config_options as c

from generator import venues
from generator.errors import DigestError, Problem, yaml_error_line
from generator.urls import Urls

CONFIG_FILE = "mkdocs.yml"
#: What a project holds besides its inputs and paper pages: settings, tags, templates, theme,
#: assets, and the page hook that mkdocs.yml names (a copy of a project needs them all).
PROJECT_FILES = (
    CONFIG_FILE,
    "taxonomy.yml",
    "templates",
    "overrides",
    "site_src/assets",
    "generator/engine/hooks.py",
)


def copy_project(source: Path, target: Path) -> None:
    """Copy a project's own files (PROJECT_FILES; not its inputs or pages) to `target`."""
    for name in PROJECT_FILES:
        if (source / name).is_dir():
            shutil.copytree(
                source / name,
                target / name,
                ignore=shutil.ignore_patterns("generated", "__pycache__"),
            )
        elif (source / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / name, target / name)


@dataclass(frozen=True)
class Config:
    """Where everything lives and how the digest is labelled."""

    root: Path
    #: MkDocs' docs folder: paper pages (hand-owned) and derived pages (generated).
    docs_dir: Path
    #: Where `mkdocs build` writes the site.
    site_dir: Path
    #: Material's `theme.language`; the generator writes its labels in it ("en" or "zh").
    language: str
    #: Material's `theme.custom_dir`; the generator writes per-paper fragments below it.
    theme_dir: Path
    #: Input files read when the command line names none.
    default_inputs: Path
    #: The tag taxonomy contributors edit.
    taxonomy: Path
    #: Digest title; when empty, the heading of the first plain-text input, else `site_name`.
    title: str
    site_name: str
    #: Papers per page on tag and browse listings.
    per_page: int
    #: How many related papers each paper page lists.
    related: int
    #: Papers an author needs for a page of their own (the author index lists everyone).
    author_pages: int
    site_url: str
    repo_url: str
    edit_uri: str
    #: MkDocs' `use_directory_urls`: a page at `papers/x/`, else at `papers/x.html`.
    directory_urls: bool = True
    #: Venue names shown over and beside the known ones (generator/venues.py), by the venue
    #: as inputs spell it without its year.
    venue_names: dict[str, str] = field(default_factory=dict, compare=False)
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def urls(self) -> Urls:
        """Every site URL, as this configuration serves it (generator/urls.py)."""
        return Urls(self.directory_urls, self.site_url)

    @property
    def papers_dir(self) -> Path:
        return self.docs_dir / "papers"

    @property
    def state_dir(self) -> Path:
        return self.root / ".digest"

    @property
    def parts_dir(self) -> Path:
        """What pages show besides their own text, for the page hook (features/parts.py)."""
        return self.state_dir / "parts"

    def rel(self, path: Path) -> str:
        """Show a path relative to the project root, as error messages and reports do."""
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return str(path)


def find_root(start: Path | None = None) -> Path:
    """Return the nearest folder at or above `start` that holds a mkdocs.yml."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / CONFIG_FILE).is_file():
            return folder
    raise DigestError(Problem(str(here), 0, f"no {CONFIG_FILE} here or in any parent folder"))


class DigestOptions(base.Config):  # type: ignore[no-untyped-call]
    """The digest's own options: `extra.digest` in mkdocs.yml, checked by MkDocs' own schema."""

    #: Input files (a folder or a file) read when the command line names none.
    inputs = c.Type(str, default="inputs")
    #: The tag taxonomy contributors edit.
    taxonomy = c.Type(str, default="taxonomy.yml")
    #: Digest title; when empty, the heading of the first plain-text input, else `site_name`.
    title = c.Type(str, default="")
    #: Papers per page on tag and browse listings.
    per_page = c.Type(int, default=100)
    #: Related papers listed on each paper page.
    related = c.Type(int, default=5)
    #: Papers an author needs for a page of their own (1: everyone).
    author_pages = c.Type(int, default=2)
    #: Venue names to show, by the venue as inputs spell it without its year, over and beside
    #: the known ones (generator/venues.py): `{nips: NeurIPS, "my workshop": MyW}`.
    venue_names = c.Type(dict, default={})


#: The least each count may be.
_LEAST = {"per_page": 1, "related": 0, "author_pages": 1}


def load_config(root: Path | None = None) -> Config:
    """Read `mkdocs.yml` at `root` (or the nearest one above the working directory).

    MkDocs' own loader reads it (its schema, `!ENV`, the page hook), once; the digest's
    options under `extra.digest` are checked by `DigestOptions`, each error with its line.
    """
    from mkdocs.config import load_config as mkdocs_config
    from mkdocs.exceptions import Abort, ConfigurationError

    root = find_root(root)
    path = root / CONFIG_FILE
    text = path.read_text(encoding="utf-8")
    try:  # composing checks the syntax, with lines, and runs no tag
        tree = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc)
        line = yaml_error_line(exc, text)
        raise DigestError(Problem(CONFIG_FILE, line, f"invalid YAML: {problem}")) from None
    twice = list(_duplicates(tree))
    if twice:
        raise DigestError(twice)
    messages = _Messages()
    log = logging.getLogger("mkdocs.config")
    log.addHandler(messages)
    try:
        cfg = mkdocs_config(str(path))
    except (Abort, ConfigurationError) as exc:
        problems = [
            Problem(CONFIG_FILE, _line(tree, [name]), message) for name, message in messages.found
        ]
        raise DigestError(problems or Problem(CONFIG_FILE, 0, str(exc))) from None
    finally:
        log.removeHandler(messages)
    return from_mkdocs(cfg, root, tree)


def _duplicates(node: yaml.Node | None) -> Iterator[Problem]:
    """A setting given twice in one mapping: YAML keeps the last silently, so it is an error."""
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key, value in node.value:
            name = str(getattr(key, "value", ""))
            line = key.start_mark.line + 1
            if name in seen:
                yield Problem(
                    CONFIG_FILE, line, f"'{name}' is given twice (first on line {seen[name]})"
                )
            seen.setdefault(name, line)
            yield from _duplicates(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _duplicates(item)


class _Messages(logging.Handler):
    """MkDocs' complaints about its configuration, as (setting, message)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.found: list[tuple[str, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        named = re.match(r"Config value '([^']+)': ", message)
        self.found.append((named.group(1) if named else "", message))


def digest_options(raw: Any, tree: yaml.Node | None = None) -> DigestOptions:
    """`extra.digest` checked: a wrong type, a count below its least or an unknown name is an
    error naming the key and its line in mkdocs.yml."""
    options = DigestOptions(config_file_path=CONFIG_FILE)
    problems: list[Problem] = []
    if raw is not None and not isinstance(raw, Mapping):
        line = _line(tree, ["extra", "digest"])
        raise DigestError(Problem(CONFIG_FILE, line, "extra.digest: expected a mapping of options"))
    options.load_dict(dict(raw or {}))
    errors, warnings = options.validate()
    for key, error in [*errors, *warnings]:
        problems.append(
            Problem(
                CONFIG_FILE, _line(tree, ["extra", "digest", key]), f"extra.digest.{key}: {error}"
            )
        )
    for key, least in _LEAST.items():
        value = options[key]
        if isinstance(value, int) and (isinstance(value, bool) or value < least):
            problems.append(
                Problem(
                    CONFIG_FILE,
                    _line(tree, ["extra", "digest", key]),
                    f"extra.digest.{key}: expected a whole number of at least {least}, "
                    f"not {value!r}",
                )
            )
    names = options["venue_names"]
    for key, value in (names or {}).items():
        if not isinstance(value, str) or not value.strip() or not str(key).strip():
            problems.append(
                Problem(
                    CONFIG_FILE,
                    _line(tree, ["extra", "digest", "venue_names"]),
                    "extra.digest.venue_names: each venue needs a name to show, as text "
                    f"(not {key!r}: {value!r})",
                )
            )
    if problems:
        raise DigestError(problems)
    return options


def _line(tree: yaml.Node | None, keys: list[str]) -> int:
    """The line (from 1) of the deepest of `keys` found in a composed YAML mapping."""
    line = 0
    node = tree
    for key in keys:
        if not isinstance(node, yaml.MappingNode):
            break
        found = next((v for k, v in node.value if getattr(k, "value", None) == key), None)
        if found is None:
            break
        key_node = next(k for k, v in node.value if v is found)
        line = key_node.start_mark.line + 1
        node = found
    return line


def from_mkdocs(cfg: Any, root: Path, tree: yaml.Node | None = None) -> Config:
    """The digest's Config from MkDocs' loaded configuration."""
    extra = cfg["extra"] if isinstance(cfg["extra"], Mapping) else {}
    options = digest_options(extra.get("digest"), tree)
    language = str(cfg.theme["language"] or "en")
    venue_names = {str(key): str(value) for key, value in (options.venue_names or {}).items()}
    venues.use_names(venue_names)  # every page shows a venue as venues.venue_of names it
    return Config(
        root=root,
        docs_dir=Path(cfg.docs_dir),
        site_dir=Path(cfg.site_dir),
        language="zh" if language.startswith("zh") else "en",
        theme_dir=Path(cfg.theme.custom_dir or root / "overrides"),
        default_inputs=root / options.inputs,
        taxonomy=root / options.taxonomy,
        title=options.title,
        site_name=str(cfg.site_name or "Paper Digest"),
        per_page=options.per_page,
        related=options.related,
        author_pages=options.author_pages,
        site_url=str(cfg.site_url or ""),
        repo_url=str(cfg.repo_url or ""),
        edit_uri=str(cfg.edit_uri or ""),
        directory_urls=bool(cfg.use_directory_urls),
        venue_names=venue_names,
        raw=dict(cfg),
    )
