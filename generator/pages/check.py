"""Check the paper pages and the taxonomy, as a pull request changes them.

`digest check` runs this: every page's front matter parses and has the required fields
with the right types, its tags exist in the taxonomy (with the closest one suggested for
a typo), ids and file names are unique, links between pages resolve, and no page is out
of date with the inputs (what `digest generate` would change). It reads and never
writes; every problem names the file and line a contributor has to fix.
"""

from __future__ import annotations

import difflib
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import re2

from generator.cache import Cache
from generator.config import Config
from generator.errors import DigestError, Problem
from generator.features.labels import check_labels
from generator.model import PageData
from generator.pages.files import project_link_problems
from generator.pages.page import (
    ReadPages,
    docs_files,
    field_lines,
    file_name_problems,
    other_pages,
    page_files,
    parse_page,
    value_hash,
)
from generator.pages.review import review
from generator.pages.schema import (
    BODY,
    HASHES,
    LINK_FIELDS,
    PAPER,
    REQUIRED,
    key_problems,
    nav_pages,
    wrong_type,
)
from generator.pipeline import PageStage, page_stage
from generator.slugs import slugify
from generator.taxonomy import Taxonomy, load_taxonomy
from generator.text import id_key
from generator.writer import Writer


def _url(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(("https://", "http://"))


def _link_values(value: Any) -> list[Any]:
    return list(value.values()) if isinstance(value, dict) else [value]


_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_BACKTICKS = re.compile(r"`+")
# [text](target "title") and ![alt](target); the target may be wrapped in <>.
# In RE2, which runs in time linear in the line (Python's `re` takes time quadratic in the
# number of `[` on a line that closes none of them: 22 s for 40,000).
_INLINE_LINK = re2.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^)\s]+)")
_REMOTE_IMAGE = re2.compile(r"!\[(?:[^\]\\]|\\.)*\]\(\s*<?((?:[A-Za-z][\w+.-]*:|//)[^)\s>]*)")
# [name]: target
_REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")


def without_code_spans(line: str) -> str:
    """The line without its code spans: a run of backticks opens one, closed by the next run
    of as many (CommonMark); a run nothing closes is text. Linear in the line."""
    if "`" not in line:
        return line
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(line)]
    closer: list[int | None] = [None] * len(runs)
    later: dict[int, int] = {}
    for n in range(len(runs) - 1, -1, -1):
        width = runs[n][1] - runs[n][0]
        closer[n] = later.get(width)
        later[width] = n
    kept, pos, n = [], 0, 0
    while n < len(runs):
        close = closer[n]
        if close is None:
            n += 1
            continue
        kept.append(line[pos : runs[n][0]])
        pos = runs[close][1]
        n = close + 1
    kept.append(line[pos:])
    return "".join(kept)


@dataclass(frozen=True)
class SourcePage:
    """One paper page as read for checking: its text, front matter and where things are."""

    path: str  # relative to the docs folder, e.g. "papers/smart-r1.md"
    shown: str  # relative to the project, as messages name it
    text: str
    meta: dict[str, Any]
    body: str
    body_line: int
    lines: dict[str, int]  # top-level field → its line
    key: str = ""  # the text's key in ReadPages

    def line(self, key: str) -> int:
        return self.lines.get(key, 1)


def suggest_tag(name: str, taxonomy: Taxonomy) -> str | None:
    """The taxonomy tag a contributor most likely meant by `name`, if one is close."""
    if slugify(name) in taxonomy:
        return slugify(name)
    names: dict[str, str] = {}
    for tag in taxonomy.tags:
        names[tag.slug] = tag.slug
        for label in tag.label.values():
            names.setdefault(label.lower(), tag.slug)
    if name.lower() in names:
        return names[name.lower()]
    close = difflib.get_close_matches(name.lower(), list(names), n=1, cutoff=0.6)
    return names[close[0]] if close else None


def unknown_tag(name: str, taxonomy: Taxonomy) -> str:
    """The message for a tag the taxonomy does not have."""
    message = f"unknown tag '{name}' (not in {taxonomy.path})"
    suggestion = suggest_tag(name, taxonomy)
    if suggestion:
        return f"{message}; did you mean '{suggestion}'?"
    return f"{message}; use one of its slugs, or add the tag there"


