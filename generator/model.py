"""The paper model: its fields, declared once (`FIELDS`), and the plain data passed between the
pipeline's stages.

`FIELDS` is the one list of a paper page's fields: the page schema (pages/schema.py), the
readers (`paper_from_record`), the merge of a paper read twice, `digest new` (its options
and its page), the fresh front matter of a page and the features' typed access to a page
(`PageData`) are all made from it. tests/test_fields.py fails when another module lists
the fields again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.bounds import body_problems
from generator.errors import DigestError, Problem
from generator.text import CONTROL, clean_abstract, content_id

#: The years a paper may have: four digits (a feed writes the year as a date).
YEARS = range(1000, 10000)

#: Where a paper's generated values' hashes are kept (see generator.pages.page.merge).
HASHES = "generated"


@dataclass(frozen=True)
class PaperField:
    """One field of a paper page: what its value is, who gives it, who may refresh it."""

    name: str
    #: What its value is: "id", "text", "texts" (a list of text), "year", "flag", "mapping",
    #: "links" (names to links) or "hashes" (the generator's record).
    kind: str
    #: What the value must be, in words (`digest check`'s messages).
    wanted: str
    #: Read from input files, and given to `digest new` (anything else goes under `extra`).
    input: bool = False
    #: Written by the generator, which refreshes it while nobody has edited it.
    generated: bool = True
    #: A link (the page shows only those starting with https:// or http://).
    link: bool = False
    #: `digest new`'s option for it (input fields), and that option's help.
    option: str = ""
    help: str = ""


#: A paper page's fields, in the order pages show them (the generator's record last).
FIELDS: tuple[PaperField, ...] = (
    PaperField(
        "id",
        "id",
        "text without control characters",
        input=True,
        generated=False,
        option="--id",
        help="The paper's id (default: from its abstract).",
    ),
    PaperField("title", "text", "text", input=True, option="--title", help="The paper's title."),
    PaperField("title_derived", "flag", "true or false"),
    PaperField(
        "authors",
        "texts",
        "a list of names",
        input=True,
        option="--author",
        help="An author (repeat for more).",
    ),
    PaperField("venue", "text", "text", input=True, option="--venue", help="e.g. 'ICLR 2026'."),
    PaperField("year", "year", "a year of four digits", input=True, option="--year"),
    PaperField(
        "status", "text", "text", input=True, option="--status", help="e.g. 'Oral', 'Poster'."
    ),
    PaperField("tags", "texts", "a list of tag slugs"),
    PaperField(
        "keywords",
        "texts",
        "a list of text",
        input=True,
        option="--keyword",
        help="An author keyword (repeat for more).",
    ),
    PaperField("summary", "text", "text"),
    PaperField("tldr", "text", "text", input=True),
    PaperField(
        "url",
        "text",
        "a link",
        input=True,
        link=True,
        option="--url",
        help="The paper's page (https://...).",
    ),
    PaperField(
        "pdf",
        "text",
        "a link",
        input=True,
        link=True,
        option="--pdf",
        help="The PDF (https://...).",
    ),
    PaperField(
        "code",
        "text",
        "a link",
        input=True,
        link=True,
        option="--code",
        help="The code repository (https://...).",
    ),
    PaperField("links", "links", "a mapping of names to links", link=True),
    PaperField("facts", "mapping", "a mapping"),
    # A page's own description for search engines (main.html prints it escaped).
    PaperField("description", "text", "text", generated=False),
    PaperField("extra", "mapping", "a mapping"),
    PaperField(
        HASHES, "hashes", "the generator's mapping of hashes (leave it as it is)", generated=False
    ),
)
#: The fields by name.
FIELD = {f.name: f for f in FIELDS}
#: The fields the readers recognise in structured input (and `abstract`, the page's body).
INPUT_FIELDS = ("abstract", *(f.name for f in FIELDS if f.input))


@dataclass(frozen=True)
class Record:
    """One paper as an input file gave it, with where it came from."""

    source: str  # the input file, relative to the project root where possible
    line: int  # 1-based line where the record starts
    fields: dict[str, Any]

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}"


@dataclass
class Paper:
    """One paper after reading: given fields, normalised, plus what derivation adds."""

    id: str
    abstract: str  # Markdown body, cleaned of LaTeX-isms (see `text.clean_abstract`)
    source: str
    line: int
    title: str = ""
    authors: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    venue: str = ""
    year: int | None = None
    status: str = ""
    url: str = ""
    pdf: str = ""
    code: str = ""
    tldr: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    #: The input gave no id, so `id` is a hash of the abstract: a corrected abstract
    #: gives another id, and the paper's page follows it (generator.pipeline).
    derived_id: bool = False

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}"


@dataclass(frozen=True)
class Derived:
    """What the derivation stage adds to a paper, from its text alone."""

    title: str
    title_derived: bool
    tags: list[str]
    summary: str
    facts: dict[str, Any]
    links: dict[str, str]


@dataclass(frozen=True)
class PageData:
    """A paper page as the site sees it: its front matter and its Markdown body."""

    path: str  # relative to the docs folder, e.g. "papers/smart-r1.md"
    meta: dict[str, Any]
    body: str

    @property
    def fields(self) -> Fields:
        """The front matter's values, typed."""
        return Fields(self.meta)

    @property
    def slug(self) -> str:
        return self.path.removeprefix("papers/").removesuffix(".md")

    @property
    def id(self) -> str:
        return str(self.meta.get("id", ""))

    @property
    def title(self) -> str:
        return str(self.meta.get("title") or "")

    @property
    def tags(self) -> list[str]:
        tags = self.meta.get("tags") or []
        return [str(t) for t in tags] if isinstance(tags, list) else []


