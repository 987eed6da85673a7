"""The live preview's start from the published site: a copy of it made while generating."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from generator.config import Config
from generator.engine import mkdocs as engine
from generator.engine import preview as preview_module
from generator.engine.mkdocs import publish, published
from generator.engine.preview import Preview, _Copy
from generator.pipeline import generate
from tests.conftest import tree


@pytest.mark.slow
@pytest.mark.parametrize("cp", [True, False])
def test_the_preview_starts_from_the_published_site_and_leaves_it_alone(
    seed_project: Config, monkeypatch: pytest.MonkeyPatch, cp: bool
) -> None:
    config = seed_project
    generate(config)
    publish(config)
    before = tree(config.site_dir)
    page = sorted(config.papers_dir.glob("*.md"))[3]
    text = page.read_text(encoding="utf-8")
    page.write_text(re.sub(r"(?m)^title: .*$", "title: Fixed Before The Preview", text, count=1))
    if not cp:  # no `cp` here: the preview links the pages it keeps itself
        monkeypatch.setattr(shutil, "which", lambda name: None)
    merged: list[Path] = []
    real_merge = engine.merge

    def merge(built: Path, site: Path, gone: list[str]) -> None:
        merged.append(site)
        real_merge(built, site, gone)

    monkeypatch.setattr(preview_module, "merge", merge)
    said: list[str] = []
    preview = Preview(config, [], said.append)
    preview.reindex = None
    try:
        preview.build()
        assert bool(merged) == cp  # what changed went into the copy
        assert any(re.search(r"site built: [1-9]\d* of [\d,]+ pages rendered", s) for s in said)
        site = preview.site_dir
        shown = (site / "papers" / page.stem / "index.html").read_text(encoding="utf-8")
        assert "Fixed Before The Preview" in shown
        assert tree(config.site_dir) == before  # the published site is as it was
        now = tree(site)
        assert now.keys() == before.keys()
        # Every page kept is the published file, linked; but the one the preview renders
        # at once, to have the theme's templates compiled before the first edit.
        (warmed,) = preview.touched
        assert warmed.startswith("papers/")
        ours = preview.config.urls.url(warmed) + "index.html"
        kept = [p for p in before if now[p] == before[p] and p.endswith("index.html") and p != ours]
        assert ours in before and now[ours] == before[ours]
        assert kept and all(
            os.stat(site / p).st_ino == os.stat(config.site_dir / p).st_ino for p in kept
        )
        assert not (preview.folder / "published").exists()
    finally:
        preview.close()


@pytest.mark.slow
def test_a_copy_of_a_site_published_again_meanwhile_is_not_used(
    seed_project: Config, tmp_path: Path
) -> None:
    generate(seed_project)
    publish(seed_project)
    previous = published(seed_project)
    assert previous is not None
    copy = _Copy(previous, tmp_path)
    same = tmp_path / "same.json"
    shutil.copy2(previous.inventory, same)
    os.replace(same, previous.inventory)  # as `digest build` replaces it when it publishes
    assert copy.result() is None
    assert not (tmp_path / "published.json").exists()
