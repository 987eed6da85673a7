"""The readers: plain text as the seed is written, JSON, JSON Lines, CSV; and their errors."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from generator.errors import DigestError
from generator.pages.readers import digest_title, expand_inputs, kind_of, read_file
from tests.conftest import SEED


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def abstracts(path: Path) -> list[str]:
    return [r.fields["abstract"] for r in read_file(path)]


def error_of(path: Path) -> str:
    with pytest.raises(DigestError) as caught:
        list(read_file(path, path.name))
    return str(caught.value)


def test_seed_has_a_heading_and_nineteen_abstracts() -> None:
    records = list(read_file(SEED))
    assert len(records) == 19
    assert digest_title([SEED]) == "ICLR 2026 论文列表"
    assert records[0].line == 3
    assert records[0].fields["abstract"].startswith("Off-policy reinforcement learning")
    assert all("\n" not in r.fields["abstract"] for r in records)


def test_hard_wrapped_paragraphs_are_joined_and_blank_runs_separate(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "a.txt",
        "My Digest\n\nFirst abstract line one\n  line two.\n\n\n\nSecond abstract is\nhere.\n",
    )
    assert abstracts(path) == ["First abstract line one line two.", "Second abstract is here."]
    assert [r.line for r in read_file(path)] == [3, 8]


def test_bom_and_crlf_are_accepted(tmp_path: Path) -> None:
    path = write(tmp_path, "a.txt", "\ufeffTitle\r\n\r\nAn abstract\r\nwrapped.\r\n".encode())
    assert abstracts(path) == ["An abstract wrapped."]
    assert digest_title([path]) == "Title"


def test_a_first_paragraph_that_reads_as_an_abstract_is_not_a_heading(tmp_path: Path) -> None:
    path = write(tmp_path, "a.txt", "We study a problem and solve it.\n\nAnother one.\n")
    assert len(abstracts(path)) == 2
    assert digest_title([path]) == ""


def test_cjk_lines_join_without_a_space(tmp_path: Path) -> None:
    path = write(tmp_path, "a.txt", "标题\n\n我们提出了一种\n新的方法。\n")
    assert abstracts(path) == ["我们提出了一种新的方法。"]


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("empty.txt", "", "empty.txt: error: is empty"),
        ("blank.txt", "\n\n  \n", "blank.txt: error: is empty"),
        ("heading.txt", "ICLR 2026 论文列表\n", "heading.txt:1: error: holds only a heading"),
        ("bad.txt", b"Title\n\nabc \xff\xfe def\n", "bad.txt:3: error: is not valid UTF-8"),
        ("bin.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00", "bin.txt: error: holds NUL bytes"),
        (
            "x.jsonl",
            '{"abstract": "ok"}\n{"title": "no abstract"}\n',
            "x.jsonl:2: error: record 2 has no abstract",
        ),
        ("x.jsonl", '{"abstract": "ok"}\n{oops\n', "x.jsonl:2: error: invalid JSON"),
        (
            "x.json",
            '[\n {"abstract": "a"},\n {"abstract": ""}\n]',
            "x.json:3: error: record 2 has no abstract",
        ),
        ("x.json", '{"abstract": "a"}', "x.json:1: error: expected a JSON array"),
        ("x.csv", "title,abstract\nA,one\nB,\n", "x.csv:3: error: row 2 has no abstract"),
        ("x.csv", "title,summary\nA,one\n", "x.csv:1: error: has no 'abstract' column"),
    ],
)
def test_bad_input_gets_one_line_naming_file_and_line(
    tmp_path: Path, name: str, content: str | bytes, expected: str
) -> None:
    message = error_of(write(tmp_path, name, content))
    assert message.startswith(expected), message
    assert "\n" not in message


def test_unknown_extension_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(DigestError, match=r"unknown file type \.pdf.*\.txt.*\.jsonl"):
        kind_of(tmp_path / "paper.pdf")


def test_structured_inputs_keep_every_field(tmp_path: Path) -> None:
    record = {
        "id": "X1",
        "title": "T",
        "abstract": "A.",
        "authors": ["A B"],
        "venue": "ICLR 2026",
        "year": 2026,
        "track": "main",
    }
    paths = [
        write(tmp_path, "a.json", json.dumps([record])),
        write(tmp_path, "b.jsonl", json.dumps(record) + "\n"),
    ]
    gz = tmp_path / "c.jsonl.gz"
    gz.write_bytes(gzip.compress((json.dumps(record) + "\n").encode()))
    for path in [*paths, gz]:
        (only,) = list(read_file(path))
        assert only.fields == record


def test_csv_has_header_row_and_row_lines(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "a.csv",
        'Title,Abstract,Authors,Track\nOne,"First,\nwith a newline",A; B,x\nTwo,Second,C,y\n',
    )
    records = list(read_file(path))
    assert [r.line for r in records] == [2, 4]
    assert records[0].fields == {
        "title": "One",
        "abstract": "First,\nwith a newline",
        "authors": "A; B",
        "track": "x",
    }


def test_json_records_know_their_line(tmp_path: Path) -> None:
    path = write(tmp_path, "a.json", '[\n  {"abstract": "a"},\n\n  {"abstract": "b"}\n]\n')
    assert [r.line for r in read_file(path)] == [2, 4]


def test_folders_expand_to_their_files_sorted(tmp_path: Path) -> None:
    write(tmp_path, "b.txt", "x")
    write(tmp_path, "a.jsonl", "x")
    write(tmp_path, "README.md", "about this folder")
    assert [p.name for p in expand_inputs([tmp_path])] == ["a.jsonl", "b.txt"]
    with pytest.raises(DigestError, match="no such file"):
        expand_inputs([tmp_path / "missing.txt"])
