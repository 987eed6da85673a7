"""The paper model: plain data passed between the pipeline's stages."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from generator.errors import DigestError, Problem
from generator.text import clean_abstract, content_id

#: Fields the readers recognise in structured input; anything else is kept under `extra`.
KNOWN_FIELDS = (
    "id",
    "title",
    "abstract",
    "authors",
    "keywords",
    "venue",
    "year",
    "status",
    "url",
    "pdf",
    "code",
    "tldr",
)
LIST_FIELDS = frozenset({"authors", "keywords"})


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


def _as_list(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, list):
        return [str(v).strip() for v in value if str(v).strip()]
    text = str(value).strip()
    if text.startswith("["):
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        if isinstance(parsed, list):
            return [str(v).strip() for v in parsed if str(v).strip()]
    separator = ";" if ";" in text else ","
    return [part.strip() for part in text.split(separator) if part.strip()]


def _as_year(value: Any, record: Record) -> int | None:
    if value is None or value == "":
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        raise DigestError(
            Problem(record.source, record.line, f"year {value!r} is not a whole number")
        ) from None


def paper_from_record(record: Record) -> Paper:
    """Normalise one input record: known fields typed, unknown ones kept under `extra`."""
    fields = record.fields
    raw_abstract = str(fields.get("abstract") or "")
    given_id = str(fields.get("id") or "").strip()
    extra = {
        str(k): v
        for k, v in fields.items()
        if k not in KNOWN_FIELDS and v not in (None, "", [], {})
    }
    return Paper(
        id=given_id or content_id(raw_abstract),
        abstract=clean_abstract(raw_abstract),
        source=record.source,
        line=record.line,
        title=" ".join(str(fields.get("title") or "").split()),
        authors=_as_list(fields.get("authors")),
        keywords=_as_list(fields.get("keywords")),
        venue=str(fields.get("venue") or "").strip(),
        year=_as_year(fields.get("year"), record),
        status=str(fields.get("status") or "").strip(),
        url=str(fields.get("url") or "").strip(),
        pdf=str(fields.get("pdf") or "").strip(),
        code=str(fields.get("code") or "").strip(),
        tldr=" ".join(str(fields.get("tldr") or "").split()),
        extra=extra,
    )
