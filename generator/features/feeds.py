"""Atom feeds (RFC 4287): one for the whole digest, one per tag, so a reader can follow a topic.

Papers carry no publication date of their own, so an entry is dated January 1 of its
year (the paper's, else the first year in the digest's title, else 2000): the feeds
stay byte-for-byte the same until the papers change, and readers tell new entries by
their ids, which never change (`urn:paper-digest:<digest>:<paper id>`). A feed carries the
latest ENTRIES papers, as feed readers expect: the newest year first, then in the
digest's order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import quote

from generator import urls
from generator.features.citations import authors_of, year_of
from generator.features.context import Context
from generator.features.site import PaperView, SiteModel
from generator.model import Output
from generator.slugs import slugify
from generator.text import plain_text

ATOM_TYPE = "application/atom+xml"
#: Entries in each feed: a reader polls it, so it stays small whatever the digest's size.
ENTRIES = 100
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    link: str
    updated: str
    authors: list[str]
    categories: list[tuple[str, str]]  # (slug, label)
    summary: str


def xml_text(value: object) -> str:
    """Drop characters XML 1.0 cannot hold (escaping is the template's job)."""
    return _XML_INVALID.sub("", str(value))


def digest_year(title: str) -> str:
    found = re.search(r"\b(?:19|20)\d\d\b", title)
    return found.group(0) if found else "2000"


def _entry(view: PaperView, digest: str, link: str, fallback_year: str) -> Entry:
    year = year_of(view.meta) or fallback_year
    return Entry(
        id=f"urn:paper-digest:{digest}:{quote(view.id, safe='')}",
        title=plain_text(view.title),
        link=link,
        updated=f"{year}-01-01T00:00:00Z",
        authors=authors_of(view.meta),
        categories=[(tag.slug, tag.label) for tag in view.tags],
        summary=plain_text(view.summary),
    )


def feeds(site: SiteModel, ctx: Context) -> Iterator[Output]:
    """`feeds/all.xml` and `feeds/<tag>.xml`: the latest ENTRIES papers of each."""
    # Without a site_url, links are relative to the feed's own address (RFC 4287 section
    # 1.2, xml:base).
    full = ctx.config.urls.full
    digest = slugify(ctx.config.site_name, fallback="digest")
    fallback = digest_year(site.title)
    groups = [("all", site.title, "", site.papers)]
    groups += [(t.slug, f"{site.title}: {t.label}", t.label, t.papers) for t in site.tags]
    for slug, title, label, papers in groups:
        # Sorting is stable: papers of one year keep the digest's order.
        latest = sorted(papers, key=lambda p: year_of(p.meta) or fallback, reverse=True)
        here = urls.feed(slug)
        chosen = [
            _entry(p, digest, full(urls.paper(p.slug), here), fallback) for p in latest[:ENTRIES]
        ]
        subtitle = ctx.t["feed_tag"].format(label=label) if label else ctx.t["feed_all"]
        yield Output(
            f"{ctx.docs}/{here}",
            ctx.render(
                "feed.xml.j2",
                id=f"urn:paper-digest:{digest}:feed:{slug}",
                title=title,
                subtitle=subtitle,
                self_href=full(here, here),
                alternate=full(urls.tag(slug) if label else urls.HOME, here),
                updated=chosen[0].updated if chosen else f"{fallback}-01-01T00:00:00Z",
                author=ctx.config.site_name,
                language=site.language,
                entries=chosen,
            ),
        )
