"""Words a line break cut in two, whole again; compounds and suspended hyphens kept."""

from __future__ import annotations

import pytest

from generator.derive import derive
from generator.derive.words import unbroken
from generator.model import Paper
from generator.taxonomy import Taxonomy


@pytest.mark.parametrize(
    ("text", "whole"),
    [  # Developing-split abstracts' broken words
        ("We introduce a vari- ant of the Hessian-free method.", "We introduce a variant of"),
        ("the computational structure of neural net- works", "structure of neural networks"),
        ("a contact loss that favors phys- ically plausible", "favors physically plausible"),
        ("stochastic gradient de- scent", "stochastic gradient descent"),
        # ... a compound the abstract writes whole elsewhere, or starts with a word
        ("a long- standing problem; long-standing indeed", "a long-standing problem"),
        ("a semi-supervised student- teacher approach", "student-teacher approach"),
        ("an information- theoretic exploration strategy", "information-theoretic exploration"),
        ("a deterministic time- invariant feature", "time-invariant feature"),
        ("a CNN- based detector", "a CNN-based detector"),
        ("a task- specific head", "a task-specific head"),
        # ... a word the abstract writes whole elsewhere
        ("Few-shot learn- ing works. Learning is hard.", "Few-shot learning works"),
    ],
)
def test_a_broken_word_is_whole_again(text: str, whole: str) -> None:
    assert whole in unbroken(text)


def test_a_hyphen_left_to_a_later_word_stays() -> None:
    text = "zero- and few-shot learning, intra- and inter-class, first- or second-order"
    assert unbroken(text) == text
    # ... and so does a dash: "models- these are fast".
    text = "older models- these are fast- are kept"
    assert unbroken(text) == text


def test_derivation_reads_the_words_whole(taxonomy: Taxonomy) -> None:
    # Developing split, "Block-diagonal Hessian-free optimization for training neural
    # networks": not "Vari- ant of the Hessian-free method".
    abstract = (
        "We introduce a vari- ant of the Hessian-free method that leverages a block-diagonal "
        "approximation of the generalized Gauss-Newton matrix. Our method computes the "
        "curvature approximation matrix only for pairs of parameters from the same layer."
    )
    got = derive(Paper(id="p", abstract=abstract, source="t.txt", line=1), taxonomy)
    assert "- " not in got.title and "vari- ant" not in got.summary
