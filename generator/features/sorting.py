"""Sorting a listing of several pages: the small data file its sort control reads.

A listing of more than one page (a big tag, browse) is numbered pages in the digest's
order, which work without JavaScript. Beside them goes `papers.json`, one row per paper
of the whole listing: its address, title, status and venue, nothing more (about 150 bytes
a paper, so all listings of a 20,000-paper digest add about 11 MB, 1% of the site). The script
`assets/listing.js` offers a sort by title, status or venue over the whole listing, with
pages of its own, and fetches the file only when a reader chooses one.
"""

from __future__ import annotations

import functools
import itertools
import json
from typing import Any

from generator import urls
from generator.features import people
from generator.features.context import Labels
from generator.features.site import PaperView
from generator.text import plain_text
from generator.urls import Urls

FORMAT = "paper-digest/listing@2"
#: Authors a listing names before "et al.".
AUTHORS_SHOWN = 3


def sorts(papers: list[PaperView], show_venue: bool = True) -> list[str]:
    """The sorts that tell a listing's papers apart, the listing's own order first: title,
    and status, year and venue where the papers have several.

    The listing's own order (its numbered pages) is the first of status, year and title
    that it follows (site.listing_order: status then title; site.by_year on an author's
    page), and "default" if none; assets/listing.js names it in its menu and shows the
    numbered pages for it.
    """
    found = ["title"]
    if len({view.status_rank for view in papers}) > 1:
        found.append("status")
    if len({view.year for view in papers}) > 1:
        found.append("year")
    if show_venue and len({people.venue_of(view.meta) for view in papers}) > 1:
        found.append("venue")
    own = next(
        (by for by in ("status", "year", "title") if by in found and _follows(papers, by)), ""
    )
    return [own or "default", *(by for by in found if by != own)]


def _follows(papers: list[PaperView], by: str) -> bool:
    """Whether the papers are in the order of the sort `by`."""
    keys: list[Any]
    if by == "status":
        keys = [view.status_rank for view in papers]
    elif by == "year":
        keys = [-(view.year or 0) for view in papers]
    else:
        keys = [view.title.casefold() for view in papers]
    return all(a <= b for a, b in itertools.pairwise(keys))


def byline(view: PaperView, more: str) -> str:
    """The first authors of a paper, `more` ("et al.") after them when there are others."""
    names = view.authors
    shown = ", ".join(names[:AUTHORS_SHOWN])
    return f"{shown} {more}" if len(names) > AUTHORS_SHOWN else shown


def sort_data(
    folder: str,
    papers: list[PaperView],
    t: Labels,
    links: Urls,
    per_page: int,
    show_venue: bool = True,
) -> str:
    """The data file of a listing in `folder`: its rows, in its order, each
    [address, title, status, venue, authors, year].

    The address is relative to the data file; status and venue are indexes into
    `statuses` (best first, as listings rank them: [key, label]) and `venues` (by name),
    or -1 where a paper has none; authors are the byline listings show, year 0 if none.
    `per_page` is how many the sorted pages show, as the numbered ones do. Compact JSON,
    one row a line so a diff stays readable.
    """
    here = urls.sort_data(folder)
    badge: dict[str, people.Badge | None] = {}  # a digest has a few statuses
    badges = []
    for view in papers:
        status = view.fields.status
        if status not in badge:
            badge[status] = people.badge_of(status, t)
        badges.append(badge[status])
    ranks: dict[str, tuple[float, str]] = {}
    for status, found in badge.items():  # in the order the papers first give them
        if found:
            ranks.setdefault(found.key, (people.status_rank(status), found.label))
    statuses = sorted(ranks, key=lambda key: (ranks[key][0], key))
    venue_names = [people.venue_of(view.meta) if show_venue else "" for view in papers]
    venues = sorted({name for name in venue_names if name})
    status_index = {key: i for i, key in enumerate(statuses)}
    venue_index = {name: i for i, name in enumerate(venues)}
    head = {
        "format": FORMAT,
        "per_page": per_page,
        "statuses": [[key, ranks[key][1]] for key in statuses],
        "venues": venues,
    }
    more = t["et_al"]
    rows = ",\n".join(
        f"{_row_start(links, view.slug, here, view.title)},"
        f"{status_index[found.key] if found else -1},{venue_index.get(venue, -1)},"
        f"{json.dumps(byline(view, more), ensure_ascii=False)},{view.year or 0}]"
        for view, found, venue in zip(papers, badges, venue_names, strict=True)
    )
    text = json.dumps(head, ensure_ascii=False, separators=(",", ":"))[:-1]
    return f'{text},"papers":[\n{rows}\n]}}\n'


@functools.lru_cache(maxsize=1 << 17)
def _row_start(links: Urls, slug: str, here: str, title: str) -> str:
    """A row's address and title as JSON, the row left open: the same in each run that
    makes the file again (the live preview remakes a listing of 20,000 papers for an edit
    of one of them)."""
    row = [links.href(urls.paper(slug), here), plain_text(title)]
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"))[:-1]
