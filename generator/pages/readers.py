"""Read input files into records: plain text, JSON, JSON Lines and CSV, gzipped or not.

Readers only read: they return `Record`s (or raise `DigestError` naming the file and
line) and never touch the docs folder.
"""

from __future__ import annotations

import codecs
import csv
import gzip
import io
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from generator.bounds import MAX_BODY
from generator.errors import DigestError, Problem
from generator.model import Record

PLAIN_SUFFIXES = (".txt", ".md", ".markdown", ".text")
SUFFIXES = (*PLAIN_SUFFIXES, ".json", ".jsonl", ".ndjson", ".csv")

_KINDS = {".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}
_HEADING_MAX = 150

# Limits far above any real input (the longest of 9,570 real abstracts has 4,433 characters),
# so that a hostile or broken file is refused quickly, naming its line, instead of taking
# minutes and gigabytes and writing a page GitHub refuses to store.
#: Bytes in one line of a text, JSON Lines or CSV file (a JSON Lines line holds a paper,
#: whose abstract may be MAX_ABSTRACT characters of up to 6 bytes each as JSON escapes).
MAX_LINE = 16 << 20
#: Bytes in a JSON file, which is read whole (JSON Lines streams any number of papers).
MAX_JSON = 256 << 20
#: Characters in one abstract: what a page's body may hold (generator/bounds.py).
MAX_ABSTRACT = MAX_BODY
#: Levels of nesting in one JSON record (a paper is an object of lists of objects at most).
MAX_DEPTH = 20
#: Digits in one JSON number.
MAX_DIGITS = 30
_WORD = re.compile(r"\w+")


def kind_of(path: Path, shown: str | None = None) -> str:
    """Return the input format named by the file's extension (".gz" is looked through)."""
    name = path.name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    for suffix in SUFFIXES:
        if name.endswith(suffix):
            return _KINDS.get(suffix, "text")
    suffix = Path(name).suffix or "(none)"
    raise DigestError(
        Problem(
            shown or str(path),
            0,
            f"unknown file type {suffix}: expected one of {', '.join(SUFFIXES)} (optionally .gz)",
        )
    )


def expand_inputs(paths: Iterable[Path]) -> list[Path]:
    """Turn the command line's files and folders into a sorted list of input files."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(
                p for p in path.iterdir() if p.is_file() and not p.name.startswith((".", "README"))
            )
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise DigestError(Problem(str(path), 0, "no such file or folder"))
    return files


def read_file(path: Path, shown: str | None = None) -> Iterator[Record]:
    """Yield the records of one input file."""
    name = shown or str(path)
    kind = kind_of(path, name)
    lines = _decoded_lines(path, name, whole=kind == "json")
    if kind == "text":
        yield from _read_text(lines, name)
    elif kind == "jsonl":
        yield from _read_jsonl(lines, name)
    elif kind == "json":
        yield from _read_json("".join(lines), name)
    else:
        yield from _read_csv(lines, name)


def digest_title(paths: Iterable[Path]) -> str:
    """Return the heading of the first plain-text input that has one, else ""."""
    for path in paths:
        if kind_of(path) != "text":
            continue
        for record in _read_text(_decoded_lines(path, str(path)), str(path), headings=True):
            if record.fields.get("heading"):
                return str(record.fields["heading"])
            break
    return ""


def _open(path: Path) -> io.BufferedReader | gzip.GzipFile:
    if path.name.lower().endswith(".gz"):
        return gzip.GzipFile(path, "rb")
    return path.open("rb")


def _bounded(raw: io.BufferedReader | gzip.GzipFile, name: str, whole: bool) -> Iterator[bytes]:
    """A file's lines as bytes, never reading more than a limit into memory.

    `whole` files (JSON, read at once) are limited in size; others line by line.
    """
    limit = MAX_JSON if whole else MAX_LINE
    total = 0
    number = 0
    while True:
        chunk = raw.readline(limit + 1)
        if not chunk:
            return
        number += 1
        total += len(chunk)
        if whole and total > MAX_JSON:
            raise DigestError(
                Problem(
                    name,
                    0,
                    f"is larger than {MAX_JSON >> 20} MB, the most a JSON file may hold: "
                    "write one paper a line as JSON Lines (.jsonl), which has no limit",
                )
            )
        if not whole and len(chunk) > MAX_LINE:
            raise DigestError(
                Problem(
                    name,
                    number,
                    f"line {number} is longer than {MAX_LINE >> 20} MB: "
                    "no paper needs that much; is this the right file?",
                )
            )
        yield chunk


def _decoded_lines(path: Path, name: str, *, whole: bool = False) -> Iterator[str]:
    """Stream a file's lines as text: UTF-8 with or without BOM, LF or CRLF, no NULs."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    try:
        with _open(path) as raw:
            head = raw.peek(8192)[:8192]
            if b"\0" in head:
                raise DigestError(Problem(name, 0, _binary_or_utf16(head)))
            first = True
            for number, chunk in enumerate(_bounded(raw, name, whole), start=1):
                if first:
                    chunk = chunk.removeprefix(codecs.BOM_UTF8)
                    first = False
                if b"\0" in chunk:
                    raise DigestError(
                        Problem(name, number, "holds NUL bytes: this looks like a binary file")
                    )
                try:
                    text = decoder.decode(chunk)
                except UnicodeDecodeError as exc:
                    raise DigestError(
                        Problem(
                            name,
                            number,
                            f"is not valid UTF-8 (byte 0x{chunk[exc.start]:02x} at column "
                            f"{exc.start + 1}); save the file as UTF-8",
                        )
                    ) from None
                text = text.replace("\r\n", "\n")
                if "\r" in text:  # old Mac line ends: one chunk holds many lines
                    *lines, last = text.replace("\r", "\n").split("\n")
                    yield from (line + "\n" for line in lines)
                    if last:
                        yield last
                else:
                    yield text
            decoder.decode(b"", final=True)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise DigestError(Problem(name, 0, f"cannot be read: {exc}")) from None
    except UnicodeDecodeError:
        raise DigestError(Problem(name, 0, "ends inside a UTF-8 character")) from None


def _binary_or_utf16(head: bytes) -> str:
    """Say why a file with NUL bytes cannot be read: UTF-16/32 text, or not text at all."""
    boms = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
    if head.startswith(boms) or any(_mostly_text(head, c) for c in ("utf-16-le", "utf-16-be")):
        return "is UTF-16 or UTF-32 text, not UTF-8: save the file as UTF-8"
    return "holds NUL bytes: this looks like a binary file"


def _mostly_text(head: bytes, encoding: str) -> bool:
    try:
        text = head[: len(head) // 2 * 2].decode(encoding)
    except UnicodeDecodeError:
        return False
    readable = sum(ch.isprintable() or ch in "\t\r\n" for ch in text)
    return bool(text) and readable >= 0.95 * len(text)


def _is_heading(paragraph: list[str]) -> bool:
    if len(paragraph) != 1:
        return False
    line = paragraph[0].strip()
    if line.startswith("#"):
        return True
    return len(line) <= _HEADING_MAX and not line.endswith((".", "。", "!", "?"))


def _join(lines: list[str]) -> str:
    """Join a hard-wrapped paragraph; lines meeting between two CJK characters join tight."""
    out = ""
    for raw in lines:
        line = raw.strip()
        if not out:
            out = line
        elif _cjk(out[-1]) and _cjk(line[0]):
            out += line
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and line[:1].islower():
            out = out + line  # a word hyphenated across lines keeps its hyphen
        else:
            out += " " + line
    return out


def _cjk(char: str) -> bool:
    return (
        "\u3000" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or "\uff00" <= char <= "\uffef"
    )


def _read_text(lines: Iterable[str], name: str, headings: bool = False) -> Iterator[Record]:
    """Plain text: an optional heading line, then one abstract per paragraph."""
    paragraph: list[str] = []
    start = 0
    seen_any = False
    yielded = False
    heading_line = 0

    def flush() -> Iterator[Record]:
        nonlocal seen_any, yielded, heading_line
        if not paragraph:
            return
        if not seen_any and _is_heading(paragraph):
            seen_any = True
            heading_line = start
            if headings:
                yield Record(name, start, {"heading": paragraph[0].strip().lstrip("#").strip()})
            return
        seen_any = True
        yielded = True
        yield Record(name, start, {"abstract": _join(paragraph)})

    size = 0
    for number, line in enumerate(lines, start=1):
        if line.strip():
            if not paragraph:
                start = number
                size = 0
            paragraph.append(line)
            size += len(line)
            if size > MAX_ABSTRACT:
                raise DigestError(Problem(name, start, _too_long(size)))
        else:
            yield from flush()
            paragraph = []
    yield from flush()
    if headings:
        return
    if not yielded:
        what = "holds only a heading" if seen_any else "is empty"
        raise DigestError(
            Problem(name, heading_line, f"{what}: expected abstracts, one a paragraph")
        )


def _check_record(value: Any, name: str, line: int, label: str) -> Record:
    if not isinstance(value, dict):
        raise DigestError(
            Problem(name, line, f"{label} is a {type(value).__name__}, expected an object")
        )
    abstract = value.get("abstract")
    if not isinstance(abstract, str) or not abstract.strip():
        raise DigestError(Problem(name, line, f"{label} has no abstract"))
    if len(abstract) > MAX_ABSTRACT:
        raise DigestError(Problem(name, line, f"{label}: {_too_long(len(abstract))}"))
    if _depth(value) > MAX_DEPTH:
        raise DigestError(
            Problem(name, line, f"{label} is nested more than {MAX_DEPTH} levels deep")
        )
    return Record(name, line, value)


def _too_long(size: int) -> str:
    return (
        f"the abstract has {size:,} characters, more than the {MAX_ABSTRACT:,} an abstract "
        "may have: is a blank line missing between two abstracts?"
    )


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in a JSON value (without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                children = item.values() if isinstance(item, dict) else item
                stack.extend((child, level + 1) for child in children)
    return deepest


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberTooLong(text)
    return int(text)


class _NumberTooLong(ValueError):
    """A JSON number with more digits than any field needs."""


def _loads(text: str, name: str, line: int) -> Any:
    """json.loads, its errors (and bounds) as problems naming the file and line."""
    try:
        return json.loads(text, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise DigestError(
            Problem(name, line + exc.lineno - 1, f"invalid JSON: {exc.msg}")
        ) from None
    except _NumberTooLong as exc:
        at = line + text.count("\n", 0, max(text.find(str(exc)), 0))
        raise DigestError(
            Problem(name, at, f"a number has more than {MAX_DIGITS} digits ({str(exc)[:12]}...)")
        ) from None
    except RecursionError:
        at = line + text.count("\n", 0, _too_deep_at(text))
        raise DigestError(
            Problem(name, at, f"JSON nested more than {MAX_DEPTH} levels deep")
        ) from None


def _too_deep_at(text: str) -> int:
    """Where brackets outside strings first nest deeper than MAX_DEPTH (0 if they never do)."""
    depth = 0
    in_string = escaped = False
    for at, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return at
        elif char in "]}":
            depth -= 1
    return 0


def _read_jsonl(lines: Iterable[str], name: str) -> Iterator[Record]:
    count = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        value = _loads(line, name, number)
        count += 1
        yield _check_record(value, name, number, f"record {count}")
    if not count:
        raise DigestError(Problem(name, 0, "is empty: expected one JSON object a line"))


def _read_json(text: str, name: str) -> Iterator[Record]:
    """A JSON array of objects (or an object whose "papers" is one), with each record's line."""
    decoder = json.JSONDecoder(parse_int=_int)
    if not text.strip():
        raise DigestError(Problem(name, 0, "is empty: expected a JSON array of papers"))
    whole = _loads(text, name, 1)
    if isinstance(whole, dict) and isinstance(whole.get("papers"), list):
        items: list[Any] = whole["papers"]
        starts = [0] * len(items)
    elif isinstance(whole, list):
        items = whole
        starts = _element_starts(text, decoder)
    else:
        raise DigestError(Problem(name, 1, "expected a JSON array of paper objects"))
    if not items:
        raise DigestError(Problem(name, 1, "holds no papers"))
    for index, value in enumerate(items):
        line = text.count("\n", 0, starts[index]) + 1 if starts[index] else 1
        yield _check_record(value, name, line, f"record {index + 1}")


def _element_starts(text: str, decoder: json.JSONDecoder) -> list[int]:
    """Offsets where each element of a top-level JSON array begins."""
    starts: list[int] = []
    pos = text.index("[") + 1
    ws = re.compile(r"[\s,]*")
    while True:
        match = ws.match(text, pos)
        pos = match.end() if match else pos
        if pos >= len(text) or text[pos] == "]":
            return starts
        starts.append(pos)
        _, pos = decoder.raw_decode(text, pos)


def _read_csv(lines: Iterable[str], name: str) -> Iterator[Record]:
    # A cell may hold a whole abstract, which can be longer than csv's 128 KiB default.
    csv.field_size_limit(MAX_ABSTRACT * 4)
    # Strict, so a quote that is never closed is an error, not a row that eats the file.
    reader = csv.DictReader(lines, strict=True)
    if not reader.fieldnames:
        raise DigestError(Problem(name, 0, "is empty: expected a header row, then one paper a row"))
    fields = [f.strip().lower() for f in reader.fieldnames]
    if "abstract" not in fields:
        raise DigestError(Problem(name, 1, "has no 'abstract' column in its header row"))
    reader.fieldnames = fields
    count = 0
    start = reader.line_num + 1
    try:
        for row in reader:
            count += 1
            value = {k: v for k, v in row.items() if k is not None}
            if None in row:
                raise DigestError(
                    Problem(name, start, f"row {count} has more cells than the header")
                )
            yield _check_record(value, name, start, f"row {count}")
            start = reader.line_num + 1
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            raise DigestError(
                Problem(name, start, f"row {count + 1} opens a quoted cell that is never closed")
            ) from None
        raise DigestError(Problem(name, reader.line_num, f"invalid CSV: {exc}")) from None
    if not count:
        raise DigestError(Problem(name, 1, "holds only a header row"))
