"""The theme overrides: Material's icons come from one shared file, drawn as Material draws them."""

from __future__ import annotations

import re
from pathlib import Path

import material  # type: ignore[import-untyped]

from tests.conftest import REPO

SPRITE = REPO / "site_src" / "assets" / "icons.svg"
ICONS = Path(material.__file__).parent / "templates" / ".icons"


def symbols() -> dict[str, tuple[str, str]]:
    """Each symbol of the shared file: its viewBox and its drawing."""
    text = SPRITE.read_text(encoding="utf-8")
    found = re.findall(r'<symbol id="([^"]+)" viewBox="([^"]+)">(.*?)</symbol>', text, re.S)
    return {name: (view, body) for name, view, body in found}


def test_each_shared_icon_is_materials_own() -> None:
    found = symbols()
    assert len(found) >= 10
    for name, (view, body) in found.items():
        family, _, rest = name.partition("-")
        family = "fontawesome/brands" if family == "fontawesome" else family
        rest = rest.removeprefix("brands-")
        svg = (ICONS / family / f"{rest}.svg").read_text(encoding="utf-8")
        assert f'viewBox="{view}"' in svg, name
        assert body in svg, name


def test_every_icon_the_overrides_name_is_in_the_shared_file() -> None:
    template = (REPO / "overrides" / "partials" / "digest-icon.html").read_text("utf-8")
    known = re.search(r"_known = \[(.*?)\]", template, re.S)
    assert known is not None
    names = re.findall(r'"([^"]+)"', known.group(1))
    assert {name.replace("/", "-") for name in names} == set(symbols())
    used = set()
    for path in (REPO / "overrides").rglob("*.html"):
        used |= set(re.findall(r'icons\.icon\("([^"]+)"', path.read_text("utf-8")))
    assert used and used <= set(names)


def test_the_shared_palette_script_is_materials_own() -> None:
    partial = ICONS.parent / "partials" / "javascripts" / "palette.html"
    script = re.search(r"<script>(.*?)</script>", partial.read_text("utf-8"), re.S)
    assert script is not None
    shared = (REPO / "site_src" / "assets" / "palette.js").read_text("utf-8")
    assert shared.endswith(f" */\n{script.group(1)}\n")


def test_the_shared_base_script_is_materials_own_with_the_scope_its_tag_names() -> None:
    partial = ICONS.parent / "partials" / "javascripts" / "base.html"
    script = re.search(r"<script>(.*?)</script>", partial.read_text("utf-8"), re.S)
    assert script is not None
    scope, rest = script.group(1).split('",location),', 1)
    assert scope == '__md_scope=new URL("{{ config.extra.scope | d(base_url) }}'
    shared = (REPO / "site_src" / "assets" / "base.js").read_text("utf-8")
    scoped = '__md_scope=new URL(document.currentScript.getAttribute("data-scope"),location),'
    assert shared.endswith(f" */\n{scoped}{rest}\n")
