"""The one typed configuration object, read from the project's `mkdocs.yml`.

The digest's own options live under `extra.digest` in `mkdocs.yml`, next to the MkDocs and
Material settings they depend on (`docs_dir`, `theme.language`), so a project has one
configuration file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import DigestError, Problem, yaml_error_line

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


class _TolerantLoader(yaml.SafeLoader):
    """Read mkdocs.yml without importing what its `!!python/name:` tags point at."""


def _env_tag(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    # MkDocs' `!ENV [NAME, default]` / `!ENV NAME`.
    if isinstance(node, yaml.ScalarNode):
        return os.environ.get(loader.construct_scalar(node))
    assert isinstance(node, yaml.SequenceNode)
    names = loader.construct_sequence(node)
    for name in names[:-1]:
        if name in os.environ:
            return os.environ[name]
    return names[-1] if len(names) > 1 else None


def _ignore_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    return None


_TolerantLoader.add_constructor("!ENV", _env_tag)
_TolerantLoader.add_multi_constructor("tag:yaml.org,2002:python/", _ignore_tag)
_TolerantLoader.add_multi_constructor("!", _ignore_tag)


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
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

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


def load_config(root: Path | None = None) -> Config:
    """Read `mkdocs.yml` at `root` (or the nearest one above the working directory)."""
    root = find_root(root)
    path = root / CONFIG_FILE
    text = path.read_text(encoding="utf-8")
    try:
        raw = yaml.load(text, Loader=_TolerantLoader) or {}
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc)
        line = yaml_error_line(exc, text)
        raise DigestError(Problem(CONFIG_FILE, line, f"invalid YAML: {problem}")) from None
    if not isinstance(raw, dict):
        raise DigestError(Problem(CONFIG_FILE, 1, "expected a mapping of settings"))
    theme = raw.get("theme") or {}
    if not isinstance(theme, dict):
        theme = {"name": theme}
    extra = raw.get("extra") or {}
    digest = (extra.get("digest") if isinstance(extra, dict) else None) or {}
    language = str(theme.get("language") or "en")
    return Config(
        root=root,
        docs_dir=root / str(raw.get("docs_dir", "docs")),
        site_dir=root / str(raw.get("site_dir", "site")),
        language="zh" if language.startswith("zh") else "en",
        theme_dir=root / str(theme.get("custom_dir") or "overrides"),
        default_inputs=root / str(digest.get("inputs", "inputs")),
        taxonomy=root / str(digest.get("taxonomy", "taxonomy.yml")),
        title=str(digest.get("title") or ""),
        site_name=str(raw.get("site_name") or "Paper Digest"),
        per_page=int(digest.get("per_page", 100)),
        related=int(digest.get("related", 5)),
        author_pages=int(digest.get("author_pages", 2)),
        site_url=str(raw.get("site_url") or ""),
        repo_url=str(raw.get("repo_url") or ""),
        edit_uri=str(raw.get("edit_uri") or ""),
        raw=raw,
    )
