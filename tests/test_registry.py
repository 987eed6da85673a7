"""The feature registry: every derived file is one feature's, and a full run (`plan`) and the
live preview's refresh run the same features (generator/features/registry.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.config import Config, load_config
from generator.features import registry
from generator.features.registry import Build, Change, Edit, Feature, Refreshed, Writes
from generator.model import Output
from generator.pipeline import generate, refresh
from generator.writer import Writer
from tests.conftest import MakeProject
from tests.test_scale import AUTHORED, jsonl


class Counter(Feature):
    """A feature of the tests' own: a file with the papers' count, and the edits it saw."""

    name = "counter"
    writes = Writes(parts=("counter.txt",))
    depends = frozenset({Change.PAPERS})

    def __init__(self) -> None:
        self.edits: list[Edit] = []

    def pages(self, build: Build) -> Iterator[Output]:
        yield Output(f"{build.renderer.parts}/counter.txt", f"{len(build.site.papers)} papers\n")

    def refresh(self, build: Build, edit: Edit) -> Refreshed:
        self.edits.append(edit)
        return Refreshed([Output(f"{build.renderer.parts}/counter.txt", "edited\n")])


class Waiting(Counter):
    """One that shows who wrote the papers, and leaves an edit to the next full run."""

    name = "waiting"
    writes = Writes(parts=("waiting.txt",))
    depends = frozenset({Change.PEOPLE})

    def pages(self, build: Build) -> Iterator[Output]:
        yield Output(f"{build.renderer.parts}/waiting.txt", "authors\n")


def _edit_summary(config: Config) -> str:
    page = next(config.papers_dir.glob("image-transformers*.md"))
    text = page.read_text(encoding="utf-8")
    page.write_text(re.sub(r"(?m)^summary:.*$", "summary: By hand.", text, count=1), "utf-8")
    return f"papers/{page.name}"


@pytest.mark.generate
def test_every_derived_file_is_the_feature_s_that_declares_it(make_project: MakeProject) -> None:
    config = make_project({"a.jsonl": jsonl(AUTHORED)})
    report = generate(config)
    digest = report.digest
    assert digest is not None and digest.renderer is not None
    build = Build(digest.renderer, digest.site, digest.paper_parts, digest.taxonomy, True)
    written = Writer(config.root, config.state_dir).previous()
    made: set[str] = set()
    for feature in registry.FEATURES:
        for output in [*feature.pages(build), *feature.documents(build)]:
            found = registry.owner(build, output.path)
            assert found is feature, (output.path, feature.name, found and found.name)
            made.add(output.path)
    # Every file the run wrote is one a feature makes: none is left to no one.
    assert written and written == made
    names = [feature.name for feature in registry.FEATURES]
    assert len(names) == len(set(names))


@pytest.mark.generate
def test_a_full_run_and_the_preview_run_the_same_registry(
    make_project: MakeProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    counter, waiting = Counter(), Waiting()
    monkeypatch.setattr(registry, "FEATURES", (*registry.FEATURES, counter, waiting))
    config = make_project({"a.jsonl": jsonl(AUTHORED)})
    report = generate(config)
    assert report.digest is not None
    assert (config.parts_dir / "counter.txt").read_text("utf-8") == f"{len(AUTHORED)} papers\n"
    assert (config.parts_dir / "waiting.txt").is_file()
    edited = _edit_summary(config)
    _, refreshed = refresh(load_config(config.root), report.digest, [edited])
    # The preview ran the feature the edit concerns, with what the edit changed...
    assert [sorted(edit.slugs) for edit in counter.edits] == [[Path(edited).stem]]
    assert counter.edits[0].changes == {Change.PAPERS}
    assert (config.parts_dir / "counter.txt").read_text("utf-8") == "edited\n"
    # ... and not the one showing what it left as it was, whose file stays.
    assert waiting.edits == []
    assert (config.parts_dir / "waiting.txt").read_text("utf-8") == "authors\n"
    assert config.rel(config.parts_dir / "waiting.txt") not in refreshed.written.removed


@pytest.mark.generate
def test_the_preview_removes_what_a_feature_it_runs_no_longer_writes(
    make_project: MakeProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Shrinking(Counter):
        name = "shrinking"
        writes = Writes(parts=("shrinking/",))

        def pages(self, build: Build) -> Iterator[Output]:
            for n in (1, 2):
                yield Output(f"{build.renderer.parts}/shrinking/{n}.txt", f"{n}\n")

        def refresh(self, build: Build, edit: Edit) -> Refreshed:
            return Refreshed([Output(f"{build.renderer.parts}/shrinking/1.txt", "1\n")])

    monkeypatch.setattr(registry, "FEATURES", (*registry.FEATURES, Shrinking()))
    config = make_project({"a.jsonl": jsonl(AUTHORED)})
    report = generate(config)
    assert report.digest is not None
    assert (config.parts_dir / "shrinking" / "2.txt").is_file()
    refresh(load_config(config.root), report.digest, [_edit_summary(config)])
    assert (config.parts_dir / "shrinking" / "1.txt").is_file()
    assert not (config.parts_dir / "shrinking" / "2.txt").exists()
