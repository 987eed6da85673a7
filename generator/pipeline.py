"""The pipeline, top to bottom: read → model → derive → merge with pages → site → render → write.

No file is written until every paper, page and tag is gathered, so every page agrees
with every other, and a bad input or a broken page stops the run before anything changes.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.cache import (
    Cache,
    code_of,
    file_hash,
    file_hashes,
    files_key,
    fingerprint_of,
    sha,
)
from generator.config import Config
from generator.derive import derive
from generator.errors import DigestError, Problem, one_line
from generator.features import citations, people, registry, search
from generator.features.memo import Memo
from generator.features.parts import PaperParts
from generator.features.registry import Build, Change, Edit
from generator.features.render import Renderer
from generator.features.site import Similar, Similarity, SiteModel, similarity, site_model
from generator.model import (
    Derived,
    Fields,
    Output,
    PageData,
    Paper,
    fill_missing,
    paper_from_record,
)
from generator.pages.comments import rewritten
from generator.pages.files import project_link_problems
from generator.pages.page import (
    ReadPages,
    Seen,
    dump_page,
    fresh_fields,
    hand_edits,
    load_pages,
    merge,
    new_page_meta,
    other_pages,
    read_page,
)
from generator.pages.readers import digest_title, expand_inputs, read_file
from generator.pages.schema import HASHES, nav_pages
from generator.pages.similar import near_pairs
from generator.parallel import second_process, second_processor
from generator.slugs import slugify, unique_slug
from generator.taxonomy import Taxonomy, load_taxonomy
from generator.text import content_id, id_key
from generator.writer import (
    DOCS_HASHES,
    WRITING,
    Writer,
    WriteReport,
    locked,
    record_hashes,
    write_atomic,
)

#: Derivation reads at most this much of an abstract (the longest of 9,570 real ones has
#: 4,433 characters): enough for its title, tags and summary, and a 1 MB abstract cannot
#: make it slow. The page keeps the whole abstract.
DERIVE_CHARS = 10_000

#: Duplicates listed one by one in the terminal report; the rest are counted.
SHOWN = 20

#: Wraps a long loop to show progress: (items, label, total) -> the same items.
Track = Callable[[Iterable[Any], str, int | None], Iterable[Any]]


def _no_progress(items: Iterable[Any], label: str, total: int | None) -> Iterable[Any]:
    return items


@dataclass
class GenerateReport:
    inputs: list[str] = field(default_factory=list)
    papers: int = 0
    pages: int = 0
    new: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    kept_edits: dict[str, list[str]] = field(default_factory=dict)
    gone: list[str] = field(default_factory=list)
    pruned: list[str] = field(default_factory=list)
    #: Pages no longer in the input that `prune` kept for their hand edits → the edits.
    kept_edited: dict[str, list[str]] = field(default_factory=dict)
    #: Pages that followed their paper to a new id (a corrected abstract): path → message.
    moved: dict[str, str] = field(default_factory=dict)
    duplicates: list[str] = field(default_factory=list)
    #: Each paper page made from the input → where the paper is (`inputs/a.txt:5`).
    sources: dict[str, str] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    written: WriteReport = field(default_factory=WriteReport)
    seconds: float = 0.0
    #: Seconds spent in each stage: read, derive (and merge), site, render, write.
    stages: dict[str, float] = field(default_factory=dict)
    #: The digest in memory: the search index and the live preview are built from it.
    digest: Digest | None = field(default=None, repr=False)
    #: Nothing the run reads changed since the last run, which stopped at once (`reuse`).
    reused: bool = False


@dataclass
class Digest:
    """The generated digest in memory: final pages, the site model, each paper's fragment."""

    pages: list[PageData]
    taxonomy: Taxonomy
    title: str
    site: SiteModel
    paper_parts: dict[str, PaperParts]  # slug -> what the paper page shows around its abstract
    #: The renderer that made them (its templates compiled and labels read): `refresh` reuses it.
    renderer: Renderer | None = field(default=None, repr=False)


