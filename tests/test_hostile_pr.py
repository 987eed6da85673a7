"""A hostile pull request, round two: files that publish more than themselves, labels and
taxonomy that run or hang, records a page can forge, and work without a bound.

Each case is one a contributor could send in a pull request that touches only `site_src/`,
`inputs/`, `taxonomy.yml` or the labels; each is listed in tests/bad-input.md.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import hypothesis
import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.config import Config
from generator.pipeline import generate
from tests.conftest import MakeProject, tree

pytestmark = pytest.mark.slow


def cli(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def generated_seed(seed_project: Config) -> Config:
    generate(seed_project)
    return seed_project


# --- Symbolic links ---------------------------------------------------------------------------

#: (link, what it points at, relative to the link's folder unless absolute)
LINKS = {
    "asset to a system file": ("site_src/assets/x.png", "/etc/passwd"),
    "page folder to the environment": ("site_src/papers/env.txt", "/proc/self/environ"),
    "to the checkout's git settings": ("site_src/papers/git.txt", "../../.git/config"),
    "folder into the inputs": ("site_src/papers/media", "../../inputs/media"),
    "folder back into the docs": ("site_src/papers/loop", ".."),
    "input to a system file": ("inputs/more.txt", "/etc/passwd"),
    "broken": ("site_src/papers/gone.png", "nowhere.png"),
    "in the theme": ("overrides/partials/extra.html", "/etc/hostname"),
}


@pytest.mark.parametrize("case", LINKS)
@pytest.mark.parametrize("command", ["check", "generate", "build"])
def test_a_symbolic_link_anywhere_is_an_error_naming_it(
    generated_seed: Config, case: str, command: str
) -> None:
    root = generated_seed.root
    (root / "inputs" / "media").mkdir(exist_ok=True)
    (root / "inputs" / "media" / "index.html").write_text("<script>alert(1)</script>")
    link, target = LINKS[case]
    (root / link).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, root / link)
    before = tree(root, "site_src")
    code, _, err = cli([command, "--root", str(root)])
    assert code == 1, err
    assert f"{link}: error: is a symbolic link" in err
    assert tree(root, "site_src") == before
    assert not generated_seed.site_dir.exists()


def test_mkdocs_own_build_refuses_a_symbolic_link(
    generated_seed: Config, caplog: pytest.LogCaptureFixture
) -> None:
    """The page hook guards MkDocs' public build too (`mkdocs build`, no digest command)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    os.symlink("/etc/passwd", generated_seed.docs_dir / "assets" / "x.png")
    cfg = load_config(str(generated_seed.root / "mkdocs.yml"))
    with pytest.raises(Abort):
        build(cfg)
    assert "assets/x.png is a symbolic link" in caplog.text
    assert not (generated_seed.site_dir / "assets" / "x.png").exists()


# --- Only inert types are published ------------------------------------------------------------

#: Files of types a browser renders as documents (and runs script in), or no type at all.
NOT_INERT = {
    "site_src/papers/x.xht": '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
    "site_src/papers/x.mml": '<math xmlns="http://www.w3.org/1998/Math/MathML"/>',
    "site_src/papers/x.rss": '<?xml version="1.0"?><rss/>',
    "site_src/papers/x.rdf": '<?xml version="1.0"?><rdf/>',
    "site_src/papers/x.xsl": '<?xml version="1.0"?><xsl:stylesheet/>',
    "site_src/papers/x.png.html": "<script>alert(1)</script>",
    "site_src/papers/README": "no type",
}


@pytest.mark.parametrize("path", NOT_INERT)
def test_a_file_of_a_type_not_on_the_inert_list_is_an_error(
    generated_seed: Config, path: str
) -> None:
    (generated_seed.root / path).write_text(NOT_INERT[path], encoding="utf-8")
    code, _, err = cli(["build", "--check", "--root", str(generated_seed.root)])
    assert code == 1
    assert f"{path}: error: is a" in err
    assert "not among the types the site publishes" in err
    assert not generated_seed.site_dir.exists()


