"""Script, markup and template syntax in every field a user can fill (tests/hostile.py): in a
real browser no dialog opens, no handler or script link exists, and the text reads as typed.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import Browser, Page, expect

from generator.engine.mkdocs import publish
from generator.pages.page import parse_page
from generator.pipeline import generate
from tests.browser.conftest import Served, Watch, build_and_serve
from tests.hostile import PAYLOADS, hostile_project

# Everything on the page that could run script, as a browser sees it (entities decoded).
_RUNNABLE = """() => {
  const found = [];
  for (const el of document.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      if (attr.name.startsWith("on")) found.push(`${el.tagName} ${attr.name}=${attr.value}`);
    }
  }
  for (const a of document.querySelectorAll("a[href], area[href]")) {
    // getAttribute: an SVG link (a stats bar) has no .protocol of its own.
    const url = new URL(a.getAttribute("href"), location.href);
    if (!["http:", "https:", "mailto:"].includes(url.protocol)) found.push(`link ${url.href}`);
  }
  for (const s of document.scripts) {
    if (!s.src && /alert/.test(s.textContent)) found.push(`script ${s.textContent}`);
  }
  for (const el of document.querySelectorAll("iframe, object, embed, [style*=fixed]")) {
    found.push(el.outerHTML.slice(0, 80));
  }
  return found;
}"""


#: Whether every image of the page has loaded, or failed to (refused by the policy, say).
_IMAGES_DONE = "() => [...document.images].every((image) => image.complete)"


#: A contributor's note with a remote image (a tracker): the site's policy never loads it.
TRACKER = """\
---
id: tracker
title: A page with a tracker
tags: [hostile-tag]
---
A note with a pixel: ![pixel](https://tracker.example/pixel.png)
"""


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    inputs, files = hostile_project()
    files = {**files, "site_src/papers/tracker.md": TRACKER}
    config, server = build_and_serve(tmp_path_factory.mktemp("hostile"), inputs, files)
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


def heading(page: Page) -> str:
    """The page's first heading as a reader sees it, without its permalink sign."""
    return str(
        page.evaluate(
            """() => { const h = document.querySelector("article h1").cloneNode(true);
            h.querySelectorAll(".headerlink").forEach((a) => a.remove());
            return h.textContent.trim(); }"""
        )
    )


def slug_of(served: Served, paper_id: str) -> str:
    for path in served.config.papers_dir.glob("*.md"):
        meta, _, _ = parse_page(path.read_text(encoding="utf-8"), path.name)
        if meta["id"] == paper_id:
            return path.stem
    raise AssertionError(f"no page for {paper_id}")


def test_no_page_runs_or_links_to_script(hostile_site: Served, page: Page, watch: Watch) -> None:
    site = hostile_site.site
    urls = [p.relative_to(site).as_posix().removesuffix("index.html") for p in site.rglob("*.html")]
    assert len(urls) > 20
    runnable = {}
    for url in urls:
        page.goto(hostile_site.url + url)
        page.mouse.move(200, 300)  # hover handlers, if any were let through
        # An image's onerror runs in the task that marks it broken, which `complete` then
        # tells: once every image is complete, each handler let through has run.
        page.wait_for_function(_IMAGES_DONE)
        found = page.evaluate(_RUNNABLE)
        if found:
            runnable[url] = found
    assert runnable == {}
    assert watch.dialogs == []
    # The one console error: the policy refusing the tracker (it used to load).
    refused = [e for e in watch.console_errors if "tracker.example" in e]
    assert refused and all("Content Security Policy" in e for e in refused)
    assert [e for e in watch.console_errors if e not in refused] == []
    # Chromium reports the refused request too; nothing else leaves the site.
    assert [r for r in watch.offsite_requests if "tracker.example" not in r] == []


@pytest.mark.parametrize("number", range(len(PAYLOADS)))
def test_every_field_shows_the_payload_as_text(
    hostile_site: Served, page: Page, watch: Watch, number: int
) -> None:
    payload = PAYLOADS[number]
    page.goto(f"{hostile_site.url}papers/{slug_of(hostile_site, f'hostile-{number}')}/")
    assert heading(page) == f"T{number} {payload}"
    assert page.title().startswith(f"T{number} {payload} - ")
    text = page.locator("article").inner_text()
    for shown in (
        f"{payload} Author",  # authors
        f"Venue {payload}",  # venue
        f"TLDR {number}: {payload}",  # the authors' TL;DR
        f"A hostile abstract {number} about learning: {payload} and",  # abstract
    ):
        assert shown in text, shown
    facts = page.locator(".pd-facts").inner_text()
    assert payload in facts  # keywords
    assert watch.dialogs == []


def test_headings_tags_and_hand_written_pages_show_the_payload_as_text(
    hostile_site: Served, page: Page, watch: Watch
) -> None:
    page.goto(hostile_site.url)
    assert heading(page) == "<script>alert('heading')</script> {{ 7*7 }}"
    nav = page.locator("nav.md-nav--primary").inner_html()
    assert "<script>" not in nav  # the menu says "Home" (首页), not the heading
    page.goto(f"{hostile_site.url}tags/hostile-tag/")
    assert heading(page) == "<img src=x onerror=alert(1)> 标签"
    expect(page.locator("article")).to_contain_text("{% raw %} </s>")
    page.goto(f"{hostile_site.url}papers/hand-made/")
    assert heading(page) == "<script>alert('hand')</script> {{ 7*7 }}"
    description = page.locator("meta[name='description']").get_attribute("content")
    assert description == '"><script>alert(1)</script>'
    body = page.locator("article").inner_text()
    assert "<script>alert(1)</script>" in body and "{{ 7*7 }} {% raw %}" in body
    assert "<img/src=x/onerror=alert(1)>" in (
        page.locator("article math").first.text_content() or ""
    )
    assert watch.dialogs == []


# Every script on a page, and every violation of the page's policy, as the page sees them.
_POLICY_WATCH = """() => {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) =>
    window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
}"""


#: A request every page's policy refuses (connect-src 'self'), to know that reports are in.
_CANARY = "https://canary.invalid/"


def test_every_page_kind_has_a_policy_and_the_sites_own_scripts_keep_to_it(
    sample_site: Served, browser: Browser
) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(f"({_POLICY_WATCH})()")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    site, url = sample_site.site, sample_site.url
    paper = next((site / "papers").iterdir()).name
    kinds = ["", "tags/", "browse/", "stats/", "map/", "reading-list/", f"papers/{paper}/"]
    kinds += [f"{p.relative_to(site).as_posix()}/" for p in (site / "tags").iterdir()][:1]
    kinds += [f"{d}/" for d in ("authors", "venues") if (site / d).is_dir()]
    kinds.append("404.html")
    violations: dict[str, list[str]] = {}
    for kind in kinds:
        page.goto(url + kind)
        policy = page.locator("meta[http-equiv='Content-Security-Policy']")
        assert policy.count() == 1, kind
        assert (policy.get_attribute("content") or "").startswith("default-src 'self'; ")
        # The policy is the first thing in <head>, before anything it governs.
        first = page.evaluate("document.head.firstElementChild.getAttribute('http-equiv')")
        assert first == "Content-Security-Policy", kind
        if kind == "map/":
            expect(page.locator(".pd-map.pd-map--ready")).to_be_visible()
        if kind == f"papers/{paper}/":
            page.locator(".pd-links .pd-star").click()  # the reading list
            copy = page.locator(".pd-cite .pd-copy")
            if copy.count():
                copy.first.click()
                expect(copy.first).to_have_text("已复制")
            page.locator("label[for^='__palette']").first.click()  # the palette toggle
            page.keyboard.press("s")  # the search (Pagefind, WebAssembly)
            page.locator(".md-search__input").fill("learning")
            expect(page.locator(".md-search-result__item").first).to_be_visible()
        # A violation is reported after the fact, in order: one made now on purpose (a
        # request the policy refuses) arrives after every violation before it.
        page.evaluate(f"fetch({_CANARY!r}).catch(() => {{}})")
        page.wait_for_function(f"window.__violations.some((v) => v.includes({_CANARY!r}))")
        found = [v for v in page.evaluate("window.__violations") if _CANARY not in v]
        if found:
            violations[kind] = found
    page.goto(url + "reading-list/")
    expect(page.locator("[data-pd-reading-list] li")).to_have_count(1)
    assert violations == {}
    assert [e for e in errors if "Content Security Policy" in e and _CANARY not in e] == []
    context.close()


# --- Round two (issue 27): served with the content types GitHub Pages sends -------------------

#: The content type GitHub Pages sends for a file, by its suffix (as the `mime-types` data it
#: uses has them); any other suffix is sent as application/octet-stream, which no browser runs.
PAGES_TYPES = {
    ".html": "text/html",
    ".htm": "text/html",
    ".xhtml": "application/xhtml+xml",
    ".xht": "application/xhtml+xml",
    ".xml": "application/xml",
    ".xsl": "application/xslt+xml",
    ".svg": "image/svg+xml",
    ".mml": "application/mathml+xml",
    ".rss": "application/rss+xml",
    ".js": "application/javascript",
    ".mjs": "application/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".txt": "text/plain",
    ".png": "image/png",
    ".gz": "application/gzip",
    ".bib": "text/x-bibtex",
    ".wasm": "application/wasm",
    ".pagefind": "application/octet-stream",
    ".pf_meta": "application/octet-stream",
    ".pf_fragment": "application/octet-stream",
    ".pf_index": "application/octet-stream",
    ".pf_filter": "application/octet-stream",
}
#: Types a browser renders as a document that can run script, when served from the site.
ACTIVE_TYPES = {"text/html", "application/xhtml+xml", "application/xml", "image/svg+xml"}
ACTIVE_TYPES |= {"application/xslt+xml", "application/mathml+xml", "application/rss+xml"}


class _PagesHandler(SimpleHTTPRequestHandler):
    """A static server that sends GitHub Pages' content types and, like Pages, no CSP header."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return PAGES_TYPES.get(os.path.splitext(str(path))[1].lower(), "application/octet-stream")

    def log_message(self, format: str, *args: object) -> None:
        pass


#: What a hostile pull request of round two puts in pages and inputs.
SHADOWING_NOTE = """

## __config

Settings of my own.
{: id="__config" data-pd-sort="../evil.json" class="md-button" }

[See the settings](#__config)
"""
LINK_TITLE = r"Great a\$b$c](https://evil.example/phish){: .md-button }$"


@pytest.fixture(scope="module")
def round_two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    import json

    root = tmp_path_factory.mktemp("round-two")
    records = [
        {"id": "shadow", "title": "Shadowing settings", "abstract": "We study attention."},
        {"id": "link", "title": LINK_TITLE, "abstract": "We study links in titles."},
    ]
    inputs = {"a.jsonl": "".join(json.dumps(r) + "\n" for r in records)}
    config, server = build_and_serve(root, inputs)
    server.shutdown()
    page = next(p for p in config.papers_dir.glob("*.md") if "id: shadow" in p.read_text())
    page.write_text(page.read_text(encoding="utf-8") + SHADOWING_NOTE, encoding="utf-8")
    generate(config)
    publish(config, strict=True)
    served = ThreadingHTTPServer(
        ("127.0.0.1", 0), partial(_PagesHandler, directory=str(config.site_dir))
    )
    threading.Thread(target=served.serve_forever, daemon=True).start()
    yield Served(config, f"http://127.0.0.1:{served.server_address[1]}/")
    served.shutdown()


def test_no_file_outside_the_sites_own_code_is_served_as_a_document(round_two: Served) -> None:
    """Every file Pages would serve as HTML, XML or SVG is a page MkDocs built (with the
    site's policy) or the site's own code in assets/; nothing a contributor added."""
    for path in round_two.site.rglob("*"):
        rel = path.relative_to(round_two.site).as_posix()
        kind = PAGES_TYPES.get(path.suffix.lower(), "application/octet-stream")
        if not path.is_file() or kind not in ACTIVE_TYPES or rel.startswith("assets/"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if kind == "text/html":
            assert 'http-equiv="Content-Security-Policy"' in text, rel
        else:
            assert rel.startswith(("feeds/", "sitemap.xml")), rel  # the generator's own


def test_a_page_body_cannot_redirect_the_search_or_take_the_themes_ids(
    round_two: Served, page: Page, watch: Watch
) -> None:
    slug = next(
        p.stem for p in round_two.config.papers_dir.glob("*.md") if "id: shadow" in p.read_text()
    )
    page.goto(f"{round_two.url}papers/{slug}/")
    assert page.evaluate("document.querySelectorAll('#__config').length") == 1
    assert page.evaluate("document.getElementById('__config').tagName") == "SCRIPT"
    assert page.evaluate("document.querySelectorAll('.md-content [data-pd-sort]').length") == 0
    # The search, which reads its settings from #__config, still finds the page.
    page.keyboard.press("/")
    expect(page.locator(".md-search__input")).to_be_focused()
    page.keyboard.type("attention")
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    assert watch.dialogs == [] and watch.console_errors == []


def test_a_title_with_dollars_is_a_link_to_its_paper_and_nowhere_else(
    round_two: Served, page: Page, watch: Watch
) -> None:
    page.goto(f"{round_two.url}browse/")
    expect(page.locator("article a").first).to_be_visible()
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map((a) => a.href)")
    assert not [h for h in hrefs if "evil.example" in h]
    assert page.locator("article .md-button").count() == 0
    assert watch.dialogs == []
