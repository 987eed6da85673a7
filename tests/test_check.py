"""`digest check`: every broken page is reported with its file and line, and only those."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.config import Config
from generator.errors import Problem
from generator.pages.check import check_project, errors, suggest_tag
from generator.pages.page import dump_page, parse_page, value_hash
from generator.pages.schema import HASHES
from generator.pipeline import generate
from generator.taxonomy import load_taxonomy
from tests.conftest import REPO, TAXONOMY, MakeProject

INPUT = (
    "Tiny digest\n\n"
    "We propose a graph neural network for molecules and message passing on graphs.\n\n"
    "We study reinforcement learning from human feedback for large language models.\n"
)
PAPERS = "site_src/papers"


def page(front: str, body: str = "An abstract.") -> str:
    return f"---\n{front.strip()}\n---\n\n{body}\n"


# Each broken page, and the (line, words) of the one problem it must give.
BROKEN = {
    "bad-yaml.md": (page("id: b1\ntitle: Fixed: a title\ntags: [nlp]"), 3, "invalid YAML"),
    "no-title.md": (page("id: b2\ntags: [nlp]"), 1, "has no 'title'"),
    "typo-tag.md": (
        page("id: b3\ntitle: Typo\ntags:\n  - nlp\n  - reinforcment-learning"),
        6,
        "unknown tag 'reinforcment-learning' (not in taxonomy.yml); "
        "did you mean 'reinforcement-learning'?",
    ),
    "dup-one.md": (page("id: same\ntitle: One\ntags: [nlp]"), 2, "id 'same' is also used by"),
    "dup-two.md": (page("title: Two\nid: same\ntags: [nlp]"), 3, "id 'same' is also used by"),
    "broken-link.md": (
        page("id: b5\ntitle: Links\ntags: [nlp]", "First line.\n\nSee [that](missing-paper.md)."),
        9,
        "link 'missing-paper.md' does not lead to a page",
    ),
    "wrong-types.md": (page("id: b6\ntitle: Types\ntags: [nlp]\nyear: '2026'"), 5, "'year' must"),
}


@pytest.fixture
def project(make_project: MakeProject) -> Config:
    config = make_project({"a.txt": INPUT})
    generate(config)
    return config


def write(config: Config, pages: dict[str, str]) -> None:
    for name, text in pages.items():
        (config.root / PAPERS / name).write_text(text, encoding="utf-8")


def found(problems: list[Problem]) -> list[tuple[str, int, str]]:
    return [(p.path, p.line, p.message) for p in problems]


@pytest.mark.generate
def test_a_clean_project_passes(project: Config) -> None:
    assert check_project(project) == []


@pytest.mark.generate
def test_a_clean_project_has_each_page_parsed_once(
    project: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    import generator.pages.check as check_module
    import generator.pages.page as page_module

    parsed: list[str] = []

    def counted(text: str, shown: str) -> tuple[dict[str, object], str, int]:
        parsed.append(shown)
        return parse_page(text, shown)

    monkeypatch.setattr(check_module, "parse_page", counted)
    monkeypatch.setattr(page_module, "parse_page", counted)
    assert errors(check_project(project)) == 0
    pages = sorted(f"{PAPERS}/{p.name}" for p in project.papers_dir.glob("*.md"))
    assert sorted(parsed) == pages and len(pages) == 2


@pytest.mark.generate
def test_each_broken_page_is_reported_with_file_and_line(project: Config) -> None:
    write(project, {name: text for name, (text, _, _) in BROKEN.items()})
    problems = check_project(project)
    for name, (_, line, words) in BROKEN.items():
        mine = [p for p in problems if p.path == f"{PAPERS}/{name}"]
        assert len(mine) == 1, (name, found(mine))
        assert mine[0].line == line and words in mine[0].message, (name, found(mine))
        assert mine[0].level == "error"
    assert len(problems) == len(BROKEN)
    assert errors(problems) == len(BROKEN)


@pytest.mark.generate
def test_wrong_types_and_missing_fields_say_what_is_expected(project: Config) -> None:
    write(
        project,
        {
            "types.md": page(
                "id: 123\ntitle: ''\ntags: nlp\nurl: openreview.net/x\nlinks: {code: x}\n"
                "generated: oops\ntittle: Misspelt"
            ),
            "nothing.md": page(""),
        },
    )
    checked = check_project(project)
    problems = found(checked)
    types = f"{PAPERS}/types.md"
    # A link that is not one is shown nowhere, which is worth a warning, not a failure.
    levels = {(p.line, p.level) for p in checked if p.path == types}
    assert {(5, "warning"), (6, "warning"), (2, "error"), (8, "error")} <= levels
    assert (
        types,
        2,
        "'id' must be text without control characters, not a number (123)",
    ) in problems
    assert (types, 3, "'title' is empty") in problems
    assert (types, 4, "'tags' must be a list of tag slugs, not text ('nlp')") in problems
    assert any(p[:2] == (types, 5) and "https://" in p[2] for p in problems)
    assert any(p[:2] == (types, 6) and "'links'" in p[2] for p in problems)
    assert any(p[:2] == (types, 7) and "generator's mapping" in p[2] for p in problems)
    assert (types, 8, "unknown field 'tittle'; did you mean 'title'?") in problems
    nothing = {p[2] for p in problems if p[0] == f"{PAPERS}/nothing.md"}
    assert nothing == {f"front matter has no '{k}'" for k in ("id", "title", "tags")}


@pytest.mark.generate
def test_links_that_resolve_pass_and_others_fail(project: Config) -> None:
    other = sorted((project.root / PAPERS).glob("*.md"))[0].name
    tag = "graph-learning"
    body = "\n".join(
        [
            f"A link to [another paper]({other}) and [its URL](../{other[:-3]}/).",  # line 7
            f"[A tag](../tags/{tag}/index.md), [home](../index.md#top), [web](https://x.org).",
            "`[code](nowhere.md)` is code, and so is the block below.",
            "```",
            "[fenced](nowhere.md)",
            "```",
            "[gone](gone.md) and ![image](../assets/missing.png)",  # line 13
            "[absolute](/papers/x/)",  # line 14
            "[no such tag](../tags/not-used/index.md)",  # line 15
            "",
            "[ref]: elsewhere.md",  # line 17
        ]
    )
    write(project, {"links.md": page(f"id: l1\ntitle: Links\ntags: [{tag}]", body)})
    problems = found(check_project(project))
    shown = f"{PAPERS}/links.md"
    assert [(line, msg.split("'")[1]) for path, line, msg in problems if path == shown] == [
        (13, "gone.md"),
        (13, "../assets/missing.png"),
        (14, "/papers/x/"),
        (15, "../tags/not-used/index.md"),
        (17, "elsewhere.md"),
    ]
    assert len(problems) == 5


@pytest.mark.generate
def test_stale_pages_are_errors_and_a_gone_paper_a_warning(project: Config) -> None:
    text = INPUT.replace(
        "We study reinforcement",
        "We present a vision transformer for video.\n\nWe study reinforcement",
    )
    (project.root / "inputs" / "a.txt").write_text(text, encoding="utf-8")
    problems = check_project(project)
    assert [(p.path, p.line, p.level) for p in problems] == [("inputs/a.txt", 5, "error")]
    assert "no page yet: run `digest generate` and commit site_src/papers/" in problems[0].message
    (project.root / "inputs" / "a.txt").write_text(INPUT.split("\n\nWe study")[0] + "\n")
    problems = check_project(project)
    assert [(p.level, "no longer in the input" in p.message) for p in problems] == [
        ("warning", True)
    ]


@pytest.mark.generate
def test_a_field_the_generator_would_refresh_is_stale_at_its_line(project: Config) -> None:
    path = sorted((project.root / PAPERS).glob("*.md"))[0]
    meta, body, _ = parse_page(path.read_text(encoding="utf-8"), path.name)
    line = next(
        n
        for n, text in enumerate(path.read_text(encoding="utf-8").split("\n"), 1)
        if text.startswith("summary:")
    )
    # A person's summary is theirs: the hash no longer matches, so the page is not stale.
    meta["summary"] = "An older summary"
    path.write_text(dump_page(meta, body), encoding="utf-8")
    assert check_project(project) == []
    # The same summary as if an older generator had written it: a run would refresh it.
    meta[HASHES]["summary"] = value_hash(meta["summary"])
    path.write_text(dump_page(meta, body), encoding="utf-8")
    (problem,) = check_project(project)
    assert (problem.path, problem.line) == (f"{PAPERS}/{path.name}", line)
    assert "would change summary; run it and commit the page" in problem.message


@pytest.mark.generate
def test_the_taxonomy_is_checked_too(project: Config) -> None:
    taxonomy = project.root / "taxonomy.yml"
    taxonomy.write_text(
        taxonomy.read_text(encoding="utf-8").replace("- slug: reasoning", "- slug: Reasoning"),
        encoding="utf-8",
    )
    problems = check_project(project)
    assert [(p.path, "Reasoning" in p.message) for p in problems] == [("taxonomy.yml", True)]
    assert problems[0].line > 1


def test_closest_tag_is_suggested_from_slugs_and_labels() -> None:
    taxonomy = load_taxonomy(TAXONOMY)
    assert suggest_tag("reasoninig", taxonomy) == "reasoning"
    assert suggest_tag("Reinforcement Learning", taxonomy) == "reinforcement-learning"
    assert suggest_tag("推理", taxonomy) == "reasoning"
    assert suggest_tag("zzzz", taxonomy) is None


def run(root: Path, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", "--root", str(root)], env=env)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.generate
def test_the_command_exits_non_zero_and_annotates_in_github_actions(project: Config) -> None:
    assert run(project.root) == (0, "", "0 error(s), 0 warning(s)\n")
    write(project, {"typo-tag.md": BROKEN["typo-tag.md"][0]})
    code, out, err = run(project.root)
    assert code == 1 and out == ""
    assert err.startswith(f"{PAPERS}/typo-tag.md:6: error: unknown tag 'reinforcment-learning'")
    code, out, err = run(project.root, env={"GITHUB_ACTIONS": "true"})
    assert code == 1
    assert out.startswith(f"::error file={PAPERS}/typo-tag.md,line=6::unknown tag")


@pytest.mark.generate
def test_warnings_alone_do_not_fail(project: Config) -> None:
    write(project, {"notags.md": page("id: w1\ntitle: No tags\ntags: []")})
    code, out, err = run(project.root, env={"GITHUB_ACTIONS": "true"})
    assert code == 0 and "0 error(s), 1 warning(s)" in err
    assert out.startswith(f"::warning file={PAPERS}/notags.md,line=4::")


@pytest.mark.generate
def test_generate_check_lists_what_would_change_and_writes_nothing(project: Config) -> None:
    (project.root / "inputs" / "a.txt").write_text(INPUT + "\nA third paper on images.\n")
    before = sorted(p.name for p in (project.root / PAPERS).iterdir())
    result = CliRunner().invoke(main, ["generate", "--check", "--root", str(project.root)])
    assert result.exit_code == 1
    assert result.stderr.startswith("inputs/a.txt:7: error: this paper has no page yet")
    assert sorted(p.name for p in (project.root / PAPERS).iterdir()) == before
    result = CliRunner().invoke(main, ["generate", "--root", str(project.root)])
    assert result.exit_code == 0 and "new page: papers/" in result.stderr
    result = CliRunner().invoke(main, ["generate", "--check", "--root", str(project.root)])
    assert result.exit_code == 0


@pytest.mark.generate
def test_only_a_contributors_bad_link_is_a_warning(make_project: MakeProject) -> None:
    record = '{"id": "p1", "title": "T", "abstract": "Graphs.", "code": "[badge](/x)"}\n'
    config = make_project({"a.jsonl": record})
    generate(config)
    assert check_project(config) == []  # the input's value: not the contributor's to fix
    path = config.root / PAPERS / "t.md"
    path.write_text(path.read_text(encoding="utf-8").replace("[badge](/x)", "github.com/a/b"))
    (problem,) = check_project(config)
    assert problem.level == "warning" and "'code' is not a link" in problem.message


@pytest.mark.generate
def test_an_image_from_another_site_is_an_error(project: Config) -> None:
    body = "First line.\n\n![pixel](https://tracker.example/p.png) and ![ok](../assets/digest.css)"
    write(project, {"remote-image.md": page("id: r1\ntitle: Images\ntags: [nlp]", body)})
    problems = found(check_project(project))
    mine = [p for p in problems if p[0] == f"{PAPERS}/remote-image.md"]
    assert mine == [
        (
            f"{PAPERS}/remote-image.md",
            9,
            "image 'https://tracker.example/p.png' is not a file of the site, and the site's "
            "policy only shows its own images; copy it into site_src/assets/ and link it "
            "relatively, e.g. ../assets/figure.png",
        )
    ]


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.md")}


@pytest.mark.generate
def test_build_check_stops_on_an_error_before_writing_anything(project: Config) -> None:
    (name, (text, line, words)), *_ = BROKEN.items()
    write(project, {name: text})
    before = _tree(project.docs_dir)
    result = CliRunner().invoke(main, ["build", "--check", "--root", str(project.root)])
    assert result.exit_code == 1
    assert f"{PAPERS}/{name}:{line}: error: {words}" in result.stderr
    assert "1 error(s)" in result.stderr
    assert _tree(project.docs_dir) == before and not (project.root / "site").exists()


@pytest.mark.generate
def test_a_run_after_the_checks_generates_from_their_page_stage(
    make_project: MakeProject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator import pipeline
    from generator.cache import Cache
    from generator.pages import check
    from generator.pages.check import check_pages

    configs = [make_project({"a.txt": INPUT}, root=tmp_path / name) for name in ("one", "two")]
    for config in configs:
        generate(config)
        path = next((config.root / PAPERS).glob("*.md"))
        path.write_text(path.read_text(encoding="utf-8").replace("title: ", "title: Mended ", 1))
    stages: list[str] = []
    real = pipeline.page_stage

    def counted(config: Config, *args: object, **kwargs: object) -> pipeline.PageStage:
        stages.append(config.root.name)
        return real(config, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "page_stage", counted)
    monkeypatch.setattr(check, "page_stage", counted)
    checked: list[list[Problem]] = []

    def checks(cache: Cache) -> pipeline.PageStage | None:
        problems, stage = check_pages(configs[0], cache=cache)
        checked.append(problems)
        return stage

    report = generate(configs[0], checks=checks)
    assert checked == [[]] and stages == ["one"] and "check" in report.stages
    generate(configs[1])  # the same edit, without the checks
    assert _tree(configs[0].docs_dir) == _tree(configs[1].docs_dir)
    assert any("title: Mended" in text.decode() for text in _tree(configs[0].docs_dir).values())


def test_the_repositorys_own_pages_pass_the_check_a_pull_request_runs(
    make_project: MakeProject,
) -> None:
    """The pages committed in site_src/papers are what the code derives from the bundled
    input: else every pull request's `make check` fails on pages it never touched."""
    seed = (REPO / "inputs" / "iclr2026-abstracts.txt").read_text(encoding="utf-8")
    pages = {
        f"site_src/papers/{path.name}": path.read_text(encoding="utf-8")
        for path in sorted((REPO / "site_src" / "papers").glob("*.md"))
    }
    # The repository's content itself, not the tests' copy: a content pull request runs this
    # check as `make check`.
    pages["taxonomy.yml"] = (REPO / "taxonomy.yml").read_text(encoding="utf-8")
    config = make_project({"iclr2026-abstracts.txt": seed}, pages)
    problems = [str(p) for p in check_project(config) if p.level == "error"]
    assert problems == [], (
        "the committed paper pages are out of date with the code: run `digest generate` "
        "and commit site_src/papers"
    )
