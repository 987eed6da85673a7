"""A paper's fields are declared once (generator.model.FIELDS): no other module lists them.

Five lists of the same fields drift (issue 30, item 1): the schema, the readers, the merge
of a paper read twice, `digest new` and its options, the fresh front matter of a page are
all made from the declaration. This test reads the generator's source and fails on a
literal list, mapping, call or class that names five or more of the paper's fields again.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from generator import model
from generator.model import FIELDS, INPUT_FIELDS, Derived, Paper
from generator.pages import schema

PACKAGE = Path(model.__file__).parent
#: The paper's own fields (not `id`, `title` and `tags`, which many things have).
NAMES = {f.name for f in FIELDS} - {"id", "title", "tags", "extra", "description"}
#: How many of them one place may name before it is a list of the paper's fields.
MOST = 4
#: The declaration, and the typed views the tests below check against it.
ALLOWED = {("model.py", "FIELDS"), ("model.py", "Paper"), ("model.py", "Derived")}


def _named(node: ast.AST) -> set[str]:
    """The field names a literal, call or class names directly."""
    found: list[object] = []
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        found = [e.value for e in node.elts if isinstance(e, ast.Constant)]
    elif isinstance(node, ast.Dict):
        found = [k.value for k in node.keys if isinstance(k, ast.Constant)]
    elif isinstance(node, ast.Call):
        found = [k.arg for k in node.keywords if k.arg]
    elif isinstance(node, ast.FunctionDef):
        found = [a.arg for a in [*node.args.args, *node.args.kwonlyargs]]
    elif isinstance(node, ast.ClassDef):
        found = [
            s.target.id
            for s in node.body
            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
        ]
    return {name for name in found if isinstance(name, str)} & NAMES


def _places() -> list[str]:
    listed = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        owners: dict[ast.AST, str] = {}
        for top in tree.body:
            name = getattr(top, "name", "")
            if isinstance(top, ast.Assign | ast.AnnAssign):
                target = top.targets[0] if isinstance(top, ast.Assign) else top.target
                name = getattr(target, "id", "")
            for node in ast.walk(top):
                owners[node] = name
        for node, owner in owners.items():
            named = _named(node)
            if len(named) > MOST and (rel, owner) not in ALLOWED:
                listed.append(f"{rel}:{getattr(node, 'lineno', 0)} ({owner}): {sorted(named)}")
    return listed


def test_no_module_lists_the_papers_fields_again() -> None:
    assert _places() == []


def test_the_finder_finds_a_list_of_fields(tmp_path: Path) -> None:
    # The check above would pass on any tree if `_named` found nothing.
    code = 'FIELDS = ("authors", "venue", "year", "status", "keywords")\n'
    assert _named(ast.parse(code).body[0].value) == NAMES & set(ast.literal_eval(code[9:]))  # type: ignore[attr-defined]
    assert len(_named(ast.parse("f(venue=1, year=2, status=3, url=4, pdf=5)").body[0].value)) == 5  # type: ignore[attr-defined]
    function = ast.parse("def new(venue, year, status, url, pdf): pass").body[0]
    assert len(_named(function)) == 5


def test_the_typed_views_hold_the_declared_fields() -> None:
    # Paper holds every input field, typed; Derived only declared ones; nothing else of
    # theirs is a page field.
    paper = {f.name for f in dataclasses.fields(Paper)}
    assert set(INPUT_FIELDS) <= paper
    assert paper - set(INPUT_FIELDS) == {"source", "line", "extra", "derived_id"}
    assert {f.name for f in dataclasses.fields(Derived)} <= {f.name for f in FIELDS}
    # The schema is the declaration's: the same names, in the same order.
    assert list(schema.PAPER) == [f.name for f in FIELDS]
    assert tuple(f.name for f in FIELDS if f.generated and f.name != "id") == schema.OWNED


def test_model_does_not_import_the_page_schema() -> None:
    tree = ast.parse(Path(model.__file__).read_text(encoding="utf-8"))
    imported = [
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    ]
    assert imported and not [name for name in imported if name.startswith("generator.pages")]
