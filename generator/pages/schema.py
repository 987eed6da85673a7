"""The one front-matter schema: every key a page under the docs folder may set.

Every `.md` under `site_src/` is one of three kinds, and each kind has its own allowlist:

- a paper page (`papers/<slug>.md`): the paper fields below, plus `extra:` for anything else;
- a generated page (listed in the writer's manifest): the keys the generator writes;
- a hand-written page listed in `mkdocs.yml`'s `nav`: a title, a description, `extra:`.

Anything else is refused, because MkDocs and Material act on keys a contributor should not
set: `template` and `location` (Material's redirect.html builds a script from them), `feed`,
`hide`, `icon` (a template include path), `revision_date`, `git_*` and other `*_date` keys
(printed raw by Material's source-file.html), `search`, `status`...
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.errors import Problem
from generator.model import FIELDS, YEARS
from generator.model import HASHES as HASHES  # where pages keep it (re-exported)
from generator.text import CONTROL

#: Wording for what a value is, in messages.
_KINDS: tuple[tuple[type, str], ...] = (
    (bool, "true/false"),
    (str, "text"),
    (int, "a number"),
    (float, "a number"),
    (list, "a list"),
    (dict, "a mapping"),
)


def kind(value: Any) -> str:
    """What a YAML value is, in words: text, a number, a list..."""
    if value is None:
        return "empty"
    for cls, name in _KINDS:
        if isinstance(value, cls):
            return name
    return type(value).__name__


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _ident(value: Any) -> bool:
    # A control character is invisible, and dropping it would let two ids become one.
    return isinstance(value, str) and not CONTROL.search(value)


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _year(value: Any) -> bool:
    return _whole(value) and value in YEARS


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _mapping(value: Any) -> bool:
    return isinstance(value, dict)


def _texts_map(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


@dataclass(frozen=True)
class Field:
    """One front-matter key: the test its value must pass, in words, and who fills it."""

    valid: Callable[[Any], bool]
    wanted: str
    #: Read from input files (the readers' known fields; anything else goes under `extra`).
    input: bool = False
    #: Written by the generator, which refreshes it while nobody has edited it.
    generated: bool = True


#: The body's hash, in HASHES.
BODY = "body"

#: How a value of each kind of field (generator.model.FIELDS) is checked.
VALID: dict[str, Callable[[Any], bool]] = {
    "id": _ident,
    "text": _text,
    "texts": _texts,
    "year": _year,
    "flag": _flag,
    "mapping": _mapping,
    "links": _texts_map,
    "hashes": _texts_map,
}

#: Paper page fields, in the order pages show them (declared in generator.model.FIELDS).
PAPER: dict[str, Field] = {
    f.name: Field(VALID[f.kind], f.wanted, input=f.input, generated=f.generated) for f in FIELDS
}

#: Front-matter keys in the order pages show them.
FIELD_ORDER = tuple(k for k in PAPER if k != HASHES)
#: Fields the generator fills and may refresh while they are untouched by hand.
OWNED = tuple(k for k, f in PAPER.items() if f.generated and k != "id")
#: Fields whose values are links; the page shows only those starting with https:// or http://.
LINK_FIELDS = tuple(f.name for f in FIELDS if f.link)
#: Fields every paper page must have, with their types (`digest check`).
REQUIRED = {"id": str, "title": str, "tags": list}

#: A hand-written page listed in mkdocs.yml's nav.
HAND: dict[str, Field] = {
    "title": PAPER["title"],
    "description": PAPER["description"],
    "extra": PAPER["extra"],
}

#: What the generator writes on derived pages (templates/*.md.j2, generator/features/).
GENERATED: dict[str, Field] = {
    "title": PAPER["title"],
    "generated_page": Field(_flag, "true"),
    "edit_path": Field(_text, "a path in the repository"),
    "feed": Field(_text, "a feed's path"),
    "fragment": Field(_text, "a generated fragment's path"),
    "hide": Field(_texts, "a list of parts to hide"),
}

KINDS = {"paper": PAPER, "hand": HAND, "generated": GENERATED}
_NAMES = {"paper": "a paper page", "hand": "a page", "generated": "a generated page"}


def key_problems(
    meta: dict[Any, Any], kind: str, shown: str, lines: dict[str, int]
) -> list[Problem]:
    """Each key the page's kind does not allow, as an error on its line."""
    allowed = KINDS[kind]
    problems = []
    for key in meta:
        if isinstance(key, str) and key in allowed:
            continue
        name = str(key)
        close = difflib.get_close_matches(name, list(allowed), n=1, cutoff=0.8)
        message = (
            f"unknown field '{name}'; did you mean '{close[0]}'?"
            if close
            else f"'{name}' cannot be set on {_NAMES[kind]}: MkDocs and its theme act on "
            "fields the digest does not know; put data of your own under 'extra:'"
        )
        problems.append(Problem(shown, lines.get(name, 2), message))
    return problems


def nav_pages(nav: Any) -> set[str]:
    """Every Markdown file mkdocs.yml's `nav` lists (relative to the docs folder)."""
    found: set[str] = set()
    stack: list[Any] = [nav]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item.endswith(".md") and "://" not in item:
                found.add(item.removeprefix("./"))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def wrong_type(key: str, value: Any) -> str | None:
    """What is wrong with a paper field's value, or None when it is of the right type."""
    rule = PAPER.get(key)
    if rule is None or rule.valid(value):
        return None
    shown = f" ({value!r})" if isinstance(value, str | int | float) else ""
    return f"'{key}' must be {rule.wanted}, not {kind(value)}{shown}"
