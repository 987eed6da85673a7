"""Benchmark the digest's whole pipeline against a bare Material site of the same papers.

    python -m benchmarks.bench CORPUS --papers 20000      (or: make bench CORPUS=...)

CORPUS is a JSON Lines file (optionally gzipped) of papers with at least a title and an
abstract. Past its end the papers repeat with fresh ids and perturbed text, so any count
can be asked for. In one invocation, each in a process of its own (so peak memory is its
own), the benchmark builds

- the digest: `digest build` (generate, MkDocs, Pagefind), then a no-op regeneration, then
  a pull request's run (one paper edited by hand, then `digest check` and `digest build`
  with the previous build's `.digest/` and `site/`, as CI restores them from its cache),
  then the live preview (`digest serve`) with one paper edited;
- the baseline: what a maintainer gets without the digest: Material for MkDocs, one page
  per paper (title and abstract), a short nav, Material's default search;

serves both sites on localhost, types a paper's title into each site's search box in
headless Chromium, then types into the digest's the name of every paper whose title starts
with a one-word name and a colon ("FAIR: Fair Collaborative ...": "FAIR") and notes where
that paper is listed (issue 29: first for at least 98%, in the first three for all), and
prints every figure for both, with their ratio, and each figure that has a target (issue
13's table) marked met or not. `--json PATH` also writes every figure as data, with the
date, the paper count, the commit and the machine's cores (`make bench` writes
benchmarks/results/<PAPERS>.json, the file the README quotes). `make bench` installs
Debian's Chromium first. `--against` a previous run's `--json` at a quarter of the papers
adds the growth figure.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
import os
import platform
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import click

REPO = Path(__file__).resolve().parent.parent
#: What a digest project needs besides its inputs (as tests/conftest.py copies it).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: What the search of either site downloads: Pagefind's bundle and our search box, or
#: Material's index, worker and lunr.
SEARCH_URLS = ("/pagefind/", "/assets/search.js", "/search/", "/workers/search", "/lunr/")
#: What a repeated paper's title starts with, so that no two papers have the same name.
PREFIXES = ("Revisiting", "Rethinking", "Scaling", "Towards", "Beyond", "Simplifying")

BASELINE_CONFIG = """\
site_name: Baseline
theme:
  name: material
  font: false
  language: {language}
nav:
  - index.md
not_in_nav: |
  /papers/
plugins:
  - search
"""


# --- The papers -------------------------------------------------------------------------


def read_corpus(path: Path) -> list[dict[str, Any]]:
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def expand(corpus: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """`count` papers: the corpus, then copies of it with fresh ids and perturbed text."""
    out: list[dict[str, Any]] = []
    for i in range(count):
        paper = dict(corpus[i % len(corpus)])
        paper["id"] = str(paper.get("id") or f"paper-{i % len(corpus)}")
        copy = i // len(corpus)
        if copy:
            rng = random.Random(f"{copy}:{i}")
            paper["id"] = f"{paper['id']}-copy{copy}"
            prefix = PREFIXES[(copy - 1) % len(PREFIXES)]
            rounds = (copy - 1) // len(PREFIXES)
            paper["title"] = (
                f"{prefix}{f' {rounds + 1}x' if rounds else ''} {paper.get('title', '')}"
            )
            sentences = re.split(r"(?<=[.!?])\s+", str(paper.get("abstract", "")).strip())
            rng.shuffle(sentences)
            words = " ".join(sentences).split(" ")
            for _ in range(max(1, len(words) // 20)):  # swap a few neighbouring words
                at = rng.randrange(max(1, len(words) - 1))
                words[at : at + 2] = words[at : at + 2][::-1]
            paper["abstract"] = " ".join(words)
        out.append(paper)
    return out


def name_of(title: str) -> str:
    """What a reader types to find a paper: its name before a colon, or its first words."""
    head = title.split(":")[0] if ":" in title[:60] else title
    return " ".join(head.split()[:4])


def pick_target(papers: list[dict[str, Any]], originals: int) -> int:
    """The paper whose name the search test types: from the middle of the corpus on, the
    first named before a colon in a word or two ("SMART-R1: ..."), as readers look papers
    up, by a name no other paper starts with."""
    names = [name_of(str(p.get("title", ""))).lower() for p in papers]
    count: dict[str, int] = {}
    for name in names:
        count[name] = count.get(name, 0) + 1
    middle = min(len(papers), originals) // 2
    order: list[int] = [*range(middle, min(len(papers), originals)), *range(middle)]
    for i in order:
        title = str(papers[i].get("title", ""))
        name = title.split(":")[0]
        if ":" in title and 0 < len(name.split()) <= 2 and count[names[i]] == 1:
            return i
    return middle


# --- Building, each site in a process of its own ------------------------------------------


def make_digest_project(root: Path, inputs: Path, language: str) -> None:
    from generator.config import copy_project

    copy_project(REPO, root)
    config = root / "mkdocs.yml"
    text = re.sub(r"(?m)^(  language:) \w+", rf"\1 {language}", config.read_text("utf-8"))
    config.write_text(text, encoding="utf-8")
    (root / "inputs").mkdir()
    shutil.copy2(inputs, root / "inputs" / inputs.name)


def child_digest(root: Path, target: str) -> dict[str, Any]:
    """`digest build` from scratch, timed by stage; and the slug of the paper with id `target`."""
    from generator.config import load_config
    from generator.engine.mkdocs import publish
    from generator.pipeline import generate

    config = load_config(root)
    started = time.perf_counter()
    report = generate(config)
    generated = time.perf_counter()
    assert report.digest is not None
    publish(config, strict=True)
    done = time.perf_counter()
    return {
        "generate": generated - started,
        "build": done - generated,
        "stages": report.stages,
        "written": len(report.written.written),
        "target": next(p.slug for p in report.digest.pages if p.id == target),
    }


def child_noop(root: Path) -> dict[str, Any]:
    """Regenerate unchanged input: how long, and how many files it writes."""
    from generator.config import load_config
    from generator.pipeline import generate

    before = _mtimes(root)
    started = time.perf_counter()
    report = generate(load_config(root), reuse=True)  # as `digest generate` and `build` run
    seconds = time.perf_counter() - started
    touched = sum(1 for path, mtime in _mtimes(root).items() if before.get(path) != mtime)
    return {"seconds": seconds, "written": len(report.written.written), "touched": touched}


def child_pr(root: Path) -> dict[str, Any]:
    """A pull request that edits one paper, checked and built as CI does (`make check`:
    `digest build --check`), with the last build's `.digest/` and `site/` in place (restored
    from a cache): the build renders only the pages the edit changed and indexes only the
    part of the search index that holds the paper, and says how many of each."""
    pages = sorted((root / "site_src" / "papers").glob("*.md"))
    page = pages[len(pages) // 3]
    original = page.read_text(encoding="utf-8")
    edited = re.sub(r"(?m)^title: .*$", "title: A Title Fixed in a Pull Request", original, count=1)
    page.write_text(edited, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_MKDOCS_2_WARNING": "1"}
    seconds: dict[str, Any] = {}
    try:
        started = time.perf_counter()
        command = [sys.executable, "-m", "generator", "build", "--check", "--root", str(root)]
        done = subprocess.run(
            command, env=env, cwd=REPO, check=True, capture_output=True, text=True
        )
        seconds["seconds"] = time.perf_counter() - started
        built = re.search(r"\(([^;()]*pages[^;()]*);", done.stderr)
        seconds["how"] = built.group(1) if built else ""
        site = re.search(r"site built.* in ([0-9.]+)s \(", done.stderr)
        seconds["publish"] = float(site.group(1)) if site else 0.0
    finally:
        page.write_text(original, encoding="utf-8")
    return seconds


def _mtimes(root: Path) -> dict[str, int]:
    skip = {"site", ".digest"}
    out: dict[str, int] = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not (Path(folder) == root and d in skip)]
        for name in files:
            path = Path(folder) / name
            out[str(path)] = path.stat().st_mtime_ns
    return out


def child_baseline(root: Path, inputs: Path, language: str) -> dict[str, Any]:
    """The bare Material site: write one page per paper, then `mkdocs build`."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    started = time.perf_counter()
    docs = root / "docs" / "papers"
    docs.mkdir(parents=True)
    (root / "mkdocs.yml").write_text(BASELINE_CONFIG.format(language=language), "utf-8")
    (root / "docs" / "index.md").write_text("# Papers\n", encoding="utf-8")
    for i, paper in enumerate(read_corpus(inputs)):
        title = " ".join(str(paper.get("title", "")).split())
        text = f"# {title}\n\n{paper.get('abstract', '')}\n"
        (docs / f"p{i:05d}.md").write_text(text, encoding="utf-8")
    generated = time.perf_counter()
    build(load_config(str(root / "mkdocs.yml")))
    done = time.perf_counter()
    return {"generate": generated - started, "build": done - generated}


class TreeMemory:
    """The peak memory of a process and everything it starts, sampled ten times a second.

    Proportional set sizes (Linux's Pss) are summed, so pages a forked worker shares with
    its parent count once. Where /proc has none, `peak` stays 0 and the caller falls back
    on each process's own peak.
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0.0  # MB
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.done.set()
        self.thread.join()

    def _sample(self) -> None:
        while not self.done.wait(0.1):
            total = sum(_pss_kb(pid) for pid in _tree(self.pid))
            self.peak = max(self.peak, total / 1024)


def _tree(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.parent.name)] = int(fields[1])
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        found += frontier
    return found


def _pss_kb(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    match = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(match.group(1)) if match else 0


def run_child(*args: str) -> tuple[dict[str, Any], float]:
    """Run one child step in a fresh interpreter: its result and its peak memory in MB.

    Peak memory is that of the step's whole process tree (MkDocs' workers, Pagefind) at
    its largest, sampled; where that cannot be sampled, the interpreter's own peak plus
    that of the largest process it started.
    """
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "benchmarks.bench", "child", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, cwd=REPO)
    memory = TreeMemory(process.pid)
    assert process.stdout is not None
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    memory.stop()
    if status != 0:
        raise click.ClickException(f"benchmark step {args[0]} failed (status {status})")
    result = json.loads(output.decode("utf-8").strip().splitlines()[-1])
    own = float(result.pop("peak_kb", usage.ru_maxrss)) / 1024
    children = float(result.pop("children_kb", 0)) / 1024
    result["memory_python"], result["memory_indexer"] = own, children
    return result, memory.peak or own + children


@click.command("child", hidden=True)
@click.argument("step")
@click.argument("args", nargs=-1)
def child(step: str, args: tuple[str, ...]) -> None:
    import resource

    if step == "digest":
        result = child_digest(Path(args[0]), args[1])
    elif step == "noop":
        result = child_noop(Path(args[0]))
    elif step == "pr":
        result = child_pr(Path(args[0]))
    elif step == "baseline":
        result = child_baseline(Path(args[0]), Path(args[1]), args[2])
    elif step == "search":  # a process of its own: Playwright's API cannot nest in another
        result = dataclasses.asdict(search_figures(Path(args[0]), *args[1:4]))
    elif step == "names":
        result = dataclasses.asdict(name_search_figures(Path(args[0])))
    else:
        raise click.UsageError(f"unknown step {step}")
    result["peak_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result["children_kb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps(result))


# --- The built sites ----------------------------------------------------------------------


@dataclass
class SiteFigures:
    bytes: int = 0
    files: int = 0
    largest_html: tuple[int, str] = (0, "")
    largest_paper: tuple[int, str] = (0, "")
    largest_listing: tuple[int, str] = (0, "")


def site_figures(site: Path) -> SiteFigures:
    figures = SiteFigures()
    for path in site.rglob("*"):
        if not path.is_file():
            continue
        size = path.stat().st_size
        figures.bytes += size
        figures.files += 1
        if path.suffix != ".html":
            continue
        rel = path.relative_to(site).as_posix()
        entry = (size, rel)
        figures.largest_html = max(figures.largest_html, entry)
        if rel.startswith("papers/"):
            figures.largest_paper = max(figures.largest_paper, entry)
        elif rel.startswith(("tags/", "browse/")):
            figures.largest_listing = max(figures.largest_listing, entry)
    return figures


#: Compressed in transit, as GitHub Pages does; Pagefind's own files are compressed already.
COMPRESSED = {".html", ".js", ".css", ".json", ".svg", ".xml", ".txt", ".map"}


class _Handler(SimpleHTTPRequestHandler):
    """Static files, gzipped like GitHub Pages serves them, without a log line per request."""

    cache: dict[Path, bytes]

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if path.suffix not in COMPRESSED or not accepts or not path.is_file():
            return super().send_head()
        if self.path.split("?")[0].endswith("/") is False and path.name == "index.html":
            return super().send_head()  # the directory redirect
        data = self.cache.get(path)
        if data is None:
            data = self.cache[path] = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)


class Served:
    """A folder served on a free localhost port, for as long as the `with` block lasts."""

    def __init__(self, folder: Path) -> None:
        handler = type("Handler", (_Handler,), {"cache": {}})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=folder))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def __enter__(self) -> Served:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


@dataclass
class SearchFigures:
    bytes: int = 0  # what the search downloaded until the first result showed
    seconds: float = 0.0  # from clicking the box and typing the query to the first result
    rank: int | None = None  # where the paper whose title was typed came
    requests: list[tuple[str, int]] = field(default_factory=list)


#: Runs in the page: note when the first search result is added to the page. Times are in
#: milliseconds since the epoch, as Playwright's request timings are.
WATCH_FIRST_RESULT = """() => {
  window.__firstResult = null;
  new MutationObserver(() => {
    if (window.__firstResult === null && document.querySelector(".md-search-result__item")) {
      window.__firstResult = performance.timeOrigin + performance.now();
    }
  }).observe(document.body, { childList: true, subtree: true });
  return performance.timeOrigin + performance.now();
}"""


def search_figures(site: Path, page: str, query: str, target: str) -> SearchFigures:
    """Open `page` cold, type `query` into the header search, wait for the first result.

    The bytes are what the browser received, compressed, by the time the first result was on
    the page: every response after the reader started, and the search's own files before.
    """
    from playwright.sync_api import sync_playwright

    figures = SearchFigures()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with Served(site) as served, sync_playwright() as playwright:
        for name in ("search/search_index.json", "pagefind/pagefind.js"):
            if (site / name).is_file():  # compress the big ones before the clock starts
                _get(served.url + name, gzip=True)
        browser = playwright.chromium.launch(
            executable_path=chromium, args=CHROMIUM_ARGS, headless=True
        )
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        done: list[tuple[str, float, float, int]] = []  # url, start, end, bytes

        def on_finished(request: Any) -> None:  # the page's and its workers' requests
            timing, sizes = request.timing, request.sizes()
            end = timing["startTime"] + timing["responseEnd"]
            size = sizes["responseBodySize"] + sizes["responseHeadersSize"]
            done.append((request.url, timing["startTime"], end, size))

        context.on("requestfinished", on_finished)
        tab = context.new_page()
        tab.goto(served.url + page, wait_until="load")
        box = tab.locator(".md-search__input")
        started = float(tab.evaluate(WATCH_FIRST_RESULT))
        box.focus()  # as a reader clicking the box: our search starts loading Pagefind here
        box.press_sequentially(query)  # real key presses: Material's search reacts to keyup
        tab.wait_for_function("() => window.__firstResult !== null", timeout=300_000)
        first = float(tab.evaluate("() => window.__firstResult"))
        figures.seconds = (first - started) / 1000
        tab.wait_for_timeout(1500)  # let the list settle before reading the ranking
        for url, start, end, size in done:
            path = urlparse(url).path
            if end <= first and (start >= started or any(part in path for part in SEARCH_URLS)):
                figures.bytes += size
                figures.requests.append((path, size))
        links = tab.locator(".md-search-result__item a.md-search-result__link")
        for rank, href in enumerate(links.evaluate_all("els => els.map(e => e.href)"), 1):
            if urlparse(href).path.rstrip("/").endswith(target.rstrip("/")):
                figures.rank = rank
                break
        browser.close()
    return figures


@dataclass
class NameFigures:
    """How the digest's search ranks each paper named before its title's colon
    ("FAIR: Fair Collaborative Active Learning ...") when that name is typed (issue 29)."""

    papers: int = 0  # papers whose title starts with a one-word name and a colon
    first: int = 0  # ... that the search lists first for their name
    top3: int = 0  # ... in the first three
    worst: int = 0  # the lowest rank of any (0: one was not listed at all)
    missed: list[tuple[str, int]] = field(default_factory=list)  # (title, rank) below first
    seconds: float = 0.0


def named_papers(root: Path) -> list[tuple[str, str, str]]:
    """(name, slug, title) of each paper of the project at `root` whose title starts with a
    name of one word and a colon, as its page says."""
    from generator.pages.page import load_pages

    pages, _ = load_pages(root / "site_src" / "papers", "papers")
    found = []
    for page in pages:
        head, colon, _ = page.title.partition(":")
        name = head.strip()
        if colon and name and len(name.split()) == 1:
            found.append((name, page.slug, page.title))
    return found


def name_search_figures(root: Path) -> NameFigures:
    """Type each named paper's name into the built site's search box, one after the other in
    one page (as a reader would), and note where the paper is listed."""
    from playwright.sync_api import sync_playwright

    figures = NameFigures()
    named = named_papers(root)
    figures.papers = len(named)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    started = time.perf_counter()
    with Served(root / "site") as served, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=CHROMIUM_ARGS, headless=True
        )
        tab = browser.new_page(viewport={"width": 1280, "height": 900})
        tab.goto(served.url, wait_until="load")
        tab.keyboard.press("/")
        box = tab.locator(".md-search__input")
        done = "(name) => document.querySelector('.md-search__input').value === name && "
        done += "document.querySelector('.md-search-result__list').ariaBusy === 'false'"
        ranks = []
        for name, slug, title in named:
            box.fill(name)
            tab.wait_for_function(done, arg=name, timeout=120_000)
            hrefs = tab.locator(".md-search-result__item a.md-search-result__link").evaluate_all(
                "links => links.map(a => new URL(a.href).pathname)"
            )
            target = f"/papers/{slug}/"
            rank = next((i for i, href in enumerate(hrefs, 1) if href.endswith(target)), 0)
            ranks.append(rank)
            if rank != 1:
                figures.missed.append((title, rank))
        browser.close()
    figures.seconds = time.perf_counter() - started
    figures.first = sum(1 for rank in ranks if rank == 1)
    figures.top3 = sum(1 for rank in ranks if 1 <= rank <= 3)
    figures.worst = 0 if 0 in ranks else max(ranks, default=0)
    return figures


def measure_search(site: Path, page: str, query: str) -> SearchFigures:
    """`search_figures` in a process of its own, with the page's own paper as the target."""
    result, _ = run_child("search", str(site), page, query, page)
    for key in ("memory_python", "memory_indexer"):
        result.pop(key, None)
    result["requests"] = [tuple(r) for r in result["requests"]]
    return SearchFigures(**result)


# --- The live preview ---------------------------------------------------------------------


@dataclass
class PreviewFigures:
    start: float = 0.0  # `digest serve` until the site is served
    edits: list[float] = field(default_factory=list)  # an edit until the page shows it
    search: list[float] = field(default_factory=list)  # an edit until search has it


def preview_figures(root: Path, edits: int = 2) -> PreviewFigures:
    """Run `digest serve`, edit one paper's title, time until the served page shows it and
    until the part of the search index that holds the paper is made again."""
    figures = PreviewFigures()
    with socket_port() as port:
        url = f"http://127.0.0.1:{port}/"
        command = [sys.executable, "-m", "generator", "serve", "--root", str(root)]
        command += ["-a", f"127.0.0.1:{port}"]
        env = {**os.environ, "PYTHONPATH": str(REPO), "NO_MKDOCS_2_WARNING": "1"}
        log = (root / "serve.log").open("w")
        started = time.perf_counter()
        process = subprocess.Popen(command, env=env, stdout=log, stderr=log, cwd=REPO)
        try:
            while _get(url) is None:
                if process.poll() is not None:
                    raise click.ClickException(f"digest serve stopped: see {root / 'serve.log'}")
                time.sleep(0.2)
            figures.start = time.perf_counter() - started
            pages = sorted((root / "site_src" / "papers").glob("*.md"))
            page = pages[len(pages) // 2]
            original = page.read_text(encoding="utf-8")
            # The index the preview starts with is brought up to date in the background (the
            # parts whose documents changed since it was made): edits are timed after that.
            said = root / "serve.log"
            _wait_for(lambda: _INDEXED.search(said.read_text(encoding="utf-8")) is not None, 600)
            # The edited document is indexed alone first, as a part of the index that search.js
            # prefers for its page: search has the edit once that part is made again and lists
            # the page, or else once the part that holds the paper is indexed again (its entry
            # file changes).
            entry = url + _index_part(root, page.stem, _get(f"{url}pagefind/parts.json"))
            for n in range(edits):
                title = f"Edited title {n} {os.getpid()}"
                text = re.sub(r"(?m)^title: .*$", f"title: {title}", original, count=1)
                before = _get(entry)
                before_edits = _get(f"{url}pagefind/edits/pagefind-entry.json")
                edited = time.perf_counter()
                page.write_text(text, encoding="utf-8")
                _wait_for(lambda t=title: t in (_get(f"{url}papers/{page.stem}/") or ""), 120)
                figures.edits.append(time.perf_counter() - edited)
                _wait_for(
                    lambda b=before, e=before_edits: (
                        _get(entry) not in (None, b) or _edits_have(url, f"papers/{page.stem}/", e)
                    ),
                    600,
                )
                figures.search.append(time.perf_counter() - edited)
                # The part indexed again (untimed), so that the next edit's figure is its own.
                _wait_for(lambda b=before: _get(entry) not in (None, b), 600)
            page.write_text(original, encoding="utf-8")
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()
    return figures


#: What the preview says once its search index is of the documents as they are.
_INDEXED = re.compile(r"search index (?:rebuilt|up to date)")


def _edits_have(url: str, page: str, before: str | None) -> bool:
    """Whether the served index's part of edits was made again (its entry file, which names
    the hash of its contents, changed) and holds this page."""
    made = _get(f"{url}pagefind/edits/pagefind-entry.json")
    if made is None or made == before:
        return False
    return f'"{page}"' in (_get(f"{url}pagefind/edits/urls.json") or "")


def _index_part(root: Path, slug: str, parts: str | None) -> str:
    """Where the entry file of the part of the search index that holds a paper is served."""
    from generator import urls
    from generator.config import load_config
    from generator.engine import pagefind
    from generator.features import search

    config = load_config(root)
    source = search.documents_dir(config)
    names = sorted(p.relative_to(source).as_posix() for p in source.rglob("*.html"))
    document = config.urls.built_file(urls.paper(slug))
    number = next(n for n, part in enumerate(pagefind.parts_of(names)) if document in part)
    folders = ["", *json.loads(parts or "[]")]
    return f"pagefind/{folders[number]}pagefind-entry.json"


class socket_port:
    """A free localhost port (bound and released: good enough for one server started next)."""

    def __enter__(self) -> int:
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            return int(sock.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        pass


def _get(url: str, gzip: bool = False) -> str | None:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip else {})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return str(response.read().decode("utf-8", "replace"))
    except OSError:
        return None


def _wait_for(condition: Any, timeout: float) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise click.ClickException("the live preview did not update in time")
        time.sleep(0.05)


# --- The report ---------------------------------------------------------------------------


@dataclass
class Row:
    figure: str
    ours: float | None
    baseline: float | None
    unit: str
    note: str = ""
    #: The target (issue 13), as the table shows it, and whether this run met it.
    target: str = ""
    met: bool | None = None

    @property
    def ratio(self) -> float | None:
        if self.ours is None or self.baseline in (None, 0):
            return None
        return self.ours / self.baseline


def rows_of(results: dict[str, Any]) -> Iterator[Row]:
    ours, base = results["digest"], results["baseline"]
    n = results["papers"]
    yield Row("papers", n, n, "")
    yield Row("generation", ours["generate"], base["generate"], "s")
    yield Row("generation speed", n / ours["generate"], n / max(base["generate"], 1e-9), "papers/s")
    yield Row("build (site + search index)", ours["build"], base["build"], "s")
    total_ours = ours["generate"] + ours["build"]
    total_base = base["generate"] + base["build"]
    yield Row(
        "total",
        total_ours,
        total_base,
        "s",
        target="≤ 3× baseline",
        met=total_ours <= 3 * total_base,
    )
    share = 100 * ours["generate"] / total_ours
    yield Row(
        "generation share of total",
        share,
        100 * base["generate"] / total_base,
        "%",
        target="≤ 25%",
        met=share <= 25,
    )
    against = results.get("against")
    if against is not None:
        growth = total_ours / against["total"]
        note = f"total at {n:,} / total at {against['papers']:,} papers"
        fair = n == 4 * against["papers"]
        yield Row(
            "growth",
            growth,
            None,
            "×",
            note,
            "≤ 4.5× (4× the papers)",
            growth <= 4.5 if fair else None,
        )
    memory = ours["memory"]
    yield Row(
        "peak memory",
        memory,
        base["memory"],
        "MB",
        "all processes at once",
        "< 2,000 MB",
        memory < 2000,
    )
    yield Row("peak memory: Python", ours["memory_python"], base["memory_python"], "MB")
    yield Row(
        "peak memory: largest child", ours["memory_indexer"], None, "MB", "Pagefind, a worker"
    )
    so, sb = results["site_digest"], results["site_baseline"]
    size = so.bytes / 1e6
    yield Row(
        "site size",
        size,
        sb.bytes / 1e6,
        "MB",
        target="≤ 1.5× baseline and < 1 GB",
        met=so.bytes <= 1.5 * sb.bytes and so.bytes < 1e9,
    )
    yield Row("files in site", so.files, sb.files, "")
    yield Row(
        "largest HTML page",
        so.largest_html[0] / 1e3,
        sb.largest_html[0] / 1e3,
        "KB",
        f"{so.largest_html[1]} / {sb.largest_html[1]}",
    )
    yield Row(
        "largest paper page",
        so.largest_paper[0] / 1e3,
        sb.largest_paper[0] / 1e3,
        "KB",
        so.largest_paper[1],
    )
    yield Row(
        "largest tag or browse page",
        so.largest_listing[0] / 1e3,
        None,
        "KB",
        so.largest_listing[1],
    )
    qo, qb = results["search_digest"], results["search_baseline"]
    yield Row(
        "search: download to first result",
        qo.bytes / 1e3,
        qb.bytes / 1e3,
        "KB",
        target="≤ 300 KB",
        met=qo.bytes <= 300e3,
    )
    yield Row(
        "search: typing to first result",
        qo.seconds,
        qb.seconds,
        "s",
        target="≤ 1 s",
        met=qo.seconds <= 1,
    )
    yield Row(
        "search: rank of the typed paper",
        qo.rank,
        qb.rank,
        "",
        f'query "{results["query"]}"',
        "first",
        qo.rank == 1,
    )
    names = results.get("names")
    if names is not None:
        share = 100 * names["first"] / names["papers"] if names["papers"] else None
        top3 = 100 * names["top3"] / names["papers"] if names["papers"] else None
        worst = f", worst rank {names['worst'] or 'not listed'}" if names["papers"] else ""
        note = f"{names['first']:,} of {names['papers']:,} papers named before a colon{worst}"
        yield Row(
            "search: a paper's name lists it first",
            share,
            None,
            "%",
            note,
            "≥ 98%",
            share is not None and share >= 98,
        )
        yield Row(
            "search: a paper's name lists it in the first three",
            top3,
            None,
            "%",
            f"{names['top3']:,} of {names['papers']:,}",
            "100%",
            top3 is not None and top3 == 100,
        )
    stages = ours["stages"]
    for stage in ("read", "derive", "site", "render", "write"):
        part = 100 * stages.get(stage, 0.0) / ours["generate"]
        yield Row(f"generation: {stage}", stages.get(stage, 0.0), None, "s", f"{part:.0f}%")
    noop = results["noop"]
    yield Row(
        "no-op regeneration", noop["seconds"], None, "s", target="≤ 10 s", met=noop["seconds"] <= 10
    )
    yield Row("no-op regeneration: files written", noop["touched"], None, "")
    pr = results["pr"]
    seconds = pr["seconds"]
    note = (
        f"`digest build --check`: checks and generation {seconds - pr['publish']:.1f} s, "
        f"site {pr['publish']:.1f} s ({pr.get('how') or 'all'})"
    )
    yield Row("pull request editing one paper", seconds, None, "s", note, "≤ 60 s", seconds <= 60)
    preview = results.get("preview")
    if preview is not None:
        yield Row(
            "live preview: start",
            preview.start,
            None,
            "s",
            target="≤ 60 s",
            met=preview.start <= 60,
        )
        worst = max(preview.edits)
        yield Row(
            "live preview: edit to page shown", worst, None, "s", "worst", "≤ 2 s", worst <= 2
        )
        worst = max(preview.search)
        yield Row(
            "live preview: edit to search updated",
            worst,
            None,
            "s",
            target="≤ 10 s",
            met=worst <= 10,
        )


def format_value(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit in ("", "papers/s") and float(value).is_integer():
        return f"{int(value):,}"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def table(rows: list[Row]) -> str:
    header = ("figure", "unit", "digest", "baseline", "ratio", "target", "met", "")
    lines = [header]
    for row in rows:
        ratio = "-" if row.ratio is None else f"{row.ratio:.2f}x"
        met = "" if not row.target else {True: "yes", False: "NO", None: "-"}[row.met]
        lines.append(
            (
                row.figure,
                row.unit,
                format_value(row.ours, row.unit),
                format_value(row.baseline, row.unit),
                ratio,
                row.target,
                met,
                row.note,
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(7)]
    out = []
    for line in lines:
        cells = [line[0].ljust(widths[0]), line[1].ljust(widths[1])]
        cells += [line[i].rjust(widths[i]) for i in (2, 3, 4)]
        cells += [line[5].ljust(widths[5]), line[6].ljust(widths[6])]
        out.append("  ".join([*cells, line[7]]).rstrip())
    return "\n".join(out)


# --- The figures as data -----------------------------------------------------------------


def figures_document(rows: list[Row], papers: int, when: datetime | None = None) -> dict[str, Any]:
    """Every figure of a run with what it was measured on: date, papers, commit, cores."""
    when = when or datetime.now(UTC)
    return {
        "date": when.isoformat(timespec="seconds"),
        "papers": papers,
        "commit": _commit(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "figures": [row.__dict__ | {"ratio": row.ratio} for row in rows],
    }


def write_figures(path: Path, rows: list[Row], papers: int) -> None:
    """Write `figures_document` to `path` as JSON (README quotes benchmarks/results/*.json)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(figures_document(rows, papers), indent=2, ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")


def read_figures(path: Path) -> dict[str, dict[str, Any]]:
    """A `--json` file's figures, by name."""
    document = json.loads(path.read_text(encoding="utf-8"))
    return {row["figure"]: row for row in document["figures"]}


def _commit() -> str | None:
    """The checkout's commit, with `-dirty` when files differ from it; None outside git."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return f"{head}-dirty" if changed else head


# --- The command --------------------------------------------------------------------------


@click.command()
@click.argument("corpus", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@click.option("--papers", "count", type=click.IntRange(1, 100_000), default=1000, show_default=True)
@click.option("--language", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@click.option(
    "--work",
    type=click.Path(path_type=Path, file_okay=False),
    help="Build here (kept afterwards) instead of in a temporary folder.",
)
@click.option("--preview/--no-preview", default=True, help="Measure the live preview too.")
@click.option(
    "--json",
    "json_out",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Also write every figure, with the date, papers, commit and cores, as JSON here.",
)
@click.option(
    "--against",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    help="A previous run's --json (a quarter of the papers): print the growth of the total.",
)
def main(
    corpus: Path,
    count: int,
    language: str,
    work: Path | None,
    preview: bool,
    json_out: Path | None,
    against: Path | None,
) -> None:
    """Build CORPUS's first PAPERS papers as a digest and as a bare Material site; compare."""
    folder = work or Path(tempfile.mkdtemp(prefix="digest-bench-"))
    try:
        results = run(corpus, count, language, folder, preview)
    finally:
        if work is None:
            shutil.rmtree(folder, ignore_errors=True)
    if against is not None:
        before = read_figures(against)
        results["against"] = {"papers": before["papers"]["ours"], "total": before["total"]["ours"]}
    rows = list(rows_of(results))
    click.echo(table(rows))
    if json_out is not None:
        write_figures(json_out, rows, count)


def run(corpus: Path, count: int, language: str, folder: Path, preview: bool) -> dict[str, Any]:
    folder.mkdir(parents=True, exist_ok=True)
    originals = read_corpus(corpus)
    papers = expand(originals, count)
    inputs = folder / "papers.jsonl"
    with inputs.open("w", encoding="utf-8") as handle:
        for paper in papers:
            handle.write(json.dumps(paper, ensure_ascii=False) + "\n")
    ours_root, base_root = folder / "digest", folder / "baseline"
    for root in (ours_root, base_root):
        shutil.rmtree(root, ignore_errors=True)
    make_digest_project(ours_root, inputs, language)
    base_root.mkdir()
    say = partial(click.echo, err=True)
    target = pick_target(papers, len(originals))
    say(f"{count} papers in {folder}: building the digest")
    ours, ours_memory = run_child("digest", str(ours_root), str(papers[target]["id"]))
    ours["memory"] = ours_memory
    say("regenerating unchanged input")
    noop, _ = run_child("noop", str(ours_root))
    say("a pull request that edits one paper: check and build")
    pr, _ = run_child("pr", str(ours_root))
    say("building the baseline")
    base, base_memory = run_child("baseline", str(base_root), str(inputs), language)
    base["memory"] = base_memory
    query = name_of(str(papers[target].get("title", "")))
    ours_slug = ours["target"]
    say("searching both sites in Chromium")
    search_ours = measure_search(ours_root / "site", f"papers/{ours_slug}/", query)
    search_base = measure_search(base_root / "site", f"papers/p{target:05d}/", query)
    say("searching the digest for each paper by its name")
    names, _ = run_child("names", str(ours_root))
    for key in ("peak_kb", "children_kb"):
        names.pop(key, None)
    results: dict[str, Any] = {
        "papers": count,
        "query": query,
        "digest": ours,
        "baseline": base,
        "noop": noop,
        "pr": pr,
        "site_digest": site_figures(ours_root / "site"),
        "site_baseline": site_figures(base_root / "site"),
        "search_digest": search_ours,
        "search_baseline": search_base,
        "names": names,
    }
    if preview:
        say("editing a paper in the live preview")
        results["preview"] = preview_figures(ours_root)
    return results


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2:])
    else:
        main()
