"""What keeps a 20,000-paper digest fast: packed fragments, fast front matter, batched
writes, the search documents, and the live preview's partial regeneration."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.config import Config, load_config
from generator.engine.mkdocs import build as mkdocs_build
from generator.engine.mkdocs import publish
from generator.engine.preview import Preview, sources, watched
from generator.errors import DigestError
from generator.features import parts, search
from generator.features.render import Renderer
from generator.features.site import PaperView, Similarity, similarity
from generator.pages import page as pages
from generator.pages.page import dump_page, parse_page
from generator.pipeline import generate, refresh
from generator.writer import BATCH, Writer
from tests.conftest import SEED, MakeProject, tree

PAPERS = [
    {"id": f"p{i}", "title": title, "abstract": abstract, "venue": venue, "status": status}
    for i, (title, abstract, venue, status) in enumerate(
        [
            ("Graph Networks at Scale", "We train graph neural networks on graphs.", "A", "Oral"),
            ("Graph Attention Again", "Attention over graph neighbourhoods.", "A", "Poster"),
            ("Image Transformers", "Vision transformers classify images.", "B", "Poster"),
            ("Reward Models for Language", "Reinforcement learning for LLMs.", "B", ""),
        ]
    )
]


def jsonl(records: list[dict[str, Any]]) -> str:
    import json

    return "".join(json.dumps(r) + "\n" for r in records)


def fragments(config: Config) -> dict[str, str]:
    """Each paper's parts in the parts files, by slug, and check it is in its bucket."""
    found: dict[str, str] = {}
    for path in sorted((config.parts_dir / "papers").iterdir()):
        for slug, record in json.loads(path.read_text(encoding="utf-8")).items():
            assert path.name == f"{parts.bucket(slug):02d}.json"
            assert set(record) == {"head", "foot", "meta", "toc"}
            found[slug] = record["head"] + record["foot"]
    return found


@pytest.mark.generate
def test_every_paper_has_one_record_in_the_file_its_slug_picks(make_project: MakeProject) -> None:
    hand = "---\nid: hand\ntitle: 手写的页面\ntags: [graph-learning]\n---\n图上的学习。\n"
    config = make_project(
        {"a.jsonl": jsonl(PAPERS)}, files={"site_src/papers/tu-wang-luo.md": hand}
    )
    generate(config)
    found = fragments(config)
    slugs = {p.stem for p in config.papers_dir.glob("*.md")}
    assert set(found) == slugs and "tu-wang-luo" in found
    assert len(list((config.parts_dir / "papers").iterdir())) <= parts.BUCKETS
    for record in found.values():
        assert 'class="pd-paper-head"' in record


@pytest.mark.generate
def test_built_paper_pages_show_their_own_generated_parts(make_project: MakeProject) -> None:
    hand = "---\nid: hand\ntitle: 手写的页面\ntags: [graph-learning]\n---\n图上的学习。\n"
    config = make_project(
        {"a.jsonl": jsonl(PAPERS)}, files={"site_src/papers/tu-wang-luo.md": hand}
    )
    report = generate(config)
    assert report.digest is not None
    publish(config)
    for view in report.digest.site.papers:
        html = (config.site_dir / "papers" / view.slug / "index.html").read_text("utf-8")
        article = html.split('<article class="md-content__inner', 1)[1]
        chips = re.findall(r'class="pd-tag" href="[^"]*tags/([^/"]+)/"', article)
        assert chips == [tag.slug for tag in view.tags], view.slug
        assert article.count('class="pd-paper-head"') == 1


TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["title", "summary", "venue"]), TEXT), TEXT)
def test_fast_front_matter_is_the_same_text_as_pure_python(
    given: dict[str, str], body: str
) -> None:
    meta: dict[str, object] = {"id": "x", **given, "tags": ["a"]}
    fast = dump_page(meta, body)

    class Pure(yaml.SafeDumper):
        pass

    Pure.add_representer(str, pages._represent_str)
    pure_meta = yaml.dump(
        pages.ordered(meta),
        Dumper=Pure,
        sort_keys=False,
        allow_unicode=True,
        width=10**9,
        default_flow_style=None,
    )
    assert fast.startswith(f"---\n{pure_meta}---\n")
    assert parse_page(fast, "p.md")[0] == meta


