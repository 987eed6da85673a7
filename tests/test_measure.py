"""Measuring derivation on labelled papers: the numbers, the report and `digest measure`."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.measure import (
    BACK_REFERENCE,
    MARKUP,
    NAMED_TITLE,
    RAW_LATEX,
    Measurement,
    fact_failures,
    family_of,
    hidden,
    in_split,
    measure,
    report_lines,
    sample,
    sample_lines,
    spelled_name,
    split_of,
    title_failures,
    tldr_cut,
    tldr_not_the_contribution,
    tldr_points_back,
    token_f1,
    venue_name,
)
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
        paper(
            2,
            CONST,
            title="Complementary Conformal Selection",
            venue="ICLR 2026",
            tldr="Select.",
        ),
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
    assert counts(measured.named) == (1, 1)
    # CONST's title is its name spelled out, as its abstract spells it: a named title, held.
    assert counts(measured.named_phrase) == (1, 1)
    assert counts(measured.unnamed_led_by_name) == (0, 4)
    assert counts(measured.long_titles) == (0, 6)
    assert counts(measured.markup_titles) == (0, 6)


def test_venues_and_keywords_are_checked_against_the_derived_tags(measured: Measurement) -> None:
    assert counts(measured.families["vision"].own) == (1, 1)
    assert counts(measured.families["NLP"].own) == (1, 1)
    assert counts(measured.families["NLP"].vision) == (0, 1)
    assert counts(measured.keyword_agreement) == (1, 1)
    assert counts(measured.one_hint_tags)[0] == 0
    assert counts(measured.untagged) == (0, 6)
    assert measured.tags_per_paper >= 1


def test_summaries_and_facts_are_derived_with_the_labels_hidden(measured: Measurement) -> None:
    # Paper 2's own TL;DR is hidden, so every summary here is derived.
    assert counts(measured.with_summary) == (6, 6)
    assert counts(measured.with_method) == (2, 6)
    assert counts(measured.with_links) == (0, 6)
    assert measured.misses == {}


def test_the_report_prints_each_target_and_whether_it_was_met(measured: Measurement) -> None:
    lines = list(report_lines(measured))
    assert lines[0] == "papers measured: 6 (titles, TL;DRs and keywords hidden)"
    assert lines[1] == "split: every paper given"
    expected = [
        "  named titles (one-word name) whose derived title holds the name: 100.0% (1 of 1)"
        "  ok  (target >= 93%)",
        "  vision (CVPR/ICCV/ECCV...): 1 papers",
        "    tagged computer-vision: 100.0% (1 of 1)  ok  (target >= 97%)",
        "    tagged nlp: 100.0% (1 of 1)  ok  (target >= 97%)",
        "    tagged computer-vision, abstract never speaking of images, video or vision:"
        "   0.0% (0 of 1)  ok  (target <= 1%)",
        "  author keywords naming a tag, tag derived: 100.0% (1 of 1)",
        "  papers with no tag:   0.0% (0 of 6)  ok  (target <= 0%)",
        "  derived titles over 100 characters:   0.0% (0 of 6)  ok  (target <= 0%)",
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
    found = m.misses["named title missed"]
    assert found == [("HyperNet: Unstable by Design", found[0][1])]
    assert "HyperNet" not in found[0][1]
    lines = list(report_lines(m))
    assert any(line.startswith("  named titles (one-word") and "MISSED" in line for line in lines)
    assert "named title missed (real title → derived):" in lines
    assert counts(measure([missed], taxonomy).named) == (0, 1)
    assert measure([missed], taxonomy).misses == {}  # listed only when asked for


def test_a_title_naming_what_the_abstract_never_mentions_is_not_counted(
    taxonomy: Taxonomy,
) -> None:
    m = measure([paper(1, UNNAMED, title="GDX: Generalization")], taxonomy)
    assert counts(m.named) == (0, 0)
    assert counts(m.unnamed_led_by_name) == (0, 0)


def test_a_title_that_spells_out_the_abstracts_acronym_is_named() -> None:
    # Real: "Adversarially Learned Inference"; derived "ALI: Adversarially learned inference
    # model" holds its name and is no unnamed title led by a name.
    abstract = "We introduce the adversarially learned inference (ALI) model, which learns."
    assert spelled_name("Adversarially Learned Inference", abstract) == (
        "ALI",
        "adversarially learned inference",
    )
    assert spelled_name(
        "Query-Reduction Networks for Question Answering",
        "In this paper we propose Query-Reduction Network (QRN), a variant of RNNs.",
    ) == ("QRN", "Query-Reduction Network")
    # Words that merely precede an acronym, or an acronym the title does not spell: not named.
    assert spelled_name("Learning to Infer", abstract) is None
    assert spelled_name("Inference Learned Adversarially", abstract) is None
    assert spelled_name("Adversarial Examples", "We attack deep nets (DNNs) here.") is None


def test_a_spelled_out_named_title_is_held_by_its_acronym_or_its_words(
    taxonomy: Taxonomy,
) -> None:
    abstract = (
        "Inference in generative models is hard. We introduce the adversarially learned "
        "inference (ALI) model, which jointly learns a generation network and an inference "
        "network."
    )
    m = measure([paper(1, abstract, title="Adversarially Learned Inference")], taxonomy)
    assert counts(m.named_phrase) == (1, 1)
    assert counts(m.unnamed_led_by_name) == (0, 0)


def test_an_empty_list_measures_nothing(taxonomy: Taxonomy) -> None:
    m = measure([], taxonomy)
    assert m.papers == 0 and m.seconds_per_1000 == 0.0 and m.tags_per_paper == 0.0
    report = "\n".join(report_lines(m))
    assert "holds the name:   0.0% (0 of 0)  (nothing to measure)" in report
    assert "MISSED" not in report


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
    assert "(one-word name) whose derived title holds the name: 100.0% (1 of 1)" in result.stdout
    assert "    tagged nlp: 100.0% (1 of 1)" in result.stdout


def test_the_measure_command_needs_an_input() -> None:
    result = CliRunner().invoke(main, ["measure"])
    assert result.exit_code == 2
    assert "Missing argument" in result.output


def test_the_split_is_a_fixed_rule_on_the_id() -> None:
    assert split_of(paper(1, UNNAMED)) == split_of(paper(1, SMART))  # the id decides alone
    ids = [Paper(id=f"x{n}", abstract="", source="t", line=1) for n in range(2000)]
    share = sum(split_of(p) == "measure" for p in ids) / len(ids)
    assert 0.27 < share < 0.33
    # Pinned: the same ids fall on the same side on every machine and in every release.
    assert [
        split_of(Paper(id=i, abstract="", source="t", line=1)) for i in ("1907", "rkc_hGb0Z")
    ] == [
        "measure",
        "measure",
    ]
    assert len(in_split(ids, "measure")) + len(in_split(ids, "develop")) == len(
        in_split(ids, "all")
    )


@pytest.mark.parametrize(
    ("derived", "kind"),
    [
        ("That, unlike earlier work, models converge", "function-word start"),
        (
            "SPNs: Due to their recursive definition, SPNs can also be employed",
            "function-word start",
        ),
        ("Fast segmentation algorithm that scales linearly and show", "dangling end"),
        ("Method for large", "dangling end"),
        ("Framework that we call flexible", "we/our"),
        ("inverted softmax'' for identifying translation pairs", "stray quote"),
        ("Bound on DKL(qφ(n) pθ)", "math"),
        ("Estimator with m=(N) samples", "math"),
        ("Method (with brackets)", "bracket"),
        ("data.Furthermore: Scalable model", "glued words"),
        ("LOC", "bare word"),
        ("BF16: Stochastic rounding for training", "junk name"),
        ("GitHub: Code release", "junk name"),
        ("LLM-based: Evaluation", "junk name"),
        ("Explainable artificial intelligence has emerged as a critical area", "sentence"),
        ("Recent progress in few-shot classification", "others' work"),
        ("QANet: Current end-to-end machine reading and question answering models", "others' work"),
    ],
)
def test_each_title_failure_kind_is_found(derived: str, kind: str) -> None:
    assert kind in title_failures(derived, "A Real Title")


def test_good_titles_show_no_failure() -> None:
    for good, real in (
        ("HorizonNet: Learning room layout with 1D representation", "HorizonNet: Room Layout"),
        ("CorrFill", "CorrFill: Training-Free Filling"),
        ("How large language models internally represent emotion", "Emotion in LLMs"),
        ("Residual regression with semantic prior for crowd counting", "Crowd Counting"),
        ("Prior-aware sampling for diffusion models", "Prior-Aware Diffusion"),
    ):
        assert title_failures(good, real) == [], good


def test_token_f1_compares_the_words_of_two_titles() -> None:
    assert token_f1("Residual regression framework", "Residual Regression for Counting") == (
        pytest.approx(2 * (2 / 3) * (2 / 4) / (2 / 3 + 2 / 4))
    )
    assert token_f1("", "A title") == 0.0
    assert token_f1("Same Words", "same words") == 1.0


def test_tldrs_pointing_back_and_facts_saying_nothing_are_found() -> None:
    assert BACK_REFERENCE.match("To address this, we propose X.")
    assert BACK_REFERENCE.match("However, models fail.")
    assert BACK_REFERENCE.match("This approach scales.")
    assert not BACK_REFERENCE.match("This paper proposes X.")
    assert not BACK_REFERENCE.match("We propose X.")
    text = "It reaches an inception score of 9.46 and 10% fewer errors."
    assert fact_failures("nception score of 9.46", text) == ["result cut mid-word"]
    assert fact_failures("10%", text) == ["bare number"]
    assert fact_failures("10% fewer errors", text) == []


def test_an_unknown_venue_is_named_and_not_judged(taxonomy: Taxonomy) -> None:
    m = measure([paper(1, UNNAMED, title="A Title", venue="KDD 2024")], taxonomy)
    report = "\n".join(report_lines(m))
    assert "KDD: 1 papers from a venue of no known field; not judged" in report
    assert "0 of 0" not in report.split("tags by venue family")[1].split("\ntags\n")[0]


@pytest.mark.parametrize(
    ("venue", "family"),
    [
        ("CVPR 2018", "vision"),
        ("cvpr2018", "vision"),
        ("CVPR'18", "vision"),
        ("ICCV-2019", "vision"),
        ("Findings of ACL 2022", "NLP"),
        ("naacl2019", "NLP"),
        ("RA-L 2021", "robotics"),
        ("NIPS 2017", "machine learning"),
        ("neurips2019", "machine learning"),
    ],
)
def test_a_venue_is_known_however_its_name_is_written(venue: str, family: str) -> None:
    found = family_of(venue)
    assert found is not None and found.name == family


def test_a_venue_of_no_known_field_is_named_without_its_year() -> None:
    assert family_of("kdd2024") is None and family_of("") is None
    assert venue_name("kdd2024") == "kdd"
    assert venue_name("KDD'24") == "KDD"


def test_a_glued_year_venue_is_judged(taxonomy: Taxonomy) -> None:
    m = measure([paper(1, VISION, title="Deep Image Recognition", venue="cvpr2019")], taxonomy)
    assert counts(m.families["vision"].own) == (1, 1)
    assert not m.unknown_venues


def test_a_sample_is_fixed_by_its_seed_and_shows_real_and_derived_side_by_side(
    labelled: list[Paper], taxonomy: Taxonomy
) -> None:
    first = sample(labelled, taxonomy, 3, seed=7)
    assert [p.id for p, _ in first] == [p.id for p, _ in sample(labelled, taxonomy, 3, seed=7)]
    assert len({p.id for p, _ in first}) == 3
    others = [[p.id for p, _ in sample(labelled, taxonomy, 3, seed=s)] for s in range(8)]
    assert len({tuple(o) for o in others}) > 1  # the seed picks which
    assert len(sample(labelled, taxonomy, 99, seed=1)) == len(labelled)
    lines = list(sample_lines(first))
    chosen, derived = first[0]
    assert lines[0] == f"1. {chosen.venue} · {chosen.id}"
    assert f"   real title:    {chosen.title}" in lines
    assert f"   derived title: {derived.title}" in lines
    assert f"   TL;DR:         {derived.summary}" in lines
    assert any(line.startswith("   | ") for line in lines)  # the abstract, to judge by


def test_the_measure_command_prints_a_sample(make_project: MakeProject) -> None:
    config = make_project()
    records = [
        {"title": f"Title {n}", "abstract": UNNAMED, "venue": "ICLR 2026", "id": f"i{n}"}
        for n in range(5)
    ]
    labelled = config.root / "labelled.jsonl"
    labelled.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    args = ["measure", "--root", str(config.root), "--sample", "2", "--seed", "3", str(labelled)]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout.count("   real title:    Title ") == 2
    assert "papers measured" not in result.stdout


def test_latex_written_out_is_not_raw_latex() -> None:
    # A developing-split TL;DR: "{0,1}ⁿ" is the set written out, "extbf{G}" a command's ruin.
    assert not RAW_LATEX.search("perturbations when the instances are uniform over {0,1}ⁿ.")
    assert RAW_LATEX.search("the extbf{G}raph model") and RAW_LATEX.search("a $k$-subset")
    # A command's name glued to its argument is still LaTeX (developing-split TL;DRs).
    assert RAW_LATEX.search("the operatornameSoftmax layer")
    assert not RAW_LATEX.search("the fraction of sqrt-scaled weights")


def test_an_ellipsis_in_a_list_cuts_nothing() -> None:
    assert not tldr_cut("We bound the loss over inputs x₁, …, xₙ drawn at random.")
    assert not tldr_cut("for k = 1,…,n layers")
    assert tldr_cut("We propose a model that …")
    assert tldr_cut("We propose a model that...")
    assert tldr_cut("We propose a … model for X.")


def test_a_tldr_saying_not_which_approach_points_back() -> None:
    # Graded TL;DRs that failed: "our approach" never says which; "the gap" is the one before.
    assert tldr_points_back("Our approach achieves state-of-the-art results on three benchmarks.")
    assert tldr_points_back("We bridge the gap with a simple model.")
    assert not tldr_points_back("Our approach, Flow++, improves flow models.")
    assert not tldr_points_back("We close the gap between theory and practice of SGD.")


def test_a_tldr_naming_its_own_thing_without_saying_which_points_back() -> None:
    # Developing-split TL;DRs a strict reader failed: "the approach", "the proposed algorithm",
    # "for the task", said of what the sentence before named.
    assert tldr_points_back("We prove that the approach is efficient with linear representations.")
    assert tldr_points_back(
        "We show explicit non-asymptotic complexity for the proposed algorithm."
    )
    assert tldr_points_back("We introduce a dataset for the task, ToxicSpans, which we release.")
    assert tldr_points_back("We show that the model converges to the optimal solution.")
    # ... not when the TL;DR says which: a name, what it is of, one it introduced.
    assert not tldr_points_back("We study prompt-based learning with our proposed method, FewVLM.")
    assert not tldr_points_back("We study the problem of searching for fingerspelled keywords.")
    assert not tldr_points_back("We propose a framework for X and show that the framework scales.")
    assert not tldr_points_back(
        "We present an approach to recover 3D poses by incorporating geometric priors in our model."
    )
    # A kind spoken of in general is no pointing ("regularizing the network to focus on ...").
    assert not tldr_points_back(
        "This paper proposes the self-boosting attention mechanism, a novel method for "
        "regularizing the network to focus on the key regions shared across samples."
    )


def test_a_tldr_making_definite_what_its_sentence_points_back_to_points_back() -> None:
    # Developing-split a0f05f9d0177: "this framework" said "the framework" still needs the
    # sentence before ("The pix2pix and CycleGAN losses ...").
    abstract = (
        "The pix2pix and CycleGAN losses have vastly improved the visual quality of results. "
        "We extend this framework by exploring approximately invertible architectures which are "
        "well suited to these losses."
    )
    summary = (
        "We extend the framework by exploring approximately invertible architectures which are "
        "well suited to the losses."
    )
    assert tldr_points_back(summary, abstract)
    said = "We prove that the bound is well suited to the losses."
    assert tldr_points_back(said, "We prove that the bound is well suited to these losses.")
    assert not tldr_points_back(said, "We prove that the bound is well suited to the losses.")


@pytest.mark.parametrize(
    ("summary", "kind"),
    [
        # Developing-split TL;DRs that do not say what the paper does.
        (
            "Improving the robustness of deep neural networks (DNNs) to adversarial examples is an "
            "important yet challenging problem for secure deep learning.",
            "background",
        ),
        (
            "Focusing on speech translation, we conduct a multifaceted evaluation on three "
            "language directions.",
            "evaluation",
        ),
        (
            "In a number of experiments on social, bioinformatics and citation networks, we "
            "demonstrate that our model achieves state-of-the-art performance.",
            "evaluation",
        ),
        ("We propose a simple yet effective method.", "vague"),
        ("This paper introduces the first method.", "vague"),
        # ... and ones that do: in the passive, by its name, a name saying what it is.
        ("A new method for learning VAEs is developed, based on Stein variational descent.", ""),
        ("MOODCat masks a random portion of the input image and synthesizes it anew.", ""),
        ("We propose a framework called TripleNet.", ""),
    ],
)
def test_a_tldr_not_saying_what_the_paper_does_is_found(summary: str, kind: str) -> None:
    assert tldr_not_the_contribution(summary, "MOODCat") == kind


def test_it_standing_for_what_follows_is_no_pointing_back() -> None:
    # Developing-split 11398: "it" is what the sentence goes on to say.
    assert not tldr_points_back(
        "We show that it is feasible and useful to select bitwidths at the parameter granularity."
    )
    assert tldr_points_back("We show that it converges to a stationary point.")


def test_a_demonstrative_said_with_what_it_is_of_points_to_nothing() -> None:
    # Developing-split: "this basic problem of query complexity" said "the basic problem of ...".
    summary = "We provide a theoretical study of the basic problem of query complexity."
    abstract = "We provide a theoretical study of this basic problem of query complexity."
    assert not tldr_points_back(summary, abstract)