def read_source_pages(
    config: Config, read: ReadPages | None = None
) -> tuple[list[SourcePage], list[Problem]]:
    """Read every paper page; a page that cannot be parsed becomes a problem instead."""
    read = read or ReadPages()
    pages: list[SourcePage] = []
    if not config.papers_dir.is_dir():
        return pages, []
    shown_dir = config.rel(config.papers_dir)
    paths, problems = page_files(config.papers_dir, shown_dir)
    for path in paths:
        shown = f"{shown_dir}/{path.name}"
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            problems.append(Problem(shown, 0, "is not valid UTF-8"))
            continue
        try:
            meta, body, body_line, key = read.parse(text, shown)
        except DigestError as exc:
            problems.extend(exc.problems)
            continue
        normal = text.removeprefix("\ufeff").replace("\r\n", "\n")
        pages.append(
            SourcePage(
                f"papers/{path.name}",
                shown,
                normal,
                meta,
                body,
                body_line,
                field_lines(normal),
                key,
            )
        )
    return pages, problems


def _as_generated(page: SourcePage, key: str) -> bool:
    """Whether a field still holds the value the generator wrote."""
    hashes = page.meta.get(HASHES)
    return isinstance(hashes, dict) and hashes.get(key) == value_hash(page.meta.get(key))


def check_fields(page: SourcePage) -> list[Problem]:
    """Required fields present and non-empty; every known field of the right type."""
    problems: list[Problem] = []
    for key in REQUIRED:
        if key not in page.meta:
            problems.append(Problem(page.shown, 1, f"front matter has no '{key}'"))
    problems.extend(key_problems(page.meta, "paper", page.shown, page.lines))
    for key, value in page.meta.items():
        rule = PAPER.get(str(key))
        if rule is None:
            continue
        wrong = wrong_type(str(key), value)
        if wrong:
            problems.append(Problem(page.shown, page.line(key), wrong))
        elif key in REQUIRED and not value and key != "tags":
            problems.append(Problem(page.shown, page.line(key), f"'{key}' is empty"))
        elif (
            key in LINK_FIELDS
            and not all(_url(v) for v in _link_values(value))
            and not _as_generated(page, key)  # the input's own; not the contributor's to fix
        ):
            problems.append(
                Problem(
                    page.shown,
                    page.line(key),
                    f"'{key}' is not a link starting with https://, so the page does not show it",
                    "warning",
                )
            )
        elif key == "tags" and not value:
            problems.append(
                Problem(
                    page.shown,
                    page.line(key),
                    "'tags' is empty: the paper appears on no tag page",
                    "warning",
                )
            )
    return problems


def _item_line(page: SourcePage, key: str, item: str) -> int:
    """The line of `item` inside field `key` (a block list spreads items over lines)."""
    start = page.line(key)
    later = [n for n in page.lines.values() if n > start]
    end = min(later) if later else page.body_line
    word = re.compile(rf"(?<![\w-]){re.escape(item)}(?![\w-])")
    for number, line in enumerate(page.text.split("\n")[start - 1 : end - 1], start=start):
        if word.search(line):
            return number
    return start


def check_tags(page: SourcePage, taxonomy: Taxonomy) -> list[Problem]:
    """Every tag is a taxonomy slug; a typo gets the closest one suggested."""
    tags = page.meta.get("tags")
    if not isinstance(tags, list):
        return []
    problems: list[Problem] = []
    seen: set[str] = set()
    for tag in tags:
        if not isinstance(tag, str):
            continue
        line = _item_line(page, "tags", tag)
        if tag in seen:
            problems.append(Problem(page.shown, line, f"tag '{tag}' is listed twice", "warning"))
        elif tag not in taxonomy:
            problems.append(Problem(page.shown, line, unknown_tag(tag, taxonomy)))
        seen.add(tag)
    return problems


def check_ids(pages: list[SourcePage]) -> list[Problem]:
    """Every page has an id no other page has."""
    problems: list[Problem] = []
    by_id: dict[str, list[SourcePage]] = {}
    for page in pages:
        ident = page.meta.get("id")
        if ident is not None and ident != "":
            by_id.setdefault(id_key(str(ident)), []).append(page)
    for _, same in by_id.items():
        for page in same if len(same) > 1 else []:
            others = ", ".join(o.shown for o in same if o is not page)
            ident = str(page.meta.get("id"))
            problems.append(
                Problem(page.shown, page.line("id"), f"id {ident!r} is also used by {others}")
            )
    return problems


def check_file_names(pages: list[SourcePage]) -> list[Problem]:
    """File names are slugs (they are the pages' URLs), unique even on a case-blind disk."""
    return file_name_problems([page.shown for page in pages])


def _links(page: SourcePage) -> Iterable[tuple[int, str]]:
    """(line, target) of every Markdown link and image in the body, outside code."""
    fenced = False
    for number, line in enumerate(page.body.split("\n"), start=page.body_line):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or line.startswith(("    ", "\t")):
            continue
        line = without_code_spans(line)
        for match in [*_INLINE_LINK.finditer(line), *_REFERENCE.finditer(line)]:
            yield number, match.group(1).strip("<>")


