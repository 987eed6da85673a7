"""`digest init`: a new digest's name, description, addresses and language, set in mkdocs.yml.

Only the lines of those settings change; comments, order and every other setting stay as
written. The `!ENV [VARIABLE, "default"]` form is kept: the workflows still set the variable.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from generator.config import CONFIG_FILE, OLD_HOOK, PLUGIN, Config
from generator.errors import DigestError, Problem
from generator.writer import write_atomic

LANGUAGES = ("en", "zh")

#: The description a digest gets when none is given, in its language.
DESCRIPTION = {
    "en": "{name}: papers with tags, summaries and related papers, editable by readers.",
    "zh": "{name}：论文的标签、摘要与相关论文，读者可编辑。",
}

_GITHUB = re.compile(
    r"^(?:https?://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com/)"
    r"(?P<owner>[A-Za-z0-9][A-Za-z0-9-]{0,38})/(?P<name>[A-Za-z0-9._-]{1,100}?)(?:\.git)?/?$"
)
_TOP = re.compile(r"^(?P<key>site_name|site_description|site_url|repo_url):(?P<rest>.*)$")
_ENV = re.compile(r"^\s*!ENV\s*\[\s*(?P<var>[A-Za-z_][A-Za-z0-9_]*)\s*,")


@dataclass(frozen=True)
class Settings:
    """What a newcomer sets first; field names are the mkdocs.yml keys."""

    site_name: str
    site_description: str
    site_url: str
    repo_url: str
    language: str


def github_repository(remote: str) -> tuple[str, str] | None:
    """(owner, name) of a GitHub remote address in any of git's spellings, else None."""
    match = _GITHUB.match(remote.strip())
    return (match["owner"], match["name"]) if match else None


def origin(root: Path) -> str:
    """The address of the project's `origin` remote, or "" (no git, no remote)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "remote", "get-url", "origin"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def suggest(config: Config, remote: str, title: str = "", language: str = "") -> Settings:
    """Defaults: the name from the input's heading, the addresses from a GitHub remote."""
    language = language or config.language
    name = title or config.site_name
    repository = github_repository(remote)
    if repository:
        owner, repo = repository
        repo_url = f"https://github.com/{owner}/{repo}"
        # A repository named <owner>.github.io is published at the root of that address.
        if repo.lower() == f"{owner.lower()}.github.io":
            site_url = f"https://{owner.lower()}.github.io/"
        else:
            site_url = f"https://{owner.lower()}.github.io/{repo}/"
    else:
        repo_url, site_url = config.repo_url, config.site_url
    return Settings(name, suggest_description(name, language), site_url, repo_url, language)


def unattended(
    config: Config,
    title: str,
    remote: str,
    *,
    name: str = "",
    language: str | None = None,
    site_url: str | None = None,
    repo_url: str | None = None,
) -> list[str]:
    """What `digest init` keeps of mkdocs.yml as it is when no one is at a terminal to ask
    and no option gives it, one line each, for it to say so.

    A digest it cannot name (no `--name`, and no heading in a plain-text input) is refused:
    it would keep the bundled digest's name and description, which every page and link
    preview would then show as this digest's.
    """
    if not name and not title:
        raise DigestError(
            Problem(
                CONFIG_FILE,
                0,
                "nothing to name the digest by: the inputs have no heading line and no one is "
                "at a terminal to ask. Give --name (and --language, --description, --site-url, "
                "--repo-url as needed), or run it at a terminal; mkdocs.yml is unchanged",
            )
        )
    kept: list[str] = []
    if language is None:
        kept.append(f"theme.language: {config.language}, as mkdocs.yml has it (--language)")
    if github_repository(remote) is None:
        why = "no GitHub origin to take it from"
        if repo_url is None:
            kept.append(f"repo_url: {config.repo_url}, {why} (--repo-url)")
        if site_url is None and config.site_url:
            kept.append(f"site_url: {config.site_url}, {why} (--site-url)")
    return kept


def suggest_description(name: str, language: str) -> str:
    """The default one-line description of a digest called `name`."""
    return DESCRIPTION.get(language, DESCRIPTION["en"]).format(name=name)


def problems(settings: Settings) -> list[Problem]:
    """What is wrong with the settings, each naming its key."""
    found: list[Problem] = []

    def bad(key: str, message: str) -> None:
        found.append(Problem(CONFIG_FILE, 0, f"{key}: {message}"))

    for key in ("site_name", "site_description"):
        value = getattr(settings, key)
        if not value.strip():
            bad(key, "must not be empty")
        elif any(ch in value for ch in "\r\n\x00") or len(value) > 300:
            bad(key, "must be one line of at most 300 characters")
    for key, required in (("site_url", False), ("repo_url", True)):
        value = getattr(settings, key)
        if not value and not required:
            continue
        parts = urlsplit(value)
        if (
            parts.scheme not in ("http", "https")
            or not parts.netloc
            or any(ch.isspace() or ch in '"\\' for ch in value)
        ):
            bad(key, f"{value!r} is not an http(s) address")
    if settings.language not in LANGUAGES:
        bad("theme.language", f"{settings.language!r} is not one of {', '.join(LANGUAGES)}")
    return found


