"""Add a paper by hand (`digest new`): a page made from the same template the generator uses.

The page is hand-owned from the start: it has no `generated:` hashes, so regeneration
keeps every value it has, and keeps the page whether or not any input has the paper. Its tags,
summary, facts and links are derived from the abstract like a generated page's, for the
contributor to correct before committing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from generator.config import Config
from generator.derive import derive
from generator.errors import DigestError, Problem
from generator.model import INPUT_FIELDS, Output, Record, paper_from_record
from generator.pages.check import unknown_tag
from generator.pages.page import dump_page, fresh_fields, load_pages
from generator.slugs import slugify, unique_slug
from generator.taxonomy import load_taxonomy
from generator.writer import locked, write_atomic

SOURCE = "digest new"


def new_page(config: Config, given: Mapping[str, Any], tags: Iterable[str] = ()) -> Output:
    """The page for a paper no page has yet, from the input fields `given` (generator.model:
    FIELDS; a title and an abstract at least) and the `tags` chosen; errors name what to fix."""
    if not str(given.get("title") or "").strip():
        raise DigestError(Problem(SOURCE, 0, "--title is empty"))
    if not str(given.get("abstract") or "").strip():
        raise DigestError(Problem(SOURCE, 0, "the abstract is empty"))
    taxonomy = load_taxonomy(config.taxonomy, config.rel(config.taxonomy))
    tags = list(dict.fromkeys(tags))
    bad = [Problem(SOURCE, 0, unknown_tag(t, taxonomy)) for t in tags if t not in taxonomy]
    if bad:
        raise DigestError(bad)
    fields = {name: given[name] for name in INPUT_FIELDS if name in given}
    paper = paper_from_record(Record(SOURCE, 0, fields))
    shown = config.rel(config.papers_dir)
    existing, problems = load_pages(config.papers_dir, shown)
    if problems:
        raise DigestError(problems)
    for page in existing:
        if page.id == paper.id:
            raise DigestError(
                Problem(
                    f"{shown}/{page.slug}.md",
                    2,
                    f"this paper already has a page (id '{paper.id}'); edit that page instead",
                )
            )
    meta = fresh_fields(paper, derive(paper, taxonomy))
    meta.pop("title_derived", None)  # the contributor gave the title
    if tags:
        meta["tags"] = tags
    slug = unique_slug(slugify(paper.title, fallback=paper.id), {p.slug for p in existing})
    return Output(f"{shown}/{slug}.md", dump_page(meta, paper.abstract))


def create_page(config: Config, given: Mapping[str, Any], tags: Iterable[str] = ()) -> Output:
    """Write the new paper's page; never overwrite one."""
    with locked(config.state_dir):
        output = new_page(config, given, tags)
        target = config.root / output.path
        if target.exists():  # unique_slug saw every page, so only a race gets here
            raise DigestError(Problem(output.path, 0, "exists already"))
        write_atomic(target, output.text.encode("utf-8"))
    return output