def test_many_files_are_written_in_one_batch_and_leave_no_temporary_file(tmp_path: Path) -> None:
    from generator.model import Output

    outputs = [Output(f"out/{i}.md", f"page {i}\n") for i in range(BATCH * 3)]
    report = Writer(tmp_path, tmp_path / ".digest").write([], outputs)
    assert len(report.written) == BATCH * 3
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(
        f"{i}.md" for i in range(BATCH * 3)
    )
    again = Writer(tmp_path, tmp_path / ".digest").write([], outputs)
    assert again.written == [] and again.unchanged == BATCH * 3


@pytest.mark.generate
def test_search_records_hold_title_filters_and_text_in_the_site_language(
    make_project: MakeProject,
) -> None:
    config = make_project({"a.jsonl": jsonl(PAPERS)})
    report = generate(config)
    assert report.digest is not None
    site = report.digest.site
    folder = search.documents_dir(config)
    records = {
        p.relative_to(folder).as_posix(): p.read_text("utf-8") for p in folder.rglob("*.html")
    }
    pages = [name for name in records if name.startswith(("papers/", "tags/"))]
    assert len(pages) == len(site.papers) + len(site.tags)  # and author and venue pages
    graph = next(p for p in site.papers if p.title == "Graph Networks at Scale")
    record = records[f"papers/{graph.slug}/index.html"]
    assert '<html lang="en">' in record  # English stemming, whatever the site's language
    assert 'data-pagefind-meta="title[data-value]" data-value="Graph Networks at Scale"' in record
    assert 'data-pagefind-filter="venue[data-value]" data-value="A"' in record
    assert 'data-pagefind-filter="status[data-value]" data-value="口头报告"' in record  # as badges
    assert "We train graph neural networks on graphs." in record
    for tag in graph.tags:
        assert f'data-pagefind-filter="tag[data-value]" data-value="{tag.label}"' in record
    # Nothing twice, and no `kind` on papers (most of the index): search.js takes them for
    # papers, and the filter that finds author and venue pages stays small.
    assert record.count("Graph Networks at Scale") == 3  # <title>, meta, indexed text
    assert "kind" not in record
    listing = records[f"tags/{graph.tags[0].slug}/index.html"]
    assert 'data-pagefind-filter="kind[data-value]" data-value="tag"' in listing
    assert listing.count(f">{graph.tags[0].label}<") == 2  # <title> and heading


def test_material_search_plugin_turns_pagefind_off(make_project: MakeProject) -> None:
    config = make_project({"a.jsonl": jsonl(PAPERS)})
    assert search.enabled(config)
    text = (config.root / "mkdocs.yml").read_text(encoding="utf-8")
    (config.root / "mkdocs.yml").write_text(
        text.replace("plugins:\n", "plugins:\n  search: {}\n", 1)
    )
    assert not search.enabled(load_config(config.root))


@pytest.mark.slow
def test_digest_build_puts_a_search_index_in_the_site(seed_project: Config) -> None:
    report = generate(seed_project)
    assert report.digest is not None
    built = publish(seed_project)
    bundle = seed_project.site_dir / "pagefind"
    assert built.searchable and (bundle / "pagefind.js").is_file()
    assert len(list((bundle / "fragment").iterdir())) == 19 + len(report.digest.site.tags)
    assert not (bundle / "pagefind-ui.js").exists()
    assert not any(p.name.startswith("pagefind-") for p in seed_project.state_dir.iterdir())
    # Every icon of a page is drawn from the one shared file (overrides/partials/digest-icon.html).
    paper = next((seed_project.site_dir / "papers").glob("*/index.html")).read_text("utf-8")
    assert "<path" not in paper and paper.count('assets/icons.svg#material-magnify"') == 2


