"""The reading list: readers star papers (kept in their browser) and export them.

The page and the labels the site's scripts show are generated here; the behaviour is
`site_src/assets/readinglist.js`, which keeps the list in localStorage and reads each
starred paper's citations from its own page, so no data file grows with the digest.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from generator import urls
from generator.features.context import Context
from generator.model import Output

#: Labels the site's scripts show, from templates/labels.yml.
SCRIPT_LABELS = (
    "star",
    "starred",
    "star_add",
    "star_remove",
    "copy_text",
    "copied",
    "copy_failed",
    "reading_missing_bib",
    "reading_missing_bib_one",
    "reading_count",
    "reading_count_one",
    "reading_clear_confirm",
    "previous",
    "next",
    "sort_label",
    "sort_default",
    "sort_title",
    "sort_status",
    "sort_year",
    "sort_venue",
    "sort_pages",
    "sort_shown",
    "sort_failed",
)
#: Where the generated labels script goes, under the docs folder (listed in mkdocs.yml).
LABELS_SCRIPT = "assets/generated/labels.js"


def script_labels(ctx: Context) -> Output:
    """`assets/generated/labels.js`: the labels of the site's scripts in the site's language,
    and the address of a paper page (`{slug}` for its slug), so no script makes a URL."""
    labels = {key: ctx.t[key] for key in SCRIPT_LABELS}
    payload = json.dumps(labels, ensure_ascii=False, sort_keys=True, indent=1)
    paper = json.dumps({"paper": ctx.config.urls.url(urls.paper("{slug}"))})
    text = f"window.PD_LABELS = {payload};\nwindow.PD_URLS = {paper};\n"
    return Output(f"{ctx.docs}/{LABELS_SCRIPT}", text)


def reading_list_pages(ctx: Context) -> Iterator[Output]:
    """`reading-list/index.md` and its fragment: the list, export and clear buttons."""
    fragment = ctx.render("readinglist.html.j2")
    yield from ctx.page(urls.READING_LIST, ctx.t["reading_title"], ctx.t["reading_intro"], fragment)
    yield script_labels(ctx)
