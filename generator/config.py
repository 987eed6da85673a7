"""The one typed configuration object, read from the project's `mkdocs.yml` by MkDocs.

The digest's own options are the settings of its MkDocs plugin (`plugins: digest:` in
`mkdocs.yml`, generator/engine/hooks.py), next to the MkDocs and Material settings they
depend on (`docs_dir`, `theme.language`), so a project has one configuration file;
`DigestOptions` is their schema, which MkDocs checks when it loads the plugin (and so does
`mkdocs build` alone).
"""

from __future__ import annotations

import logging
import re
import shutil
from collections.abc import Iterator
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
#: What a project holds besides its inputs and paper pages: settings, tags, templates, theme
#: and assets (a copy of a project needs them all; the plugin is installed with the package).
PROJECT_FILES = (
    CONFIG_FILE,
    "taxonomy.yml",
    "templates",
    "overrides",
    "site_src/assets",
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
        """What pages show besides their own text, for the plugin (features/parts.py)."""
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


class _Count(c.Type):  # type: ignore[type-arg]
    """A whole number of at least `least` (not a boolean, which YAML's `true` is)."""

    def __init__(self, least: int, default: int) -> None:
        super().__init__(int, default=default)
        self.least = least

    def run_validation(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < self.least:
            raise base.ValidationError(
                f"expected a whole number of at least {self.least}, not {value!r}"
            )
        return value


class _VenueNames(c.Type):  # type: ignore[type-arg]
    """Venue names to show, as text, by the venue as inputs spell it."""

    def __init__(self) -> None:
        super().__init__(dict, default={})

    def run_validation(self, value: object) -> dict[str, str]:
        names = super().run_validation(value)
        for key, name in names.items():
            if not isinstance(name, str) or not name.strip() or not str(key).strip():
                raise base.ValidationError(
                    f"each venue needs a name to show, as text (not {key!r}: {name!r})"
                )
        return {str(key): name for key, name in names.items()}


class DigestOptions(base.Config):  # type: ignore[no-untyped-call]
    """The digest's own options: the settings of its MkDocs plugin (`plugins: digest:` in
    mkdocs.yml), checked by MkDocs' own schema when it loads the plugin."""

    #: Input files (a folder or a file) read when the command line names none.
    inputs = c.Type(str, default="inputs")
    #: The tag taxonomy contributors edit.
    taxonomy = c.Type(str, default="taxonomy.yml")
    #: Digest title; when empty, the heading of the first plain-text input, else `site_name`.
    title = c.Type(str, default="")
    #: Papers per page on tag and browse listings.
    per_page = _Count(1, default=100)
    #: Related papers listed on each paper page.
    related = _Count(0, default=5)
    #: Papers an author needs for a page of their own (1: everyone).
    author_pages = _Count(1, default=2)
    #: Venue names to show, by the venue as inputs spell it without its year, over and beside
    #: the known ones (generator/venues.py): `{nips: NeurIPS, "my workshop": MyW}`.
    venue_names = _VenueNames()


#: The digest's plugin, as mkdocs.yml names it (pyproject.toml's entry point).
PLUGIN = "digest"
#: The page hook mkdocs.yml named before the digest was a plugin.
OLD_HOOK = "generator/engine/hooks.py"


def load_config(root: Path | None = None) -> Config:
    """Read `mkdocs.yml` at `root` (or the nearest one above the working directory).

    MkDocs' own loader reads it (its schema, `!ENV`, the plugins), once; the digest's
    options (its plugin's settings, `DigestOptions`) are checked with them, each error with
    its line. A digest's settings from before the plugin (`old_form`) are refused.
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
    old = old_form(tree)
    if old:
        raise DigestError(old)
    messages = _Messages()
    log = logging.getLogger("mkdocs.config")
    log.addHandler(messages)
    try:
        cfg = mkdocs_config(str(path))
    except (Abort, ConfigurationError) as exc:
        problems = [_problem(tree, name, message) for name, message, _ in messages.found]
        raise DigestError(problems or Problem(CONFIG_FILE, 0, str(exc))) from None
    finally:
        log.removeHandler(messages)
    # MkDocs only warns of an option the plugin does not know: a misspelt one is an error here.
    ours = [_problem(tree, name, message) for name, message, _ in messages.found]
    if ours:
        raise DigestError(ours)
    return from_mkdocs(cfg, root)


#: MkDocs' message about an option of the digest's plugin.
_OPTION = re.compile(
    rf"(?:Config value 'plugins': )?Plugin '{PLUGIN}' option '(?P<key>[^']+)': (?P<message>.*)",
    re.S,
)


def _problem(tree: yaml.Node | None, name: str, message: str) -> Problem:
    """MkDocs' message about setting `name`, at its line; one about an option of the
    digest's plugin names the option as `plugins.digest.<option>`, at its line."""
    option = _OPTION.match(message)
    if option:
        key = option["key"]
        line = _line(tree, ["plugins", PLUGIN, key])
        return Problem(CONFIG_FILE, line, f"plugins.{PLUGIN}.{key}: {option['message']}")
    return Problem(CONFIG_FILE, _line(tree, [name]), message)


def old_form(tree: yaml.Node | None) -> list[Problem]:
    """The settings of a digest from before it was a MkDocs plugin: its page hook named by
    path (`hooks:`) and its options under `extra.digest`, each at its line."""
    why = (
        f"the digest is a MkDocs plugin now (`plugins: {PLUGIN}:`, its options there): "
        "`digest init` rewrites mkdocs.yml so"
    )
    found = []
    hooks = _node(tree, ["hooks"])
    if isinstance(hooks, yaml.SequenceNode):
        for item in hooks.value:
            if str(getattr(item, "value", "")).replace("\\", "/").endswith(OLD_HOOK):
                found.append(Problem(CONFIG_FILE, item.start_mark.line + 1, f"hooks: {why}"))
    if _node(tree, ["extra", PLUGIN]) is not None:
        found.append(Problem(CONFIG_FILE, _line(tree, ["extra", PLUGIN]), f"extra.{PLUGIN}: {why}"))
    return found


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
    """MkDocs' complaints about its configuration, as (setting, message, whether an error)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.found: list[tuple[str, str, bool]] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        named = re.match(r"Config value '([^']+)': ", message)
        error = record.levelno >= logging.ERROR
        if not error and not _OPTION.match(message):
            return  # MkDocs' other warnings are its own (a strict build fails on them)
        name = named.group(1) if named else ""
        # An error of several options is one message, a line each.
        for line in message.split("\n"):
            self.found.append((name, line, error))


def _line(tree: yaml.Node | None, keys: list[str]) -> int:
    """The line (from 1) of the deepest of `keys` found in a composed YAML mapping (in a list,
    the key of one of its one-key mappings: `plugins: [digest: {...}]`)."""
    line = 0
    node = tree
    for key in keys:
        found = _child(node, key)
        if found is None:
            break
        line, node = found[0].start_mark.line + 1, found[1]
    return line


def _node(tree: yaml.Node | None, keys: list[str]) -> yaml.Node | None:
    """The value at `keys` in a composed YAML mapping (see `_line`), or None."""
    node = tree
    for key in keys:
        found = _child(node, key)
        if found is None:
            return None
        node = found[1]
    return node


def _child(node: yaml.Node | None, key: str) -> tuple[yaml.Node, yaml.Node] | None:
    """(key node, value node) of `key` in a mapping, or in a list's one-key mappings."""
    items: list[tuple[yaml.Node, yaml.Node]] = []
    if isinstance(node, yaml.MappingNode):
        items = list(node.value)
    elif isinstance(node, yaml.SequenceNode):
        items = [
            pair for item in node.value if isinstance(item, yaml.MappingNode) for pair in item.value
        ]
        items += [(item, item) for item in node.value if isinstance(item, yaml.ScalarNode)]
    return next(((k, v) for k, v in items if getattr(k, "value", None) == key), None)


def from_mkdocs(cfg: Any, root: Path) -> Config:
    """The digest's Config from MkDocs' loaded configuration: its plugin's settings, or their
    defaults when mkdocs.yml lists no digest plugin."""
    options = next(
        (p.config for p in cfg["plugins"].values() if isinstance(p.config, DigestOptions)),
        None,
    )
    if options is None:
        options = DigestOptions(config_file_path=CONFIG_FILE)
        options.load_dict({})
        options.validate()
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
