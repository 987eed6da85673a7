"""Faithful text: what abstracts contain is shown as the author meant it."""

from __future__ import annotations

import markdown
import pytest

from generator.engine.markdown_ext import DigestMarkdown
from generator.text import clean_abstract, content_id, md_escape, plain_text


def html(text: str) -> str:
    md = markdown.Markdown(extensions=[DigestMarkdown(), "pymdownx.magiclink"])
    return str(md.convert(clean_abstract(text)))


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        (r"improves by 30-40\% on", "30-40% on"),
        ("``quoted'' words", "\u201cquoted\u201d words"),
        ("two --- algorithms", "two \u2014 algorithms"),
        ("pages 3--5", "pages 3\u20135"),
        (r"a {\it fast} method", "a <em>fast</em> method"),
        (r"a {\bf bold} and \emph{em}", "a <strong>bold</strong> and <em>em</em>"),
        ("*group-relative REINFORCE*", "<em>group-relative REINFORCE</em>"),
        ("***PE-SGD***", "<strong><em>PE-SGD</em></strong>"),
        ("the </s> token", "the &lt;/s&gt; token"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
        ("{{ 7*7 }} and {% raw %}", "{{ 7*7 }} and {% raw %}"),
        (r"costs \$5 and $10", "costs $5 and $10"),
        ("snake_case_name and x_1", "snake_case_name and x_1"),
        # BibTeX's case-keeping braces and LaTeX's boxes are the words they hold.
        (r"a {J}oint {E}stimator with {BERT}", "a Joint Estimator with BERT"),
        (r"\underline{J}oint and a \hbox{single} model", "Joint and a single model"),
        (r"20-2{,}000 pairs, bias{—}in", "20-2,000 pairs, bias—in"),
        ("{{name}} and {name}}", "{{name}} and {name}}"),
    ],
)
def test_text_displays_as_meant(source: str, shown: str) -> None:
    assert shown in html(source)


@pytest.mark.parametrize(
    ("source", "kept"),
    [
        ('"We present X. It works."', "We present X. It works."),
        ("\u201cWe study Y.\u201d", "We study Y."),
        ('"We call it "Z", and it works."', 'We call it "Z", and it works.'),
        # A quoted term at either end is the author's, not a pair around the whole.
        ('"Core-sets" are fast. We call them "C"', '"Core-sets" are fast. We call them "C"'),
        ("\u201cCore-sets\u201d are fast. We call them \u201cC\u201d", None),
    ],
)
def test_quotes_an_export_put_around_an_abstract_are_dropped(source: str, kept: str | None) -> None:
    assert clean_abstract(source) == (source if kept is None else kept)


def test_inline_math_renders_as_mathml_not_markdown() -> None:
    out = html(r"the $\ell_p$ ball and $a*b*c$ stars")
    assert out.count("<math") == 2
    assert "<em>" not in out
    assert "&#x02113;" in out or "\u2113" in out


def test_urls_become_links_and_script_links_stay_text() -> None:
    out = html("Code: https://github.com/Kamino666/LaGoVAD-PreVAD. [x](javascript:alert(1))")
    assert '<a href="https://github.com/Kamino666/LaGoVAD-PreVAD">' in out
    assert "[x](javascript:alert(1))" in out and 'href="javascript' not in out


@pytest.mark.parametrize(
    "start", ["# Not a heading", "- not a list", "1. not a list", "> no quote"]
)
def test_an_abstract_never_becomes_block_markup(start: str) -> None:
    out = html(start + " and more text.")
    assert out.startswith("<p>")
    assert start.split(" ", 1)[1] in out


def test_plain_text_strips_markup_but_keeps_words() -> None:
    assert plain_text("***PE-SGD*** and **La**nguage-**g**uided") == "PE-SGD and Language-guided"
    assert plain_text(r"{\it x} in 30\%") == "x in 30%"
    assert plain_text("a [link](https://x.org/(a)) b") == "a link b"


def test_md_escape_keeps_math_and_escapes_markup() -> None:
    assert md_escape("a *b* [c]") == r"a \*b\* \[c\]"
    assert md_escape(r"$\ell_p$ norm") == r"$\ell_p$ norm"


def test_content_id_ignores_case_and_spacing() -> None:
    assert content_id("An  Abstract\n here") == content_id("an abstract here")
    assert content_id("one") != content_id("two")
