"""What a reader finds and reads in the search results: names first, the paper's own words in
every excerpt, Chinese queries that reach Chinese text and English papers, a confident
correction searched (issue 29, items 1 to 4)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import Served, build_and_serve
from tests.structured import jsonl, settings

RESULTS = ".md-search-result__item:not(.pd-search__more)"


def _fairness(n: int) -> dict[str, Any]:
    topics = ["ranking", "clustering", "classification", "regression", "matching", "auctions"]
    topic = topics[n % len(topics)]
    return {
        "id": f"fair-{n}",
        "title": f"Fair {topic} with guarantees, part {n}",
        "abstract": f"Fairness in {topic} matters. We study fair {topic} under fairness "
        f"constraints, and show that a fair solution of {topic} is fair to every group, fairly "
        f"and with fairness guarantees for fair {topic} in practice ({n}).",
        "authors": [f"Author {n}"],
        "venue": "ICML 2019",
        "year": 2019,
    }


NAMED: list[dict[str, Any]] = [
    *(_fairness(n) for n in range(14)),
    {
        "id": "fair-name",
        "title": "FAIR: Fair Collaborative Active Learning with Individual Rationality",
        "abstract": "Collaborative active learning lets several parties label data together. "
        "We give each party a share of the labelled pool in proportion to what it adds.",
        "authors": ["Xinyi Xu"],
        "venue": "NeurIPS 2023",
        "year": 2023,
    },
    {
        "id": "fair-start",
        "title": "Fair Resource Allocation in Federated Learning",
        "abstract": "Federated learning trains one model across devices; we allocate "
        "resources so that accuracy is spread evenly across devices.",
        "authors": ["Tian Li"],
        "venue": "ICLR 2020",
        "year": 2020,
    },
    *(
        {
            "id": f"proto-{n}",
            "title": f"Metric learning study {n}",
            "abstract": "Prototypical networks compute prototypes; prototypical networks "
            "and prototypical networks again, as prototypical networks do for few-shot "
            f"classification with prototypical networks ({n}).",
        }
        for n in range(12)
    ),
    {
        "id": "proto",
        "title": "Prototypical Networks for Few-shot Learning",
        "abstract": "A metric space in which classification is done by computing distances to "
        "a representation of each class, for learning from few examples.",
        "authors": ["Jake Snell"],
        "venue": "NeurIPS 2017",
        "year": 2017,
    },
    *(
        {
            "id": f"gould-{n}",
            "title": f"Step-size schedules for stochastic gradient descent, part {n}",
            "abstract": "We tune the step size of stochastic gradient descent per step.",
            "authors": ["Stephen Gould"],
        }
        for n in range(2)
    ),
    *(
        {
            "id": f"solar-lezama-{n}",
            "title": f"Program synthesis with sketches, part {n}",
            "abstract": "We synthesize programs from sketches with a solver.",
            "authors": ["Armando Solar-Lezama"],
        }
        for n in range(2)
    ),
    {
        "id": "solar",
        "title": "SOLAR: Deep Structured Representations for Model-Based Reinforcement Learning",
        "abstract": "We learn latent representations in which local models are linear.",
        "authors": ["Marvin Zhang"],
    },
    {
        "id": "step",
        "title": "STEP: Spatio-Temporal Progressive Learning for Video Action Detection",
        "abstract": "We detect actions in videos by refining proposals over a few stages.",
        "authors": ["Xitong Yang"],
    },
    {
        "id": "detection",
        "title": "Real-time Object Detection with Anchor-free Heads",
        "abstract": "Object detection locates every object in an image; our detector needs "
        "no anchors and runs in real time.",
    },
    {
        "id": "segmentation",
        "title": "Boundary-aware Image Segmentation",
        "abstract": "Image segmentation assigns a class to each pixel; we sharpen boundaries.",
    },
    {
        "id": "submodular",
        "title": "Submodular Maximization beyond Non-negativity",
        "abstract": "We maximize a submodular function minus a modular cost, with the "
        r"$\kappa$-curvature of $g$ bounding the approximation and an $\ell_2$ penalty.",
        "authors": ["Chris Harshaw"],
        "venue": "ICML 2019",
        "year": 2019,
    },
]


@pytest.fixture(scope="module")
def names_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """An English digest where a paper's name is a common word of the others."""
    root = tmp_path_factory.mktemp("browser-names")
    text = "".join(json.dumps(p) + "\n" for p in NAMED)
    mkdocs = settings().replace("language: zh", "language: en")
    config, server = build_and_serve(root, {"papers.jsonl": text}, {"mkdocs.yml": mkdocs})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


@pytest.fixture(scope="module")
def structured_zh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The structured fixture (authors, math) in Chinese: tags in both languages' labels."""
    root = tmp_path_factory.mktemp("browser-structured-zh")
    config, server = build_and_serve(root, {"papers.jsonl": jsonl()}, {"mkdocs.yml": settings()})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


