"""What a pull request changes, told from its base commit: `digest check --base REV`.

Some things a pull request does look like content but are not, and only a comparison with
the commit it starts from shows them:

- a file of the site's own code changed (`site_src/assets/`, the theme's `overrides/`, the
  templates, the generator, the settings): it runs on the site's origin or when the site is
  built, so it is reviewed as code; each is named as such;
- a paper page's `generated` record changed while its paper is no longer in the input: only
  `digest generate` writes that record, and a page whose paper is in the input is checked
  against what it would write (an out-of-date page is an error), but one whose paper has left
  would otherwise pass with its record rewritten to pass hand edits off as the generator's;
- a paper page renamed: its file name is its address, and readers' links and bookmarks to
  the old one break.

It reads git (`git diff`, `git show`) and never writes.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from generator.config import Config
from generator.errors import DigestError, Problem
from generator.pages.page import parse_page
from generator.pages.schema import HASHES

#: What is content: the paper pages, the inputs, the taxonomy. Everything else is code.
CONTENT = ("site_src/papers/", "inputs/", "taxonomy.yml")


@dataclass(frozen=True)
class Change:
    """One file a pull request changes: git's status letter, its path, and its old path when
    it was renamed (all relative to the repository)."""

    status: str
    path: str
    old: str = ""


def changes(root: Path, base: str) -> list[Change]:
    """The files the working tree changes from commit `base` (renames found by git)."""
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "diff", "--name-status", "-M", "-z", base, "--"],
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8", "surrogateescape")
    except (OSError, subprocess.CalledProcessError) as exc:
        reason = getattr(exc, "stderr", b"") or b""
        raise DigestError(
            Problem(
                "--base",
                0,
                f"cannot compare with {base!r}: "
                + (reason.decode("utf-8", "replace").strip() or str(exc)),
            )
        ) from None
    fields = out.split("\0")
    found: list[Change] = []
    at = 0
    while at < len(fields) and fields[at]:
        status = fields[at]
        if status[:1] in "RC":
            found.append(Change(status[:1], fields[at + 2], fields[at + 1]))
            at += 3
        else:
            found.append(Change(status[:1], fields[at + 1]))
            at += 2
    return found


def _at_base(root: Path, base: str, path: str) -> str | None:
    try:
        shown = subprocess.run(
            ["git", "-C", str(root), "show", f"{base}:{path}"], capture_output=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return shown.stdout.decode("utf-8", "replace")


def _record(text: str | None, shown: str) -> object:
    if text is None:
        return None
    try:
        return parse_page(text, shown)[0].get(HASHES)
    except DigestError:
        return None


def review(config: Config, base: str, gone: set[str]) -> list[Problem]:
    """What the changes from `base` need a reviewer to know. `gone` are the paper pages
    (paths below the docs folder) whose papers are no longer in the input."""
    root = config.root
    docs = config.rel(config.docs_dir)
    problems: list[Problem] = []
    for change in changes(root, base):
        path = change.path
        if not path.startswith(CONTENT):
            problems.append(
                Problem(
                    path,
                    0,
                    "is code, not content: the site runs or builds with it, so review this "
                    "change as code",
                    "warning",
                )
            )
            continue
        if not path.startswith(f"{docs}/papers/") or not path.endswith(".md"):
            continue
        rel = path.removeprefix(f"{docs}/")
        if change.status == "R" and change.old.startswith(f"{docs}/papers/"):
            old = change.old.removeprefix(f"{docs}/papers/").removesuffix(".md")
            problems.append(
                Problem(
                    path,
                    0,
                    f"renamed from {change.old}: a page's file name is its address, so "
                    f"readers' links and bookmarks to papers/{old}/ break; keep the old name",
                    "warning",
                )
            )
        if rel in gone and change.status in "MR":
            now = (root / path).read_text(encoding="utf-8", errors="replace")
            before = _at_base(root, base, change.old or path)
            if _record(now, path) != _record(before, path):
                problems.append(
                    Problem(
                        path,
                        0,
                        f"its '{HASHES}' record was changed, but its paper is no longer in the "
                        f"input: only `digest generate` writes '{HASHES}' (it says which "
                        "values are the generator's, and `--prune` trusts it); undo the change",
                    )
                )
    return problems
