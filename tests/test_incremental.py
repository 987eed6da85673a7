"""The incremental build: the pages an edit changes are rendered again, the others are kept
from the last site, and the result is the site a build from scratch gives, byte for byte."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.config import Config, load_config
from generator.engine import mkdocs as engine
from generator.engine.mkdocs import publish
from generator.pipeline import generate
from generator.taxonomy import load_taxonomy
from tests.conftest import tree


def _rendered(how: str) -> tuple[int, int]:
    """How many pages an incremental build rendered, of how many ("3 of 40 pages ...")."""
    found = re.match(r"([\d,]+) of ([\d,]+) pages rendered", how)
    assert found, how
    return int(found.group(1).replace(",", "")), int(found.group(2).replace(",", ""))


def _retitle_and_retag(config: Config) -> Path:
    """Edit one paper page by hand, as a pull request does: a new title and other tags."""
    page = sorted(config.papers_dir.glob("*.md"))[3]
    text = page.read_text(encoding="utf-8")
    had = re.search(r"(?m)^tags: \[(.*)\]$", text)
    assert had is not None
    taxonomy = load_taxonomy(config.taxonomy)
    others = [tag.slug for tag in taxonomy.tags if tag.slug not in had.group(1)][:2]
    edited = re.sub(r"(?m)^title: .*$", "title: A Title Fixed in a Pull Request", text, count=1)
    edited = re.sub(r"(?m)^tags: .*$", f"tags: [{', '.join(others)}]", edited, count=1)
    page.write_text(edited, encoding="utf-8")
    return page


def _drop_last_paper(config: Config) -> None:
    """Take the last abstract out of the seed input: its page is pruned."""
    seed = next((config.root / "inputs").iterdir())
    paragraphs = seed.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    seed.write_text("\n\n".join(paragraphs[:-1]) + "\n", encoding="utf-8")


@pytest.mark.slow
def test_an_incremental_build_after_an_edit_is_the_build_from_scratch(
    seed_project: Config, tmp_path: Path
) -> None:
    config = seed_project
    generate(config)
    first = publish(config)
    assert "kept" not in first.how
    assert (config.state_dir / engine.BUILT).is_file()

    again = publish(config)  # nothing changed: every page kept, the search index too
    assert _rendered(again.how)[0] == 0

    page = _retitle_and_retag(config)
    _drop_last_paper(config)
    report = generate(config, prune=True)
    assert len(report.pruned) == 1
    gone = Path(report.pruned[0]).stem
    built = publish(config)
    rendered, pages = _rendered(built.how)
    assert 0 < rendered < pages
    site = config.site_dir
    assert "A Title Fixed in a Pull Request" in (
        site / "papers" / page.stem / "index.html"
    ).read_text(encoding="utf-8")
    assert not (site / "papers" / gone).exists()

    # The same pages and inputs, built from nothing: no last site, no caches.
    scratch = tmp_path / "scratch"
    shutil.copytree(
        config.root,
        scratch,
        ignore=shutil.ignore_patterns("site", ".digest", f"{engine.BUILDING}*"),
    )
    fresh = load_config(scratch)
    generate(fresh)
    assert "kept" not in publish(fresh).how
    assert _reproducible(tree(fresh.site_dir)) == _reproducible(tree(site))
    # ... and Pagefind indexed the same documents.
    assert _documents(fresh) == _documents(config)


#: What two Pagefind runs over the same documents write differently: its filter index, whose
#: order varies from run to run, and the two files that name it by its hash.
_UNORDERED = re.compile(r"pagefind/(filter/.*|pagefind-entry\.json|pagefind\..*\.pf_meta)")


def _documents(config: Config) -> dict[str, bytes]:
    folder = config.state_dir / "search"
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.html")}


def _reproducible(files: dict[str, bytes]) -> dict[str, bytes]:
    """The site's files, but those no two Pagefind runs write alike (see `_UNORDERED`)."""
    kept = {path: data for path, data in files.items() if not _UNORDERED.fullmatch(path)}
    assert len(files) - len(kept) >= 3  # the index is there, and only these few files are left out
    return kept


@pytest.mark.slow
def test_a_change_every_page_shows_renders_every_page(seed_project: Config) -> None:
    config = seed_project
    generate(config)
    publish(config)
    template = config.theme_dir / "main.html"
    template.write_text(
        template.read_text(encoding="utf-8").replace(
            '<meta charset="utf-8">', '<meta charset="utf-8"><meta name="x-changed" content="1">'
        ),
        encoding="utf-8",
    )
    built = publish(config)
    assert "kept" not in built.how
    pages = sorted(config.site_dir.glob("papers/*/index.html"))
    assert pages and all('name="x-changed"' in p.read_text(encoding="utf-8") for p in pages)
    # A site built elsewhere (not by `digest build`) has no inventory: the next build is whole.
    engine.build(config)
    assert not (config.state_dir / engine.BUILT).exists()
    assert "kept" not in publish(config).how


def test_the_build_takes_a_recorded_hash_only_while_the_file_is_as_recorded(
    tmp_path: Path,
) -> None:
    import hashlib
    import os

    from generator.writer import record_hashes, recorded_hashes

    docs, record = tmp_path / "docs", tmp_path / "hashes.json"
    (docs / "papers").mkdir(parents=True)
    files = {name: docs / name for name in ("index.md", "papers/a.md", "papers/b.md")}
    hour_ago = 1_700_000_000_000_000_000
    for n, path in enumerate(files.values()):
        path.write_text(f"page {n}\n", encoding="utf-8")
        os.utime(path, ns=(hour_ago, hour_ago))
    hashes = {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in files.values()}
    files["papers/b.md"].write_text("page 9\n", encoding="utf-8")  # just changed: not recorded
    record_hashes(record, docs, hashes)
    assert recorded_hashes(record, docs) == {
        "index.md": hashes[str(files["index.md"])],
        "papers/a.md": hashes[str(files["papers/a.md"])],
    }
    # The same size, another time: changed since, read again.
    files["papers/a.md"].write_text("page 7\n", encoding="utf-8")
    os.utime(files["papers/a.md"], ns=(hour_ago + 1, hour_ago + 1))
    assert list(recorded_hashes(record, docs)) == ["index.md"]
    assert recorded_hashes(record, tmp_path) == {}  # the record of another folder
    record.write_text("{", encoding="utf-8")
    assert recorded_hashes(record, docs) == {}