def _resolves(source: str, target: str, known: set[str]) -> bool:
    """Whether a relative link from page `source` reaches a file of the site.

    MkDocs resolves a link against the page's Markdown file; a link written as the
    page's URL (`../other/`, since papers/x.md is served at papers/x/) works too.
    """
    folder = posixpath.dirname(source)
    as_file = posixpath.normpath(posixpath.join(folder, target))
    if as_file in known or f"{as_file}/index.md" in known:
        return True
    if target.endswith(".md"):
        return False
    page_url = posixpath.splitext(source)[0] + "/"
    if source.endswith("index.md"):
        page_url = folder + "/"
    url = posixpath.normpath(posixpath.join(page_url, target))
    if url.endswith(".html"):
        url = url.removesuffix(".html").removesuffix("/index")
    return bool({url, f"{url}.md", f"{url}/index.md"} & known)


def check_images(page: SourcePage) -> list[Problem]:
    """Images come from the site itself: another site's (a tracker) never loads."""
    problems: list[Problem] = []
    fenced = False
    for number, line in enumerate(page.body.split("\n"), start=page.body_line):
        if _FENCE.match(line):
            fenced = not fenced
        if fenced or line.startswith(("    ", "\t")):
            continue
        for match in _REMOTE_IMAGE.finditer(without_code_spans(line)):
            problems.append(
                Problem(
                    page.shown,
                    number,
                    f"image '{match.group(1)}' is not a file of the site, and the site's "
                    "policy only shows its own images; copy it into site_src/assets/ and "
                    "link it relatively, e.g. ../assets/figure.png",
                )
            )
    return problems


def check_links(page: SourcePage, known: set[str]) -> list[Problem]:
    """Links between pages (and to files of the site) resolve."""
    problems: list[Problem] = []
    for line, target in _links(page):
        path = re.split(r"[#?]", target, maxsplit=1)[0]
        if not path or _SCHEME.match(path) or path.startswith("//"):
            continue
        if path.startswith("/"):
            problems.append(
                Problem(
                    page.shown,
                    line,
                    f"link '{target}' starts with '/', which breaks when the site is served "
                    "below a folder (as GitHub Pages does); link to the .md file relatively, "
                    "e.g. other-paper.md",
                )
            )
        elif not _resolves(page.path, path, known):
            problems.append(
                Problem(
                    page.shown,
                    line,
                    f"link '{target}' does not lead to a page of the site; link to another "
                    "paper by its file name, e.g. other-paper.md",
                )
            )
    return problems


def _first_line(config: Config, rel: str, fields: list[str]) -> int:
    """The line of the first of `fields` in a page on disk (1 when none is found)."""
    try:
        text = (config.docs_dir / rel).read_text(encoding="utf-8")
        _, _, body_line = parse_page(text, rel)
    except (OSError, UnicodeDecodeError, DigestError):
        return 1
    lines = field_lines(text.removeprefix("\ufeff").replace("\r\n", "\n"))
    found = [body_line if f == BODY else lines.get(f, 0) for f in fields]
    return min((n for n in found if n), default=1)


def stale_pages(planned: PageStage, config: Config) -> list[Problem]:
    """Paper pages that `digest generate` would create, change or delete: each an error."""
    prefix = config.rel(config.docs_dir) + "/"
    before = {page.path: page for page in planned.existing}
    after = {page.path: page for page in planned.pages}
    problems: list[Problem] = []
    for output in planned.writes:
        rel = output.path.removeprefix(prefix)
        old, new = before.get(rel), after.get(rel)
        if old is None or new is None:
            where = planned.report.sources.get(rel, "")
            source, _, line = where.rpartition(":")
            problems.append(
                Problem(
                    source or output.path,
                    int(line) if line.isdigit() else 0,
                    f"this paper has no page yet: run `digest generate` and commit {output.path}",
                )
            )
            continue
        keys = [k for k in dict.fromkeys([*old.meta, *new.meta]) if k != HASHES]
        changed = [k for k in keys if old.meta.get(k) != new.meta.get(k)]
        if old.body != new.body:
            changed.append(BODY)
        problems.append(
            Problem(
                output.path,
                _first_line(config, rel, changed),
                "out of date with the inputs: `digest generate` would change "
                f"{', '.join(changed) or 'its hashes'}; run it and commit the page",
            )
        )
    for path in planned.delete:
        problems.append(
            Problem(path, 0, "no longer in the input: `digest generate --prune` deletes it")
        )
    return problems


