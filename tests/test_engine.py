"""The site builder's side: the page hook, MkDocs on public ground, atomic publishing, Zensical."""

from __future__ import annotations

import ast
import html
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml

from generator.config import Config
from generator.engine import mkdocs as engine
from generator.engine import pagefind, zensical
from generator.engine.hooks import edit_url, paper_slug
from generator.engine.preview import Bell, Preview, error_banner, serve
from generator.errors import DigestError, Problem
from generator.features import parts
from generator.pipeline import generate
from tests.conftest import REPO, MakeProject, tree

OVERRIDES = REPO / "overrides"


def test_templates_call_no_python_method_and_read_no_page_file() -> None:
    # Zensical runs the theme's templates without Python: no string methods, no `page.file`.
    banned = re.compile(r"\.(encode|find|partition|split|startswith)\b|\bpage\.file\b")
    found = {
        f"{path.relative_to(REPO)}:{n}": line.strip()
        for path in sorted(OVERRIDES.rglob("*.html"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if banned.search(re.sub(r"\{#.*?#\}", "", line))
        and not line.strip().startswith(("{#", "Templates here"))
    }
    assert found == {}


def test_no_module_but_the_engine_imports_a_private_name_of_mkdocs() -> None:
    offenders = []
    for path in sorted((REPO / "generator").rglob("*.py")):
        tree_ = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree_):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mkdocs"):
                names = [(node.module or "")] + [alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("mkdocs")]
            private = [n for n in names for part in n.split(".") if part.startswith("_")]
            if private and path != REPO / "generator" / "engine" / "mkdocs.py":
                offenders.append(f"{path.relative_to(REPO)}: {private}")
    assert offenders == []
    # The engine itself reaches them only through its guard, never by an import statement.
    source = (REPO / "generator" / "engine" / "mkdocs.py").read_text(encoding="utf-8")
    assert not re.search(r"import[^\n]*\b_(populate|build)_", source)


def test_a_paper_page_is_one_file_directly_in_papers() -> None:
    assert paper_slug("papers/smart-r1.md") == "smart-r1"
    assert paper_slug("papers/sub/x.md") == ""
    assert paper_slug("tags/papers/index.md") == ""
    assert paper_slug("papers/x.txt") == ""


class _Page:
    def __init__(self, src_uri: str, meta: dict[str, Any], own: str | None) -> None:
        self.file = type("File", (), {"src_uri": src_uri})()
        self.meta = meta
        self.edit_url = own


class _Config:
    config_file_path = "/p/mkdocs.yml"
    docs_dir = "/p/site_src"


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("taxonomy.yml", "https://github.com/o/r/edit/main/taxonomy.yml"),
        ("../../etc/passwd", None),
        ("https://evil.example/", None),
        ("/etc/passwd", None),
        (["taxonomy.yml"], None),
    ],
)
def test_a_derived_page_edits_only_a_project_file(target: Any, expected: str | None) -> None:
    own = "https://github.com/o/r/edit/main/site_src/tags/nlp/index.md"
    page = _Page("tags/nlp/index.md", {"generated_page": True, "edit_path": target}, own)
    assert edit_url(page, _Config()) == expected


@pytest.fixture
def generated(seed_project: Config) -> Config:
    generate(seed_project)
    return seed_project