@dataclass
class RefreshReport:
    written: WriteReport
    #: Papers whose generated parts changed: their built pages are stale, edited or not.
    stale: list[str]
    seconds: float


def read_papers(
    files: list[Path], config: Config, report: GenerateReport, cache: Cache | None = None
) -> list[Paper]:
    """Read every input file into papers; the same paper twice is merged once and reported."""
    papers: dict[str, Paper] = {}
    by_text: dict[str, Paper] = {}
    problems: list[Problem] = []
    for path in files:
        shown = config.rel(path)
        report.inputs.append(shown)
        for paper in _papers_of(path, shown, problems, cache):
            first = papers.get(paper.id)
            if first is None:
                papers[paper.id] = paper
                same = by_text.setdefault(content_id(paper.abstract), paper)
                if same is not paper:
                    report.warnings.append(
                        Problem(
                            paper.source,
                            paper.line,
                            f"same abstract as the paper at {same.where}, but another id "
                            f"('{paper.id}', not '{same.id}'): both are kept",
                            level="warning",
                        )
                    )
            else:
                fill_missing(first, paper)
                report.duplicates.append(
                    f"{paper.where} repeats the paper at {first.where} (merged)"
                )
    if cache is not None:
        cache.keep_only_inputs(report.inputs)
    if problems:
        raise DigestError(problems)
    found = list(papers.values())
    _report_near_duplicates(found, report, cache)
    return found


def _papers_of(path: Path, shown: str, problems: list[Problem], cache: Cache | None) -> list[Paper]:
    """The papers of one input file (from the cache when its bytes are as last read); its
    problems are added to `problems`."""
    data = b""
    if cache is not None:
        try:
            data = path.read_bytes()
        except OSError:
            cache = None  # read_file says why
    found = cache.input_papers(shown, data) if cache is not None else None
    if found is not None:
        return found
    papers: list[Paper] = []
    before = len(problems)
    try:
        for record in read_file(path, shown):
            try:
                papers.append(paper_from_record(record))
            except DigestError as exc:
                problems.extend(exc.problems)
    except DigestError as exc:  # a reader stops at its file's first error
        problems.extend(exc.problems)
    if cache is not None and len(problems) == before:
        cache.keep_input_papers(shown, data, papers)
    return papers


def _report_near_duplicates(
    papers: list[Paper], report: GenerateReport, cache: Cache | None
) -> None:
    """Warn of papers whose abstracts are nearly the same: a corrected copy, or one paper twice."""
    texts = [paper.abstract for paper in papers]
    pairs = (
        near_pairs(texts)
        if cache is None
        else cache.computed("near", near_pairs, texts, load=_pairs)
    )
    for first, second, score in pairs:
        one, other = papers[first], papers[second]
        if content_id(one.abstract) == content_id(other.abstract):
            continue  # the same abstract: reported as such when read
        report.warnings.append(
            Problem(
                other.source,
                other.line,
                f"nearly the same abstract as the paper at {one.where} ({score:.0%} alike): "
                "if one corrects the other, remove the old one from the input; both are kept",
                level="warning",
            )
        )


#: An id the readers made from an abstract (generator.text.content_id).
_CONTENT_ID = re.compile(r"[0-9a-f]{12}")


def _follow_corrections(
    papers: list[Paper], by_id: dict[str, PageData], report: GenerateReport
) -> set[str]:
    """Move the page of a paper whose abstract was corrected to the paper's new id.

    A paper without an id in the input has one made from its abstract, so a corrected
    abstract means a new id. When such a paper has no page and a generated page of a
    derived id has no paper any more, and their abstracts are nearly the same, the page
    takes the new id: it keeps its file name (its URL) and its hand edits. Returns the
    paths of the pages moved; `by_id` is updated.
    """
    ids = {paper.id for paper in papers}
    orphans = [
        page
        for ident, page in sorted(by_id.items())
        if ident not in ids and HASHES in page.meta and _CONTENT_ID.fullmatch(ident)
    ]
    fresh = [paper for paper in papers if paper.derived_id and paper.id not in by_id]
    if not orphans or not fresh:
        return set()
    texts = [page.body for page in orphans] + [paper.abstract for paper in fresh]
    pairs = sorted(near_pairs(texts, split=len(orphans)), key=lambda pair: -pair[2])
    moved: set[str] = set()
    taken: set[int] = set()
    for first, second, score in pairs:
        page, paper = orphans[first], fresh[second - len(orphans)]
        if page.path in moved or second in taken:
            continue
        moved.add(page.path)
        taken.add(second)
        del by_id[page.id]
        by_id[paper.id] = PageData(page.path, {**page.meta, "id": paper.id}, page.body)
        report.moved[page.path] = (
            f"page moved: {page.path} now has id '{paper.id}' (was '{page.id}'): its abstract "
            f"was corrected ({score:.0%} alike) in {paper.where}; its URL and hand edits stay"
        )
    return moved