def _quoted(value: str) -> str:
    # A JSON string is a YAML double-quoted scalar: colons, '#' and quotes stay text.
    return json.dumps(value, ensure_ascii=False)


def _setting(key: str, rest: str, value: str) -> str:
    env = _ENV.match(rest)
    if env:
        return f"{key}: !ENV [{env['var']}, {_quoted(value)}]"
    return f"{key}: {_quoted(value)}"


def rewrite(text: str, settings: Settings) -> str:
    """`text` (mkdocs.yml) with the settings' lines replaced or added."""
    lines = text.splitlines(keepends=True)
    todo = {f.name: getattr(settings, f.name) for f in fields(settings) if f.name != "language"}
    out: list[str] = []
    in_theme = language_set = False
    for line in lines:
        end = line[len(line.rstrip("\r\n")) :] or "\n"
        body = line.rstrip("\r\n")
        top = _TOP.match(body)
        if body and not body[0].isspace() and not body.startswith("#"):
            if in_theme and not language_set:
                out.append(f"  language: {settings.language}{end}")
                language_set = True
            in_theme = body.startswith("theme:")
        if top and top["key"] in todo:
            out.append(_setting(top["key"], top["rest"], todo.pop(top["key"])) + end)
            continue
        if in_theme and not language_set and re.match(r"^  language:", body):
            comment = body.partition("#")[2]
            out.append(f"  language: {settings.language}" + (f"  #{comment}" if comment else ""))
            out.append(end)
            language_set = True
            continue
        out.append(line)
    if in_theme and not language_set:
        out.append(f"  language: {settings.language}\n")
        language_set = True
    if not language_set:
        out.append(f"theme:\n  name: material\n  language: {settings.language}\n")
    head = [f"{key}: {_quoted(value)}\n" for key, value in todo.items()]
    return "".join(head + out)


class _Reader(yaml.SafeLoader):
    """Reads mkdocs.yml's values as written: `!ENV` gives its default, Python tags nothing."""


def _env_default(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)[-1]
    return loader.construct_scalar(node)  # type: ignore[arg-type]


_Reader.add_constructor("!ENV", _env_default)
_Reader.add_multi_constructor("tag:yaml.org,2002:python/", lambda *_: None)


def written(text: str) -> Settings:
    """The settings as mkdocs.yml `text` holds them (defaults of `!ENV`)."""
    data = yaml.load(text, Loader=_Reader)  # a SafeLoader with two tags added
    theme = data.get("theme") or {}
    return Settings(
        str(data.get("site_name") or ""),
        str(data.get("site_description") or ""),
        str(data.get("site_url") or ""),
        str(data.get("repo_url") or ""),
        str(theme.get("language") or ""),
    )


def configure(config: Config, settings: Settings) -> tuple[str, Settings]:
    """The new text of the project's mkdocs.yml, checked to hold exactly the settings."""
    found = problems(settings)
    if found:
        raise DigestError(found)
    if settings.site_url and not settings.site_url.endswith("/"):
        # MkDocs adds the slash too; pages' addresses are made below this folder.
        settings = replace(settings, site_url=settings.site_url + "/")
    text = (config.root / CONFIG_FILE).read_text(encoding="utf-8")
    new = rewrite(text, settings)
    if written(new) != settings:  # the file is never left saying something else
        raise DigestError(Problem(CONFIG_FILE, 0, "could not set these settings; edit it by hand"))
    return new, settings


#: A top-level key's line in mkdocs.yml.
_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w-]*):(?P<rest>.*)$")


def _blocks(lines: list[str]) -> list[tuple[str, int, int]]:
    """Each top-level key of mkdocs.yml's lines as (key, first line, end): the block runs
    to the next top-level key or comment (a comment before a key is the key's)."""
    starts = [(m["key"], i) for i, line in enumerate(lines) if (m := _KEY.match(line))]
    found = []
    for n, (key, start) in enumerate(starts):
        end = starts[n + 1][1] if n + 1 < len(starts) else len(lines)
        while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
            end -= 1
        found.append((key, start, end))
    return found


#: How the comment above `plugins:` in a digest's mkdocs.yml began before the digest was a
#: MkDocs plugin, and what it says now.
_OLD_PLUGINS_COMMENT = "# No MkDocs plugins"
_PLUGINS_COMMENT = [
    "# The digest's MkDocs plugin (generator/engine/hooks.py) and its settings. It hands each",
    "# page what the generator made for it (a paper's tags, TL;DR, links, citations and related",
    "# papers; the stats, map and reading list markup) as values.",
    "# No other plugin: `digest build` indexes the site for search with Pagefind, which loads",
    "# only the part of the index a query needs (Material's own search plugin makes every reader",
    "# download the whole index, 26 MB at 17,000 papers). Add `search: {}` here to use it instead.",
]