def search(page: Page, site: Served, query: str) -> None:
    """Open the search, type the query, wait until the results for it are listed."""
    if not page.url.startswith(site.url):
        page.goto(site.url)
    page.keyboard.press("/")
    box = page.locator(".md-search__input")
    expect(box).to_be_focused()
    box.fill(query)
    settled(page)


def settled(page: Page) -> None:
    """Wait until the search has answered the query in the box (its list is not busy)."""
    expect(page.locator(".md-search-result__list")).to_have_attribute("aria-busy", "false")


def titles(page: Page) -> list[str]:
    return page.locator(f"{RESULTS} h1").all_inner_texts()


def count(page: Page) -> int:
    """How many results the search says it found ("16 matching documents")."""
    digits = re.sub(r"\D", "", page.locator(".md-search-result__meta").inner_text())
    return int(digits or 0)


def test_a_papers_name_comes_first_though_other_papers_use_the_word_more(
    names_site: Served, page: Page
) -> None:
    search(page, names_site, "FAIR")
    found = titles(page)
    assert count(page) > 10  # every paper about fairness matches too
    assert found[0].startswith("FAIR: Fair Collaborative"), found[:3]
    assert found[1] == "Fair Resource Allocation in Federated Learning", found[:3]
    search(page, names_site, "fair")  # the name in any case, then titles starting with it
    assert titles(page)[0].startswith("FAIR: Fair Collaborative")


def test_a_name_is_no_search_for_the_authors_whose_names_start_so(
    names_site: Served, page: Page
) -> None:
    search(page, names_site, "STEP")
    assert titles(page)[0].startswith("STEP: Spatio-Temporal"), titles(page)[:3]
    search(page, names_site, "Stephen Gould")  # the author's own name: their page first
    first = page.locator(f"{RESULTS} a").first
    expect(first).to_have_attribute("href", re.compile(r"/authors/stephen-gould/$"))
    # A paper named as typed, case and all, comes before an author whose name holds the word.
    search(page, names_site, "SOLAR")
    assert titles(page)[0].startswith("SOLAR: Deep Structured"), titles(page)[:3]
    search(page, names_site, "Solar-Lezama")
    expect(first).to_have_attribute("href", re.compile(r"/authors/armando-solar-lezama/$"))


@pytest.mark.parametrize(
    "query", ["Prototypical Networks", "Prototypical Networks for Few-shot Learning"]
)
def test_a_title_typed_from_its_start_comes_first(
    names_site: Served, page: Page, query: str
) -> None:
    search(page, names_site, query)
    found = titles(page)
    assert count(page) > 10
    assert found[0] == "Prototypical Networks for Few-shot Learning", found[:3]


def _letters(text: str) -> str:
    """Text as letters and digits only, compatibility forms folded (₂ is 2), lower case."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if ch.isalnum())


def excerpts(page: Page) -> list[tuple[str, str]]:
    """Each listed result's address and excerpt, without the ellipses that cut it."""
    out = []
    for item in page.locator(RESULTS).all():
        href = item.locator("a").first.evaluate("(a) => a.href")
        text = item.locator(".pd-search__excerpt").inner_text()
        out.append((href, text.replace("…", " ")))
    return out


def own_text(page: Page, href: str) -> str:
    """What the page at `href` shows of its own: its title, TL;DR, byline, abstract, facts."""
    other = page.context.new_page()
    other.goto(href)
    text = other.locator("article.md-content__inner").inner_text()
    other.close()
    return text


@pytest.mark.parametrize(
    ("which", "query", "marked"),
    [
        ("seed", "强化学习", False),  # found by its tag's Chinese label, in pairs of characters
        ("structured_zh", "reinforcement", True),
        ("structured_zh", "regularization", True),  # next to $\ell_2$
        ("names", "kappa", False),  # found by the LaTeX command's name, shown as κ
        ("names", "FAIR", True),
    ],
)
def test_every_excerpt_is_the_papers_own_text(
    request: pytest.FixtureRequest, page: Page, which: str, query: str, marked: bool
) -> None:
    site: Served = request.getfixturevalue(f"{which}_site" if which != "structured_zh" else which)
    search(page, site, query)
    shown = excerpts(page)
    assert shown
    for href, text in shown:
        assert "$" not in text and "\\" not in text, text
        assert not re.search(r"[\u4e00-\u9fff]{2} [\u4e00-\u9fff]{2}", text), text  # no pairs
        assert _letters(text) in _letters(own_text(page, href)), (href, text)
    if marked:  # a match in the paper's own words is marked there
        expect(page.locator(f"{RESULTS} .pd-search__excerpt mark").first).to_be_visible()


def test_math_in_an_excerpt_reads_as_characters(names_site: Served, page: Page) -> None:
    search(page, names_site, "kappa")
    excerpt = page.locator(f"{RESULTS} .pd-search__excerpt").first
    expect(excerpt).to_contain_text("κ-curvature")
    expect(excerpt).to_contain_text("ℓ₂ penalty")


def test_a_confident_correction_is_what_is_searched(names_site: Served, page: Page) -> None:
    search(page, names_site, "submodlar")
    line = page.locator(".pd-search__suggest")
    expect(line).to_be_visible()
    expect(line.locator("button").first).to_have_text("submodular")
    assert titles(page) == ["Submodular Maximization beyond Non-negativity"]
    line.locator("button").nth(1).click()  # "Search for submodlar instead"
    expect(page.locator(".md-search__input")).to_have_value("submodlar")
    settled(page)
    expect(line.locator("button").first).to_have_text("submodular")  # "did you mean" only
    assert "Submodular Maximization beyond Non-negativity" not in titles(page)[:1]


def test_a_word_of_the_abstracts_is_not_corrected_and_waits_for_no_word_list(
    names_site: Served, page: Page
) -> None:
    # "federated" is in abstracts and titles; "devices" only in an abstract, and close to no
    # title word: its results show while the site's word list is held back.
    held: list[Route] = []
    page.route("**/search-words.json", lambda route: held.append(route))
    search(page, names_site, "devices")
    expect(page.locator(RESULTS).first.locator("h1")).to_have_text(
        "Fair Resource Allocation in Federated Learning"
    )
    expect(page.locator(".pd-search__suggest")).to_be_hidden()


CHINESE: list[dict[str, Any]] = [
    {
        "id": "zh-gnn",
        "title": "图神经网络的对比学习",
        "abstract": "我们提出一种图上的对比学习方法，在节点分类任务上明显优于以往的方法。",
    },
    {
        "id": "zh-tldr",
        "title": "视觉语言模型的高效微调",
        "abstract": "本文研究视觉语言模型的参数高效微调，只需训练极少的参数。",
        "tldr": "一种大语言模型推理的新方法。",
    },
    {
        "id": "en-gnn",
        "title": "Contrastive Pretraining of Graph Neural Networks",
        "abstract": "We pretrain graph neural networks with a contrastive objective.",
    },
]


@pytest.fixture(scope="module")
def chinese_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A Chinese digest of papers in Chinese (titles, TL;DRs, abstracts), and one in English."""
    root = tmp_path_factory.mktemp("browser-chinese")
    text = "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in CHINESE)
    config, server = build_and_serve(root, {"papers.jsonl": text})
    yield Served(config, f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("节点分类", "图神经网络的对比学习"),  # a word of the abstract
        ("大语言模型推理", "视觉语言模型的高效微调"),  # of the TL;DR alone
        ("高效微调", "视觉语言模型的高效微调"),  # of the title
    ],
)
def test_chinese_text_is_found_and_its_words_marked_in_the_excerpt(
    chinese_site: Served, page: Page, query: str, title: str
) -> None:
    search(page, chinese_site, query)
    first = page.locator(RESULTS).first
    expect(first.locator("h1")).to_have_text(title)
    marks = first.locator(".pd-search__excerpt mark").all_inner_texts()
    if query != "高效微调":  # a title's words are found, not shown
        assert marks == [query]


def test_a_chinese_query_also_finds_the_english_papers_and_says_so(
    chinese_site: Served, page: Page
) -> None:
    search(page, chinese_site, "图神经网络")
    assert titles(page)[:2] == [
        "图神经网络的对比学习",
        "Contrastive Pretraining of Graph Neural Networks",
    ]
    line = page.locator(".pd-search__suggest")
    expect(line).to_contain_text("图神经网络")
    expect(line.locator("button")).to_have_text("graph neural network")


@pytest.mark.parametrize(
    ("query", "english", "title"),
    [
        ("目标检测", "object detection", "Real-time Object Detection with Anchor-free Heads"),
        ("图像分割", "image segmentation", "Boundary-aware Image Segmentation"),
    ],
)
def test_a_chinese_query_on_an_english_site_finds_the_papers_and_says_so(
    names_site: Served, page: Page, query: str, english: str, title: str
) -> None:
    search(page, names_site, query)
    assert titles(page)[0] == title
    expect(page.locator(".pd-search__suggest button")).to_have_text(english)


def test_a_chinese_tag_name_on_an_english_site_reaches_the_tag(
    names_site: Served, page: Page
) -> None:
    search(page, names_site, "优化")  # the Chinese label of Optimization
    links = page.locator(f"{RESULTS} a").evaluate_all("(links) => links.map((a) => a.href)")
    assert any(href.endswith("/tags/optimization/") for href in links), links
    expect(page.locator(".pd-search__suggest button")).to_have_text("optimization")
