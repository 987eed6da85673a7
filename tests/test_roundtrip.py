"""The edit loop: generate, edit pages as contributors do, regenerate; no edit is lost."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from generator.pages.check import check_project
from generator.pages.page import parse_page
from generator.pipeline import generate
from tests.conftest import REPO, SEED, MakeProject, fragment_of, tree

# Every test here runs `generate` or builds a site: `make quick` leaves them out.
pytestmark = pytest.mark.generate

PAPERS = "site_src/papers"
ABSTRACTS = SEED.read_text(encoding="utf-8").split("\n\n")[1:]


def jsonl(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def papers(*indexes: int, **changes: dict[str, Any]) -> str:
    """Seed abstracts as JSON Lines; `changes` maps "p<i>" to fields to add to paper i."""
    return jsonl([{"abstract": ABSTRACTS[i].strip(), **changes.get(f"p{i}", {})} for i in indexes])


def read(root: Path, name: str) -> tuple[dict[str, Any], str]:
    meta, body, _ = parse_page((root / PAPERS / name).read_text(encoding="utf-8"), name)
    return meta, body


def page_of(root: Path, index: int) -> str:
    """The file name of the page made from seed abstract `index`."""
    start = ABSTRACTS[index].strip()[:60]
    for path in sorted((root / PAPERS).glob("*.md")):
        if start in path.read_text(encoding="utf-8"):
            return path.name
    raise AssertionError(f"no page for abstract {index}")


def edit(path: Path, change: Any, notes: str = "") -> None:
    """Edit a page's front matter and body as a contributor would, and re-format its YAML.

    The front matter is rewritten the way an editor or a person might: block lists,
    double quotes, another field order. Only values count, so none of that is a change.
    """
    meta, body, _ = parse_page(path.read_text(encoding="utf-8"), path.name)
    change(meta)
    front = yaml.safe_dump(
        dict(reversed(list(meta.items()))),
        allow_unicode=True,
        default_flow_style=False,
        sort_keys=False,
        width=10**9,
    )
    title = f"title: {json.dumps(meta['title'], ensure_ascii=False)}"
    front = "\n".join(title if line.startswith("title:") else line for line in front.split("\n"))
    path.write_text(f"---\n{front}---\n\n{body}{notes}\n", encoding="utf-8")


def git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def commit_all(root: Path, ignore: str = "/.digest/\n") -> None:
    if not (root / ".git").exists():
        git(root, "init", "-q")
        (root / ".gitignore").write_text(ignore, encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "state", "--allow-empty")


NOTES = "\n\n## Notes\n\nThe authors' code is at https://example.org/code (from a reader)."


def test_contributors_edits_survive_regeneration_from_changed_input(
    make_project: MakeProject,
) -> None:
    config = make_project({"papers.jsonl": papers(0, 1, 2, 3)})
    root = config.root
    generate(config)
    fixed, dropped, updated = page_of(root, 0), page_of(root, 1), page_of(root, 2)
    before, _ = read(root, fixed)
    removed, added = before["tags"][0], "graph-learning"
    assert added not in before["tags"]

    def retitle_and_retag(meta: dict[str, Any]) -> None:
        meta["title"] = "Off-Policy RL for LLMs: A Reader's Title"
        meta["tags"] = [*meta["tags"][1:], added]

    edit(root / PAPERS / fixed, retitle_and_retag, NOTES)
    edit(root / PAPERS / updated, lambda meta: meta.update(tags=["video"]))
    written = (root / PAPERS / fixed).read_bytes()

    # The input loses paper 1, gains paper 4, and gains a title and a link for paper 2.
    title_2 = "A Title From the Input"
    (root / "inputs" / "papers.jsonl").write_text(
        papers(0, 2, 3, 4, p2={"title": title_2, "url": "https://openreview.net/forum?id=p2"}),
        encoding="utf-8",
    )
    report = generate(config)

    # The edits are intact; the edited file was not even rewritten.
    assert (root / PAPERS / fixed).read_bytes() == written
    meta, body = read(root, fixed)
    assert meta["title"] == "Off-Policy RL for LLMs: A Reader's Title"
    assert removed not in meta["tags"] and added in meta["tags"]
    assert body.endswith(NOTES.strip())
    # A page with an edited field still follows the input in the fields nobody touched.
    meta2, _ = read(root, updated)
    assert meta2["tags"] == ["video"]
    assert meta2["title"] == title_2 and meta2["url"] == "https://openreview.net/forum?id=p2"
    assert report.kept_edits[f"papers/{updated}"] == ["tags"]
    # The new paper has a page; the lost one is reported, and kept.
    assert page_of(root, 4) and f"papers/{page_of(root, 4)}" in report.new
    assert report.gone == [f"papers/{dropped}"] and (root / PAPERS / dropped).exists()

    # Derived pages show the pages as edited.
    slug = fixed.removesuffix(".md")
    tag_page = (root / "site_src" / "tags" / added / "index.md").read_text(encoding="utf-8")
    assert f"papers/{slug}.md" in tag_page and "A Reader's Title" in tag_page
    old_tag = root / "site_src" / "tags" / removed / "index.md"
    assert not old_tag.exists() or f"papers/{slug}.md" not in old_tag.read_text("utf-8")
    fragment = fragment_of(config, f"{slug}-->")
    assert f"tags/{added}/" in fragment and f"tags/{removed}/" not in fragment
    browse = (root / "site_src" / "browse" / "index.md").read_text(encoding="utf-8")
    assert "A Reader's Title" in browse and title_2 in browse

    # And the result passes the pull-request check: nothing stale, the gone page a warning.
    problems = check_project(config)
    assert [(p.level, p.path) for p in problems] == [("warning", f"{PAPERS}/{dropped}")]


def test_generating_twice_changes_no_file(make_project: MakeProject) -> None:
    config = make_project({SEED.name: SEED.read_text(encoding="utf-8")})
    runner = CliRunner()
    assert runner.invoke(main, ["generate", "--root", str(config.root)]).exit_code == 0
    commit_all(config.root)
    assert runner.invoke(main, ["generate", "--root", str(config.root)]).exit_code == 0
    assert git(config.root, "status", "--porcelain") == ""


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda m: m.update(title="A: fixed title"), id="title"),
        pytest.param(lambda m: m.update(tags=["video", "nlp"]), id="tags"),
        pytest.param(lambda m: m.pop("summary"), id="deleted-summary"),
        pytest.param(lambda m: m.update(code="https://github.com/a/b"), id="added-field"),
        pytest.param(lambda m: m.setdefault("extra", {}).update(note="mine"), id="own-field"),
        pytest.param(lambda m: None, id="reformatted-only"),
    ],
)
def test_a_pure_page_edit_is_never_stale_and_never_rewritten(
    make_project: MakeProject, change: Any
) -> None:
    config = make_project({"papers.jsonl": papers(0, 2, 5)})
    root = config.root
    generate(config)
    name = page_of(root, 2)
    edit(root / PAPERS / name, change, NOTES)
    # Windows line endings too, as an editor there may save them.
    path = root / PAPERS / name
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    # As in the repository: pages committed, derived files ignored (they follow the edit).
    commit_all(root, (REPO / ".gitignore").read_text(encoding="utf-8"))
    runner = CliRunner()
    result = runner.invoke(main, ["generate", "--check", "--root", str(root)])
    assert result.exit_code == 0, result.stderr
    assert runner.invoke(main, ["check", "--root", str(root)]).exit_code == 0
    assert runner.invoke(main, ["generate", "--root", str(root)]).exit_code == 0
    assert git(root, "status", "--porcelain") == ""


def test_a_changed_input_makes_pages_stale_only_in_fields_nobody_edited(
    make_project: MakeProject,
) -> None:
    config = make_project({"papers.jsonl": papers(0, 2)})
    root = config.root
    generate(config)
    edited, untouched = page_of(root, 0), page_of(root, 2)
    edit(root / PAPERS / edited, lambda m: m.update(title="Mine"))
    # The input now has titles: the generator would write them and drop `title_derived`.
    (root / "inputs" / "papers.jsonl").write_text(
        papers(0, 2, p0={"title": "Input 0"}, p2={"title": "Input 2"}), encoding="utf-8"
    )
    before = tree(root, "site_src")
    problems = {p.path: p.message for p in check_project(config)}
    assert tree(root, "site_src") == before  # checking writes nothing
    assert "would change title_derived;" in problems[f"{PAPERS}/{edited}"]
    assert "would change title, title_derived;" in problems[f"{PAPERS}/{untouched}"]
    assert len(problems) == 2
    generate(config)
    assert read(root, edited)[0]["title"] == "Mine"
    assert read(root, untouched)[0]["title"] == "Input 2"
    assert "title_derived" not in read(root, edited)[0]
    assert check_project(config) == []
