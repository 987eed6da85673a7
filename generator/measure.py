"""How good derivation is, measured on labelled papers: `digest measure papers.jsonl.gz`.

Each paper's title, TL;DR and author keywords are hidden, the paper goes through the same
`derive` as a real build, and what comes out is compared with what the authors wrote:

- named titles: where the real title is `Name: ...` and the abstract mentions the name,
  the share of derived titles holding that name; where the real title has no name, the
  share of derived titles that lead with one anyway;
- clean titles: derived titles over 100 characters or holding Markdown or LaTeX;
- tags: vision venues tagged computer vision, ACL tagged NLP (and, wrongly, vision), and
  agreement with ICLR author keywords that name a taxonomy tag;
- coverage of summaries, facts and links, and the time derivation takes per 1,000 papers.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from generator.derive import MAX_TITLE, derive
from generator.model import Derived, Paper
from generator.taxonomy import Taxonomy

#: A real title that leads with a name: one token with a capital or a digit, then a colon.
NAMED_TITLE = re.compile(r"^(?P<name>[^\s:]*[A-Z0-9][^\s:]*):\s")
#: What a clean title must not hold: Markdown emphasis, code, links, HTML, LaTeX.
MARKUP = re.compile(r"[*`$\\{}<>]|\]\(|(?<!\w)_|_(?!\w)")
VISION_VENUES = ("CVPR", "ICCV", "ECCV")
VISION_TAG = "computer-vision"
LANGUAGE_TAG = "nlp"
FALLBACK = "deep-learning"


@dataclass
class Share:
    """A count out of a total, printed as a percentage."""

    hits: int = 0
    total: int = 0

    def add(self, hit: bool) -> None:
        self.total += 1
        self.hits += bool(hit)

    @property
    def percent(self) -> float:
        return 100.0 * self.hits / self.total if self.total else 0.0

    def __str__(self) -> str:
        return f"{self.percent:5.1f}% ({self.hits:,} of {self.total:,})"


@dataclass
class Measurement:
    papers: int = 0
    seconds: float = 0.0
    named: Share = field(default_factory=Share)
    unnamed_led_by_name: Share = field(default_factory=Share)
    long_titles: Share = field(default_factory=Share)
    markup_titles: Share = field(default_factory=Share)
    vision_as_cv: Share = field(default_factory=Share)
    acl_as_nlp: Share = field(default_factory=Share)
    acl_as_cv: Share = field(default_factory=Share)
    keyword_agreement: Share = field(default_factory=Share)
    untagged: Share = field(default_factory=Share)
    fallback_only: Share = field(default_factory=Share)
    with_summary: Share = field(default_factory=Share)
    with_method: Share = field(default_factory=Share)
    with_datasets: Share = field(default_factory=Share)
    with_results: Share = field(default_factory=Share)
    with_links: Share = field(default_factory=Share)
    tags_per_paper: float = 0.0
    misses: list[tuple[str, str]] = field(default_factory=list)  # (real title, derived)

    @property
    def seconds_per_1000(self) -> float:
        return 1000.0 * self.seconds / self.papers if self.papers else 0.0


def hidden(paper: Paper) -> Paper:
    """The paper as an untitled input would give it: no title, TL;DR or keywords."""
    return dataclasses.replace(paper, title="", tldr="", keywords=[])


def leads_with_name(title: str) -> bool:
    return NAMED_TITLE.match(title) is not None


def keyword_tags(paper: Paper, taxonomy: Taxonomy) -> set[str]:
    """The taxonomy tags the paper's own author keywords name, by label or mapped keyword."""
    names: dict[str, str] = {}
    for tag in taxonomy.tags:
        for name in (tag.label.get("en", ""), tag.slug.replace("-", " "), *tag.keywords):
            if name:
                names.setdefault(name.casefold(), tag.slug)
    return {names[k.strip().casefold()] for k in paper.keywords if k.strip().casefold() in names}


def derive_all(papers: Iterable[Paper], taxonomy: Taxonomy) -> Iterator[tuple[Paper, Derived]]:
    for paper in papers:
        yield paper, derive(hidden(paper), taxonomy)


