"""What a pull request may put in the folders the site is made from: real files of inert types.

Every file below the docs folder, the inputs folder, the templates and the theme's overrides
may come from a stranger. Two rules keep a file from publishing more than itself:

- **No symbolic links.** MkDocs follows them: a link publishes its target's bytes (a
  runner's `.git/config`, `/proc/self/environ`), a link to a folder publishes that folder,
  and a link back into the docs folder makes the build grow without end. Every link is an
  error naming the file, whatever it points at.
- **Only inert types are published as they are.** A file the site serves for a browser to
  render as a document or run (HTML, SVG, XML and its kin, scripts, styles) runs on the
  site's origin without the pages' Content-Security-Policy. Outside `assets/` (the site's
  own code, reviewed as code), a file is published only if its type is on the list of
  inert ones below: images, PDFs, data, fonts, media. Anything else is an error.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from generator.config import Config
from generator.errors import Problem

#: Suffixes of files the docs folder may publish as they are, outside assets/: types a
#: browser shows as an image, a download or plain data, never as a document that runs
#: script. (GitHub Pages serves a file with the content type of its suffix.)
INERT_SUFFIXES = frozenset(
    {
        # images (not SVG: a browser runs the script an SVG document holds)
        ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".ico", ".bmp",
        # documents and data
        ".pdf", ".json", ".csv", ".tsv", ".txt", ".bib", ".gz", ".zip",
        # fonts, audio and video
        ".woff", ".woff2", ".ttf", ".otf", ".mp3", ".ogg", ".mp4", ".webm",
    }
)  # fmt: skip

#: The docs folder's folder of the site's own scripts, styles and icons: code, not content.
ASSETS = "assets/"


def links_below(folder: Path) -> list[Path]:
    """Every symbolic link below `folder` (to a file, a folder or nothing), sorted; `folder`
    itself when it is one. One pass of `os.scandir`, which knows links without a stat."""
    if folder.is_symlink():
        return [folder]
    found: list[Path] = []
    stack = [str(folder)]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except (FileNotFoundError, NotADirectoryError, PermissionError):
            continue
        for entry in entries:
            if entry.is_symlink():
                found.append(Path(entry.path))
            elif entry.is_dir(follow_symlinks=False):
                stack.append(entry.path)
    return sorted(found)


def link_problems(root: Path, places: Iterable[Path]) -> list[Problem]:
    """An error for each symbolic link at or below `places` (paths named relative to `root`)."""
    problems: list[Problem] = []
    for place in places:
        for link in links_below(place):
            try:
                shown = link.relative_to(root).as_posix()
            except ValueError:
                shown = str(link)
            problems.append(
                Problem(
                    shown,
                    0,
                    "is a symbolic link, and the site would publish what it points at; "
                    "replace it with the file itself (or remove it)",
                )
            )
    return problems


def publishable(rel: str) -> bool:
    """Whether a file of the docs folder (`rel` below it, not a page) may be published:
    one in assets/, or of an inert type."""
    suffix = os.path.splitext(rel)[1].lower()
    return rel.startswith(ASSETS) or suffix in INERT_SUFFIXES


def project_link_problems(config: Config) -> list[Problem]:
    """Symbolic links where a pull request could add one: the docs folder, the inputs, the
    templates, the theme's overrides and the taxonomy (the generator's own state, .digest/,
    is not a contributor's)."""
    places = [
        config.docs_dir,
        config.default_inputs,
        config.root / "templates",
        config.theme_dir,
        config.taxonomy,
    ]
    root = config.root
    return link_problems(root, [p for p in places if p.is_symlink() or p.exists()])
