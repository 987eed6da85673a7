"""Every site URL, made in one place: pages, listings, feeds and data files.

A place in the site is named by its source: the page's Markdown file under the docs folder
(`papers/smart-r1.md`, `tags/agents/2.md`, optionally with `#anchor`) or, for a file
MkDocs copies as it is, that file (`feeds/all.xml`). MkDocs serves a page at a URL that
depends on `use_directory_urls`: `papers/smart-r1.md` is at `papers/smart-r1/` (the
default) or at `papers/smart-r1.html`, and `tags/agents/index.md` at `tags/agents/` or
`tags/agents/index.html`. Markdown pages link sources (MkDocs resolves and checks them);
everything else (HTML fragments, feeds, citations, open data, search documents, the
scripts' data) gets the URL made here.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

HOME = "index.md"
TAGS = "tags/index.md"
BROWSE = "browse"
AUTHORS = "authors/index.md"
VENUES = "venues/index.md"
STATS = "stats/index.md"
MAP = "map/index.md"
READING_LIST = "reading-list/index.md"
DOWNLOADS = "downloads/index.md"
#: Every paper's metadata, gzip-compressed (generator/features/opendata.py).
PAPERS_JSON = "papers.json.gz"
#: The paper map's data, beside its page (generator/features/papermap.py).
MAP_DATA = "map/points.js"
#: The paper map's script (site_src/assets/papermap.js).
MAP_SCRIPT = "assets/papermap.js"
#: Where the generator writes its own pages (files and folders below the docs folder): a
#: page a person puts there, where the generator wrote none this run (a digest without
#: authors has no authors/ page, though the menu names it), is no one's to publish.
GENERATED_PLACES = (
    HOME,
    "tags/",
    f"{BROWSE}/",
    "authors/",
    "venues/",
    "stats/",
    "map/",
    "reading-list/",
    "downloads/",
    "feeds/",
    "bib/",
)


def paper(slug: str) -> str:
    """A paper's page."""
    return f"papers/{slug}.md"


def listing(folder: str, page: int = 1) -> str:
    """The n-th page (from 1) of a paginated listing in `folder` (`tags/agents`, `browse`)."""
    return f"{folder}/index.md" if page == 1 else f"{folder}/{page}.md"


def tag_folder(slug: str) -> str:
    return f"tags/{slug}"


def tag(slug: str, page: int = 1) -> str:
    """A tag's listing, page `page`."""
    return listing(tag_folder(slug), page)


def author_folder(slug: str) -> str:
    return f"authors/{slug}"


def author(slug: str) -> str:
    """The page of an author with a page of their own."""
    return listing(author_folder(slug))


def author_initial(initial: str, page: int = 1) -> str:
    """A page of the author index: the authors whose family name starts with `initial`."""
    return listing(f"authors/by/{initial}", page)


def author_entry(initial: str, page: int, slug: str) -> str:
    """An author's entry (an anchor) in the author index."""
    return f"{author_initial(initial, page)}#{slug}"


def venue_folder(slug: str) -> str:
    return f"venues/{slug}"


def venue(slug: str) -> str:
    """A venue's listing."""
    return listing(venue_folder(slug))


def status_folder(venue_slug: str, status_slug: str) -> str:
    return f"venues/{venue_slug}/{status_slug}"


def status(venue_slug: str, status_slug: str) -> str:
    """The listing of a venue's papers with one status."""
    return listing(status_folder(venue_slug, status_slug))


def feed(name: str) -> str:
    """An Atom feed: `all` or a tag's slug."""
    return f"feeds/{name}.xml"


def bib(name: str) -> str:
    """A BibTeX file (gzip-compressed): `all` or a tag's slug."""
    return f"bib/{name}.bib.gz"


def sort_data(folder: str) -> str:
    """The data a listing's sort control reads: every paper of the listing, one row each."""
    return f"{folder}/papers.json"


def link(target: str, start: str) -> str:
    """A Markdown link from the page `start` to `target`, both sources: MkDocs resolves it
    to the target's URL whatever `use_directory_urls` says."""
    name, _, anchor = target.partition("#")
    found = relpath(name, posixpath.dirname(start) or ".")
    return f"{found}#{anchor}" if anchor else found


def relpath(path: str, start: str) -> str:
    """`posixpath.relpath` for paths inside the site, without asking the system where it is
    (relpath makes both absolute: a call to the system for each of 300,000 links at 20,000
    papers, the tenth of a generation)."""
    if path.startswith("/") or start.startswith("/"):
        return posixpath.relpath(path, start)
    to = [part for part in path.split("/") if part not in ("", ".")]
    here = [part for part in start.split("/") if part not in ("", ".")]
    if ".." in to or ".." in here:
        return posixpath.relpath(path, start)
    common = 0
    while common < min(len(to), len(here)) and to[common] == here[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + to[common:]) or "."


@dataclass(frozen=True)
class Urls:
    """Where the site serves each source, by MkDocs' `use_directory_urls` and `site_url`."""

    #: MkDocs' `use_directory_urls`: `papers/x.md` at `papers/x/`, else at `papers/x.html`.
    directory: bool = True
    #: MkDocs' `site_url`: where the site is published, for full links ("" when unknown).
    site_url: str = ""

    def url(self, source: str) -> str:
        """The URL of `source` from the site root, as MkDocs serves it ("" is the root)."""
        name, _, anchor = source.partition("#")
        if name.endswith(".md"):
            stem = name.removesuffix(".md")
            folder, _, leaf = stem.rpartition("/")
            if self.directory:
                stem = folder if leaf == "index" else stem
                name = f"{stem}/" if stem else ""
            else:
                name = f"{stem}.html"
        return f"{name}#{anchor}" if anchor else name

    def href(self, target: str, start: str) -> str:
        """A relative link from the page (or file) `start` to `target`, both sources.

        A page links what lies in its own folder directly (`points.js` from the map page),
        everything else up to the site root and down (`../../tags/agents/` from a paper page).
        """
        here = self.url(start)
        folder = here.rstrip("/") if here.endswith("/") else posixpath.dirname(here)
        there = self.url(target)
        if start.endswith(".md") and folder and there.startswith(f"{folder}/"):
            return there[len(folder) + 1 :] or "./"
        up = "../" * (folder.count("/") + 1) if folder else ""
        return up + there or "./"

    def full(self, target: str, start: str) -> str:
        """A link that works outside the site: from `site_url` when it is known, else
        relative to `start` (a file such as a feed, read at its own address)."""
        if self.site_url:
            return self.site_url.rstrip("/") + "/" + self.url(target)
        return self.href(target, start)

    def absolute(self, target: str) -> str:
        """`target`'s address from `site_url`, or "" when the site's address is unknown."""
        return self.site_url.rstrip("/") + "/" + self.url(target) if self.site_url else ""

    def from_root(self, target: str) -> str:
        """`target`'s address from `site_url`, else from the site root (`papers/x/`)."""
        return self.absolute(target) or self.url(target)

    def built_file(self, source: str) -> str:
        """The file the built site holds for `source`, from the site folder."""
        name = self.url(source.partition("#")[0])
        return f"{name}index.html" if name.endswith("/") or not name else name