def measure(papers: list[Paper], taxonomy: Taxonomy, misses: int = 0) -> Measurement:
    """Derive every paper with its labels hidden and compare with the labels."""
    out = Measurement(papers=len(papers))
    started = time.perf_counter()
    results = list(derive_all(papers, taxonomy))
    out.seconds = time.perf_counter() - started
    tag_count = 0
    for paper, derived in results:
        title = derived.title
        named = NAMED_TITLE.match(paper.title)
        mention = named and re.search(rf"(?<!\w){re.escape(named['name'])}(?!\w)", paper.abstract)
        if named and mention:
            hit = named["name"].casefold() in title.casefold()
            out.named.add(hit)
            if not hit and len(out.misses) < misses:
                out.misses.append((paper.title, title))
        elif not named:
            out.unnamed_led_by_name.add(leads_with_name(title))
        out.long_titles.add(len(title) > MAX_TITLE)
        out.markup_titles.add(MARKUP.search(title) is not None)
        tags = set(derived.tags)
        tag_count += len(derived.tags)
        out.untagged.add(not tags)
        out.fallback_only.add(tags == {FALLBACK})
        venue = paper.venue.split()[0] if paper.venue else ""
        if venue in VISION_VENUES:
            out.vision_as_cv.add(VISION_TAG in tags)
        if venue == "ACL":
            out.acl_as_nlp.add(LANGUAGE_TAG in tags)
            out.acl_as_cv.add(VISION_TAG in tags)
        if venue == "ICLR":
            for slug in keyword_tags(paper, taxonomy):
                out.keyword_agreement.add(slug in tags)
        out.with_summary.add(bool(derived.summary))
        out.with_method.add(bool(derived.facts.get("method")))
        out.with_datasets.add(bool(derived.facts.get("datasets")))
        out.with_results.add(bool(derived.facts.get("results")))
        out.with_links.add(bool(derived.links))
    out.tags_per_paper = tag_count / len(results) if results else 0.0
    return out


def report_lines(m: Measurement) -> Iterator[str]:
    def target(ok: bool) -> str:
        return "  ok" if ok else "  MISSED"

    yield f"papers measured: {m.papers:,} (titles, TL;DRs and keywords hidden)"
    yield ""
    yield "titles"
    yield (
        f"  named titles whose derived title holds the name: {m.named}"
        + target(m.named.percent >= 90)
        + "  (target >= 90%)"
    )
    yield f"  unnamed titles whose derived title leads with a name anyway: {m.unnamed_led_by_name}"
    yield (
        f"  derived titles over {MAX_TITLE} characters: {m.long_titles}"
        + target(m.long_titles.hits == 0)
    )
    yield f"  derived titles holding markup: {m.markup_titles}" + target(m.markup_titles.hits == 0)
    yield ""
    yield "tags"
    yield (
        f"  {'/'.join(VISION_VENUES)} papers tagged {VISION_TAG}: {m.vision_as_cv}"
        + target(m.vision_as_cv.percent >= 90)
        + "  (target >= 90%)"
    )
    yield (
        f"  ACL papers tagged {LANGUAGE_TAG}: {m.acl_as_nlp}"
        + target(m.acl_as_nlp.percent >= 90)
        + "  (target >= 90%)"
    )
    yield (
        f"  ACL papers tagged {VISION_TAG}: {m.acl_as_cv}"
        + target(m.acl_as_cv.percent <= 5)
        + "  (target <= 5%)"
    )
    yield f"  ICLR author keywords naming a tag, tag derived: {m.keyword_agreement}"
    yield f"  papers with no tag: {m.untagged}" + target(m.untagged.hits == 0)
    yield f"  papers with only the fallback tag '{FALLBACK}': {m.fallback_only}"
    yield f"  tags per paper: {m.tags_per_paper:.2f}"
    yield ""
    yield "summaries, facts, links"
    yield f"  with a TL;DR: {m.with_summary}"
    yield f"  with a method name: {m.with_method}"
    yield f"  with datasets or benchmarks: {m.with_datasets}"
    yield f"  with headline results: {m.with_results}"
    yield f"  with links found in the abstract: {m.with_links}"
    yield ""
    yield f"derivation time: {m.seconds_per_1000:.2f} s per 1,000 papers ({m.seconds:.1f} s in all)"
    if m.misses:
        yield ""
        yield "named titles missed (real → derived):"
        for real, derived in m.misses:
            yield f"  {real}\n    → {derived}"
