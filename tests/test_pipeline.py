"""The pipeline end to end, short of MkDocs: inputs in, pages and derived pages out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator import pipeline
from generator.config import Config
from generator.derive import derive as derive_here
from generator.errors import DigestError
from generator.model import Derived, Paper
from generator.pages.page import ReadPages, parse_page
from generator.pipeline import generate
from generator.taxonomy import Taxonomy
from tests.conftest import SEED, MakeProject, tree

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate


def pages_of(root: Path) -> dict[str, dict[str, object]]:
    out = {}
    for path in sorted((root / "site_src" / "papers").glob("*.md")):
        meta, _, _ = parse_page(path.read_text(encoding="utf-8"), path.name)
        out[path.name] = meta
    return out


def test_seed_gives_nineteen_pages_and_derived_pages(seed_project: Config) -> None:
    report = generate(seed_project)
    root = seed_project.root
    assert report.papers == 19 and len(report.new) == 19
    pages = pages_of(root)
    assert len(pages) == 19
    for meta in pages.values():
        assert meta["title"] and meta["title_derived"] is True
        assert isinstance(meta["tags"], list) and 1 <= len(meta["tags"]) <= 6
        assert meta["summary"]
    home = (root / "site_src" / "index.md").read_text(encoding="utf-8")
    assert "# ICLR 2026 论文列表" in home and "19" in home
    tags = {p.parent.name for p in (root / "site_src" / "tags").glob("*/index.md")}
    used = {t for meta in pages.values() for t in meta["tags"]}  # type: ignore[attr-defined]
    assert tags == used
    folder = root / ".digest" / "parts" / "papers"
    slugs = [slug for p in folder.iterdir() for slug in json.loads(p.read_text(encoding="utf-8"))]
    assert sorted(slugs) == sorted(name.removesuffix(".md") for name in pages)


def test_generation_is_deterministic_and_a_rerun_writes_nothing(
    make_project: MakeProject, tmp_path: Path
) -> None:
    text = SEED.read_text(encoding="utf-8")
    one = make_project({"seed.txt": text}, root=tmp_path / "one")
    two = make_project({"seed.txt": text}, root=tmp_path / "two")
    generate(one)
    generate(two)
    assert tree(one.root, "site_src") == tree(two.root, "site_src")
    assert tree(one.root, "overrides") == tree(two.root, "overrides")
    before = {p: p.stat().st_mtime_ns for p in one.root.rglob("*") if p.is_file()}
    again = generate(one)
    assert again.written.written == [] and again.new == [] and again.updated == []
    after = {p: p.stat().st_mtime_ns for p in one.root.rglob("*") if p.is_file()}
    # The pages the first run wrote were read for the first time: the cache of read pages
    # learns them, and nothing else changes; a third run changes nothing at all.
    read = one.state_dir / "cache" / ReadPages.FILE
    assert {p for p in after if after[p] != before.get(p)} == {read}
    generate(one)
    assert {p: p.stat().st_mtime_ns for p in one.root.rglob("*") if p.is_file()} == after


def test_papers_derived_half_in_a_second_process_give_the_same_pages(
    make_project: MakeProject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = SEED.read_text(encoding="utf-8")
    one = make_project({"seed.txt": text}, root=tmp_path / "one")
    two = make_project({"seed.txt": text}, root=tmp_path / "two")
    generate(one)  # 19 papers: fewer than PARALLEL_DERIVE, all derived here
    here: list[str] = []

    def derive(paper: Paper, taxonomy: Taxonomy) -> Derived:
        here.append(paper.id)
        return derive_here(paper, taxonomy)

    monkeypatch.setattr(pipeline, "PARALLEL_DERIVE", 2)
    monkeypatch.setattr(pipeline, "derive", derive)
    generate(two)
    assert len(here) == 9  # the other 10 by the second process
    assert tree(one.root, "site_src") == tree(two.root, "site_src")
    cached = [json.loads((c.state_dir / "cache" / "derived.json").read_text()) for c in (one, two)]
    assert cached[0] == cached[1]
    here.clear()
    generate(two)  # all in the cache: nothing derived, no second process
    assert here == []


def test_ids_come_from_input_or_abstract_and_survive_rereading(make_project: MakeProject) -> None:
    records = [
        {"id": "given-1", "title": "Given", "abstract": "One abstract about graphs."},
        {"title": "No id", "abstract": "Another abstract about images."},
    ]
    config = make_project({"a.json": json.dumps(records)})
    generate(config)
    ids = sorted(str(m["id"]) for m in pages_of(config.root).values())
    assert "given-1" in ids and len(ids) == 2
    generate(config)
    assert sorted(str(m["id"]) for m in pages_of(config.root).values()) == ids


def test_slugs_are_readable_unique_and_never_change(make_project: MakeProject) -> None:
    records = [
        {"id": "a", "title": "Same Title", "abstract": "First."},
        {"id": "b", "title": "Same Title", "abstract": "Second."},
        {"id": "c", "title": "../../etc/passwd", "abstract": "Third."},
        {"id": "d", "title": "CON", "abstract": "Fourth."},
        {"id": "e/f", "title": "图神经网络", "abstract": "Fifth."},
    ]
    config = make_project({"a.jsonl": "\n".join(json.dumps(r) for r in records)})
    generate(config)
    names = sorted(pages_of(config.root))
    assert names == sorted(
        ["same-title.md", "same-title-2.md", "etc-passwd.md", "con-paper.md", "e-f.md"]
    )
    # A new title does not move a page.
    records[0]["title"] = "A Better Title"
    (config.root / "inputs" / "a.jsonl").write_text("\n".join(json.dumps(r) for r in records))
    generate(config)
    assert pages_of(config.root)["same-title.md"]["title"] == "A Better Title"


def test_duplicates_are_merged_once_and_reported(make_project: MakeProject) -> None:
    config = make_project({"a.txt": "T\n\nSame abstract here.\n\nsame  ABSTRACT here.\n"})
    report = generate(config)
    assert report.papers == 1
    assert report.duplicates == ["inputs/a.txt:5 repeats the paper at inputs/a.txt:3 (merged)"]


def test_unknown_fields_are_kept(make_project: MakeProject) -> None:
    record = {"id": "x", "abstract": "A.", "track": "main", "award": ["best"], "title": "T"}
    config = make_project({"a.json": json.dumps([record])})
    generate(config)
    (meta,) = pages_of(config.root).values()
    assert meta["extra"] == {"track": "main", "award": ["best"]}


def test_bad_input_changes_nothing(seed_project: Config) -> None:
    generate(seed_project)
    before = tree(seed_project.root, "site_src")
    (seed_project.root / "inputs" / "broken.jsonl").write_text('{"title": "no abstract"}\n')
    with pytest.raises(
        DigestError, match=r"inputs/broken\.jsonl:1: error: record 1 has no abstract"
    ):
        generate(seed_project)
    assert tree(seed_project.root, "site_src") == before


def test_every_bad_file_is_reported_not_just_the_first(make_project: MakeProject) -> None:
    config = make_project({"a.txt": "", "b.csv": "title\nx\n", "c.pdf": "x"})
    with pytest.raises(DigestError) as caught:
        generate(config)
    lines = str(caught.value).splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "inputs/a.txt",
        "inputs/b.csv",
        "inputs/c.pdf",
    ]


def test_a_paper_gone_from_the_input_is_reported_and_kept_unless_pruned(
    make_project: MakeProject,
) -> None:
    config = make_project({"a.txt": "T\n\nFirst paper on graphs.\n\nSecond paper on images.\n"})
    generate(config)
    assert len(pages_of(config.root)) == 2
    (config.root / "inputs" / "a.txt").write_text("T\n\nFirst paper on graphs.\n")
    report = generate(config)
    assert len(report.gone) == 1 and len(pages_of(config.root)) == 2
    report = generate(config, prune=True)
    assert len(report.pruned) == 1 and len(pages_of(config.root)) == 1


def test_a_broken_page_stops_generation_with_file_and_line(seed_project: Config) -> None:
    generate(seed_project)
    page = sorted((seed_project.root / "site_src" / "papers").glob("*.md"))[0]
    page.write_text("---\nid: x\ntitle: [oops\n---\nbody\n", encoding="utf-8")
    before = tree(seed_project.root)
    with pytest.raises(DigestError, match=rf"site_src/papers/{page.name}:3: error: invalid YAML"):
        generate(seed_project)
    assert tree(seed_project.root) == before