#: Front-matter lines an edit replaces, besides the summary (the empty edit changes only it).
EDITS = {
    "tags changed": {"tags": "tags: [graph-learning, reasoning]"},
    "tags kept": {},
    # The paper cited differently; every other citation is kept from the last run.
    "title changed": {"title": "title: Zebra Transformers"},
    # Author and venue pages change with it, and their search documents.
    "authors changed": {"authors": "authors: [Grace Hopper, Ada Lovelace]"},
    "status changed": {"status": "status: Oral"},
}
#: The same papers with authors, some shared.
AUTHORED = [
    {**paper, "authors": names}
    for paper, names in zip(
        PAPERS,
        [["Ada Lovelace", "Alan Turing"], ["Ada Lovelace"], ["Alan Turing"], ["Edsger Dijkstra"]],
        strict=True,
    )
]


@pytest.mark.generate
@pytest.mark.parametrize("edit", list(EDITS))
def test_refresh_after_an_edit_writes_what_a_full_run_would(
    make_project: MakeProject, tmp_path: Path, edit: str
) -> None:
    retag = edit == "tags changed"
    config = make_project({"a.jsonl": jsonl(AUTHORED)})
    settings = config.root / "mkdocs.yml"  # one paper a listing page: an edit moves pages
    settings.write_text(re.sub(r"per_page: \d+", "per_page: 1", settings.read_text("utf-8")))
    config = load_config(config.root)
    report = generate(config)
    assert report.digest is not None
    page = next(config.papers_dir.glob("image-transformers*.md"))
    text = page.read_text(encoding="utf-8")
    edited = re.sub(r"(?m)^summary:.*$", "summary: A hand-written summary.", text, count=1)
    for field, line in EDITS[edit].items():
        edited, found = re.subn(rf"(?m)^{field}:.*$", line, edited, count=1)
        assert found, field
    assert edited != text
    page.write_text(edited, encoding="utf-8")
    digest, refreshed = refresh(config, report.digest, [f"papers/{page.name}"])
    assert page.stem in refreshed.stale
    if retag:
        assert any("tags/reasoning/" in path for path in refreshed.written.written)
    # A full run on a copy of the project, edit included, writes the same derived files.
    copy = tmp_path / "copy"
    shutil.copytree(config.root, copy)
    generate(load_config(copy))
    # The reader features (stats, map...) wait for the next full run: they have no refresh
    # (generator/features/registry.py).
    for under in ("site_src/tags", "site_src/browse", "site_src/index.md"):
        assert tree(config.root, under) == {
            path: data for path, data in tree(copy, under).items()
        }, under
    ours, theirs = config.parts_dir, load_config(copy).parts_dir
    for name in [parts.FILTERS_FILE, *(parts.bucket_file(n) for n in range(parts.BUCKETS))]:
        assert (ours / name).is_file() == (theirs / name).is_file(), name
        if (ours / name).is_file():
            assert (ours / name).read_bytes() == (theirs / name).read_bytes(), name
    shown = digest.paper_parts[page.stem]
    assert shown.head + shown.foot == fragments(config)[page.stem]
    records, copied = search.documents_dir(config), search.documents_dir(load_config(copy))
    assert {p.relative_to(records): p.read_bytes() for p in records.rglob("*.html")} == {
        p.relative_to(copied): p.read_bytes() for p in copied.rglob("*.html")
    }


@pytest.mark.generate
def test_refresh_refuses_an_edit_that_reuses_another_pages_id(make_project: MakeProject) -> None:
    config = make_project({"a.jsonl": jsonl(PAPERS)})
    report = generate(config)
    assert report.digest is not None
    page = next(config.papers_dir.glob("image-transformers*.md"))
    page.write_text(re.sub(r"(?m)^id: .*$", "id: p0", page.read_text("utf-8")), "utf-8")
    with pytest.raises(DigestError, match="is also used by"):
        refresh(config, report.digest, [f"papers/{page.name}"])


