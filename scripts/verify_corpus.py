#!/usr/bin/env python3
"""Check that generating a digest loses nothing: every paper in is a page out or a reported
duplicate, and every field of every input record is in its page's front matter.

    python scripts/verify_corpus.py papers.jsonl.gz [more inputs...] [--root PROJECT]

The inputs are generated into a temporary copy of the project (its settings, taxonomy,
templates and theme; not its pages), so the project itself is not touched. Prints the
figures and exits 1 when anything was lost.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from generator.config import load_config  # noqa: E402
from generator.model import (  # noqa: E402
    INPUT_FIELDS,
    Paper,
    paper_from_record,
)
from generator.pages.page import parse_page  # noqa: E402
from generator.pages.readers import read_file  # noqa: E402
from generator.pipeline import generate  # noqa: E402
from generator.text import content_id  # noqa: E402

#: Paper fields and the front-matter key each is kept under.
SCALARS = ("title", "venue", "year", "status", "url", "pdf", "code", "tldr")
LISTS = ("authors", "keywords")


@dataclass
class Verification:
    records: int = 0  # records the readers found in the inputs
    papers: int = 0  # distinct papers the pipeline kept
    pages: int = 0  # paper pages written
    duplicates: int = 0  # records reported as repeating another
    same_abstract: int = 0  # papers kept apart (other ids) though their abstracts match
    fields: int = 0  # input field values found in a page
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems and self.records == self.pages + self.duplicates

    def lines(self) -> Iterator[str]:
        yield (
            f"{self.records} records in → {self.pages} pages + {self.duplicates} duplicates "
            f"reported ({self.papers} distinct papers, {self.same_abstract} of them sharing "
            f"an abstract with another under another id); {self.fields} field values "
            f"checked in {self.seconds:.1f}s"
        )
        if self.records != self.pages + self.duplicates:
            yield f"LOST: {self.records - self.pages - self.duplicates} records have no page"
        for problem in self.problems[:50]:
            yield f"LOST: {problem}"
        if len(self.problems) > 50:
            yield f"... and {len(self.problems) - 50} more"
        yield "nothing lost" if self.ok else "something was lost"


def copy_project(source: Path, target: Path) -> None:
    """The project's own files, and an inputs folder."""
    from generator.config import copy_project as copy_files

    copy_files(source, target)
    (target / "inputs").mkdir(exist_ok=True)


def _compare(
    paper: Paper, raw: dict[str, Any], page: tuple[dict[str, Any], str], first: bool
) -> Iterator[tuple[str, str | None]]:
    """(field, problem or None) for every non-empty input field of one record."""
    meta, body = page
    if first:
        yield "abstract", None if body == paper.abstract else "abstract differs from the body"
    else:  # a repeat: its abstract is the first one's, up to case and spacing
        same = content_id(body) == content_id(paper.abstract) or paper.id == meta.get("id")
        yield "abstract", None if same else "abstract is not the page's"
    for name in SCALARS:
        value = getattr(paper, name)
        if value in ("", None):
            continue
        shown = meta.get(name)
        if first:
            yield name, None if shown == value else f"{name} is {shown!r}, input {value!r}"
        else:
            yield name, None if shown not in ("", None) else f"{name} is missing"
    for name in LISTS:
        value = getattr(paper, name)
        if not value:
            continue
        shown = meta.get(name)
        if first:
            yield name, None if shown == value else f"{name} is {shown!r}, input {value!r}"
        else:
            yield name, None if shown else f"{name} is missing"
    found_extra = meta.get("extra")
    extra: dict[str, Any] = found_extra if isinstance(found_extra, dict) else {}
    for key, value in raw.items():
        if key in INPUT_FIELDS or value in (None, "", [], {}):
            continue
        found = extra.get(key) == value if first else key in extra
        yield f"extra.{key}", None if found else f"field {key!r} is not under extra"


def verify(inputs: list[Path], root: Path = REPO, workdir: Path | None = None) -> Verification:
    """Generate `inputs` into a copy of the project at `root`, then account for every field."""
    started = time.perf_counter()
    result = Verification()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        project = Path(tmp) / "project"
        copy_project(root, project)
        config = load_config(project)
        report = generate(config, [path.resolve() for path in inputs])
        result.papers = report.papers
        result.duplicates = len(report.duplicates)
        result.same_abstract = sum("same abstract" in w.message for w in report.warnings)
        pages: dict[str, tuple[dict[str, Any], str]] = {}
        for path in sorted(config.papers_dir.glob("*.md")):
            meta, body, _ = parse_page(path.read_text(encoding="utf-8"), path.name)
            pages[str(meta["id"])] = (meta, body)
        result.pages = len(pages)
        seen: set[str] = set()
        for path in inputs:
            for record in read_file(path, str(path)):
                result.records += 1
                paper = paper_from_record(record)
                page = pages.get(paper.id)
                if page is None:
                    result.problems.append(f"{record.where}: no page has id {paper.id!r}")
                    continue
                first = paper.id not in seen
                seen.add(paper.id)
                for _name, problem in _compare(paper, record.fields, page, first):
                    if problem is None:
                        result.fields += 1
                    else:
                        result.problems.append(f"{record.where} ({paper.id}): {problem}")
    result.seconds = time.perf_counter() - started
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", type=Path, help="input files, e.g. papers.jsonl.gz")
    parser.add_argument("--root", type=Path, default=REPO, help="the project (default: this one)")
    args = parser.parse_args(argv)
    result = verify(args.inputs, args.root)
    for line in result.lines():
        print(line)
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
