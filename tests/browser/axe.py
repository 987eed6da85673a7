"""Run axe-core (npm, installed by `make test` with `npm ci`) on the page a test has open."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.conftest import REPO

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
#: Impacts that fail a test; "minor" and "moderate" findings are reported by axe only.
FAILING = ("serious", "critical")


def axe_violations(page: Page, exclude: tuple[str, ...] = ()) -> list[str]:
    """Serious and critical axe violations on the open page, one line each.

    `exclude` lists CSS selectors of parts another test checks (e.g. the search dialog).
    """
    if not AXE.is_file():
        pytest.fail("axe-core is missing: run `npm ci` (make test does)")
    # Evaluated, not added as a <script>: the page's Content-Security-Policy refuses
    # inline scripts, and a test's tooling is not the page's.
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    result = page.evaluate(
        """(exclude) => axe.run(
            exclude.length ? {exclude: exclude.map((s) => [s])} : document,
            {resultTypes: ["violations"]})""",
        list(exclude),
    )
    return [
        f"{v['impact']} {v['id']} ({v['help']}): "
        + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in result["violations"]
        if v["impact"] in FAILING
    ]