@pytest.mark.generate
def test_the_preview_watches_sources_but_no_derived_file(seed_project: Config) -> None:
    generate(seed_project)
    seen = {Path(p).relative_to(seed_project.root).as_posix() for p in sources(seed_project, [])}
    assert "site_src/papers" in {s.rsplit("/", 1)[0] for s in seen}
    assert "taxonomy.yml" in seen and "mkdocs.yml" in seen
    assert not any(s.startswith(("site_src/tags/", "overrides/generated/")) for s in seen)
    assert "site_src/index.md" not in seen
    names = {p.relative_to(seed_project.root).as_posix() for p in watched(seed_project, [])}
    assert "site_src/papers" in names and "overrides/partials" in names
    assert not names & {"site_src/index.md", "site_src/tags", "overrides/generated"}


@pytest.mark.slow
def test_the_preview_rebuilds_an_edited_page_and_the_pages_that_show_it(
    seed_project: Config,
) -> None:
    said: list[str] = []
    preview = Preview(seed_project, [], said.append)
    preview.reindex = None  # the search index has its own test
    try:
        preview.build()
        assert preview.digest is not None
        view = next(v for v in preview.digest.site.papers if v.related)
        other = view.related[0]
        page = seed_project.papers_dir / f"{other.slug}.md"
        text = page.read_text(encoding="utf-8")
        page.write_text(re.sub(r"(?m)^title: .*$", "title: A Title Fixed By Hand", text, count=1))
        preview.rebuild()
        site = preview.site_dir
        assert "A Title Fixed By Hand" in (site / "papers" / other.slug / "index.html").read_text()
        shown = (site / "papers" / view.slug / "index.html").read_text(encoding="utf-8")
        assert "A Title Fixed By Hand" in shown
        assert "全部标签" in shown  # the navigation's titles, read again for a dirty build
        assert any("page(s) edited" in line for line in said)
        untouched = [
            v.slug
            for v in preview.digest.site.papers
            if v.slug != other.slug and all(r.slug != other.slug for r in v.related)
        ]
        assert untouched
        before = (site / "papers" / untouched[0] / "index.html").stat().st_mtime_ns
        preview.rebuild()  # nothing changed since: nothing is rebuilt
        assert (site / "papers" / untouched[0] / "index.html").stat().st_mtime_ns == before
    finally:
        preview.close()


@pytest.mark.slow
def test_forked_workers_build_the_same_site_and_report_its_warnings(
    seed_project: Config, tmp_path: Path
) -> None:
    generate(seed_project)

    def built() -> dict[str, bytes]:  # the compressed sitemap holds the time it was made
        return {k: v for k, v in tree(seed_project.site_dir).items() if not k.endswith(".gz")}

    mkdocs_build(seed_project, workers=1)
    alone = built()
    mkdocs_build(seed_project, workers=2)
    assert built() == alone and len(alone) > 50
    page = sorted(seed_project.papers_dir.glob("*.md"))[-1]
    page.write_text(page.read_text("utf-8") + "\nSee [gone](missing-page.md).\n", "utf-8")
    with pytest.raises(DigestError, match=r"missing-page\.md"):
        mkdocs_build(seed_project, workers=2)


def _files(root: Path) -> dict[str, bytes]:
    """Every file of a project but the caches and the lock, by path."""
    skip = ("site/", ".digest/cache/", ".digest/lock")
    found = {p.relative_to(root).as_posix(): p for p in root.rglob("*") if p.is_file()}
    return {rel: p.read_bytes() for rel, p in found.items() if not rel.startswith(skip)}


