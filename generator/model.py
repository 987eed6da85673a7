"""The paper model: plain data passed between the pipeline's stages."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from generator.bounds import body_problems
from generator.errors import DigestError, Problem
from generator.pages.schema import INPUT_FIELDS, YEARS
from generator.text import CONTROL, clean_abstract, content_id


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
    return Paper(
        id=given_id or content_id(raw_abstract),
        abstract=abstract,
        source=record.source,
        line=record.line,
        title=_as_text(fields.get("title"), "title", record),
        authors=_as_list(fields.get("authors"), "authors", record),
        keywords=_as_list(fields.get("keywords"), "keywords", record),
        venue=_as_text(fields.get("venue"), "venue", record),
        year=_as_year(fields.get("year"), record),
        status=_as_text(fields.get("status"), "status", record),
        url=_as_text(fields.get("url"), "url", record),
        pdf=_as_text(fields.get("pdf"), "pdf", record),
        code=_as_text(fields.get("code"), "code", record),
        tldr=_as_text(fields.get("tldr"), "tldr", record),
        extra=extra,
        derived_id=not given_id,
    )