class Fields:
    """A page's front matter read as the declaration (`FIELDS`) types it: the one place that
    looks values up by name. A value that is absent or of another type reads as empty
    (`digest check` refuses such a page; a preview of a page being edited may have one)."""

    __slots__ = ("meta",)

    def __init__(self, meta: Mapping[str, Any]) -> None:
        self.meta = meta

    def _text(self, name: str) -> str:
        return str(self.meta.get(name) or "")

    def _texts(self, name: str) -> list[str]:
        found = self.meta.get(name)
        return [str(v) for v in found] if isinstance(found, list) else []

    def _mapping(self, name: str) -> dict[str, Any]:
        found = self.meta.get(name)
        return found if isinstance(found, dict) else {}

    def link(self, name: str) -> str:
        """A link field's value (`url`, `pdf`, `code`) when it is text, else ""."""
        found = self.meta.get(name)
        return found if isinstance(found, str) else ""

    @property
    def title(self) -> str:
        return self._text("title")

    @property
    def authors(self) -> list[str]:
        return self._texts("authors")

    @property
    def venue(self) -> str:
        return self._text("venue")

    @property
    def year(self) -> int | None:
        found = self.meta.get("year")
        return found if type(found) is int else None

    @property
    def status(self) -> str:
        return self._text("status")

    @property
    def keywords(self) -> list[str]:
        return self._texts("keywords")

    @property
    def summary(self) -> str:
        return self._text("summary")

    @property
    def tldr(self) -> str:
        return self._text("tldr")

    @property
    def links(self) -> dict[str, Any]:
        return self._mapping("links")

    @property
    def facts(self) -> dict[str, Any]:
        return self._mapping("facts")


@dataclass(frozen=True)
class Output:
    """One file to write: its path relative to the project root, and its text."""

    path: str
    text: str
    #: The file's bytes instead of its text, for a compressed download.
    data: bytes | None = None


#: Characters (as JSON) a paper's fields besides its abstract may hold: its front matter
#: stays far below what generator.pages.page refuses to read back.
MAX_FIELDS = 256 << 10

_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _problem(record: Record, message: str) -> DigestError:
    return DigestError(Problem(record.source, record.line, message))


def _check_text(value: Any, name: str, record: Record) -> None:
    """Refuse text that cannot be written as UTF-8 (a JSON escape such as "\\ud800")."""
    if isinstance(value, str):
        found = _SURROGATE.search(value)
        if found:
            raise _problem(
                record,
                f"'{name}' holds a lone surrogate (\\u{ord(found.group()):04x}), which is not "
                "a character; fix the JSON escape",
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, name, record)
            _check_text(item, f"{name}.{key}", record)
    elif isinstance(value, list):
        for item in value:
            _check_text(item, name, record)


