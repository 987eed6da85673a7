"""Facts an abstract states: its method's name, the datasets and benchmarks it names, its
headline results, and the code and project links it gives."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from generator.derive.names import COMMON, Name

MAX_DATASETS = 8
MAX_RESULTS = 5

_URL = re.compile(r"https?://[^\s<>()\[\]{}\"'`]+[^\s<>()\[\]{}\"'`.,;:!?]")
_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "huggingface.co", "codeberg.org")
# A dataset's name: a name-shaped word (PARTNR, WOMD, ScanNet++, nuScenes), optionally with
# a second or third capitalized word (MS COCO, Waymo Open Motion Dataset).
_NAME = r"(?:[A-Z][\w\-+.]*[A-Z0-9+][\w\-+]*|[a-z]+[A-Z][\w\-+]*|[A-Z][a-z]+[\-]?\d[\w\-]*)"
_DATASET_NAME = rf"(?:{_NAME}|[A-Z][a-z]+)(?:\s(?:{_NAME}|[A-Z][a-z]+)){{0,2}}"
_LIST = (
    rf"(?:the\s+)?{_DATASET_NAME}(?:\s*(?:,|,?\s+and|,?\s+or)\s+(?:the\s+)?{_DATASET_NAME}){{0,7}}"
)
_KIND = r"(?:datasets?|benchmarks?|suites?|challenges?|corpora|corpus|environments?|leaderboards?)"
_BEFORE_KIND = re.compile(rf"({_LIST})\s+(?:{_KIND})\b")
_AFTER_KIND = re.compile(
    rf"\b{_KIND}\s*(?:,\s*)?(?:such\s+as|including|like|namely|:|\()\s*({_LIST})"
)
_ON = re.compile(
    rf"\b(?:on|across|over)\s+({_LIST})(?=\s*(?:[,.;)]|$)|\s+(?:and|show|shows|showed|"
    r"demonstrat\w*|confirm\w*|indicat\w*|reveal\w*|validat\w*|verif\w*|suggest\w*|prov\w*|"
    r"highlight\w*|illustrat\w*)\b)"
)
# "the Waymo Open Motion Dataset (WOMD)", "Waymo Open Sim Agents Challenge (WOSAC)"
_NAMED_KIND = re.compile(
    r"\b((?:[A-Z][\w\-]*\s+){0,6}(?:Dataset|Benchmark|Challenge|Corpus|Suite|Bench))\s*"
    r"\(\s*([A-Z][\w\-+]*)\s*\)"
)
_SPLIT = re.compile(r"\s*(?:,|,?\s+and\s+|,?\s+or\s+)\s*")
_STOP = frozenset({"Experiments", "Extensive", "Our", "The", "We", "This", "These", "Results"})
_RESULT_PATTERN = (
    r"(?:(?:up\s+to|by|over|nearly|almost|about|around|approximately|average(?:\s+of)?|"
    r"an?)\s+)?"
    r"\d+(?:\.\d+)?\s?(?:%|×|x(?=\s)|-fold|\s?times|\s?(?:percentage\s+)?points?|\s?pp\b)"
    r"(?:\s(?:relative\s+)?(?:improvement|increase|reduction|gain|speedup|speed-up|higher|"
    r"lower|fewer|less|faster|smaller|better|boost|drop)s?"
    r"(?:\s(?:in|on|of)\s(?:the\s)?[\w\-]+(?:\s(?!(?:for|and|or|on|in|with|of|to|over|than|"
    r"compared|while|at|by|from)\b)[\w\-]+)?)?)?"
    r"|\d+\.\d+\s(?:[A-Za-z\-]+\s){0,3}(?:score|accuracy|F1|mAP|BLEU|AUC|IoU|PSNR|FID|"
    r"success\s+rate|win\s+rate)\b"
    r"|(?:[a-z][\w\-]*\s){0,2}(?:score|accuracy|F1|mAP|BLEU|AUC|IoU|PSNR|FID|success\s+rate|"
    r"win\s+rate|pass@1)\s+of\s+\d+(?:\.\d+)?%?"
)
# Never from inside a word: "top-1 accuracy", not "op-1 accuracy".
_RESULT = re.compile(rf"(?<![\w\-.])(?:{_RESULT_PATTERN})")


#: A result that is only a number: it needs the words before it to say what it measures.
_BARE = re.compile(
    r"^(?:(?:up\s+to|nearly|almost|about|around|approximately|average(?:\s+of)?)\s+)?"
    r"\d+(?:\.\d+)?\s?(?:%|×|x|-fold|\s?times|\s?(?:percentage\s+)?points?|\s?pp)$"
)
_SAID = re.compile(
    r"(?<![\w\-])(?:improv|increas|reduc|decreas|boost|lower|rais|cut|accelerat|speed|"
    r"outperform|surpass|exceed|gain|shrink|compress|sav)\w*\s+(?:the\s+|its\s+|their\s+)?"
    r"[a-zA-Z][\w\-]*(?:\s+[a-zA-Z][\w\-]*){0,3}?\s+by(?:\s+(?:over|an?\s+average\s+of|"
    r"on\s+average))?\s*$"
)


def find_urls(text: str) -> list[str]:
    out: list[str] = []
    for url in _URL.findall(text):
        if url not in out:
            out.append(url)
    return out


_KIND_WORD = re.compile(rf"\s+{_KIND}\b")
_LIST_BEFORE = re.compile(rf"({_LIST})$")


def _before_kind(text: str) -> Iterator[re.Match[str]]:
    """`_BEFORE_KIND.finditer`, searched only in the words before each kind word: faster."""
    end = 0
    for kind in _KIND_WORD.finditer(text):
        if kind.start() < end:
            continue
        match = _LIST_BEFORE.search(text, max(end, kind.start() - 400), kind.start())
        if match:
            end = kind.end()
            yield match


def _datasets(text: str, name: str) -> list[str]:
    found: list[str] = []
    for match in _NAMED_KIND.finditer(text):
        short = match.group(2)
        if short != name and short not in found:
            found.append(short)
    for pattern in (_BEFORE_KIND, _AFTER_KIND, _ON):
        for match in _before_kind(text) if pattern is _BEFORE_KIND else pattern.finditer(text):
            named_as_one = pattern is _BEFORE_KIND  # "the Kinetics dataset": one word will do
            for item in _SPLIT.split(match.group(1)):
                item = re.sub(r"^the\s+", "", item.strip())
                words = item.split()
                if not words or words[0] in _STOP or (item in COMMON and item not in _KNOWN):
                    continue
                if (
                    len(words) < 2
                    and not re.search(r"[A-Z].*[A-Z0-9]|\d|^[a-z]+[A-Z]", item)
                    and not named_as_one
                    and item not in _KNOWN
                ):
                    continue  # "Atari" alone is a word; "MS COCO", "WOMD", "nuScenes" are names
                if item != name and item not in found:
                    found.append(item)
    return found[:MAX_DATASETS]


# Everyday acronyms that are also datasets: kept when named as one.
_KNOWN = frozenset(
    {
        "ImageNet",
        "CIFAR-10",
        "CIFAR-100",
        "MNIST",
        "COCO",
        "MS-COCO",
        "KITTI",
        "nuScenes",
        "Cityscapes",
        "ADE20K",
        "SQuAD",
        "GLUE",
        "SuperGLUE",
        "MMLU",
        "GSM8K",
        "MATH",
        "HumanEval",
        "WMT",
        "ShapeNet",
        "ModelNet",
        "ScanNet",
    }
)


def extract_facts(text: str, name: Name | None) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    if name and name.own:  # a model it studies or a baseline is no method of its own
        facts["method"] = name.text
    datasets = _datasets(text, name.text if name else "")
    if datasets:
        facts["datasets"] = datasets
    results: list[str] = []
    for match in _RESULT.finditer(text):
        result = re.sub(r"^(?:an?|by|over)\s+", "", match.group(0).strip())
        if _BARE.match(result):
            # "10%" says nothing alone: the verb and measure before it do ("reduces error by 10%")
            at = match.start() + match.group(0).find(result)
            said = _SAID.search(text[max(0, at - 80) : at])
            if not said:
                continue
            result = f"{said.group(0).strip()} {result}"
        if result not in results:
            results.append(result)
    if results:
        facts["results"] = results[:MAX_RESULTS]
    return facts


def extract_links(text: str) -> dict[str, str]:
    links: dict[str, str] = {}
    for url in find_urls(text):
        key = "code" if any(host in url for host in _CODE_HOSTS) else "project"
        links.setdefault(key, url)
    return links