def _index_pages(pages: list[PageData], shown: str) -> dict[str, PageData]:
    by_id: dict[str, PageData] = {}
    by_key: dict[str, PageData] = {}  # ids a reader cannot tell apart are one (text.id_key)
    problems = []
    for page in pages:
        if not page.id:
            problems.append(Problem(f"{shown}/{page.slug}.md", 2, "front matter has no 'id'"))
        elif id_key(page.id) in by_key:
            other = by_key[id_key(page.id)].path
            problems.append(
                Problem(f"{shown}/{page.slug}.md", 2, f"id '{page.id}' is also used by {other}")
            )
        else:
            by_id[page.id] = by_key[id_key(page.id)] = page
    if problems:
        raise DigestError(problems)
    return by_id


def plan_pages(
    papers: list[Paper],
    existing: list[PageData],
    taxonomy: Taxonomy,
    config: Config,
    report: GenerateReport,
    prune: bool,
    track: Track,
    prune_edited: bool = False,
    cache: Cache | None = None,
    seen: Seen | None = None,
) -> tuple[list[PageData], list[Output], list[str]]:
    """Merge fresh papers into the existing pages: (final pages, files to write, to delete).

    `seen` is the generator's own record of each page as it last left it while the page's
    paper was in the input (`Seen`); it is brought up to date here."""
    docs = config.rel(config.docs_dir)
    seen = seen or Seen(None)
    by_id = _index_pages(existing, f"{docs}/papers")
    moved = _follow_corrections(papers, by_id, report)
    taken = {page.slug for page in existing}
    final: list[PageData] = []
    writes: list[Output] = []
    if cache is not None:
        _derive_ahead(papers, taxonomy, cache)
    for paper in track(papers, "deriving", len(papers)):
        derived = _derive(paper, taxonomy, cache)
        fresh = fresh_fields(paper, derived)
        page = by_id.pop(paper.id, None)
        if page is None:
            slug = unique_slug(slugify(derived.title, fallback=paper.id), taken)
            page = PageData(
                f"papers/{slug}.md", new_page_meta(fresh, paper.abstract), paper.abstract
            )
            report.new.append(page.path)
            writes.append(Output(f"{docs}/{page.path}", dump_page(page.meta, page.body)))
            written = True
        else:
            written = False
            meta, body, kept = merge(page, fresh, paper.abstract)
            if kept:
                report.kept_edits[page.path] = kept
            if meta != page.meta or body != page.body or page.path in moved:
                page = PageData(page.path, meta, body)
                report.updated.append(page.path)
                text = rewritten(config.docs_dir / page.path, dump_page(meta, body))
                writes.append(Output(f"{docs}/{page.path}", text))
                written = True
        report.sources[page.path] = paper.where
        final.append(page)
        seen.saw(page, written)
    delete: list[str] = []
    for page in sorted(by_id.values(), key=lambda p: p.path):
        if HASHES in page.meta:  # generated from an input that no longer has it
            edits = hand_edits(page) if prune else []
            unseen = seen.unchanged(page) if prune and not edits else None
            if unseen:
                # Its `generated` record says no hand edits, but the page is not as the
                # generator last left it: the record may have been rewritten with the edits.
                edits = [unseen]
            if edits and not prune_edited:
                report.kept_edited[page.path] = edits  # a person's work: never pruned silently
            elif prune:
                report.pruned.append(page.path)
                delete.append(f"{docs}/{page.path}")
                continue
            else:
                report.gone.append(page.path)
        final.append(page)  # hand-made pages are always kept
    return final, writes, delete