def upgrade(text: str) -> str | None:
    """mkdocs.yml `text` of a digest from before it was a MkDocs plugin (its page hook named
    by path in `hooks:`, its options under `extra.digest`) in the new form, the options under
    `plugins: digest:`; None when `text` has the new form already.

    Comments and every other setting stay as written; a form it cannot rewrite for sure is
    an error, mkdocs.yml unchanged.
    """
    lines = text.splitlines()
    blocks = {key: (start, end) for key, start, end in _blocks(lines)}
    remove: set[int] = set()
    options: list[str] = []
    hooks = blocks.get("hooks")
    if hooks:
        start, end = hooks
        items = [i for i in range(start + 1, end) if lines[i].strip().startswith("- ")]
        ours = [i for i in items if lines[i].strip()[2:].strip(" '\"").endswith(OLD_HOOK)]
        remove.update(ours)
        if ours and len(ours) == len(items):  # no hook left: the key and its comment go
            remove.update(range(start, end))
            above = start
            while above > 0 and lines[above - 1].startswith("#"):
                above -= 1
                remove.add(above)
    extra = blocks.get("extra")
    if extra:
        start, end = extra
        body = range(start + 1, end)
        head = next((i for i in body if re.match(r"^  digest:\s*(#.*)?$", lines[i])), None)
        if head is not None:
            stop = head + 1
            while stop < end and (lines[stop].startswith("    ") or not lines[stop].strip()):
                stop += 1
            options = [lines[i][4:] for i in range(head + 1, stop) if lines[i].strip()]
            remove.update(range(head, stop))
            if all(i in remove or not lines[i].strip() for i in body):
                remove.update(range(start, end))
    if not remove:
        return None
    plugins = blocks.get("plugins")
    if plugins is None:
        raise DigestError(
            Problem(CONFIG_FILE, 0, "no `plugins:` to add the digest's to; edit it by hand")
        )
    start, end = plugins
    rest = lines[start][len("plugins:") :].split("#")[0].strip()
    entries = [
        i
        for i in range(start + 1, end)
        if lines[i].strip() and not lines[i].lstrip().startswith("#")
    ]
    if rest == "[]":
        added = ["plugins:", f"  {PLUGIN}:" if options else f"  {PLUGIN}: {{}}"]
        added += [f"    {line}" for line in options]
        above = start
        while above > 0 and lines[above - 1].startswith("#"):
            above -= 1
        if lines[above].startswith(_OLD_PLUGINS_COMMENT):  # the bundled comment, now untrue
            remove.update(range(above, start))
            added = [*_PLUGINS_COMMENT, *added]
        new = {start: added}
    elif not rest and entries and lines[entries[0]].startswith("  - "):
        added = [f"  - {PLUGIN}:" if options else f"  - {PLUGIN}"]
        added += [f"      {line}" for line in options]
        new = {entries[-1]: [lines[entries[-1]], *added]}
    elif not rest and entries and re.match(r"^  \S", lines[entries[0]]):
        added = [f"  {PLUGIN}:" if options else f"  {PLUGIN}: {{}}"]
        added += [f"    {line}" for line in options]
        new = {entries[-1]: [lines[entries[-1]], *added]}
    else:
        raise DigestError(
            Problem(
                CONFIG_FILE,
                start + 1,
                f"plugins: add `{PLUGIN}` with the options of "
                "extra.digest by hand (a form `digest init` does not rewrite)",
            )
        )
    out: list[str] = []
    for i, line in enumerate(lines):
        if i in new:
            out += new[i]
        elif i not in remove:
            out.append(line)
    upgraded = re.sub(r"\n{3,}", "\n\n", "\n".join(out).rstrip("\n") + "\n")
    _check_upgrade(text, upgraded)
    return upgraded


def _check_upgrade(text: str, upgraded: str) -> None:
    """The upgraded mkdocs.yml holds the same settings, the digest's moved to its plugin."""
    was, now = yaml.load(text, Loader=_Reader), yaml.load(upgraded, Loader=_Reader)
    extra = dict(was.get("extra") or {})
    options = extra.pop(PLUGIN, None) or {}
    hooks = [h for h in was.get("hooks") or [] if not str(h).endswith(OLD_HOOK)]
    plugins = now.get("plugins")
    named = dict(plugins) if isinstance(plugins, dict) else {}
    for entry in plugins if isinstance(plugins, list) else []:
        named.update(entry if isinstance(entry, dict) else {entry: {}})
    same = (
        (named.get(PLUGIN) or {}) == options
        and (now.get("hooks") or []) == hooks
        and (now.get("extra") or {}) == extra
        and {k: v for k, v in now.items() if k not in ("plugins", "hooks", "extra")}
        == {k: v for k, v in was.items() if k not in ("plugins", "hooks", "extra")}
    )
    if not same:
        raise DigestError(
            Problem(
                CONFIG_FILE,
                0,
                f"could not move the digest's settings to `plugins: {PLUGIN}:`; edit it by hand",
            )
        )


def upgrade_file(root: Path) -> bool:
    """`upgrade` the project's mkdocs.yml in place; whether it changed."""
    path = root / CONFIG_FILE
    new = upgrade(path.read_text(encoding="utf-8"))
    if new is None:
        return False
    write_atomic(path, new.encode("utf-8"))
    return True