def test_inert_files_are_published(generated_seed: Config) -> None:
    docs = generated_seed.docs_dir
    for name in ("figure.png", "data.csv", "paper.pdf", "notes.txt"):
        (docs / "papers" / name).write_bytes(b"data")
    code, _, err = cli(["build", "--check", "--root", str(generated_seed.root)])
    assert code == 0, err
    for name in ("figure.png", "data.csv", "paper.pdf", "notes.txt"):
        assert (generated_seed.site_dir / "papers" / name).read_bytes() == b"data"


# --- Labels ---------------------------------------------------------------------------------------


def _set_label(config: Config, key: str, value: str, language: str = "en") -> None:
    path = config.root / "templates" / "labels.yml"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = lines.index(f"{language}:")
    for n in range(at + 1, len(lines)):
        if lines[n].startswith(f"  {key}:"):
            lines[n] = f"  {key}: {value}"
            break
    else:
        raise AssertionError(f"no label {key}")
    path.write_text("\n".join(lines), encoding="utf-8")


BAD_LABELS = {
    "script": ("related", "'<script>alert(1)</script>'", "holds '<'"),
    "link": ("related", "'[phish](https://evil.example/)'", "holds '['"),
    "format spec": ("paper_count", "'{n:020000000}'", "has a brace that is not a {name}"),
    "attribute lookup": ("paper_count", "'{n.real}'", "has a brace that is not a {name}"),
    "unknown placeholder": ("paper_count", "'{secret}'", "has the placeholder {secret}"),
    "a list": ("related", "[a, b]", "must be text"),
    "line break": ("related", '"a\\nb"', "holds '\\n'"),
}


@pytest.mark.parametrize("case", BAD_LABELS)
@pytest.mark.parametrize("command", ["check", "build"])
def test_a_label_that_is_not_plain_text_is_an_error_on_its_line(
    generated_seed: Config, case: str, command: str
) -> None:
    key, value, message = BAD_LABELS[case]
    _set_label(generated_seed, key, value)
    text = (generated_seed.root / "templates" / "labels.yml").read_text(encoding="utf-8")
    line = text.split("\n").index(f"  {key}: {value}") + 1
    code, _, err = cli([command, "--root", str(generated_seed.root)])
    assert code == 1
    assert f"templates/labels.yml:{line}: error: label '{key}' {message}" in err
    assert not generated_seed.site_dir.exists()