@dataclass
class Plan:
    """Everything a run would write, gathered before anything is written."""

    report: GenerateReport
    #: The paper pages as they are on disk now.
    existing: list[PageData]
    #: The paper pages as they will be: merged, new and kept ones.
    pages: list[PageData]
    #: Paper pages to create or rewrite (project-relative paths).
    writes: list[Output]
    #: Derived files: home, tag and browse listings, per-paper fragments.
    derived: list[Output]
    #: Paper pages to delete (only with `prune`).
    delete: list[str]
    #: Derived files kept as the last run wrote them (see features/memo.py).
    kept: list[str] = field(default_factory=list)
    memo: Memo | None = None
    #: The generator's record of the pages as it leaves them (pages/page.py: Seen).
    seen: Seen | None = None


@dataclass
class PageStage:
    """The page stage's result: every paper page as it will be, nothing of the site yet."""

    report: GenerateReport
    files: list[Path]
    taxonomy: Taxonomy
    existing: list[PageData]
    pages: list[PageData]
    writes: list[Output]
    delete: list[str]
    #: The generator's record of the pages as it leaves them, saved after they are written.
    seen: Seen | None = None


#: Papers to derive (none in the cache) from which half are derived in a second process, when
#: the system has a second processor: starting it takes a second or so.
PARALLEL_DERIVE = 2000