def _as_text(value: Any, name: str, record: Record, *, collapse: bool = True) -> str:
    """A one-line text field: control characters go, whitespace runs become one space."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise _problem(record, f"'{name}' must be text, not {_kind(value)}")
    text = CONTROL.sub("", str(value))
    return " ".join(text.split()) if collapse else text.strip()


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", bool: "true/false"}
    return names.get(type(value), type(value).__name__)


def _as_list(value: Any, name: str, record: Record) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, list):
        items = []
        for item in value:
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                item = item["name"]  # authors given as {"name": ..., "affiliation": ...}
            items.append(_as_text(item, name, record))
        return [item for item in items if item]
    text = _as_text(value, name, record)
    if text.startswith("["):
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        if isinstance(parsed, list):
            return _as_list(parsed, name, record)
    separator = ";" if ";" in text else ","
    return [part.strip() for part in text.split(separator) if part.strip()]


def _as_year(value: Any, record: Record) -> int | None:
    if value is None or value == "":
        return None
    text = str(value).strip()
    shown = repr(value) if len(text) <= 20 else f"{text[:12]}... ({len(text):,} characters)"
    if isinstance(value, bool) or not re.fullmatch(r"\d{4}", text) or int(text) not in YEARS:
        # A year of 5,000 digits is no year (and int() refuses more than 4,300 digits); nor
        # is 0, which a feed would write as the date 0-01-01.
        problem = "is not a whole number" if not text.lstrip("-").isdigit() else "is not a year"
        raise DigestError(Problem(record.source, record.line, f"year {shown} {problem}"))
    return int(text)


def paper_from_record(record: Record) -> Paper:
    """Normalise one input record: known fields typed, unknown ones kept under `extra`."""
    fields = record.fields
    for key, value in fields.items():
        _check_text(key, "a field name", record)
        _check_text(value, str(key), record)
    raw_abstract = str(fields.get("abstract") or "")
    raw_id = fields.get("id")
    # Dropped, a control character could make two ids one; an id must be exact.
    found = CONTROL.search(raw_id) if isinstance(raw_id, str) else None
    if found:
        raise _problem(
            record,
            f"'id' holds a control character (\\x{ord(found.group()):02x}), which no id may hold",
        )
    others = len(
        json.dumps(
            [v for k, v in fields.items() if k != "abstract"], ensure_ascii=False, default=str
        )
    )
    if others > MAX_FIELDS:
        raise _problem(
            record,
            f"the fields besides the abstract hold {others:,} characters, more than the "
            f"{MAX_FIELDS:,} a paper's page may carry",
        )
    given_id = _as_text(raw_id, "id", record, collapse=False)
    extra = {
        str(k): v
        for k, v in fields.items()
        if k not in INPUT_FIELDS and v not in (None, "", [], {})
    }
    abstract = clean_abstract(raw_abstract)
    bounded = body_problems(abstract, record.source, record.line)
    if bounded:
        raise _problem(record, bounded[0].message.replace("the text has", "the abstract has"))
    given = {
        f.name: _READ[f.kind](fields.get(f.name), f.name, record)
        for f in FIELDS
        if f.input and f.kind != "id"
    }
    return Paper(
        id=given_id or content_id(raw_abstract),
        abstract=abstract,
        source=record.source,
        line=record.line,
        **given,
        extra=extra,
        derived_id=not given_id,
    )


def _as_year_field(value: Any, name: str, record: Record) -> int | None:
    return _as_year(value, record)


#: How the readers take an input field of each kind.
_READ: dict[str, Callable[[Any, str, Record], Any]] = {
    "text": _as_text,
    "texts": _as_list,
    "year": _as_year_field,
}


def fill_missing(first: Paper, later: Paper) -> None:
    """The paper read first takes what a later copy of it gives and it lacks."""
    for f in FIELDS:
        if f.input and f.kind != "id" and _empty(getattr(first, f.name)):
            setattr(first, f.name, getattr(later, f.name))
    for key, value in later.extra.items():
        first.extra.setdefault(key, value)


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == []
