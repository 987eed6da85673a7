"""Browser tests: the built seed site, served on localhost, read in headless Chromium.

The browser is Debian's Chromium (`scripts/install-browser`, run by `make test`), driven
by Playwright through `executable_path`; no test downloads a browser.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Dialog, Page, Playwright, Request, expect, sync_playwright

from generator.config import Config, load_config
from generator.engine.mkdocs import publish
from generator.pipeline import generate
from tests.conftest import REPO, SEED, copy_project

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

HERE = Path(__file__).parent

# An assertion that waits (`expect`) waits as long as an action does, not Playwright's 5 s: a
# busy machine (two test workers on two cores, and whatever runs beside them) makes a page
# slow, not wrong. A page that never shows what is expected still fails the test.
expect.set_options(timeout=30_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder `browser`, so `-m "not browser"` leaves them out."""
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@dataclass
class Served:
    """A built site served on localhost."""

    config: Config
    url: str  # ends with "/"

    @property
    def site(self) -> Path:
        return self.config.site_dir


def build_and_serve(
    root: Path, inputs: dict[str, str], files: dict[str, str] | None = None
) -> tuple[Config, ThreadingHTTPServer]:
    """Build a project from `inputs` (and other `files`, e.g. a page) and serve its site."""
    copy_project(root)
    (root / "inputs").mkdir(exist_ok=True)
    for name, text in inputs.items():
        (root / "inputs" / name).write_text(text, encoding="utf-8")
    for name, text in (files or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    config = load_config(root)
    generate(config)
    publish(config, strict=True)  # as `digest build`: with the search index
    handler = partial(_QuietHandler, directory=str(config.site_dir))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return config, server


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The seed digest, built once per test session and served on a free localhost port."""
    root = tmp_path_factory.mktemp("browser-seed")
    config, server = build_and_serve(root, {SEED.name: SEED.read_text(encoding="utf-8")})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


@pytest.fixture(scope="session")
def english_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The structured fixture (authors, venues, a tag of one paper), with the site in English."""
    from tests.structured import jsonl, settings

    root = tmp_path_factory.mktemp("browser-en")
    mkdocs = settings().replace("language: zh", "language: en")
    config, server = build_and_serve(root, {"papers.jsonl": jsonl()}, {"mkdocs.yml": mkdocs})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: run scripts/install-browser (make test does)")
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@dataclass
class Watch:
    """What a page did that a reader would not want: console errors, off-site requests, dialogs."""

    console_errors: list[str] = field(default_factory=list)
    offsite_requests: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def page(browser: Browser, watch: Watch) -> Iterator[Page]:
    """A fresh browser tab (1280x900) that records errors, off-site requests and dialogs."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.on(
        "console",
        lambda message: (
            watch.console_errors.append(message.text) if message.type == "error" else None
        ),
    )
    tab.on("pageerror", lambda error: watch.console_errors.append(str(error)))

    def on_request(request: Request) -> None:
        url = request.url
        host = urlparse(url).hostname
        if url.startswith(("http:", "https:")) and host not in ("127.0.0.1", "localhost"):
            watch.offsite_requests.append(url)

    tab.on("request", on_request)

    def on_dialog(dialog: Dialog) -> None:
        watch.dialogs.append(dialog.message)
        dialog.dismiss()

    tab.on("dialog", on_dialog)
    yield tab
    context.close()


SAMPLE = REPO / "tests" / "fixtures" / "corpus-sample.jsonl"


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """42 real papers with titles, TL;DRs, keywords and math, built and served once."""
    root = tmp_path_factory.mktemp("browser-sample")
    config, server = build_and_serve(root, {SAMPLE.name: SAMPLE.read_text(encoding="utf-8")})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()