def known_files(
    config: Config, pages: Iterable[str], planned: PageStage | None, files: list[Path]
) -> set[str]:
    """Every file the site will have, relative to the docs folder, as far as the page stage
    knows: `files` on disk (`docs_files`), the paper pages, the pages listed in mkdocs.yml,
    each tag's page, and the derived files of the last run. The strict build checks every
    other link."""
    docs = config.docs_dir
    known = {p.relative_to(docs).as_posix() for p in files}
    known.update(pages)
    known.update(nav_pages(config.raw.get("nav")))
    prefix = config.rel(docs) + "/"
    known.update(
        path.removeprefix(prefix) for path in Writer(config.root, config.state_dir).previous()
    )
    if planned is not None:
        known.update(p.path for p in planned.pages)
        known.update(f"tags/{tag.slug}/index.md" for tag in planned.taxonomy.tags)
    return known


def _as_read(pages: list[SourcePage], read: ReadPages) -> list[PageData] | None:
    """The pages as the page stage reads them, when every one passes its checks: each is then
    parsed once. Otherwise (None) the page stage reads them again and says what is wrong."""
    if file_name_problems([page.shown for page in pages]):
        return None
    if any(read.checked(page.key, page.meta, page.text, page.shown) for page in pages):
        return None
    return [PageData(page.path, page.meta, page.body) for page in pages]


def check_project(
    config: Config, inputs: list[Path] | None = None, base: str | None = None
) -> list[Problem]:
    """Every problem with the project's pages and taxonomy, errors and warnings; with `base`
    (a commit), also what the changes since it need a reviewer to know (pages/review.py)."""
    return check_pages(config, inputs, base=base)[0]


def check_pages(
    config: Config,
    inputs: list[Path] | None = None,
    *,
    cache: Cache | None = None,
    prune: bool = False,
    prune_edited: bool = False,
    base: str | None = None,
) -> tuple[list[Problem], PageStage | None]:
    """Every problem with the pages and taxonomy, and the page stage the checks ran (None
    when the pages could not make one): `digest build --check` generates from it rather
    than read and merge 20,000 pages a second time."""
    problems: list[Problem] = []
    links = project_link_problems(config)
    if links:
        return links, None  # nothing is read through a link
    taxonomy: Taxonomy | None = None
    try:
        taxonomy = load_taxonomy(config.taxonomy, config.rel(config.taxonomy))
    except DigestError as exc:
        problems.extend(exc.problems)
    problems.extend(check_labels(config.root / "templates", "templates/labels.yml"))
    read = ReadPages(config.state_dir)
    pages, unreadable = read_source_pages(config, read)
    problems.extend(unreadable)
    for page in pages:
        problems.extend(check_fields(page))
        if taxonomy is not None:
            problems.extend(check_tags(page, taxonomy))
    ids = check_ids(pages)
    problems.extend(ids)
    problems.extend(check_file_names(pages))
    # The generator refuses pages it cannot match to a paper; those are reported above.
    identified = all(p.meta.get("id") not in (None, "") for p in pages) and not ids
    planned: PageStage | None = None
    if taxonomy is not None and not unreadable and identified:
        try:
            existing = _as_read(pages, read)
            planned = page_stage(
                config,
                inputs,
                existing=existing,
                cache=cache,
                prune=prune,
                prune_edited=prune_edited,
            )
        except DigestError as exc:
            problems.extend(p for p in exc.problems if p not in problems)
    read.save()
    if base:
        gone = set(planned.report.gone) | set(planned.report.kept_edited) if planned else set()
        problems.extend(review(config, base, gone))
    if planned is not None:
        problems.extend(stale_pages(planned, config))
        problems.extend(
            Problem(
                f"{config.rel(config.docs_dir)}/{path}",
                2,
                "no longer in the input, kept (`digest generate --prune` deletes it)",
                "warning",
            )
            for path in planned.report.gone
        )
    # Pages that are neither paper pages nor the last run's generated ones nor listed in nav.
    docs = config.rel(config.docs_dir)
    last_run = Writer(config.root, config.state_dir).previous()
    generated = {path.removeprefix(f"{docs}/") for path in last_run if path.startswith(f"{docs}/")}
    nav = nav_pages(config.raw.get("nav"))
    files = docs_files(config.docs_dir)  # one walk of 40,000 files at 20,000 papers
    problems.extend(other_pages(config.docs_dir, docs, generated, nav, files))
    known = known_files(config, (p.path for p in pages), planned, files)
    for page in pages:
        problems.extend(check_links(page, known))
        problems.extend(check_images(page))
    return sorted(problems, key=lambda p: (p.path, p.line)), planned


def errors(problems: Iterable[Problem]) -> int:
    return sum(1 for p in problems if p.level == "error")