def test_a_labels_alias_bomb_fails_at_once(generated_seed: Config) -> None:
    path = generated_seed.root / "templates" / "labels.yml"
    bomb = ["x0: &a0 [x, x, x, x, x, x, x, x, x]"]
    bomb += [f"x{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, 10)]
    path.write_text("\n".join(bomb) + "\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = cli(["check", "--root", str(generated_seed.root)])
    assert code == 1
    assert "templates/labels.yml:1: error: the labels file may not use YAML anchors" in err


def test_labels_are_filled_by_substitution_only() -> None:
    from generator.features.labels import Label, Labels

    assert Label("{n:>9} and {n}").format(n=5) == "{n:>9} and 5"
    assert Label("{n.__class__}").format(n=5) == "{n.__class__}"
    assert Labels({"x": "{n} papers", "x_one": "one paper"}).counted("x", 1) == "one paper"
    assert Labels({"x": "{n} papers"}).counted("x", 1234) == "1,234 papers"


def test_the_related_label_reaches_the_table_of_contents_as_text(generated_seed: Config) -> None:
    """A label the theme prints as HTML (the table of contents) is escaped there: here one
    with an ampersand, the only markup character the check lets a label... not hold; so the
    hook is tested directly with what a label could hold if the check were skipped."""
    from generator.engine.hooks import _with_sections

    toc = _with_sections([], (("pd-related", "<img src=x onerror=alert(1)>"),))
    assert [item.title for item in toc] == ["&lt;img src=x onerror=alert(1)&gt;"]


# --- Taxonomy ------------------------------------------------------------------------------


def _add_hint(config: Config, rule: str) -> None:
    """A tag of its own at the end of the taxonomy, with `rule` as its one hint."""
    path = config.taxonomy
    text = path.read_text(encoding="utf-8").rstrip("\n")
    tag = f"\n  - slug: zz-probe\n    label: Probe\n    hints: ['{rule}']\n"
    path.write_text(text + tag, encoding="utf-8")


def test_a_backtracking_regex_hint_runs_in_linear_time(make_project: MakeProject) -> None:
    """`(a+)+b` backtracks exponentially in Python's `re`; rules run in RE2."""
    import time

    abstract = "We study " + "a" * 30_000 + " in depth.\n"
    config = make_project({"a.txt": abstract})
    _add_hint(config, "/(a+)+b/")
    started = time.perf_counter()
    _, _, err = cli(["check", "--root", str(config.root)])
    assert time.perf_counter() - started < 60, err
    assert "bad /regex/" not in err


def test_a_regex_hint_with_a_backreference_is_an_error(generated_seed: Config) -> None:
    _add_hint(generated_seed, "/(a)\\1/")
    code, _, err = cli(["check", "--root", str(generated_seed.root)])
    assert code == 1
    assert "taxonomy.yml:" in err and "bad /regex/ rule: invalid escape sequence" in err


def test_a_taxonomy_alias_bomb_fails_at_once(generated_seed: Config) -> None:
    path = generated_seed.taxonomy
    bomb = ["x0: &a0 [x, x, x, x, x, x, x, x, x]"]
    bomb += [f"x{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, 10)]
    path.write_text("\n".join(bomb) + "\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = cli(["check", "--root", str(generated_seed.root)])
    assert code == 1
    assert "taxonomy.yml:1: error: the taxonomy may not use YAML anchors" in err


# --- Attributes a page's text may set ------------------------------------------------------------

SHADOWING_BODY = """

## __config

Text that claims the theme's settings.
{: id="__config" name="__search" data-pd-sort="../evil.json" class="md-button note" }

## pd-related {#pd-related}

A [link to it](#__config) and one [to the related papers](#pd-related).
"""


def test_a_page_body_cannot_take_an_id_or_attribute_the_site_uses() -> None:
    import markdown

    from generator.engine.markdown_ext import slugify

    md = markdown.Markdown(
        extensions=["generator.engine.markdown_ext", "attr_list", "toc", "admonition"],
        extension_configs={"toc": {"permalink": True, "slugify": slugify(case="lower")}},
    )
    html = md.convert(SHADOWING_BODY)
    ids = re.findall(r'\bid="([^"]*)"', html)
    assert ids and not [i for i in ids if i.startswith(("_", "pd-", "md-"))], ids
    for attribute in ("name=", "data-pd-sort", "md-button"):
        assert attribute not in html
    assert 'class="note"' in html  # an admonition's type stays a contributor's class
    # The page's own links follow the ids they pointed at.
    assert set(re.findall(r'href="#([^"]*)"', html)) <= set(ids)


def test_a_built_page_has_the_themes_ids_once(generated_seed: Config) -> None:
    page = sorted(generated_seed.papers_dir.glob("*.md"))[0]
    page.write_text(page.read_text(encoding="utf-8") + SHADOWING_BODY, encoding="utf-8")
    code, _, err = cli(["build", "--check", "--root", str(generated_seed.root)])
    assert code == 0, err
    built = (generated_seed.site_dir / "papers" / page.stem / "index.html").read_text()
    assert built.count('id="__config"') == 1
    assert re.search(r'<script id="__config" type="application/json">', built)
    assert built.count('id="pd-related"') <= 1
    assert 'data-pd-sort="../evil.json"' not in built
    assert "md-button note" not in built


def test_a_generated_listing_keeps_its_pager_attributes(generated_seed: Config) -> None:
    """The generator's own pages may use what its templates set (the listing's sort data)."""
    import markdown

    from generator.engine.markdown_ext import GENERATED_PAGE

    text = 'Pages: [1](a.md)\n{: .pd-pager data-pd-sort="sort.json" data-pd-sort-by="title" }\n'
    token = GENERATED_PAGE.set(True)
    try:
        html = markdown.Markdown(extensions=["generator.engine.markdown_ext", "attr_list"]).convert(
            text
        )
    finally:
        GENERATED_PAGE.reset(token)
    assert 'data-pd-sort="sort.json"' in html and 'class="pd-pager"' in html


# --- A title that carries a link --------------------------------------------------------------

LINK_TITLES = [
    r"Great a\$b$c](https://evil.example/phish){: .md-button }$",
    r"x $a\\$ [evil](https://evil.example/phish) $b$",
    r"Two $a`$ [evil](https://evil.example/phish) $b`$ formulas",
    "Cost $5 and [evil](https://evil.example/phish) $6",
]


def test_a_title_with_dollars_never_becomes_a_link(make_project: MakeProject) -> None:
    import json

    records = [
        {"id": f"t{n}", "title": title, "abstract": f"We study problem {n} with a method."}
        for n, title in enumerate(LINK_TITLES)
    ]
    config = make_project({"a.jsonl": "".join(json.dumps(r) + "\n" for r in records)})
    code, _, err = cli(["build", "--root", str(config.root)])
    assert code == 0, err
    shown = 0
    for page in config.site_dir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert 'href="https://evil.example' not in text, page
        shown += "evil" in text
    assert shown  # the titles are on the site, as text and formulas


#: The site's Markdown extensions (mkdocs.yml), as MkDocs renders a listing with them.
EXTENSIONS = [
    "generator.engine.markdown_ext",
    "pymdownx.magiclink",
    "admonition",
    "attr_list",
    "tables",
    "toc",
]


@hypothesis.settings(max_examples=400)
@hypothesis.given(
    hypothesis.strategies.text(alphabet="$\\`[]()!{}:.* a1h|<>#_-&;=\"'@/\n", max_size=40)
)
def test_escaped_text_renders_as_one_link_with_only_its_own_target(text: str) -> None:
    """Whatever a title holds, a listing's link to its paper is the only link it makes,
    and without formulas it shows exactly the title's text."""
    import html as html_module

    import markdown

    from generator.engine.markdown_ext import GENERATED_PAGE
    from generator.text import md_escape

    title = " ".join(text.split())
    token = GENERATED_PAGE.set(True)
    try:
        html = markdown.Markdown(extensions=EXTENSIONS).convert(
            f"- [{md_escape(title)}](../papers/x.md)"
        )
    finally:
        GENERATED_PAGE.reset(token)
    assert re.findall(r"<a\b[^>]*>", html) == ['<a href="../papers/x.md">']
    if "$" not in title:
        shown = re.search(r'<a href="../papers/x.md">(.*)</a>', html, re.S)
        assert shown and html_module.unescape(re.sub(r"<[^>]+>", "", shown.group(1))) == title


@hypothesis.given(hypothesis.strategies.text(alphabet="$\\ a1.\n", max_size=60))
def test_math_is_found_where_the_pattern_finds_it(text: str) -> None:
    from generator.text import MATH, math_matches

    expected = [(m.start(), m.end(), len(m.group(1))) for m in MATH.finditer(text)]
    assert math_matches(text) == expected


# --- Bounded work ------------------------------------------------------------------------------

#: Bodies that ask Markdown for unbounded work: (what, the body, the message's start).
UNBOUNDED_BODIES = {
    "too long": ("We study x. " * 5_000, "the text has 6"),
    "a list nested 200 deep": (
        "\n".join("  " * n + "- x" for n in range(200)),
        "lists or quotes are nested more than 16 levels deep",
    ),
    "quotes nested 100 deep": (">" * 100 + " x", "lists or quotes are nested more than 16"),
    "40,000 brackets": ("[" * 40_000, "brackets from here on are never closed"),
    "link targets never closed": ("[a](" * 10_000, "brackets from here on are never closed"),
    "20,000 formulas": ("$1$ " * 12_000, "the text holds 12,000 formulas"),
}


@pytest.mark.parametrize("case", UNBOUNDED_BODIES)
def test_a_body_that_asks_for_unbounded_work_is_an_error_on_its_line(
    generated_seed: Config, case: str
) -> None:
    import time

    body, message = UNBOUNDED_BODIES[case]
    page = sorted(generated_seed.papers_dir.glob("*.md"))[0]
    text = page.read_text(encoding="utf-8")
    first = text.count("\n", 0, text.index("\n---\n", 3) + 5) + 1  # the body's first line
    page.write_text(text + "\n" + body + "\n", encoding="utf-8")
    started = time.perf_counter()
    code, _, err = cli(["build", "--check", "--root", str(generated_seed.root)])
    assert time.perf_counter() - started < 120
    assert code == 1
    assert re.search(rf"site_src/papers/{page.name}:(\d+): error: {re.escape(message)}", err), err
    line = int(re.search(rf"{page.name}:(\d+): error", err).group(1))  # type: ignore[union-attr]
    assert line >= first
    assert not generated_seed.site_dir.exists()


def test_an_abstract_that_asks_for_unbounded_work_is_an_error_naming_its_record(
    make_project: MakeProject,
) -> None:
    import json

    config = make_project({"a.jsonl": json.dumps({"abstract": "[" * 30_000}) + "\n"})
    code, _, err = cli(["check", "--root", str(config.root)])
    assert code == 1
    assert "inputs/a.jsonl:1: error: " in err and "never closed" in err


#: Units that, repeated, made some step super-linear: Markdown's link scanning, the
#: math pattern, emphasis in plain text, ``quotes'' in LaTeX cleanup...
ADVERSARIAL_UNITS = hypothesis.strategies.text(
    alphabet="[]()!*_`$\\{}<>&#|:=~^-'\" a1\n", min_size=1, max_size=6
)


@pytest.mark.slow
@hypothesis.settings(max_examples=12)
@hypothesis.given(unit=ADVERSARIAL_UNITS, tail=ADVERSARIAL_UNITS)
def test_any_body_the_bounds_let_through_renders_in_bounded_time(unit: str, tail: str) -> None:
    """A body of MAX_BODY characters made of one short unit repeated (the shape that makes a
    super-linear step show) is either refused or read, derived, checked and rendered in
    seconds; each step used to take minutes on some such body."""
    import time

    import markdown

    from generator.bounds import MAX_BODY, body_problems
    from generator.pages.check import _INLINE_LINK, _REMOTE_IMAGE, without_code_spans
    from generator.text import clean_abstract, md_escape, plain_text

    body = (unit * (MAX_BODY // len(unit)))[: MAX_BODY - len(tail)] + tail
    started = time.perf_counter()
    text = clean_abstract(body)
    if body_problems(text, "x.md", 1):
        return
    plain_text(text)
    md_escape(text)
    for line in text.split("\n"):
        stripped = without_code_spans(line)
        list(_INLINE_LINK.finditer(stripped))
        list(_REMOTE_IMAGE.finditer(stripped))
    markdown.Markdown(extensions=EXTENSIONS).convert(text)
    assert time.perf_counter() - started < 30, (unit, tail)


# --- Hand edits the generator's record cannot lose ------------------------------------------------


def _sample(n: int) -> list[dict[str, object]]:
    import json

    sample = Path(__file__).parent / "fixtures" / "corpus-sample.jsonl"
    lines = sample.read_text(encoding="utf-8").splitlines()[:n]
    return [{**json.loads(line), "id": f"s{i}"} for i, line in enumerate(lines)]


def _jsonl(records: list[dict[str, object]]) -> str:
    import json

    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def test_a_forged_generated_record_does_not_get_an_edited_page_pruned(
    make_project: MakeProject,
) -> None:
    """A pull request removes a paper from the input and rewrites its page's `generated`
    record to match its edited body: `--prune` keeps the page."""
    from generator.pages.page import dump_page, parse_page, value_hash

    config = make_project({"a.jsonl": _jsonl(_sample(3))})
    generate(config)
    page = next(p for p in config.papers_dir.glob("*.md") if "id: s0\n" in p.read_text())
    meta, body, _ = parse_page(page.read_text(encoding="utf-8"), page.name)
    body += "\n\nErratum: Table 2's second row is wrong; see the authors' note."
    meta["generated"]["body"] = value_hash(body)  # the forged record
    page.write_text(dump_page(meta, body), encoding="utf-8")
    (config.root / "inputs" / "a.jsonl").write_text(_jsonl(_sample(3)[1:]), encoding="utf-8")
    code, _, err = cli(["generate", "--prune", "--root", str(config.root)])
    assert code == 0, err
    assert page.exists() and "Erratum" in page.read_text(encoding="utf-8")
    assert f"kept papers/{page.name}: no longer in the input, but it has hand edits" in err
    assert "changed since the generator last wrote or read it" in err
    # A run between the edit and the prune does not make the page the generator's.
    assert cli(["generate", "--root", str(config.root)])[0] == 0
    assert cli(["generate", "--prune", "--root", str(config.root)])[0] == 0
    assert page.exists()
    code, _, err = cli(["generate", "--prune-edited", "--root", str(config.root)])
    assert code == 0 and not page.exists()


def test_a_checkout_without_the_generators_record_prunes_nothing_unasked(
    make_project: MakeProject,
) -> None:
    import shutil

    config = make_project({"a.jsonl": _jsonl(_sample(3))})
    generate(config)
    shutil.rmtree(config.state_dir)  # a fresh clone
    (config.root / "inputs" / "a.jsonl").write_text(_jsonl(_sample(3)[1:]), encoding="utf-8")
    before = sorted(p.name for p in config.papers_dir.glob("*.md"))
    code, _, err = cli(["generate", "--prune", "--root", str(config.root)])
    assert code == 0
    assert sorted(p.name for p in config.papers_dir.glob("*.md")) == before
    assert "which the generator has no record of in this checkout" in err


def _git(root: Path, *args: str) -> None:
    import subprocess

    subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        check=True,
        capture_output=True,
    )


@pytest.fixture
def committed(make_project: MakeProject) -> Config:
    """A project with three papers, generated and committed: a pull request's base."""
    config = make_project({"a.jsonl": _jsonl(_sample(3))})
    generate(config)
    _git(config.root, "init", "-q")
    _git(config.root, "add", "-A")
    _git(config.root, "commit", "-qm", "base")
    return config


def test_a_rewritten_record_on_a_page_whose_paper_left_is_an_error_against_the_base(
    committed: Config,
) -> None:
    from generator.pages.page import dump_page, parse_page, value_hash

    config = committed
    page = next(p for p in config.papers_dir.glob("*.md") if "id: s0\n" in p.read_text())
    meta, body, _ = parse_page(page.read_text(encoding="utf-8"), page.name)
    body += "\n\nErratum."
    meta["generated"]["body"] = value_hash(body)
    page.write_text(dump_page(meta, body), encoding="utf-8")
    (config.root / "inputs" / "a.jsonl").write_text(_jsonl(_sample(3)[1:]), encoding="utf-8")
    code, _, err = cli(["check", "--root", str(config.root)])
    assert code == 0  # without the base, one warning: the page is kept
    code, _, err = cli(["check", "--base", "HEAD", "--root", str(config.root)])
    assert code == 1
    assert f"site_src/papers/{page.name}: error: its 'generated' record was changed" in err
    # An edit that leaves the record alone is a hand edit, and passes.
    _git(config.root, "checkout", "-q", "--", f"site_src/papers/{page.name}")
    page.write_text(page.read_text(encoding="utf-8") + "\nErratum.\n", encoding="utf-8")
    code, _, err = cli(["build", "--check", "--base", "HEAD", "--root", str(config.root)])
    assert code == 0, err


def test_code_among_a_pull_requests_changes_and_a_renamed_page_are_named(
    committed: Config,
) -> None:
    config = committed
    (config.docs_dir / "assets" / "listing.js").write_text("alert(1)\n", encoding="utf-8")
    page = sorted(config.papers_dir.glob("*.md"))[0]
    _git(config.root, "mv", f"site_src/papers/{page.name}", "site_src/papers/renamed.md")
    code, _, err = cli(["check", "--base", "HEAD", "--root", str(config.root)])
    assert code == 0, err  # warnings, shown on the pull request's diff
    assert "site_src/assets/listing.js: warning: is code, not content" in err
    assert f"site_src/papers/renamed.md: warning: renamed from site_src/papers/{page.name}" in err
    assert f"papers/{page.stem}/ break" in err


# --- Smaller holes -----------------------------------------------------------------------------


def test_an_input_file_name_cannot_start_a_workflow_command(make_project: MakeProject) -> None:
    name = "a\n::warning file=evil.py::pwned\n::stop-commands::x.txt"
    abstract = "We study the one abstract twice, in two files.\n"
    config = make_project({"b.txt": abstract, name: abstract})
    code, _, err = cli(["generate", "--root", str(config.root)])
    assert code == 0, err
    assert "duplicate: " in err
    assert not [line for line in err.splitlines() if line.startswith("::")]
    assert "\\n::warning" in err  # the name, shown with its line breaks escaped


#: Front matter a page may not hold: (what, the line added, the message).
BAD_VALUES = {
    "a number of 5,000 digits": (f"extra: {{n: {'2' * 5_000}}}", "a number has more than 30"),
    "binary data": ("extra: {b: !!binary aGVsbG8=}", "binary data (!!binary) is not text"),
    "the year 0": ("year: 0", "'year' must be a year of four digits"),
}


@pytest.mark.parametrize("case", BAD_VALUES)
@pytest.mark.parametrize("command", ["check", "generate"])
def test_a_value_no_page_can_show_is_an_error_on_its_line(
    generated_seed: Config, case: str, command: str
) -> None:
    line, message = BAD_VALUES[case]
    page = sorted(generated_seed.papers_dir.glob("*.md"))[1]
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^year: .*\n", "", text)
    page.write_text(text.replace("\n", f"\n{line}\n", 1), encoding="utf-8")
    code, _, err = cli([command, "--root", str(generated_seed.root)])
    assert code == 1
    assert f"site_src/papers/{page.name}:2: error: " in err and message in err


def test_an_input_year_0_is_an_error(make_project: MakeProject) -> None:
    config = make_project({"a.csv": "abstract,year\nWe study things.,0\n"})
    code, _, err = cli(["check", "--root", str(config.root)])
    assert code == 1 and "inputs/a.csv:2: error: year '0' is not a year" in err


@pytest.mark.parametrize("command", ["check", "generate"])
def test_a_folder_named_like_a_page_is_an_error(generated_seed: Config, command: str) -> None:
    (generated_seed.papers_dir / "errata.md").mkdir()
    (generated_seed.papers_dir / "errata.md" / "note.txt").write_text("x", encoding="utf-8")
    code, _, err = cli([command, "--root", str(generated_seed.root)])
    assert code == 1
    assert "site_src/papers/errata.md: error: is a folder named like a paper page" in err


def test_two_ids_a_reader_cannot_tell_apart_are_one(generated_seed: Config) -> None:
    first = sorted(generated_seed.papers_dir.glob("*.md"))[0]
    text = first.read_text(encoding="utf-8")
    ident = re.search(r"(?m)^id: (.*)$", text).group(1)  # type: ignore[union-attr]
    twin = text.replace(f"id: {ident}", f'id: "{ident[:2]}\\u200b{ident[2:]}"', 1)
    (generated_seed.papers_dir / "twin.md").write_text(twin, encoding="utf-8")
    for command in ("check", "generate"):
        code, _, err = cli([command, "--root", str(generated_seed.root)])
        assert code == 1
        assert "is also used by" in err


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_page_where_the_generator_writes_its_own_is_an_error(
    generated_seed: Config, command: str
) -> None:
    """The seed names no authors, so the menu's authors/ slot is empty: a page put there
    would join the menu."""
    assert not (generated_seed.docs_dir / "authors").exists()
    page = generated_seed.docs_dir / "authors" / "index.md"
    page.parent.mkdir()
    page.write_text("---\ntitle: Authors\n---\n[Log in](https://evil.example/)\n")
    code, _, err = cli([command, "--root", str(generated_seed.root)])
    assert code == 1
    assert "site_src/authors/index.md: error: is where the generator writes its own pages" in err
    assert not generated_seed.site_dir.exists()
