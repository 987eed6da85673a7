"""Two languages: every label the generator writes exists in English and Chinese, and a digest
written in one language carries no label of the other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.features.links import KINDS
from generator.features.people import STATUS_ORDER
from generator.features.readinglist import SCRIPT_LABELS
from generator.pipeline import generate
from tests.conftest import REPO, MakeProject
from tests.structured import project

LABELS = yaml.safe_load((REPO / "templates" / "labels.yml").read_text(encoding="utf-8"))


def used_labels() -> set[str]:
    """Every label key the templates and the generator's code name literally."""
    keys: set[str] = set()
    methods = {"counted", "get"}  # t.counted("paper_count", n), t.get("map_found_one", ...)
    called = r"\bt\.(?:counted|get)\([\"'](\w+)[\"']"
    for path in (REPO / "templates").glob("*.j2"):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"\bt\.(\w+)", text)) - methods
        keys |= set(re.findall(called, text))
    for path in (REPO / "generator").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"\bt\[\"(\w+)\"\]", text)) | set(re.findall(called, text))
    keys |= {f"link_{kind}" for kind in KINDS} | {f"status_{s}" for s in STATUS_ORDER}
    return keys | set(SCRIPT_LABELS)


def test_both_languages_have_every_label() -> None:
    assert set(LABELS["en"]) == set(LABELS["zh"])
    missing = used_labels() - set(LABELS["en"])
    assert missing == set()
    assert all(str(v).strip() for lang in ("en", "zh") for v in LABELS[lang].values())


def test_placeholders_match_across_languages() -> None:
    for key, english in LABELS["en"].items():
        fields = set(re.findall(r"\{(\w+)\}", str(english)))
        assert fields == set(re.findall(r"\{(\w+)\}", str(LABELS["zh"][key]))), key


def derived_text(root: Path) -> str:
    """Everything the generator derived (not the paper pages, which hold the input's text, nor
    the search's table of Chinese terms, which every site has for Chinese queries)."""
    paths = [
        path
        for under in ("site_src", ".digest/parts")
        for path in sorted((root / under).rglob("*"))
        if path.is_file()
        and path.suffix in {".md", ".html", ".xml", ".js", ".bib", ".json"}
        and path.name != "search-zh.json"
    ]
    hand_owned = (root / "site_src" / "papers", root / "site_src" / "assets")
    return "\n".join(
        path.read_text(encoding="utf-8")
        for path in paths
        if not path.is_relative_to(hand_owned[0])
        and (not path.is_relative_to(hand_owned[1]) or "generated" in path.parts)
    )


def phrases(language: str) -> set[str]:
    """Labels of a language that no other text could contain by chance (two words or more)."""
    other = "zh" if language == "en" else "en"
    out = set()
    for key, value in LABELS[language].items():
        text = re.split(r"\{\w+\}", str(value))[0].strip(" :：")
        distinct = text != str(LABELS[other][key]) and len(text) >= 2
        if distinct and (len(text.split()) >= 2 or not text.isascii()):
            out.add(text)
    return out


@pytest.mark.generate
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_digest_carries_only_its_own_language(make_project: MakeProject, language: str) -> None:
    config = project(make_project, language)
    generate(config)
    text = derived_text(config.root)
    mine = "zh" if language == "zh" else "en"
    foreign = phrases("en" if mine == "zh" else "zh")
    assert sorted(p for p in foreign if p in text) == []
    own = [LABELS[mine][k] for k in ("stats_title", "map_title", "reading_title", "cite", "star")]
    assert all(label in text for label in own)


def test_material_and_the_generator_follow_one_setting(
    make_project: MakeProject, tmp_path: Path
) -> None:
    settings = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(
        r"(?m)^  language: zh$", settings
    )  # the seed's default: its heading is Chinese
    config = make_project(
        files={"mkdocs.yml": settings.replace("  language: zh", "  language: zh-TW")}
    )
    assert config.language == "zh"
    config = make_project(
        files={"mkdocs.yml": settings.replace("  language: zh", "  language: en")},
        root=tmp_path / "en",
    )
    assert config.language == "en"
