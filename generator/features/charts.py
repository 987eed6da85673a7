"""The statistics page: charts of papers per tag, venue and status, and tag co-occurrence.

Charts are static SVG written at build time (no JavaScript), coloured by CSS variables
so they follow the light and dark schemes, each with a <title>, a <desc> saying what it
shows, and its data as a table for readers who cannot see it. Bar charts put each label
above its bar and size bars in percent, so text never scales down on a phone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from generator import urls
from generator.features.context import Context, Labels
from generator.features.people import Author, Venue, status_badge
from generator.features.site import SiteModel
from generator.model import Output
from generator.text import md_escape
from generator.urls import Urls

#: Bars drawn per chart; the table below a chart lists every row.
MAX_BARS = 25
#: Tags in the co-occurrence matrix (the most used ones).
MATRIX_TAGS = 12
ROW = 34  # px per bar-chart row: label line, then bar
LABEL_CHARS = 48


@dataclass(frozen=True)
class Bar:
    label: str
    value: int
    percent: float  # bar length, in percent of the chart's width
    href: str  # relative to the stats page, or ""

    @property
    def short(self) -> str:
        return self.label if len(self.label) <= LABEL_CHARS else self.label[: LABEL_CHARS - 1] + "…"


@dataclass(frozen=True)
class BarChart:
    id: str
    title: str
    desc: str
    bars: list[Bar]  # every row, most first
    unit: str  # column heading of the values in the table

    @property
    def drawn(self) -> list[Bar]:
        return self.bars[:MAX_BARS]

    @property
    def height(self) -> int:
        return ROW * len(self.drawn) + 4


@dataclass(frozen=True)
class Cell:
    row: int
    col: int
    value: int
    opacity: float
    title: str


@dataclass(frozen=True)
class Matrix:
    id: str
    title: str
    desc: str
    labels: list[str]
    cells: list[Cell]
    pairs: list[tuple[str, str, int]]  # every co-occurring pair, most first
    label_width: int = 190
    cell: int = 26

    @property
    def width(self) -> int:
        return self.label_width + self.cell * len(self.labels) + 4

    @property
    def height(self) -> int:
        return self.cell * (len(self.labels) + 1) + 4


def bar_chart(
    chart_id: str, title: str, rows: list[tuple[str, int, str]], t: dict[str, str]
) -> BarChart:
    """A bar chart of (label, value, href) rows, largest first."""
    rows = sorted(rows, key=lambda r: -r[1])
    top = max((r[1] for r in rows), default=1) or 1
    bars = [Bar(label, value, round(100 * value / top, 1), href) for label, value, href in rows]
    leaders = ", ".join(f"{b.label} ({b.value:,})" for b in bars[:3])
    desc = t["chart_desc"].format(n=len(bars), top=leaders)
    if len(bars) > MAX_BARS:
        desc += " " + t["chart_more"].format(n=MAX_BARS)
    return BarChart(chart_id, title, desc, bars, t["papers"])


def cooccurrence(site: SiteModel, t: Labels) -> Matrix | None:
    """How often the most used tags appear on the same paper."""
    tags = site.tags[:MATRIX_TAGS]
    if len(tags) < 2:
        return None
    index = {tag.slug: i for i, tag in enumerate(tags)}
    counts: Counter[tuple[int, int]] = Counter()
    for view in site.papers:
        present = sorted({index[ref.slug] for ref in view.tags if ref.slug in index})
        for a_pos, a in enumerate(present):
            for b in present[a_pos + 1 :]:
                counts[(a, b)] += 1
    top = max(counts.values(), default=0)
    labels = [tag.label for tag in tags]
    cells = []
    for (a, b), n in counts.items():
        opacity = round(0.15 + 0.85 * n / top, 2) if top else 0.0
        title = t.counted("pair_title", n, a=labels[a], b=labels[b])
        cells += [Cell(a, b, n, opacity, title), Cell(b, a, n, opacity, title)]
    cells.sort(key=lambda c: (c.row, c.col))
    pairs = sorted(
        ((labels[a], labels[b], n) for (a, b), n in counts.items()), key=lambda p: (-p[2], p[:2])
    )
    leaders = "; ".join(f"{a} + {b} ({n})" for a, b, n in pairs[:3])
    desc = t["matrix_desc"].format(n=len(tags), top=leaders or t["matrix_none"])
    width = max(_text_width(f"{i}. {label}") for i, label in enumerate(labels, 1)) + 12
    return Matrix("pd-chart-pairs", t["chart_pairs"], desc, labels, cells, pairs, max(190, width))


def _text_width(text: str) -> int:
    """About how wide a label is drawn at the matrix's 11 px: a Chinese character is a square,
    a Latin letter a little over half of one. Labels are drawn whole, never cut."""
    return round(sum(11 if ord(ch) > 0x2E7F else 6.3 for ch in text))


def stats_view(
    site: SiteModel,
    authors: dict[str, Author],
    venues: list[Venue],
    t: Labels,
    links: Urls | None = None,
) -> tuple[list[tuple[str, int]], list[BarChart], Matrix | None]:
    """The page's figures: (headline numbers, bar charts, co-occurrence matrix)."""
    href = (links or Urls()).href
    charts = [
        bar_chart(
            "pd-chart-tags",
            t["chart_tags"],
            [(tag.label, tag.count, href(urls.tag(tag.slug), urls.STATS)) for tag in site.tags],
            t,
        )
    ]
    if venues:
        rows = [(v.name, len(v.papers), href(urls.venue(v.slug), urls.STATS)) for v in venues]
        charts.append(bar_chart("pd-chart-venues", t["chart_venues"], rows, t))
    statuses: Counter[str] = Counter()
    for view in site.papers:
        badge = status_badge(view.meta, t)
        if badge:
            statuses[badge.label] += 1
    if statuses:
        rows = [(label, n, "") for label, n in statuses.items()]
        charts.append(bar_chart("pd-chart-status", t["chart_status"], rows, t))
    numbers = [(t["stat_papers"], len(site.papers)), (t["stat_tags"], len(site.tags))]
    if authors:
        numbers.append((t["stat_authors"], len(authors)))
    if venues:
        numbers.append((t["stat_venues"], len(venues)))
    return numbers, charts, cooccurrence(site, t)


def stats_pages(
    site: SiteModel,
    authors: dict[str, Author],
    venues: list[Venue],
    ctx: Context,
    downloads: list[tuple[str, str]],
) -> Iterator[Output]:
    """`stats/index.md` and the fragment holding its charts; `downloads` are (label, link)."""
    numbers, charts, matrix = stats_view(site, authors, venues, ctx.t, ctx.config.urls)
    fragment = ctx.render("stats.html.j2", numbers=numbers, charts=charts, matrix=matrix)
    intro = ctx.t.counted("stats_intro", len(site.papers))
    links = " · ".join(f"[{md_escape(label)}]({target})" for label, target in downloads)
    lead = ctx.t["stats_downloads"]
    # No space after a full-width colon.
    intro += "\n\n" + lead + ("" if lead.endswith("：") else " ") + links
    yield from ctx.page(urls.STATS, ctx.t["stats_title"], intro, fragment, {"hide": ["toc"]})
