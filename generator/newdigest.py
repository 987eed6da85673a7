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

from generator.config import CONFIG_FILE, Config
from generator.errors import DigestError, Problem

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