@pytest.mark.slow
def test_the_parallel_build_falls_back_to_mkdocs_own_when_private_names_are_gone(
    generated: Config, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    engine.build(generated, workers=1)
    plain = tree(generated.site_dir)
    # A MkDocs release that renamed its per-page steps (its public build still works).
    monkeypatch.setattr(engine, "PRIVATE", tuple(f"{name}_renamed" for name in engine.PRIVATE))
    # The process of its own that shares the pages out says it cannot, and exits so.
    cfg = engine.load(generated, site_dir=generated.root / "parallel")
    args = [cfg.config_file_path, cfg.site_dir, str(generated.state_dir), "2", "strict"]
    args += ["", "", "", ""]
    assert engine._main(args) == engine._FALLBACK
    assert "pages built in one process" in capsys.readouterr().err
    # Told so, the build takes MkDocs' public road and gives the same site.
    real_run = subprocess.run

    def child(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        if command[:4] == [sys.executable, "-I", "-m", "generator.engine.mkdocs"]:
            return subprocess.CompletedProcess(command, engine._FALLBACK, "", "notice: fallback\n")
        return real_run(command, **kwargs)

    monkeypatch.setattr(subprocess, "run", child)
    report = engine.build(generated, workers=2)
    assert report.how == "MkDocs' build"
    assert tree(generated.site_dir) == plain
    # The live preview keeps no view of the site: every edit rebuilds it whole.
    assert engine.SiteView.open(generated, generated.root / "view") is None


@pytest.mark.slow
def test_the_preview_rebuilds_whole_without_mkdocs_private_names(
    generated: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine, "PRIVATE", tuple(f"{name}_renamed" for name in engine.PRIVATE))
    said: list[str] = []
    preview = Preview(generated, [], said.append)
    try:
        preview.build()
        assert preview.pages is None
        page = sorted(generated.papers_dir.glob("*.md"))[0]
        edited = re.sub(r"(?m)^title: .*$", "title: Edited by hand", page.read_text("utf-8"))
        page.write_text(edited, "utf-8")
        preview.rebuild()
        built = (preview.site_dir / "papers" / page.stem / "index.html").read_text("utf-8")
        assert "<h1>Edited by hand</h1>" in built
    finally:
        preview.close()


@pytest.mark.slow
def test_workers_check_links_to_anchors_on_pages_other_workers_built(generated: Config) -> None:
    pages = sorted(generated.papers_dir.glob("*.md"))
    assert len(pages) > 4
    # Two pages of different shares (their parts files go to different workers).
    first = pages[0]
    share = parts.bucket(first.stem) % 2
    other = next(p for p in pages if parts.bucket(p.stem) % 2 != share)
    other.write_text(other.read_text("utf-8") + "\n## Reading notes\n\nMore.\n", "utf-8")
    text = first.read_text("utf-8")
    first.write_text(text + f"\nSee [the notes]({other.name}#reading-notes).\n", "utf-8")
    engine.build(generated, workers=2)  # a real anchor on the other worker's page: no warning
    first.write_text(text + f"\nSee [nothing]({other.name}#no-such-anchor).\n", "utf-8")
    for workers in (1, 2):
        with pytest.raises(DigestError, match=r"no-such-anchor"):
            engine.build(generated, workers=workers)


@pytest.mark.slow
def test_a_failed_build_leaves_the_last_good_site_and_killed_runs_leave_nothing(
    generated: Config,
) -> None:
    engine.publish(generated)
    good = tree(generated.site_dir)
    assert any(path.startswith("pagefind/") for path in good)
    # Leftovers of a run that was killed (its process is gone): removed by the next run.
    dead = 2**22 + 1
    left = [
        generated.root / f"{engine.BUILDING}{dead}-abcd",
        generated.state_dir / f"{pagefind.SCRATCH}{dead}-abcd",
        generated.state_dir / f"{engine.WORKER}{dead}-1-abcd",
    ]
    for path in left[:2]:
        (path / "pagefind").mkdir(parents=True)
        (path / "pagefind" / "x.js").write_text("half", "utf-8")
    left[2].write_text("[]", "utf-8")
    page = sorted(generated.papers_dir.glob("*.md"))[0]
    page.write_text(page.read_text("utf-8") + "\nSee [gone](missing-page.md).\n", "utf-8")
    with pytest.raises(DigestError, match=r"missing-page\.md"):
        engine.publish(generated)
    assert tree(generated.site_dir) == good
    assert not any(path.exists() for path in left)
    assert not list(generated.root.glob(f"{engine.BUILDING}*"))


def test_a_swapped_site_is_whole_at_once_and_the_old_one_goes_after(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for name, count in (("site", 3), ("new", 5)):
        for n in range(count):
            (tmp_path / name / f"p{n}").mkdir(parents=True)
            (tmp_path / name / f"p{n}" / "index.html").write_text(name, "utf-8")
    engine.swap(tmp_path / "new", site)
    assert tree(site) == {f"p{n}/index.html": b"new" for n in range(5)}
    assert not (tmp_path / "new").exists()
    deadline = time.monotonic() + 60  # the old site is removed by a process of its own
    while list(tmp_path.glob(f"{engine.BUILDING}*")) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def _staged(tmp_path: Path) -> tuple[Path, Path]:
    """A site, and a staged build that replaces a page and the search index, adds a page and
    takes one out."""
    site, built = tmp_path / "site", tmp_path / "built"
    for folder, files in (
        (site, {"a/index.html": "a", "b/index.html": "b", "c/index.html": "c", "pagefind/x": "o"}),
        (built, {"a/index.html": "A", "d/index.html": "D", "pagefind/y": "new"}),
    ):
        for name, text in files.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, "utf-8")
    return site, built


def test_a_staged_build_is_merged_into_the_site_and_a_failed_merge_is_undone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site, built = _staged(tmp_path)
    good = tree(site)
    real_rename = os.rename
    calls = []

    def failing(old: Any, new: Any) -> None:
        calls.append(old)
        if len(calls) == 4:  # halfway: a page and the index moved already
            raise OSError("disk full")
        real_rename(old, new)

    monkeypatch.setattr(os, "rename", failing)
    with pytest.raises(OSError, match="disk full"):
        engine.merge(built, site, ["c/index.html"])
    monkeypatch.setattr(os, "rename", real_rename)
    assert tree(site) == good
    site, built = _staged(tmp_path / "again")
    engine.merge(built, site, ["c/index.html"])
    expected = {"a/index.html": b"A", "b/index.html": b"b", "d/index.html": b"D"}
    assert tree(site) == {**expected, "pagefind/y": b"new"}
    assert sorted(p.name for p in site.iterdir()) == ["a", "b", "d", "pagefind"]


def test_a_merge_cut_short_is_undone_by_the_next_build(seed_project: Config) -> None:
    generated = seed_project
    site, built = _staged(generated.root / "staged")
    good = tree(site)
    shutil.rmtree(generated.site_dir, ignore_errors=True)
    site.rename(generated.site_dir)
    # A merge killed after its first moves: its folder of moved files, journal and no end.
    dead = 2**22 + 3
    aside = generated.site_dir.parent / f"{engine.BUILDING}{dead}-old-x"
    (aside / "a").mkdir(parents=True)
    moves = [["a/index.html", True, True], ["pagefind", True, True], ["d/index.html", False, True]]
    journal = {"site": str(generated.site_dir), "moves": moves}
    (aside / engine.JOURNAL).write_text(json.dumps(journal), "utf-8")
    os.rename(generated.site_dir / "a" / "index.html", aside / "a" / "index.html")
    os.rename(built / "a" / "index.html", generated.site_dir / "a" / "index.html")
    engine.clear_leftovers(generated)
    assert tree(generated.site_dir) == good
    assert not aside.exists()


@pytest.mark.slow
def test_a_site_over_the_pages_limit_is_not_published(
    generated: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine.publish(generated)
    good = tree(generated.site_dir)
    monkeypatch.setattr(engine, "PAGES_LIMIT", 1000)
    with pytest.raises(DigestError, match=r"GitHub Pages refuses a site over"):
        engine.publish(generated)
    assert tree(generated.site_dir) == good


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


@pytest.mark.slow
def test_zensical_builds_the_same_pages_and_pagefind_indexes_them(generated: Config) -> None:
    report = zensical.publish(generated)
    assert report.how == "Zensical" and report.searchable
    site = generated.site_dir
    pages = sorted(generated.papers_dir.glob("*.md"))
    assert len(pages) == 19
    for page in pages:
        front, body = page.read_text("utf-8").split("---\n", 2)[1:]
        meta = yaml.safe_load(front)
        built = (site / "papers" / page.stem / "index.html").read_text("utf-8")
        article = built[built.index("<article") : built.index("</article>")]
        assert _text(re.findall(r"<h1[^>]*>(.*?)</h1>", article, re.S)[0]) == meta["title"]
        shown = _text(article)
        assert _text(meta["summary"]) in shown
        for tag in meta["tags"]:
            assert re.search(rf'href="[^"]*tags(/|&#x2f;){tag}(/|&#x2f;)"', article), tag
        for link in (meta.get("links") or {}).values():
            assert html.escape(link).replace("/", "&#x2f;") in article or link in article
        first = _text(body).split(". ")[0]
        assert first[:60] in shown
    used = {
        tag
        for page in pages
        for tag in yaml.safe_load(page.read_text("utf-8").split("---\n")[1])["tags"]
    }
    for tag in used:
        assert (site / "tags" / tag / "index.html").is_file(), tag
    home = (site / "index.html").read_text("utf-8")
    assert "19" in _text(home) and (site / "tags" / "index.html").is_file()
    # The search index is the generator's own records: it goes into Zensical's site as well.
    entry = json.loads((site / "pagefind" / "pagefind-entry.json").read_text("utf-8"))
    assert sum(language["page_count"] for language in entry["languages"].values()) >= 19
    shutil.rmtree(generated.root / ".cache", ignore_errors=True)


def test_the_preview_banner_shows_problems_escaped_at_the_top_of_the_body() -> None:
    page = '<html><body class="x"><h1>Paper</h1></body></html>'
    problem = Problem("site_src/papers/a.md", 3, "invalid YAML <script>alert(1)</script>")
    shown = error_banner(page, [problem])
    assert shown.startswith('<html><body class="x"><div class="pd-preview-error" role="alert">')
    assert "site_src/papers/a.md:3: error: invalid YAML &lt;script&gt;" in shown
    assert error_banner(shown, []).count("pd-preview-error") == 1  # replaced, not stacked


@pytest.mark.slow
def test_the_preview_shows_a_broken_page_in_the_browser_and_says_its_address(
    generated: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    import mkdocs.livereload

    said: list[str] = []
    served: list[Preview] = []

    class Server:
        def __init__(self, builder: Any, host: str, port: int, root: str, **more: Any) -> None:
            self.root = root

        def watch(self, path: str) -> None:
            pass

        def serve(self) -> None:
            preview = Preview(generated, [], said.append)
            preview.site_dir = Path(self.root)
            served.append(preview)

        def shutdown(self) -> None:
            pass

    monkeypatch.setattr(mkdocs.livereload, "LiveReloadServer", Server)
    serve(generated, [], "127.0.0.1:8123", said.append)
    assert "serving the preview at http://127.0.0.1:8123/ (Ctrl-C stops it)" in said
    preview = Preview(generated, [], said.append)
    try:
        preview.build()
        page = sorted(generated.papers_dir.glob("*.md"))[0]
        page.write_text(page.read_text("utf-8").replace("title:", "title: [", 1), "utf-8")
        preview.rebuild()
        built = (preview.site_dir / "papers" / page.stem / "index.html").read_text("utf-8")
        assert 'class="pd-preview-error"' in built
        assert f"site_src/papers/{page.name}:" in built
    finally:
        for made in [preview, *served]:
            made.close()


@pytest.mark.slow
def test_a_paper_pages_generated_sections_are_in_its_table_of_contents(
    generated: Config,
) -> None:
    engine.build(generated)
    slug = next(
        s
        for s in (p.stem for p in generated.papers_dir.glob("*.md"))
        if parts.Store(generated.parts_dir).paper(s)
    )
    built = (generated.site_dir / "papers" / slug / "index.html").read_text("utf-8")
    toc = built[built.index('class="md-nav md-nav--secondary"') :]
    assert 'href="#pd-related"' in toc
    assert 'id="pd-related"' in built


def _until(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_the_bell_rings_for_an_edited_source_and_never_for_a_derived_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = tmp_path / "site_src"
    papers, tags = docs / "papers", docs / "tags"
    papers.mkdir(parents=True)
    tags.mkdir()
    settings = tmp_path / "mkdocs.yml"
    settings.write_text("site_name: x\n", encoding="utf-8")
    bell = Bell([papers, settings], tmp_path / "bell", wholes=(docs,))
    # What the bell was told, in order, by each thread that listens: the paths it noted
    # (None for a folder) and its rings.
    told: dict[int, list[object]] = {}
    note, ring = bell.note, bell.ring

    def noting(paths: list[str] | None) -> None:
        told.setdefault(threading.get_ident(), []).append(paths)
        note(paths)

    def ringing() -> None:
        told.setdefault(threading.get_ident(), []).append("ring")
        ring()

    monkeypatch.setattr(bell, "note", noting)
    monkeypatch.setattr(bell, "ring", ringing)

    def noted() -> set[str]:
        return {
            p for said in list(told.values()) for ps in said if isinstance(ps, list) for p in ps
        }

    edited = {str(papers / "a.md"), str(settings)}
    assert bell.start()
    try:
        (tags / "index.md").write_text("derived", encoding="utf-8")  # the generator's own
        (tmp_path / "notes.txt").write_text("not a source", encoding="utf-8")
        (papers / "sub").mkdir()  # a folder alone is no edit
        # Then an edit in each folder listened to: the system tells a folder's changes in
        # order, so once the bell has heard these, it has heard, or passed over, all above.
        (papers / "a.md").write_text("edited", encoding="utf-8")
        settings.write_text("site_name: y\n", encoding="utf-8")
        assert _until(lambda: edited <= noted(), 10), told
        said = [entry for thread in list(told.values()) for entry in thread]
        assert noted() == edited  # neither the derived file nor the other one
        assert said.count(None) == 1  # the new folder, noted but not rung for:
        assert all(after != "ring" for thread in told.values() for after in _after(thread, None))
        assert bell.rung >= 2  # one ring or more for each edit
        # The bell says how often it rang (it may be ringing still).
        assert _until(lambda: (tmp_path / "bell").read_text("utf-8") == str(bell.rung), 10)
        # It tells what changed, or that anything may have when a folder did.
        assert bell.take() is None and bell.take() == set()
        (papers / "a.md").write_text("edited again", encoding="utf-8")
        settings.write_text("site_name: z\n", encoding="utf-8")
        assert _until(lambda: bell.paths == edited, 10), bell.paths
        assert bell.take() == edited
        assert bell.take() == set()
        (papers / "other").mkdir()
        assert _until(lambda: bell.paths is None, 10)
        assert bell.take() is None and bell.take() == set()
    finally:
        bell.stop()


def _after(entries: list[object], entry: object) -> list[object]:
    """What follows each `entry` in `entries`."""
    return [entries[i + 1] for i, e in enumerate(entries[:-1]) if e is entry]


@pytest.mark.slow
def test_the_preview_looks_at_the_files_the_bell_heard_only(
    generated: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    preview = Preview(generated, [], said.append)
    try:
        preview.build()
        heard: list[set[str] | None] = []
        preview.bell = Bell([], preview.folder / "bell")
        monkeypatch.setattr(preview.bell, "take", lambda: heard.pop())
        page, other = sorted(generated.papers_dir.glob("*.md"))[:2]
        for path, title in ((page, "Edited by hand"), (other, "Not heard")):
            text = re.sub(r"(?m)^title: .*$", f"title: {title}", path.read_text("utf-8"))
            path.write_text(text, "utf-8")
        swap = page.with_name(f".{page.name}.swp")  # an editor's file: no source
        swap.write_text("x", "utf-8")
        heard.append({str(page), str(swap)})
        preview.rebuild()
        assert said[-1].startswith("1 page(s) edited"), said
        built = (preview.site_dir / "papers" / page.stem / "index.html").read_text("utf-8")
        assert "<h1>Edited by hand</h1>" in built
        unheard = (preview.site_dir / "papers" / other.stem / "index.html").read_text("utf-8")
        assert "Not heard" not in unheard
        heard.append(None)  # a folder changed: every source is looked at
        preview.rebuild()
        unheard = (preview.site_dir / "papers" / other.stem / "index.html").read_text("utf-8")
        assert "<h1>Not heard</h1>" in unheard
    finally:
        preview.close()


@pytest.mark.slow
def test_the_served_preview_shows_an_edited_title(generated: Config) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    command = [sys.executable, "-m", "generator", "serve", "--root", str(generated.root)]
    process = subprocess.Popen(
        [*command, "-a", f"127.0.0.1:{port}"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # As a shell starts a command in the background: Ctrl-C must stop it all the same.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )

    def get(address: str) -> str:
        try:
            with urllib.request.urlopen(address, timeout=10) as response:
                return str(response.read().decode("utf-8"))
        except OSError:
            return ""

    try:
        assert _until(lambda: get(url) != "" or process.poll() is not None, 300)
        page = sorted(generated.papers_dir.glob("*.md"))[0]
        text = re.sub(r"(?m)^title: .*$", "title: A title edited by hand", page.read_text("utf-8"))
        page.write_text(text, encoding="utf-8")
        shown = f"{url}papers/{page.stem}/"
        assert _until(lambda: "A title edited by hand" in get(shown), 60)
    finally:
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=60)
    assert "watching by polling" not in output


def _failing_step(real: Any, error: type[Exception]) -> Any:
    """MkDocs' private steps, `_build_page` failing as a changed signature would."""

    def broken(*args: Any, **kwargs: Any) -> None:
        raise error("_build_page() takes 4 positional arguments but 5 were given")

    return SimpleNamespace(**{**vars(real()), "_build_page": broken})


@pytest.mark.slow
def test_a_private_step_that_fails_while_pages_are_built_falls_back(
    generated: Config, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Present, but failing (a MkDocs release that changed what `_build_page` takes): the
    # build's process says so and exits for MkDocs' own build, rather than fail the build.
    real = engine._private
    monkeypatch.setattr(engine, "_private", lambda: _failing_step(real, TypeError))
    cfg = engine.load(generated, site_dir=generated.root / "parallel")
    args = [cfg.config_file_path, cfg.site_dir, str(generated.state_dir), "2", "strict"]
    assert engine._main([*args, "", "", "", ""]) == engine._FALLBACK
    assert "pages built in one process" in capsys.readouterr().err


@pytest.mark.slow
def test_a_failed_build_runs_the_plugins_build_error_event(generated: Config) -> None:
    # As MkDocs' own build does: a plugin cleans up after a build that failed.
    hook = generated.root / "record_error.py"
    record = generated.root / "error.txt"
    hook.write_text(
        f"def on_build_error(error):\n    open({str(record)!r}, 'w').write(type(error).__name__)\n",
        encoding="utf-8",
    )
    settings = generated.root / "mkdocs.yml"
    text = settings.read_text("utf-8").replace(
        "plugins:\n", "hooks:\n  - record_error.py\nplugins:\n", 1
    )
    settings.write_text(text, "utf-8")
    page = sorted(generated.papers_dir.glob("*.md"))[0]
    page.write_text(page.read_text("utf-8") + "\nSee [gone](missing-page.md).\n", "utf-8")
    args = [str(settings), str(generated.root / "out"), str(generated.state_dir), "1", "strict"]
    assert engine._main([*args, "", "", "", ""]) == 1
    assert record.read_text("utf-8") == "Abort"


@pytest.mark.slow
def test_the_preview_falls_back_when_a_private_step_fails_on_an_edit(
    generated: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    said: list[str] = []
    preview = Preview(generated, [], said.append)
    try:
        preview.build()
        assert preview.pages is not None
        preview.pages.private = _failing_step(engine._private, AttributeError)
        page = sorted(generated.papers_dir.glob("*.md"))[0]
        edited = re.sub(r"(?m)^title: .*$", "title: Edited by hand", page.read_text("utf-8"))
        page.write_text(edited, "utf-8")
        preview.rebuild()  # the render fails: the whole site is built again
        assert "pages built in one process" in capsys.readouterr().err
        built = (preview.site_dir / "papers" / page.stem / "index.html").read_text("utf-8")
        assert "<h1>Edited by hand</h1>" in built
    finally:
        preview.close()


@pytest.mark.slow
def test_mkdocs_own_build_finds_the_plugin_and_builds_what_the_fast_path_builds(
    generated: Config, tmp_path: Path
) -> None:
    # The contract: `mkdocs build` alone, no digest command, MkDocs finding the plugin by its
    # entry point (run from another folder: the package as installed, not this checkout).
    own, fast = tmp_path / "own", tmp_path / "fast"
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q"]
    command += ["-f", str(generated.root / "mkdocs.yml"), "-d", str(own)]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert engine.build(generated, workers=2, site_dir=fast).how.startswith("parallel")

    def built(site: Path) -> dict[str, bytes]:  # the compressed sitemap holds the time it was made
        return {k: v for k, v in tree(site).items() if not k.endswith(".gz")}

    assert built(own) == built(fast) and len(built(own)) > 50
    page = next((own / "papers").glob("*/index.html")).read_text("utf-8")
    # The plugin's work: the paper's parts (its tags), the page's Content-Security-Policy.
    assert 'class="pd-tags"' in page and 'http-equiv="Content-Security-Policy"' in page


@pytest.mark.generate
def test_mkdocs_own_build_naming_the_old_hook_says_what_to_do(
    make_project: MakeProject, caplog: pytest.LogCaptureFixture
) -> None:
    # A mkdocs.yml of the old form (`digest build` refuses it earlier: test_config.py).
    from mkdocs.commands.build import build
    from mkdocs.config import load_config as mkdocs_config
    from mkdocs.exceptions import Abort

    from generator.engine import hooks

    config = make_project()
    settings = config.root / "mkdocs.yml"
    text = settings.read_text("utf-8")
    settings.write_text(text.replace("plugins:\n", f"hooks:\n  - {hooks.__file__}\nplugins:\n", 1))
    with pytest.raises(Abort):
        build(mkdocs_config(str(settings)))
    assert "the digest's form before it was a MkDocs plugin: run `digest init`" in caplog.text
    assert not config.site_dir.exists()


def test_the_fast_path_is_taken_for_the_digests_own_plugin_only(make_project: MakeProject) -> None:
    from generator.config import load_config

    config = make_project()
    assert engine._only_ours(engine.load(config))
    settings = config.root / "mkdocs.yml"
    text = settings.read_text("utf-8")
    # Material's search plugin gathers from every page, which one process must see.
    settings.write_text(text.replace("plugins:\n", "plugins:\n  search: {}\n", 1), "utf-8")
    assert not engine._only_ours(engine.load(load_config(config.root)))
    # A hook of the project's own, whatever its file is called.
    (config.root / "mine").mkdir()
    (config.root / "mine" / "plugin.py").write_text("def on_page_markdown(m, **k):\n    return m\n")
    settings.write_text(text.replace("plugins:\n", "hooks:\n  - mine/plugin.py\nplugins:\n", 1))
    assert not engine._only_ours(engine.load(load_config(config.root)))
    # Without the digest's plugin (no parts for the pages), MkDocs' own build.
    without = re.sub(r"(?m)^plugins:\n(?:  .*\n)+", "plugins: []\n", text)
    settings.write_text(without, "utf-8")
    assert not engine._only_ours(engine.load(load_config(config.root)))
