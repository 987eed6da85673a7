"""A small structured input with authors, venues, statuses and links, for the reader features.

The seed has none of these, so the tests of citations, author and venue pages, badges
and feeds with authors write this fixture into their project instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.config import Config
from generator.features.site import SiteModel, site_model
from generator.pages.page import load_pages
from generator.pipeline import generate
from generator.taxonomy import load_taxonomy

REPO = Path(__file__).resolve().parent.parent

RECORDS: list[dict[str, Any]] = [
    {
        "id": "or-1",
        "title": "Advancing Policy Optimization for Language Agents",
        "abstract": "We study reinforcement learning for large language model agents that use "
        "tools. Our policy optimization method improves reasoning on math benchmarks.",
        "authors": ["Wei Pei", "Ada Lovelace", "José Núñez"],
        "keywords": ["reinforcement learning", "agents"],
        "venue": "ICLR 2026",
        "year": 2026,
        "status": "Oral",
        "url": "https://openreview.net/forum?id=or-1",
        "code": "https://github.com/example/apo",
        "tldr": "Policy optimization for tool-using LLM agents.",
    },
    {
        "id": "or-2",
        "title": "Advancing Diffusion Models with Flow Matching",
        "abstract": "We propose a diffusion model trained with flow matching for image "
        "generation, reaching state-of-the-art results on ImageNet.",
        "authors": ["Wei Pei", "Alan Turing"],
        "venue": "ICLR 2026",
        "year": 2026,
        "status": "Spotlight",
        "url": "https://openreview.net/forum?id=or-2",
    },
    {
        "id": "or-3",
        "title": "Advancing Graph Neural Networks: Message Passing {Revisited} & 100% Faster",
        "abstract": "We study message passing in graph neural networks on molecules and "
        "social graphs, with $\\ell_2$ regularization. Code: https://github.com/example/gnn",
        "authors": ["Wei Pei", "Ada Lovelace"],
        "venue": "ICLR 2026",
        "year": 2026,
        "status": "Poster",
        "url": "https://openreview.net/forum?id=or-3",
    },
    {
        "id": "or-4",
        "title": "Reward Models for Reinforcement Learning from Human Feedback",
        "abstract": "Reward models trained from human feedback guide reinforcement learning "
        "of large language models. We analyze reward hacking in RLHF.",
        "authors": ["Grace Hopper", "Ada Lovelace"],
        "venue": "ICLR 2026",
        "year": 2026,
        "status": "Reject",
        "url": "https://openreview.net/forum?id=or-4",
    },
    {
        "id": "nips-5",
        "title": "Video Transformers for Action Recognition",
        "abstract": "We introduce a video transformer for action recognition in videos, "
        "see https://arxiv.org/abs/2501.01234 for the extended version.",
        "authors": ["李华", "Grace Hopper"],
        "venue": "NeurIPS 2025",
        "year": 2025,
        "status": "Poster",
    },
    {
        "id": "nips-6",
        "title": "Point Clouds and 3D Reconstruction at Scale",
        "abstract": "We reconstruct 3D scenes from point clouds with neural radiance fields "
        "and gaussian splatting, evaluated on multi-view benchmarks.",
        "authors": ["Alan Turing"],
        "venue": "NeurIPS 2025",
        "year": 2025,
        "status": "Oral",
        "url": "https://neurips.cc/virtual/2025/poster/6",
        "pdf": "https://example.org/papers/6.pdf",
    },
    {
        "id": "anon-7",
        "title": "An Untitled Study of Self-Supervised Representation Learning",
        "abstract": "We study self-supervised contrastive representation learning for images "
        "and show that larger batches help.",
    },
    {
        "id": "anon-8",
        "title": "Federated Learning with Differential Privacy",
        "abstract": "We train federated models under differential privacy guarantees and "
        "measure the privacy utility trade-off.",
        "venue": "ICLR 2026",
        "year": 2026,
    },
]


def jsonl(records: list[dict[str, Any]] | None = None) -> str:
    """The records as a JSON Lines input file."""
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records or RECORDS)


def site_of(config: Config) -> SiteModel:
    """Generate the project's pages, then build the site model from them (in file order)."""
    generate(config)
    pages, problems = load_pages(config.papers_dir, "papers")
    assert problems == []
    taxonomy = load_taxonomy(config.taxonomy)
    return site_model(pages, taxonomy, config.site_name, config.language, config.related)


def settings() -> str:
    """The project's mkdocs.yml, with pages for authors of two papers, as the fixture's
    few authors would otherwise have none."""
    text = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^(    author_pages:) \d+", r"\1 2", text)
    assert n == 1
    return text


def project(
    make_project: Callable[..., Config],
    language: str = "en",
    records: list[dict[str, Any]] | None = None,
) -> Config:
    """A project whose only input is the structured fixture, in `language` (en or zh)."""
    text, n = re.subn(r"(?m)^  language: \w+$", f"  language: {language}", settings())
    assert n == 1
    text = re.sub(r"(?m)^site_name: .*$", "site_name: Test Digest", text)
    return make_project({"papers.jsonl": jsonl(records)}, files={"mkdocs.yml": text})
