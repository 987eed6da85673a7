"""Squeezing the theme's indentation out of built pages (generator/engine/whitespace.py)."""

from __future__ import annotations

from generator.engine.whitespace import squeeze


def test_indentation_and_blank_lines_between_tags_become_one_line_break() -> None:
    page = "\n<!doctype html>\n<html>\n  <head>\n\n    <title>T</title>\n  </head>\n</html>\n"
    assert squeeze(page) == "<!doctype html>\n<html>\n<head>\n<title>T</title>\n</head>\n</html>\n"


def test_text_keeps_a_line_break_where_it_had_white_space_with_one() -> None:
    html = '<span class="md-ellipsis">\n\n      Home\n    </span> a  b <em>c</em> d'
    assert squeeze(html) == '<span class="md-ellipsis">\nHome\n</span> a  b <em>c</em> d'


def test_preformatted_code_and_scripts_are_kept_byte_for_byte() -> None:
    kept = [
        '<pre data-format="bibtex"><code>@inproceedings{k,\n  title = {{T}},\n\n}</code></pre>',
        "<code>a\n    b</code>",
        "<kbd>x\n  y</kbd>",
        '<textarea name="t">\n  line\n\n</textarea>',
        "<script>var a = 1;\n    if (a) {\n\n  }</script>",
        "<style>\n  .a { color: red; }\n</style>",
        "<!-- a\n   comment -->",
        "<PRE>\n  upper\n</PRE >",
    ]
    for element in kept:
        assert squeeze(f"<div>\n  {element}\n  </div>") == f"<div>\n{element}\n</div>"


def test_attribute_values_are_never_changed() -> None:
    tag = "<a title=\"one >\n   two\" data-x='a\n  b'>"
    assert squeeze(f"<p>\n  {tag}x</a>\n</p>") == f"<p>\n{tag}x</a>\n</p>"


def test_a_less_than_sign_in_text_is_text() -> None:
    assert squeeze("<p>a < b\n   and c</p>\n  <pre>x\n  y</pre>") == (
        "<p>a < b\nand c</p>\n<pre>x\n  y</pre>"
    )


def test_an_unclosed_tag_or_element_costs_no_backtracking() -> None:
    # A page's raw HTML may be broken; the squeeze must stay linear.
    assert squeeze("<a " + "x " * 20000 + "\n  y").endswith("x x\ny")
    assert squeeze('<pre title="' + "x " * 20000).startswith("<pre")