def _derive_ahead(papers: list[Paper], taxonomy: Taxonomy, cache: Cache) -> None:
    """Put in the cache the derivations it lacks, half of them made by a second process, when
    they are many: deriving a whole conference (2.5 ms a paper) is then done in about half
    the time. Derivation is a function of the paper alone, so who derives it does not
    change what it gives."""
    if not second_processor():
        return
    keys = [Cache.paper_key(paper, DERIVE_CHARS) for paper in papers]
    missing = [(key, paper) for key, paper in zip(keys, papers, strict=True) if key not in cache]
    if len(missing) < PARALLEL_DERIVE:
        return
    mine, theirs = missing[: len(missing) // 2], missing[len(missing) // 2 :]
    with second_process() as pool:
        made = pool.submit(_derive_all, [_trimmed(paper) for _, paper in theirs], taxonomy)
        for key, paper in mine:
            cache.keep_derivation(key, derive(_trimmed(paper), taxonomy))
        for (key, _), derived in zip(theirs, made.result(), strict=True):
            cache.keep_derivation(key, derived)


def _derive_all(papers: list[Paper], taxonomy: Taxonomy) -> list[Derived]:
    return [derive(paper, taxonomy) for paper in papers]


def _trimmed(paper: Paper) -> Paper:
    """The paper as derivation reads it (`DERIVE_CHARS`)."""
    if len(paper.abstract) > DERIVE_CHARS:
        return dataclasses.replace(paper, abstract=paper.abstract[:DERIVE_CHARS])
    return paper


def _derive(paper: Paper, taxonomy: Taxonomy, cache: Cache | None) -> Derived:
    """Derive a paper's fields, or take them from the cache when it read the same text."""
    key = Cache.paper_key(paper, DERIVE_CHARS) if cache is not None else ""
    found = cache.derivation(key) if cache is not None else None
    if found is not None:
        return found
    derived = derive(_trimmed(paper), taxonomy)
    if cache is not None:
        cache.keep_derivation(key, derived)
    return derived


#: The project's checks, run by `generate` before it plans: they stop the run on an error
#: (raising), else give the page stage they made, if any (`digest build --check`).
Checks = Callable[[Cache], PageStage | None]


def page_stage(
    config: Config,
    inputs: list[Path] | None = None,
    *,
    prune: bool = False,
    track: Track = _no_progress,
    prune_edited: bool = False,
    cache: Cache | None = None,
    existing: list[PageData] | None = None,
) -> PageStage:
    """Read the inputs, derive, and merge into the paper pages: read → derive → merge.

    `prune` deletes generated pages whose papers left the input, except those with hand
    edits; `prune_edited` deletes those too. The `cache` (by default the one the last run
    saved) gives derivations the last run computed from the same text. `existing` are the
    paper pages when the caller has read and checked them already (`digest check`).
    """
    if cache is None:
        cache = Cache(config.state_dir, _derive_salt(config))
    prune = prune or prune_edited
    report = GenerateReport()
    clock = _Stages(report.stages)
    links = project_link_problems(config)
    if links:
        raise DigestError(links)
    files = expand_inputs(inputs or [config.default_inputs])
    if not files:
        raise DigestError(Problem(config.rel(config.default_inputs), 0, "holds no input files"))
    taxonomy = load_taxonomy(config.taxonomy, config.rel(config.taxonomy))
    papers = read_papers(files, config, report, cache)
    if existing is None:
        read = ReadPages(config.state_dir)
        existing, problems = load_pages(config.papers_dir, config.rel(config.papers_dir), read)
        if problems:
            raise DigestError(problems)  # refuse to build rather than drop a hand-edited page
        read.save()  # atomic: a run beside this one reads the old cache or this one
    clock.lap("read")
    seen = Seen(config.state_dir)
    final, writes, delete = plan_pages(
        papers,
        existing,
        taxonomy,
        config,
        report,
        prune,
        track,
        prune_edited,
        cache,
        seen,
    )
    unknown = sorted({t for page in final for t in page.tags if t not in taxonomy})
    for tag in unknown:
        report.warnings.append(
            Problem(config.rel(config.taxonomy), 0, f"tag '{tag}' is used by pages but not defined")
        )
    clock.lap("derive")
    report.papers = len(papers)
    report.pages = len(final)
    return PageStage(report, files, taxonomy, existing, final, writes, delete, seen)


def plan(
    config: Config,
    inputs: list[Path] | None = None,
    *,
    prune: bool = False,
    track: Track = _no_progress,
    prune_edited: bool = False,
    cache: Cache | None = None,
    stage: PageStage | None = None,
    hashes: dict[str, str] | None = None,
    digest: bool = True,
) -> Plan:
    """Work out every file a run would write, reading but never writing: the page stage
    (or the `stage` given), then the site stage (site model → reader features → rendered
    files).

    The `cache` (by default the one the last run saved) gives derivations and similarity
    the last run computed from the same text; `hashes` are those of the files the run read
    (`_read_hashes`), as it found them. Without `digest`, the report keeps no digest (the
    live preview's) and the parts of the papers are read only where they change.
    """
    started = time.perf_counter()
    if cache is None:
        cache = Cache(config.state_dir, _derive_salt(config))
    if stage is None:
        stage = page_stage(
            config, inputs, prune=prune, track=track, prune_edited=prune_edited, cache=cache
        )
    report = stage.report
    clock = _Stages(report.stages)
    title = config.title or digest_title(stage.files) or config.site_name
    site = site_model(
        stage.pages,
        stage.taxonomy,
        title,
        config.language,
        config.related,
        similar=_similar(cache),
    )
    clock.lap("site")
    renderer = Renderer(config)
    memo = renderer.memo = Memo(config.root, config.state_dir, _render_salt(config), hashes)
    paper_parts = renderer.render_fragments(site, partial=not digest)
    build = Build(renderer, site, paper_parts, stage.taxonomy, search.enabled(config))
    derived: list[Output] = list(track(registry.render(build), "rendering", None))
    kept, renderer.memo = memo.unchanged, None  # edits in the preview render
    strays = _other_pages(config, derived, kept)
    if strays:
        raise DigestError(strays)
    clock.lap("render")
    if digest:
        report.digest = Digest(stage.pages, stage.taxonomy, title, site, paper_parts, renderer)
    report.seconds = time.perf_counter() - started
    return Plan(
        report,
        stage.existing,
        stage.pages,
        stage.writes,
        derived,
        stage.delete,
        kept,
        memo,
        stage.seen,
    )


def _render_salt(config: Config) -> str:
    """What every rendered file depends on besides its values: templates, settings, code."""
    templates = files_key(file_hashes([], [config.root / "templates"]))
    code = code_of(
        "generator.features.registry", "generator.features.render", "generator.features.search"
    )
    return f"{templates} {code} {sha(repr(config).encode())}"


def _pairs(found: Any) -> list[tuple[int, int, float]]:
    """Near pairs as `near_pairs` gives them, from JSON."""
    return [(int(i), int(j), float(score)) for i, j, score in found]


def _similar(cache: Cache) -> Similar:
    """`site.similarity`, or what the last run computed of the same texts (`Cache.computed`)."""

    def load(found: Any) -> Similarity:
        return Similarity(found["related"], found["layout"])

    return lambda texts, related: cache.computed(
        "similarity", similarity, texts, related, dump=dataclasses.asdict, load=load
    )


def _other_pages(config: Config, derived: list[Output], kept: list[str]) -> list[Problem]:
    """Problems with docs-folder pages that are neither paper pages nor generated ones."""
    prefix = config.rel(config.docs_dir) + "/"
    # A page the last run generated and this one does not is removed by the writer.
    ours = {o.path for o in derived} | set(kept) | Writer(config.root, config.state_dir).previous()
    generated = {path.removeprefix(prefix) for path in ours if path.startswith(prefix)}
    nav = nav_pages(config.raw.get("nav"))
    return other_pages(config.docs_dir, config.rel(config.docs_dir), generated, nav)


def generate(
    config: Config,
    inputs: list[Path] | None = None,
    *,
    prune: bool = False,
    track: Track = _no_progress,
    prune_edited: bool = False,
    reuse: bool = False,
    checks: Checks | None = None,
    digest: bool = True,
) -> GenerateReport:
    """Generate paper pages from the inputs, then every derived page from the pages.

    With `reuse`, a run whose every input (files, pages, taxonomy, templates, settings,
    code) is as the last run left it stops at once, with no digest in its report. With
    `checks`, the project's checks run first, under the same lock (they stop the run on
    an error), and the run goes on from the page stage they made. Without `digest`, the
    report keeps none (the commands need none; the live preview does).
    """
    started = time.perf_counter()
    # From reading the pages to writing them, so a second run at the same time starts
    # from this one's result instead of overwriting it with an older plan.
    with locked(config.state_dir):
        # Before anything is read (or a run found unchanged): a link is never followed.
        links = project_link_problems(config)
        if links:
            raise DigestError(links)
        files = expand_inputs(inputs or [config.default_inputs])
        asked = f"prune={prune} prune_edited={prune_edited}"
        mark = config.state_dir / "cache" / "fingerprint"
        hashes = _read_hashes(config, files)
        cache: Cache | None = None
        checked: PageStage | None = None
        checking = 0.0
        if checks is not None:
            checking = time.perf_counter()
            cache = Cache(config.state_dir, _derive_salt(config))
            checked = checks(cache)
            checking = time.perf_counter() - checking
        if reuse and _unchanged(config, _fingerprint(config, hashes, asked), mark):
            report = GenerateReport(reused=True, seconds=time.perf_counter() - started)
            report.inputs = [config.rel(path) for path in files]
            return report
        hashing = time.perf_counter() - started - checking
        cache = cache or Cache(config.state_dir, _derive_salt(config))
        planned = plan(
            config,
            inputs,
            prune=prune,
            track=track,
            prune_edited=prune_edited,
            cache=cache,
            stage=checked,
            hashes=hashes,
            digest=digest,
        )
        report = planned.report
        report.stages["read"] = report.stages.get("read", 0.0) + hashing
        if checks is not None:
            report.stages = {"check": checking, **report.stages}
        writing = time.perf_counter()
        # The caches are saved after the writer's mark is gone: the temporary files of a run
        # killed then are in their folder, which is looked through on every run.
        report.written = Writer(config.root, config.state_dir).write(
            planned.writes,
            planned.derived,
            planned.delete,
            sweep=[config.papers_dir, config.state_dir / "cache"],
            keep=planned.kept,
        )
        cache.save()
        if planned.seen is not None:
            planned.seen.save(page.path for page in planned.pages)
        if planned.memo is not None:
            planned.memo.save([*planned.kept, *(o.path for o in planned.derived)])
        # What this run read, as it left it: only the files it wrote or removed changed.
        for rel in [*report.written.written, *report.written.removed]:
            _rehash(hashes, config, config.root / rel)
        record_hashes(config.state_dir / DOCS_HASHES, config.docs_dir, hashes)
        now = _fingerprint(config, hashes, asked)
        if not mark.is_file() or mark.read_text(encoding="utf-8") != now:  # no needless write
            write_atomic(mark, now.encode())
        report.stages["write"] = time.perf_counter() - writing
    report.seconds = time.perf_counter() - started
    return report


def _derive_salt(config: Config) -> str:
    """What every derivation depends on besides the paper: the taxonomy and the code."""
    taxonomy = config.taxonomy.read_bytes() if config.taxonomy.is_file() else b""
    return code_of("generator.derive") + sha(taxonomy)


def _read_hashes(config: Config, files: list[Path]) -> dict[str, str]:
    """The hash of each file a run reads, by path (`_fingerprint`)."""
    # The whole docs folder: a page anywhere in it is checked (pages/schema.py), so a page
    # added beside the paper pages is a change too.
    read = [*files, config.taxonomy, config.root / "mkdocs.yml"]
    return file_hashes(read, _read_folders(config))


def _read_folders(config: Config) -> list[Path]:
    return [config.docs_dir, config.root / "templates", config.theme_dir]


def _rehash(hashes: dict[str, str], config: Config, path: Path) -> None:
    """Bring `hashes` up to date for a file this run wrote or removed."""
    name = str(path)
    if name not in hashes and not any(path.is_relative_to(f) for f in _read_folders(config)):
        return
    if path.is_file():
        hashes[name] = file_hash(name)
    else:
        hashes.pop(name, None)


def _fingerprint(config: Config, hashes: dict[str, str], asked: str) -> str:
    """A hash of everything a run reads, and how it was asked to run."""
    # The settings as loaded: mkdocs.yml may take values from the environment (`!ENV`).
    return f"{fingerprint_of(hashes)} {sha(repr(config).encode())} {asked}"


def _unchanged(config: Config, fingerprint: str, mark: Path) -> bool:
    """Whether nothing changed since the last run, and every file it derived is there."""
    if (config.state_dir / WRITING).exists():
        return False  # a run was killed while writing: the next one removes what it left
    try:
        last = mark.read_text(encoding="utf-8")
    except OSError:
        return False
    if last != fingerprint:
        return False
    derived = Writer(config.root, config.state_dir).previous()
    return bool(derived) and all((config.root / path).is_file() for path in derived)


def refresh(config: Config, digest: Digest, changed: Iterable[str]) -> tuple[Digest, RefreshReport]:
    """After paper pages were edited by hand, re-read them and rewrite what they change.

    `changed` are page paths relative to the docs folder ("papers/x.md"), each still there.
    The result is what `generate` would write, except that related papers are kept from the
    last full run (they are computed from every paper's text) and inputs are not read again.
    """
    started = time.perf_counter()
    docs = config.rel(config.docs_dir)
    edited = {path: read_page(config.docs_dir / path, f"{docs}/{path}", path) for path in changed}
    pages = [edited.get(page.path, page) for page in digest.pages]
    _index_pages(pages, f"{docs}/papers")  # an edit may have reused another page's id
    index = {page.slug: i for i, page in enumerate(pages)}
    neighbours = [
        [index[other.slug] for other in view.related if other.slug in index]
        for view in digest.site.papers
    ]
    site = site_model(
        pages,
        digest.taxonomy,
        digest.title,
        config.language,
        config.related,
        neighbours,
        digest.site.papers,
    )
    # Parts that change: the edited papers' own, and those of papers listing them as related;
    # listings of the tags they had or have, and the browse pages that show them.
    slugs = {page.slug for page in edited.values()}
    before = {page.path: page for page in digest.pages}
    moved = {
        tag for path, page in edited.items() for tag in set(before[path].tags) ^ set(page.tags)
    }
    touched = [
        view
        for view in site.papers
        if view.slug in slugs or any(other.slug in slugs for other in view.related)
    ]
    # Authors and venues stay when no edit changed who wrote a paper, where or how it went.
    same_people = all(
        _people_of(before[path].meta) == _people_of(page.meta) for path, page in edited.items()
    )
    renderer = digest.renderer or Renderer(config)
    renderer.update(site, slugs, same_people)
    fresh = renderer.render_fragments(site, touched)
    paper_parts = {**digest.paper_parts, **fresh}
    stale = sorted(slug for slug, text in fresh.items() if digest.paper_parts.get(slug) != text)
    changes = {Change.PAPERS}
    if moved:
        changes.add(Change.TAGS)
    if not same_people:
        changes.add(Change.PEOPLE)
    edit = Edit(
        frozenset(slugs), frozenset(moved), frozenset(fresh), digest.site, frozenset(changes)
    )
    build = Build(renderer, site, paper_parts, digest.taxonomy, search.enabled(config))
    refreshed = registry.refresh(build, edit)
    with locked(config.state_dir):
        writer = Writer(config.root, config.state_dir)
        kept = refreshed.keeps(writer.previous())
        written = writer.write([], refreshed.outputs, keep=kept)
    report = RefreshReport(written, stale, time.perf_counter() - started)
    return Digest(pages, digest.taxonomy, digest.title, site, paper_parts, renderer), report


def _people_of(meta: dict[str, Any]) -> tuple[list[str], str, str]:
    """What author and venue pages (and their search documents) take from a paper."""
    status = Fields(meta).status.strip()
    return citations.authors_of(meta), people.venue_of(meta), status


class _Stages:
    """Time the pipeline's stages into a report's `stages`."""

    def __init__(self, into: dict[str, float]) -> None:
        self.into = into
        self.last = time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.into[stage] = self.into.get(stage, 0.0) + now - self.last
        self.last = now


def iter_lines(report: GenerateReport) -> Iterator[str]:
    """The report as lines for the terminal, each one line whatever file names and values it
    holds (a newline in an input's name must not start a line a CI runner reads as a
    workflow command)."""
    return (one_line(line) for line in _report_lines(report))


def _report_lines(report: GenerateReport) -> Iterator[str]:
    if report.reused:
        yield (
            f"nothing changed since the last run ({len(report.inputs)} input file(s), "
            f"{report.seconds:.1f}s): no file written"
        )
        return
    yield (
        f"{report.papers} papers from {len(report.inputs)} input file(s) → {report.pages} pages "
        f"({len(report.new)} new, {len(report.updated)} updated) in {report.seconds:.1f}s; "
        f"{len(report.written.written)} files written, {report.written.unchanged} unchanged"
    )
    for line in report.duplicates[:SHOWN]:
        yield f"duplicate: {line}"
    if len(report.new) <= 10:  # a first run makes thousands; a contributor adds one or two
        for path in report.new:
            yield f"new page: {path} (commit it with the input)"
    if len(report.duplicates) > SHOWN:
        yield f"... and {len(report.duplicates) - SHOWN} more duplicates (merged)"
    for path, fields in sorted(report.kept_edits.items()):
        yield f"kept hand edits in {path}: {', '.join(fields)}"
    if report.gone:
        yield (
            f"{len(report.gone)} page(s) are no longer in the input and were kept "
            f"(run with --prune to delete them): {', '.join(report.gone[:10])}"
            + (" ..." if len(report.gone) > 10 else "")
        )
    for path in report.pruned:
        yield f"deleted {path} (no longer in the input; --prune)"
    for path, fields in sorted(report.kept_edited.items()):
        yield (
            f"kept {path}: no longer in the input, but it has hand edits ({', '.join(fields)}); "
            "--prune-edited deletes it too"
        )
    for line in report.moved.values():
        yield line
    for problem in report.warnings:
        yield str(problem)