@pytest.mark.generate
@pytest.mark.parametrize("edit", ["abstract", "tags", "title"])
def test_a_run_with_the_caches_writes_what_a_full_run_would(
    make_project: MakeProject, tmp_path: Path, edit: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import generator.pipeline as pipeline_module
    from tests.structured import RECORDS, settings

    records = [dict(r) for r in RECORDS]
    config = make_project({"a.jsonl": jsonl(records)}, files={"mkdocs.yml": settings()})
    generate(config)
    # Every cache the run keeps is there for the next: the papers read, their derivations,
    # the near pairs, the similarity, the rendered files, the docs' hashes, the fingerprint.
    kept = {p.name for p in (config.state_dir / "cache").iterdir()}
    assert kept >= {"inputs.json", "derived.json", "near.json", "similarity.json"}
    assert kept >= {"rendered.json", "docs-hashes.json", "fingerprint"}
    if edit == "abstract":  # the text changes: related papers and the map are computed again
        records[2]["abstract"] = "Message passing on molecules, revisited: graphs of proteins."
        records[2]["authors"] = ["Wei Pei", "Anonymous", "Zoe Zimmer"]
        (config.root / "inputs" / "a.jsonl").write_text(jsonl(records), encoding="utf-8")
    else:  # a hand edit of a page's tags or title: the texts, and what they give, are the same
        page = next(config.papers_dir.glob("advancing-graph*.md"))
        text = page.read_text(encoding="utf-8")
        if edit == "tags":
            edited = re.sub(r"(?m)^tags:(?: \[.*\]|(?:\n  - .+)+)$", "tags: [robotics]", text)
        else:
            edited = re.sub(r"(?m)^title: .*$", "title: A Title Fixed by Hand", text)
        assert edited != text
        page.write_text(edited, "utf-8")
    full = tmp_path / "full"
    shutil.copytree(config.root, full)
    shutil.rmtree(full / ".digest" / "cache")
    computed: list[int] = []

    def fit(texts: list[str], related: int) -> Similarity:
        computed.append(related)
        return similarity(texts, related)

    fit.__module__ = similarity.__module__  # the same code: its cached result is kept
    monkeypatch.setattr(pipeline_module, "similarity", fit)
    rendered: list[str] = []
    render = Renderer._fragment

    def fragment(self: Renderer, template: Any, view: PaperView, values: Any) -> Any:
        rendered.append(view.slug)
        return render(self, template, view, values)

    monkeypatch.setattr(Renderer, "_fragment", fragment)
    documented: list[str] = []  # the search documents rendered (the words of each)
    pairs = search._bigrams

    def bigrams(text: str) -> str:
        documented.append(text)
        return pairs(text)

    monkeypatch.setattr(search, "_bigrams", bigrams)
    done = generate(config, reuse=True)  # with the caches of the first run
    # Only a new text fits related papers and the map again; a fixed title or tag does not.
    assert computed == ([config.related] if edit == "abstract" else [])
    # A page's parts are rendered again only for the edited paper and those that show it.
    assert done.digest is not None
    if edit != "abstract":
        fixed = next(v.slug for v in done.digest.site.papers if v.slug.startswith("advancing-g"))
        papers = done.digest.site.papers
        shown_by = {v.slug for v in papers if any(o.slug == fixed for o in v.related)}
        assert fixed in rendered and set(rendered) <= {fixed} | shown_by
        assert len(rendered) < len(done.digest.site.papers)
        # Of the search documents, only the edited paper's is rendered again (and the page of
        # the tag it joined, which had no paper before).
        title = next(v.title for v in papers if v.slug == fixed)
        assert len(documented) == (2 if edit == "tags" else 1)
        assert documented[0].startswith(title)
    monkeypatch.setattr(Renderer, "_fragment", render)
    again = generate(load_config(full))  # from nothing but the pages and inputs
    # The same warnings (the near pairs among them), and the same bytes.
    assert [p.message for p in done.warnings] == [p.message for p in again.warnings]
    ours, theirs = _files(config.root), _files(full)
    assert ours.keys() == theirs.keys()
    assert [path for path in ours if ours[path] != theirs[path]] == []


@pytest.mark.generate
def test_a_derived_file_changed_since_the_last_run_is_rendered_again(
    make_project: MakeProject,
) -> None:
    config = make_project({"a.jsonl": jsonl(PAPERS)})
    generate(config)
    listing = next((config.docs_dir / "tags").glob("*/index.md"))
    bucket = next((config.parts_dir / "papers").iterdir())
    home = config.docs_dir / "index.md"
    wrote = {path: path.read_bytes() for path in (listing, bucket, home)}
    listing.write_text("<script>alert(1)</script>\n", encoding="utf-8")
    bucket.write_text('{"x": {"head": "<script>", "foot": "", "meta": ""}}\n', encoding="utf-8")
    generate(config)
    assert {path: path.read_bytes() for path in wrote} == wrote
    # A new template is a new rendering of every page that uses it.
    template = config.root / "templates" / "listing.md.j2"
    template.write_text(template.read_text("utf-8") + "\nListed by hand.\n", "utf-8")
    generate(config)
    assert listing.read_text("utf-8").endswith("Listed by hand.\n")


@pytest.mark.generate
def test_kept_derived_files_are_not_read_again_to_compare_them(
    make_project: MakeProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.features.memo import Memo

    config = make_project({"a.jsonl": jsonl(PAPERS)})
    generate(config)
    read: list[str] = []
    real = Memo._as_written

    def spied(self: Memo, path: str) -> bytes | None:
        read.append(path)
        return real(self, path)

    monkeypatch.setattr(Memo, "_as_written", spied)
    again = generate(config)
    # The run hashed the docs folder once already: the memo compares those hashes; only the
    # state folder's parts files, which it reads, are read for the comparison.
    assert again.written.written == [] and read
    assert all(path.startswith(".digest/") for path in read), read


@pytest.mark.generate
def test_a_run_without_a_digest_reads_only_the_parts_files_it_writes_and_writes_the_same(
    make_project: MakeProject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.features.memo import Memo

    # With authors, the fixed title is in the paper's own parts (its citation), not only in
    # its neighbours' related papers: a run reads the parts files of both, and writes both.
    configs = [make_project({"a.jsonl": jsonl(AUTHORED)}, root=tmp_path / n) for n in "ab"]
    for config in configs:
        generate(config)
        page = sorted(config.papers_dir.glob("*.md"))[1]
        text = page.read_text(encoding="utf-8")
        page.write_text(re.sub(r"(?m)^title: .*$", "title: Fixed", text, count=1), "utf-8")
    read: list[str] = []
    real = Memo.last_parts

    def spied(self: Memo, path: str) -> Any:
        read.append(path)
        return real(self, path)

    monkeypatch.setattr(Memo, "last_parts", spied)
    lean = generate(configs[0], digest=False)
    assert lean.digest is None and read
    written = set(lean.written.written)
    assert all(path in written for path in read), (read, written)
    assert generate(configs[1]).digest is not None  # the same edit, keeping the digest
    ours, theirs = _files(configs[0].root), _files(configs[1].root)
    assert ours.keys() == theirs.keys()
    assert [path for path in ours if ours[path] != theirs[path]] == []


@pytest.mark.generate
def test_a_run_with_nothing_changed_stops_at_once(make_project: MakeProject) -> None:
    config = make_project({"a.jsonl": jsonl(PAPERS)})
    first = generate(config, reuse=True)
    assert not first.reused and first.digest is not None
    again = generate(config, reuse=True)
    assert again.reused and again.written.written == [] and again.digest is None
    assert generate(config).digest is not None  # without `reuse`, a run always plans
    (config.root / "templates" / "home.md.j2").write_text("# Home\n", encoding="utf-8")
    changed = generate(config, reuse=True)
    assert not changed.reused and changed.written.written == ["site_src/index.md"]
    # The run's record of what it read is brought up to date with what it wrote.
    assert generate(config, reuse=True).reused
    new = {"id": "p9", "title": "Diffusion for Robots", "abstract": "Robots plan by diffusion."}
    (config.root / "inputs" / "a.jsonl").write_text(jsonl([*PAPERS, new]), encoding="utf-8")
    grown = generate(config, reuse=True)
    assert not grown.reused and grown.new == ["papers/diffusion-for-robots.md"]
    assert generate(config, reuse=True).reused
    (config.docs_dir / "tags" / "index.md").unlink()  # a derived file gone: run again
    assert not generate(config, reuse=True).reused
    # A setting from the environment (`!ENV` in mkdocs.yml) changes what is written.
    moved = dataclasses.replace(config, site_url="https://example.org/digest/")
    assert not generate(moved, reuse=True).reused


def test_nearly_the_same_abstracts_are_found_again_only_for_other_abstracts(
    tmp_path: Path,
) -> None:
    from generator.cache import Cache
    from generator.pages.similar import near_pairs

    seed = [p for p in SEED.read_text(encoding="utf-8").split("\n\n") if len(p) > 400]
    texts = [seed[1], seed[1].replace(" the ", " a ", 1), seed[2]]
    first = Cache(tmp_path, "salt")
    found = first.computed("near", near_pairs, texts, load=_pairs)
    assert found == near_pairs(texts) and [(i, j) for i, j, _ in found] == [(0, 1)]
    first.save()
    computed: list[int] = []

    def again(texts: list[str]) -> list[tuple[int, int, float]]:
        computed.append(len(texts))
        return near_pairs(texts)

    again.__module__ = near_pairs.__module__  # the same code
    assert Cache(tmp_path, "salt").computed("near", again, texts, load=_pairs) == found
    assert computed == []  # the same abstracts: the pairs the last run found, as it found them
    assert Cache(tmp_path, "salt").computed("near", again, texts[:2], load=_pairs) == found
    assert computed == [2]


def _pairs(found: Any) -> list[tuple[int, int, float]]:
    return [(int(i), int(j), float(score)) for i, j, score in found]


def test_the_similarity_cache_is_kept_for_the_same_code_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import generator.cache as cache_module
    from generator.features.site import similarity

    texts = ["graph networks on molecules", "robots learn to grasp", "graph networks on proteins"]

    def load(found: Any) -> Similarity:
        return Similarity(found["related"], found["layout"])

    def kept(compute: Any) -> Similarity:
        cache = cache_module.Cache(tmp_path, "salt")
        found: Similarity = cache.computed(
            "similarity", compute, texts, 1, dump=dataclasses.asdict, load=load
        )
        cache.save()
        return found

    found = kept(similarity)
    computed: list[int] = []

    def again(texts: list[str], related: int) -> Similarity:
        computed.append(related)
        return found

    again.__module__ = similarity.__module__
    assert kept(again) == found
    assert computed == []  # same texts, same code: reused
    # A new layout method (the map's t-SNE, say) must draw the map again.
    monkeypatch.setattr(cache_module, "code_of", lambda *modules: "another")
    kept(again)
    assert computed == [1]


def test_a_cache_key_holds_the_code_its_step_imports() -> None:
    # The modules a step runs are found from its imports, not listed by hand: the readers'
    # key holds the paper's declaration (model.py) and the text cleanup they call; the
    # similarity's holds the modules it imports inside its functions (TF-IDF, the map).
    from generator.cache import PACKAGE, code_files

    def names(*modules: str) -> set[str]:
        return {path.relative_to(PACKAGE).as_posix() for path in code_files(*modules)}

    reading = names("generator.pages.readers", "generator.model")
    assert {"pages/readers.py", "model.py", "text.py", "bounds.py"} <= reading
    assert not any(name.startswith(("features/", "engine/", "derive/")) for name in reading)
    deriving = names("generator.derive")
    assert {"derive/__init__.py", "derive/titles.py", "derive/title_model.json"} <= deriving
    assert {"taxonomy.py", "text.py"} <= deriving
    similar = names("generator.features.site")
    assert {"features/site.py", "features/related.py", "features/papermap.py"} <= similar
