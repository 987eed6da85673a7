"""Paper pages: front matter round-trips, and regeneration keeps what people changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import DigestError
from generator.model import PageData
from generator.pages.page import dump_page, field_lines, merge, new_page_meta, parse_page
from generator.pages.schema import HASHES, key_problems, wrong_type
from generator.pipeline import generate
from generator.writer import Writer
from tests.conftest import REPO, SEED, MakeProject

TRICKY = [
    "Title: with colon",
    "#hash",
    "- dash",
    "'single' and \"double\" quotes",
    "---",
    "null",
    "yes",
    "multi\nline\n---\nvalue",
    "עברית RTL text",
    "emoji 🚀 title",
    "x" * 3000,
    " leading and trailing ",
]


@pytest.mark.parametrize("title", TRICKY)
def test_front_matter_round_trips_exactly(title: str) -> None:
    meta = {"id": "a", "title": title, "tags": [title, "nlp"], "extra": {"note": title}}
    meta2, body, _ = parse_page(dump_page(meta, "Body text."), "p.md")
    assert meta2 == meta
    assert body == "Body text."


def test_broken_front_matter_names_the_line() -> None:
    with pytest.raises(DigestError, match=r"p\.md:3: error: invalid YAML"):
        parse_page("---\nid: a\ntitle: [unclosed\n---\nbody\n", "p.md")
    with pytest.raises(DigestError, match=r"p\.md:1: error: .*not closed"):
        parse_page("---\nid: a\n", "p.md")
    with pytest.raises(DigestError, match=r"p\.md:1: error: page must start"):
        parse_page("no front matter", "p.md")


def page_from(fresh: dict[str, object], body: str) -> PageData:
    return PageData("papers/x.md", new_page_meta(fresh, body), body)


FRESH = {"id": "a", "title": "Old derived", "title_derived": True, "tags": ["nlp"], "summary": "S."}


def test_untouched_fields_follow_the_generator() -> None:
    page = page_from(FRESH, "Abstract.")
    newer = {**FRESH, "title": "Better derived", "tags": ["nlp", "reasoning"]}
    meta, body, kept = merge(page, newer, "Abstract v2.")
    assert meta["title"] == "Better derived"
    assert meta["tags"] == ["nlp", "reasoning"]
    assert body == "Abstract v2."
    assert kept == []


def test_hand_edits_are_kept_field_by_field() -> None:
    page = page_from(FRESH, "Abstract.")
    edited = PageData(
        page.path,
        {**page.meta, "title": "Fixed by a reader", "tags": ["reasoning"]},
        "Abstract.\n\n## Notes\n\nMine.",
    )
    newer = {**FRESH, "title": "Better derived", "summary": "New S."}
    meta, body, kept = merge(edited, newer, "Abstract v2.")
    assert meta["title"] == "Fixed by a reader"
    assert meta["tags"] == ["reasoning"]
    assert meta["summary"] == "New S."
    assert body == "Abstract.\n\n## Notes\n\nMine."
    assert set(kept) == {"title", "tags", "body"}
    # Merging again is stable: the edit stays owned by its author.
    again, _, _ = merge(PageData(page.path, meta, body), newer, "Abstract v2.")
    assert again == meta


def test_a_field_deleted_by_hand_stays_deleted() -> None:
    page = page_from(FRESH, "A.")
    meta = {k: v for k, v in page.meta.items() if k != "summary"}
    merged, _, _ = merge(PageData(page.path, meta, "A."), FRESH, "A.")
    assert "summary" not in merged


def test_a_hand_made_page_gains_only_missing_fields() -> None:
    hand = PageData("papers/x.md", {"id": "a", "title": "Mine", "tags": ["nlp"]}, "My text.")
    merged, body, kept = merge(hand, {**FRESH, "venue": "ICLR 2026"}, "Input text.")
    assert merged["title"] == "Mine"
    assert merged["venue"] == "ICLR 2026"
    assert body == "My text."
    assert "venue" in merged[HASHES] and "title" not in merged[HASHES]
    assert "title" in kept


@pytest.mark.generate
def test_every_page_the_generator_writes_keeps_to_the_schema(make_project: MakeProject) -> None:
    sample = (REPO / "tests" / "fixtures" / "corpus-sample.jsonl").read_text(encoding="utf-8")
    config = make_project({"sample.jsonl": sample, SEED.name: SEED.read_text(encoding="utf-8")})
    generate(config)
    docs = config.rel(config.docs_dir) + "/"
    generated = sorted(
        path
        for path in Writer(config.root, config.state_dir).previous()
        if path.startswith(docs) and path.endswith(".md")
    )
    assert len(generated) > 20
    for path in generated:
        text = (config.root / path).read_text(encoding="utf-8")
        meta, _, _ = parse_page(text, path)
        assert key_problems(meta, "generated", path, field_lines(text)) == []
    for page in config.papers_dir.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        meta, _, _ = parse_page(text, page.name)
        assert key_problems(meta, "paper", page.name, field_lines(text)) == []
        assert all(wrong_type(key, value) is None for key, value in meta.items())


def test_pages_read_before_are_not_parsed_again_unless_their_text_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import generator.pages.page as page_module

    folder = tmp_path / "papers"
    folder.mkdir()
    pages = {
        "a.md": "---\nid: a\ntitle: A\ntags: [nlp]\n---\n\nFirst abstract.\n",
        "b.md": "---\nid: b\ntitle: B\ntags: [nlp]\n---\n\nSecond abstract.\n",
        "dated.md": "---\nid: d\ntitle: D\ntags: [nlp]\nextra:\n  seen: 2026-01-02\n---\n\nC.\n",
    }
    for name, text in pages.items():
        (folder / name).write_text(text, "utf-8")
    parsed: list[str] = []

    def counted(text: str, shown: str) -> tuple[dict[str, object], str, int]:
        parsed.append(shown.rpartition("/")[2])
        return parse_page(text, shown)

    monkeypatch.setattr(page_module, "parse_page", counted)
    state = tmp_path / ".digest"
    first = page_module.ReadPages(state)
    read, problems = page_module.load_pages(folder, "papers", first)
    first.save()
    assert problems == [] and sorted(parsed) == ["a.md", "b.md", "dated.md"]
    (folder / "b.md").write_text(pages["b.md"].replace("title: B", "title: Bee"), "utf-8")
    parsed.clear()
    again, problems = page_module.load_pages(folder, "papers", page_module.ReadPages(state))
    # A date is not what JSON gives back: that page is parsed each time, as is an edited one.
    assert problems == [] and sorted(parsed) == ["b.md", "dated.md"]
    assert [(p.path, p.meta, p.body) for p in again] == [
        (p.path, {**p.meta, "title": "Bee"} if p.path == "papers/b.md" else p.meta, p.body)
        for p in read
    ]
    # A cache of other code (or damaged) is not trusted.
    (state / "cache" / page_module.ReadPages.FILE).write_text('{"code": "x", "pages": {}}')
    parsed.clear()
    page_module.load_pages(folder, "papers", page_module.ReadPages(state))
    assert sorted(parsed) == ["a.md", "b.md", "dated.md"]


def test_a_page_read_before_is_still_refused_when_its_front_matter_is_not_valid(
    tmp_path: Path,
) -> None:
    import generator.pages.page as page_module

    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "a.md").write_text("---\nid: a\ntitle: [1, 2]\ntags: [nlp]\n---\n\nText.\n", "utf-8")
    for _ in range(2):  # the second time from the cache
        reader = page_module.ReadPages(tmp_path / ".digest")
        _, problems = page_module.load_pages(folder, "papers", reader)
        reader.save()
        assert [p.message for p in problems] and problems[0].line == 3


def test_a_cache_of_read_pages_that_cannot_be_written_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import generator.pages.page as page_module

    refused: list[Path] = []

    def refuse(path: Path, data: bytes) -> None:
        refused.append(path)
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(page_module, "write_atomic", refuse)
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "a.md").write_text("---\nid: a\ntitle: A\ntags: [nlp]\n---\n\nText.\n", "utf-8")
    (folder / "b.md").write_text("---\nid: b\ntitle: [1, 2]\ntags: [nlp]\n---\n\nText.\n", "utf-8")
    # `digest check` of a folder it may not write still checks, each time: the cache is
    # tried, refused, and what it would have kept is read again the next time.
    for _ in range(2):
        reader = page_module.ReadPages(tmp_path / ".digest")
        assert reader.known == {}
        pages, problems = page_module.load_pages(folder, "papers", reader)
        reader.save()
        assert [page.meta["id"] for page in pages] == ["a"]
        assert [(p.path, p.line) for p in problems] == [("papers/b.md", 3)]
    cache = tmp_path / ".digest" / "cache" / page_module.ReadPages.FILE
    assert refused == [cache, cache] and not cache.exists()
