"""Atom feeds for the digest and per tag: valid (feedparser), stable, and linking to real pages."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import feedparser
import pytest

from generator.features import feeds as feeds_module
from generator.features.feeds import xml_text
from generator.pipeline import generate
from tests.conftest import MakeProject
from tests.structured import RECORDS, project, site_of

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate

ATOM = "{http://www.w3.org/2005/Atom}"


def parse(path: Path) -> feedparser.FeedParserDict:
    parsed = feedparser.parse(path.read_bytes())
    assert parsed.bozo == 0, (path, parsed.get("bozo_exception"))
    assert parsed.version == "atom10"
    return parsed


def test_a_feed_for_the_digest_and_one_per_tag_each_valid(make_project: MakeProject) -> None:
    config = project(make_project)
    site = site_of(config)
    feeds = config.docs_dir / "feeds"
    everything = parse(feeds / "all.xml")
    assert len(everything.entries) == len(RECORDS)
    assert {e.title for e in everything.entries} == {r["title"] for r in RECORDS}
    for tag in site.tags:
        parsed = parse(feeds / f"{tag.slug}.xml")
        assert {e.link for e in parsed.entries} == {f"../papers/{v.slug}/" for v in tag.papers}
        assert all(tag.slug in {c.term for c in e.tags} for e in parsed.entries)
    expected = sorted(["all", *(t.slug for t in site.tags)])
    assert sorted(p.stem for p in feeds.glob("*.xml")) == expected


def test_entries_carry_what_atom_requires_and_the_authors(make_project: MakeProject) -> None:
    config = project(make_project)
    generate(config)
    root = ElementTree.parse(config.docs_dir / "feeds" / "all.xml").getroot()
    for name in ("id", "title", "updated", "author"):
        assert root.find(f"{ATOM}{name}") is not None, name
    ids = []
    for entry in root.iter(f"{ATOM}entry"):
        for name in ("id", "title", "updated", "link"):
            assert entry.find(f"{ATOM}{name}") is not None, name
        ids.append(entry.findtext(f"{ATOM}id"))
    assert len(ids) == len(set(ids)) == len(RECORDS)
    parsed = parse(config.docs_dir / "feeds" / "all.xml")
    first = next(e for e in parsed.entries if e.title.startswith("Advancing Policy"))
    assert [a.name for a in first.authors] == ["Wei Pei", "Ada Lovelace", "José Núñez"]
    assert first.updated == "2026-01-01T00:00:00Z"
    assert first.summary == "Policy optimization for tool-using LLM agents."


def test_entry_links_point_at_pages_that_exist(make_project: MakeProject) -> None:
    config = project(make_project)
    generate(config)
    feeds = config.docs_dir / "feeds"
    for entry in parse(feeds / "all.xml").entries:
        target = (feeds / entry.link).resolve()
        assert (target.parent / f"{target.name}.md").is_file(), entry.link


def test_with_a_site_url_links_are_absolute(make_project: MakeProject, monkeypatch) -> None:
    monkeypatch.setenv("DIGEST_SITE_URL", "https://example.org/digest/")
    config = project(make_project)
    generate(config)
    parsed = parse(config.docs_dir / "feeds" / "all.xml")
    assert all(e.link.startswith("https://example.org/digest/papers/") for e in parsed.entries)
    selves = [link.href for link in parsed.feed.links if link.rel == "self"]
    assert selves == ["https://example.org/digest/feeds/all.xml"]


def test_the_seed_feeds_are_valid_and_dated_by_the_digest_year(seed_project) -> None:
    generate(seed_project)
    parsed = parse(seed_project.docs_dir / "feeds" / "all.xml")
    assert len(parsed.entries) == 19
    assert {e.updated for e in parsed.entries} == {"2026-01-01T00:00:00Z"}
    assert parsed.feed.language == "zh"


def test_characters_xml_cannot_hold_are_dropped() -> None:
    assert xml_text("a\x00b\x0bc\ufffed\te") == "abcd\te"


def test_a_feed_carries_the_latest_papers_only(
    make_project: MakeProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(feeds_module, "ENTRIES", 3)
    config = project(make_project)
    generate(config)
    everything = parse(config.docs_dir / "feeds" / "all.xml")
    newest = [r["title"] for r in RECORDS if r.get("year") == 2026][:3]  # in input order
    assert [e.title for e in everything.entries] == newest
