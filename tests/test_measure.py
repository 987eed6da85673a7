"""Measuring derivation on labelled papers: the numbers, the report and `digest measure`."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.measure import MARKUP, NAMED_TITLE, Measurement, hidden, measure, report_lines
from generator.model import Paper
from generator.taxonomy import Taxonomy
from generator.text import clean_abstract
from tests.conftest import MakeProject

SMART = (
    "Driving policies are brittle in rare situations. To address this limitation, we propose "
    "SMART-R1, a novel R1-style reinforcement fine-tuning paradigm for autonomous driving."
)
CONST = (
    "Conformal prediction gives guarantees. This paper proposes a novel framework termed "
    "Complementary Conformal Selection (CONST). CONST controls the false discovery rate."
)
UNNAMED = "We study why gradient descent generalizes in overparameterized linear models."
VISION = (
    "We propose a convolutional network for image classification and object detection, "
    "trained on ImageNet images with pixel-level augmentation."
)
PARSING = (
    "We present a dependency parser for low-resource languages and improve machine "
    "translation of sentences across twelve languages."
)
RL = (
    "An agent learns a policy from rewards in Atari games with a value function and an "
    "exploration bonus."
)


def paper(n: int, abstract: str, **fields: Any) -> Paper:
    return Paper(id=f"p{n}", abstract=clean_abstract(abstract), source="t", line=n, **fields)


@pytest.fixture(scope="module")
def labelled() -> list[Paper]:
    return [
        paper(1, SMART, title="SMART-R1: Fine-Tuning Driving Agents", venue="ICLR 2026"),
        paper(2, CONST, title="CONST: Conformal Selection", venue="ICLR 2026", tldr="Select."),
        paper(3, UNNAMED, title="On the Generalization of Gradient Descent", venue="ICLR 2026"),
        paper(4, VISION, title="Deep Residual Image Recognition", venue="CVPR 2019"),
        paper(5, PARSING, title="Parsing Low-Resource Languages", venue="ACL 2022"),
        paper(
            6,
            RL,
            title="Exploration Bonuses",
            venue="ICLR 2025",
            keywords=["reinforcement learning"],
        ),
    ]


@pytest.fixture(scope="module")
def measured(labelled: list[Paper], taxonomy: Taxonomy) -> Measurement:
    return measure(labelled, taxonomy)


def counts(share: Any) -> tuple[int, int]:
    return share.hits, share.total


def test_hidden_drops_title_tldr_and_keywords_only() -> None:
    given = paper(1, SMART, title="T", tldr="TL;DR", keywords=["k"], venue="ICLR 2026", year=2026)
    got = hidden(given)
    assert (got.title, got.tldr, got.keywords) == ("", "", [])
    assert (got.abstract, got.venue, got.year, got.id) == (
        given.abstract,
        "ICLR 2026",
        2026,
        "p1",
    )
    assert given.title == "T" and given.keywords == ["k"]  # the labels are not lost


def test_named_title_is_one_token_with_a_capital_or_digit_then_a_colon() -> None:
    assert NAMED_TITLE.match("SMART-R1: Fine-Tuning")["name"] == "SMART-R1"  # type: ignore[index]
    assert NAMED_TITLE.match("beta-VAE: Learning")["name"] == "beta-VAE"  # type: ignore[index]
    assert NAMED_TITLE.match("Social Agents: A Framework") is None
    assert NAMED_TITLE.match("on: lower case") is None
    assert MARKUP.search("PE-SGD: plain ℓp norms") is None
    for marked in ("***PE-SGD***", "`code`", "$x$", r"\ell", "[a](b)", "<b>", "_x_"):
        assert MARKUP.search(marked), marked


def test_named_titles_are_recovered_and_unnamed_ones_not_led_by_a_name(
    measured: Measurement,
) -> None:
    assert measured.papers == 6
    assert counts(measured.named) == (2, 2)
    assert counts(measured.unnamed_led_by_name) == (0, 4)
    assert counts(measured.long_titles) == (0, 6)
    assert counts(measured.markup_titles) == (0, 6)


def test_venues_and_keywords_are_checked_against_the_derived_tags(measured: Measurement) -> None:
    assert counts(measured.vision_as_cv) == (1, 1)
    assert counts(measured.acl_as_nlp) == (1, 1)
    assert counts(measured.acl_as_cv) == (0, 1)
    assert counts(measured.keyword_agreement) == (1, 1)
    assert counts(measured.untagged) == (0, 6)
    assert measured.tags_per_paper >= 1


def test_summaries_and_facts_are_derived_with_the_labels_hidden(measured: Measurement) -> None:
    # Paper 2's own TL;DR is hidden, so every summary here is derived.
    assert counts(measured.with_summary) == (6, 6)
    assert counts(measured.with_method) == (2, 6)
    assert counts(measured.with_links) == (0, 6)
    assert measured.misses == []


def test_the_report_prints_each_target_and_whether_it_was_met(measured: Measurement) -> None:
    lines = list(report_lines(measured))
    assert lines[0] == "papers measured: 6 (titles, TL;DRs and keywords hidden)"
    expected = [
        "  named titles whose derived title holds the name: 100.0% (2 of 2)  ok  (target >= 90%)",
        "  CVPR/ICCV/ECCV papers tagged computer-vision: 100.0% (1 of 1)  ok  (target >= 90%)",
        "  ACL papers tagged nlp: 100.0% (1 of 1)  ok  (target >= 90%)",
        "  ACL papers tagged computer-vision:   0.0% (0 of 1)  ok  (target <= 5%)",
        "  ICLR author keywords naming a tag, tag derived: 100.0% (1 of 1)",
        "  papers with no tag:   0.0% (0 of 6)  ok",
        "  derived titles over 100 characters:   0.0% (0 of 6)  ok",
    ]
    for line in expected:
        assert line in lines
    assert not any("MISSED" in line for line in lines)


def test_a_missed_name_is_listed_and_marked(taxonomy: Taxonomy) -> None:
    # The title names HyperNet, but the abstract only compares with it: no derived title holds it.
    missed = paper(
        1,
        "Caching speeds up graph training. We study cache eviction policies for graph "
        "training pipelines, and compare them with HyperNet.",
        title="HyperNet: Unstable by Design",
    )
    m = measure([missed], taxonomy, misses=3)
    assert counts(m.named) == (0, 1)
    assert m.misses == [("HyperNet: Unstable by Design", m.misses[0][1])]
    assert "HyperNet" not in m.misses[0][1]
    lines = list(report_lines(m))
    assert any(line.startswith("  named titles whose") and "MISSED" in line for line in lines)
    assert "named titles missed (real → derived):" in lines
    assert counts(measure([missed], taxonomy).named) == (0, 1)
    assert measure([missed], taxonomy).misses == []  # listed only when asked for


def test_a_title_naming_what_the_abstract_never_mentions_is_not_counted(
    taxonomy: Taxonomy,
) -> None:
    m = measure([paper(1, UNNAMED, title="GDX: Generalization")], taxonomy)
    assert counts(m.named) == (0, 0)
    assert counts(m.unnamed_led_by_name) == (0, 0)


def test_an_empty_list_measures_nothing(taxonomy: Taxonomy) -> None:
    m = measure([], taxonomy)
    assert m.papers == 0 and m.seconds_per_1000 == 0.0 and m.tags_per_paper == 0.0
    assert "  named titles whose derived title holds the name:   0.0% (0 of 0)" in "\n".join(
        report_lines(m)
    )


def test_the_measure_command_reports_on_a_jsonl_file(make_project: MakeProject) -> None:
    config = make_project()
    records = [
        {"title": "SMART-R1: Fine-Tuning Driving Agents", "abstract": SMART, "venue": "ICLR 2026"},
        {"title": "Parsing Low-Resource Languages", "abstract": PARSING, "venue": "ACL 2022"},
    ]
    labelled = config.root / "labelled.jsonl"
    labelled.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["measure", "--root", str(config.root), str(labelled)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    assert "papers measured: 2" in result.stdout
    assert "named titles whose derived title holds the name: 100.0% (1 of 1)" in result.stdout
    assert "ACL papers tagged nlp: 100.0% (1 of 1)" in result.stdout


def test_the_measure_command_needs_an_input() -> None:
    result = CliRunner().invoke(main, ["measure"])
    assert result.exit_code == 2
    assert "Missing argument" in result.output
