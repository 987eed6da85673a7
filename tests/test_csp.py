"""The Content-Security-Policy every page gets (generator/engine/csp.py)."""

from __future__ import annotations

import base64
import hashlib
import re

from generator.engine.csp import policy, script_hashes, with_policy

PAGE = """<!doctype html>
<html><head>
<meta charset="utf-8"><script>__md_scope=new URL("..",location)</script>
<title>T</title></head>
<body><script>var palette=1;</script><header><nav><nav class="inner"></nav>
<script>alert("from a label in the navigation")</script></nav></header>
<main><article class="md-content__inner"><h1>T</h1>
<p>text</p><script>alert("from a page's text")</script></article>
<script>var target=2;</script></main>
<script id="__config" type="application/json">{"base": ".."}</script>
<script src="assets/bundle.js"></script>
<script>var palette=1;</script>
</body></html>
"""


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_themes_inline_scripts_are_allowed_by_hash_once_each() -> None:
    assert script_hashes(PAGE) == [
        sha('__md_scope=new URL("..",location)'),
        sha("var palette=1;"),
        sha("var target=2;"),
    ]


def test_a_script_inside_the_article_is_never_allowed() -> None:
    assert sha('alert("from a page\'s text")') not in policy(PAGE)


def test_a_script_inside_the_navigation_header_or_footer_is_never_allowed() -> None:
    """Titles and labels are printed there; a nested <nav> does not end the outer one."""
    assert sha('alert("from a label in the navigation")') not in policy(PAGE)
    footer = "<footer><p>x</p><script>alert(2)</script></footer>"
    assert script_hashes(f"<body>{footer}<script>ok()</script></body>") == [sha("ok()")]


def test_the_policy_comes_first_in_head_and_allows_nothing_off_site() -> None:
    html = with_policy(PAGE)
    assert html.startswith('<!doctype html>\n<html><head><meta http-equiv="Content-Security')
    content = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert content is not None
    directives = dict(d.split(" ", 1) for d in content.group(1).split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["img-src"] == "'self' data:"  # a contributor's remote <img> never loads
    assert directives["object-src"] == "'none'"
    assert "unsafe-inline" not in directives["script-src"]
    assert "http" not in content.group(1)


def test_a_page_without_head_is_left_as_it_is() -> None:
    assert with_policy("<p>fragment</p>") == "<p>fragment</p>"


def test_unicode_scripts_hash_their_utf8_bytes() -> None:
    page = "<html><head><script>var s='数据';</script></head><body></body></html>"
    assert script_hashes(page) == [sha("var s='数据';")]
