"""Paper pages on disk: read and write their front matter, and merge regenerated content.

A paper page (`site_src/papers/<slug>.md`) is YAML front matter plus the abstract as the
body. Once it exists it belongs to its contributors as much as to the generator: the
`generated` field records a short hash of every value the generator last wrote, so on
regeneration a field whose value still has that hash may be refreshed, and any other
field (edited, added or deleted by hand) is kept exactly as it is.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import frontmatter
import yaml
from frontmatter.default_handlers import YAMLHandler

from generator import urls
from generator.bounds import body_problems
from generator.errors import DigestError, Problem, yaml_error_line
from generator.model import FIELDS, Derived, PageData, Paper
from generator.pages.files import INERT_SUFFIXES, publishable
from generator.pages.schema import (
    BODY,
    FIELD_ORDER,
    HASHES,
    OWNED,
    key_problems,
    kind,
    wrong_type,
)
from generator.slugs import slugify
from generator.taxonomy import SLUG
from generator.text import short_hash
from generator.writer import files_below, write_atomic
from generator.yamlguard import bounded_values, refuse_hazards, too_deep

# libyaml's parser and emitter when PyYAML has them: 5-10x faster than pure Python, which
# matters at 20,000 pages. Both write the same bytes (tests/test_pages.py checks it), so a
# page never depends on whether libyaml is installed.
_FastDumperBase: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Dumper(yaml.SafeDumper):
    """Front matter that round-trips exactly and never puts a `---` at a line start."""


class _FastDumper(_FastDumperBase):  # type: ignore[valid-type,misc]
    """The same front matter, from libyaml (see `dump_page` for where the two differ)."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    needs_quotes = any(ch in value for ch in "\n\r\t\x85\u2028\u2029") or not value.isprintable()
    style = '"' if needs_quotes else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)
_FastDumper.add_representer(str, _represent_str)


#: `json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)`, without making an
#: encoder on each call: a run hashes every field of 20,000 pages twice.
_JSON = json.JSONEncoder(ensure_ascii=False, sort_keys=True, default=str)


def value_hash(value: Any) -> str:
    return short_hash(_JSON.encode(value))


def ordered(meta: dict[str, Any]) -> dict[str, Any]:
    """Known keys in FIELD_ORDER, then any others (as contributors added them), then hashes."""
    out = {k: meta[k] for k in FIELD_ORDER if k in meta}
    out.update({k: v for k, v in meta.items() if k not in out and k != HASHES})
    if HASHES in meta:
        out[HASHES] = meta[HASHES]
    return out


def dump_page(meta: dict[str, Any], body: str) -> str:
    """Serialise a page: front matter, a blank line, the body, one final newline."""
    post = frontmatter.Post(body.strip("\n"))
    post.metadata = ordered(meta)
    options: dict[str, Any] = {
        "sort_keys": False,
        "allow_unicode": True,
        "width": 10**9,
        "default_flow_style": None,
    }
    text = frontmatter.dumps(post, Dumper=_FastDumper, **options)
    if "\\" in text[: text.find("\n---", 3)]:
        # libyaml escapes characters beyond the BMP (emoji: "\U0001F680") that pure Python
        # writes as they are; any backslash in the front matter takes the pure Python path.
        text = frontmatter.dumps(post, Dumper=_Dumper, **options)
    return text.rstrip("\n") + "\n"


_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_END = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.M)


class _Loader(_BaseLoader):  # type: ignore[misc,valid-type]
    """Front matter as YAML reads it, but a key given twice is an error, not a silent loss."""


def _unique_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line
        if isinstance(key, str | int | float | bool) and key in seen:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"field '{key}' is given twice (first on line {seen[key] + 2})",
                key_node.start_mark,
            )
        if isinstance(key, str | int | float | bool):
            seen[key] = line
    return loader.construct_mapping(node, deep=True)


class _PyLoader(yaml.SafeLoader):
    """The same, in pure Python: slower, but its error marks count characters."""


for _loader in (_Loader, _PyLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _unique_mapping)
    bounded_values(_loader)


#: Front matter larger than this is refused before YAML builds it (generator/yamlguard.py).
MAX_FRONT_MATTER = 1 << 20
_TOO_DEEP = too_deep("front matter")


class _StrictYAML(YAMLHandler):
    """python-frontmatter's YAML handler with the strict loader: errors name file and line."""

    def __init__(self, shown: str) -> None:
        super().__init__(fm_boundary=_END)
        self.shown = shown

    def split(self, text: str) -> tuple[str, str]:
        if not re.match(r"---[ \t]*\n", text):
            raise DigestError(
                Problem(self.shown, 1, "page must start with '---' and YAML front matter")
            )
        start = text.index("\n") + 1
        end = _END.search(text, start)
        if end is None:
            raise DigestError(Problem(self.shown, 1, "front matter is not closed by a '---' line"))
        return text[start : end.start()], text[end.end() :]

    def load(self, fm: str, **kwargs: object) -> Any:
        refuse_hazards(fm, self.shown, "front matter", 2, MAX_FRONT_MATTER)
        try:
            try:
                meta = yaml.load(fm, Loader=_Loader)
            except yaml.YAMLError:
                # Pure Python again, for the error: its marks count characters, libyaml's bytes.
                meta = yaml.load(fm, Loader=_PyLoader)
        except RecursionError:  # deep nesting in small front matter, which is not scanned
            raise DigestError(Problem(self.shown, 2, _TOO_DEEP)) from None
        except yaml.YAMLError as exc:
            line = yaml_error_line(exc, fm, offset=2)
            problem = (
                getattr(exc, "problem", None) or getattr(exc, "reason", None) or "cannot be parsed"
            )
            raise DigestError(
                Problem(self.shown, line, f"invalid YAML front matter: {problem}")
            ) from None
        if meta is None:
            return {}
        if not isinstance(meta, dict):
            raise DigestError(Problem(self.shown, 2, "front matter must be a mapping of fields"))
        return meta


def parse_page(text: str, shown: str) -> tuple[dict[str, Any], str, int]:
    """Return (front matter, body, line where the body starts); errors name file and line."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    handler = _StrictYAML(shown)
    _, rest = handler.split(text)  # the body as written (python-frontmatter strips it)
    meta, _ = frontmatter.parse(text, handler=handler)
    # The body's first line, past the blank lines after the closing `---`.
    body_line = text.count("\n", 0, len(text) - len(rest.lstrip("\n"))) + 1
    return dict(meta), rest.strip("\n"), body_line


def field_lines(text: str) -> dict[str, int]:
    """The line each top-level front-matter key is on (for messages about a field)."""
    lines: dict[str, int] = {}
    for number, line in enumerate(text.split("\n")[1:], start=2):
        if _END.match(line):
            break
        match = re.match(r"([A-Za-z_][\w-]*)\s*:", line)
        if match:
            lines.setdefault(match.group(1), number)
    return lines


def check_page(meta: dict[str, Any], text: str, shown: str) -> list[Problem]:
    """What in a page's front matter the site cannot show as it is, each with its line."""
    lines = field_lines(text)
    problems: list[Problem] = []

    def problem(key: str, message: str) -> None:
        problems.append(Problem(shown, lines.get(key, 2), message))

    title = meta.get("title")
    if title is not None and not isinstance(title, str):
        rows = text.split("\n")
        at = lines.get("title", 0)
        written = rows[at - 1].split(":", 1)[-1].strip() if 0 < at <= len(rows) else str(title)
        problem(
            "title",
            f"title must be text, and YAML reads {written} as {kind(title)}; "
            f'put it in quotes: title: "{written}"',
        )
    tags = meta.get("tags")
    if tags is not None:
        if not isinstance(tags, list):
            problem("tags", "tags must be a list, e.g. tags: [reasoning, graph-learning]")
        else:
            for tag in tags:
                if not isinstance(tag, str) or not SLUG.match(tag):
                    problem(
                        "tags",
                        f"tag {tag!r} is not a tag slug: lowercase words joined by '-', "
                        "as in taxonomy.yml",
                    )
    wrong_id = wrong_type("id", meta.get("id", ""))
    if wrong_id:
        problem("id", wrong_id)
    wrong_year = wrong_type("year", meta["year"]) if "year" in meta else None
    if wrong_year:  # a feed writes the year as a date: 0 would be 0-01-01
        problem("year", wrong_year)
    problems.extend(key_problems(meta, "paper", shown, lines))
    problems.extend(_body_problems(text, shown))
    return problems


def _body_problems(text: str, shown: str) -> list[Problem]:
    """`bounds.body_problems` of the body of a page's text (front matter and all)."""
    end = _END.search(text, text.find("\n") + 1)
    if end is None:
        return []
    # The body from the line after the closing `---`.
    return body_problems(text[end.end() + 1 :], shown, text.count("\n", 0, end.end()) + 2)


class ReadPages:
    """Pages read before, by the hash of their text: what parsing gave, and whether the page
    passed `check_page`. Building a page's front matter from YAML costs about a millisecond
    (20 s at 20,000 pages, and `digest check` and `digest build` each read every page);
    a page read before costs a hash and a lookup. Kept in `.digest/cache/pages.json`,
    valid for the code that parses and checks pages; a file that cannot be read is ignored.
    """

    FILE = "pages.json"

    def __init__(self, state_dir: Path | None = None) -> None:
        self.path = state_dir / "cache" / self.FILE if state_dir is not None else None
        self.known: dict[str, list[Any]] = {}
        self.used: set[str] = set()
        self.dirty = False
        try:
            found = json.loads(self.path.read_bytes()) if self.path is not None else {}
        except (OSError, ValueError):
            found = {}
        if isinstance(found, dict) and found.get("code") == _code():
            self.known = found.get("pages") or {}

    def parse(self, text: str, shown: str) -> tuple[dict[str, Any], str, int, str]:
        """`parse_page`, and the text's key for `checked`."""
        key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        hit = self.known.get(key)
        if hit is not None:
            self.used.add(key)
            return hit[0], hit[1], hit[2], key
        meta, body, line = parse_page(text, shown)
        try:  # only what JSON gives back the same (no dates, no NaN, no number keys)
            same = json.loads(json.dumps([meta, body, line])) == [meta, body, line]
        except (TypeError, ValueError):
            same = False
        if same:
            self.known[key] = [meta, body, line, False]
            self.used.add(key)
            self.dirty = True
        return meta, body, line, key

    def checked(self, key: str, meta: dict[str, Any], text: str, shown: str) -> list[Problem]:
        """`check_page`, skipped for a text that passed it before."""
        entry = self.known.get(key)
        if entry is not None and entry[3]:
            return []
        problems = check_page(meta, text, shown)
        if entry is not None and not problems:
            entry[3] = True
            self.dirty = True
        return problems

    def save(self) -> None:
        """Keep what this run read (pages no longer there are dropped)."""
        if self.path is None or (not self.dirty and self.used == set(self.known)):
            return
        pages = {key: self.known[key] for key in sorted(self.used)}
        data = {"code": _code(), "pages": pages}
        # A cache only saves time: `digest check` of a folder it may not write still checks.
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(data, ensure_ascii=False).encode("utf-8"))


@functools.cache
def _code() -> str:
    """What parses and checks a page: other code, other results."""
    digest = hashlib.sha256()
    for module in (Path(__file__), Path(__file__).with_name("schema.py")):
        digest.update(module.read_bytes())
    digest.update(yaml.__version__.encode() + getattr(yaml, "__with_libyaml__", False) * b"c")
    return digest.hexdigest()


def read_page(path: Path, shown: str, rel: str, read: ReadPages | None = None) -> PageData:
    """Read and check one paper page; every problem names the file and line."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DigestError(
            Problem(shown, line, "is not valid UTF-8; save the file as UTF-8")
        ) from None
    read = read or ReadPages()
    meta, body, _, key = read.parse(text, shown)
    normal = text.removeprefix("\ufeff").replace("\r\n", "\n")
    problems = read.checked(key, meta, normal, shown)
    if problems:
        raise DigestError(problems)
    return PageData(rel, meta, body)


def file_name_problems(shown: list[str]) -> list[Problem]:
    """Paper page file names are slugs (they are the pages' URLs, and template file names
    derive from them), unique even on a case-blind disk."""
    problems: list[Problem] = []
    by_slug: dict[str, list[str]] = {}
    for path in shown:
        stem = path.rpartition("/")[2].removesuffix(".md")
        by_slug.setdefault(stem.lower(), []).append(path)
        if not SLUG.match(stem):
            problems.append(
                Problem(
                    path,
                    0,
                    "file name must be lowercase letters, digits and '-' (it is the page's URL);"
                    f" rename it to {slugify(stem)}.md",
                )
            )
    for same in by_slug.values():
        for path in same if len(same) > 1 else []:
            others = ", ".join(o for o in same if o != path)
            problems.append(Problem(path, 0, f"file name differs only in case from {others}"))
    return problems


def page_files(papers_dir: Path, shown: str) -> tuple[list[Path], list[Problem]]:
    """The paper pages' files (`papers/*.md`), and an error for anything else named so."""
    paths: list[Path] = []
    problems: list[Problem] = []
    for path in sorted(papers_dir.glob("*.md")):
        if path.is_file() and not path.is_symlink():
            paths.append(path)
        elif not path.is_symlink():  # a link is reported where links are
            problems.append(
                Problem(
                    f"{shown}/{path.name}",
                    0,
                    "is a folder named like a paper page; rename it, or move what it holds",
                )
            )
    return paths, problems


def load_pages(
    papers_dir: Path, shown: str, read: ReadPages | None = None
) -> tuple[list[PageData], list[Problem]]:
    """Read every paper page; collect (don't stop at) pages that cannot be read."""
    pages: list[PageData] = []
    if not papers_dir.is_dir():
        return pages, []
    paths, problems = page_files(papers_dir, shown)
    # A bad name stops the run before the page is read: the name reaches templates.
    problems += file_name_problems([f"{shown}/{path.name}" for path in paths])
    for path in paths:
        try:
            pages.append(read_page(path, f"{shown}/{path.name}", f"papers/{path.name}", read))
        except DigestError as exc:
            problems.extend(exc.problems)
    return pages, problems


#: What MkDocs reads as a Markdown page (mkdocs.utils.markdown_extensions).
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkdn", ".mkd")


def docs_files(docs_dir: Path) -> list[Path]:
    """Every file below the docs folder, sorted."""
    return files_below(docs_dir)


def other_pages(
    docs_dir: Path,
    shown: str,
    generated: set[str],
    nav: set[str],
    files: list[Path] | None = None,
) -> list[Problem]:
    """Every Markdown file of the docs folder besides the paper pages, as MkDocs will publish it.

    `generated` and `nav` are paths relative to the docs folder: the generator's own pages
    (their keys are the templates'), and hand-written pages listed in mkdocs.yml, whose front
    matter is held to the schema. Any other page would be published unchecked: an error.
    `files` are the docs folder's `docs_files`, when the caller has them.
    """
    problems: list[Problem] = []
    for path in docs_files(docs_dir) if files is None else files:
        rel = path.relative_to(docs_dir).as_posix()
        if rel in generated or any(part.startswith(".") for part in rel.split("/")):
            continue  # dot-files and dot-folders are not published
        suffix = path.suffix.lower()
        where = f"{shown}/{rel}"
        if suffix not in MARKDOWN_SUFFIXES:
            if not publishable(rel):
                kind = f"a {suffix} file" if suffix else "a file without a type"
                problems.append(
                    Problem(
                        where,
                        0,
                        f"is {kind}, which is not among the types the site publishes as "
                        f"they are ({', '.join(sorted(INERT_SUFFIXES))}); remove it, or "
                        "link to it elsewhere (the site's own scripts, styles and icons "
                        "live in assets/, reviewed as code)",
                    )
                )
            continue
        if re.fullmatch(r"papers/[^/]+\.md", rel):
            continue  # a paper page: load_pages reads it
        if rel == urls.HOME or rel.startswith(urls.GENERATED_PLACES[1:]):
            problems.append(
                Problem(
                    where,
                    0,
                    "is where the generator writes its own pages, and it wrote none here this "
                    "run; remove it (hand-written pages go elsewhere, listed in mkdocs.yml; "
                    "`make clean` removes every generated page, for the next run to write "
                    "them again)",
                )
            )
            continue
        if rel not in nav:
            problems.append(
                Problem(
                    where,
                    0,
                    "is neither a paper page (papers/<name>.md), a generated page nor a page "
                    "listed in mkdocs.yml's nav, so nothing checks it; move it into papers/ "
                    "or remove it",
                )
            )
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            problems.append(Problem(where, 0, "is not valid UTF-8; save the file as UTF-8"))
            continue
        normal = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        if not re.match(r"---[ \t]*\n", normal):
            problems.extend(body_problems(normal, where, 1))
            continue  # no front matter: nothing for MkDocs to act on
        try:
            meta, _, _ = parse_page(normal, where)
        except DigestError as exc:
            problems.extend(exc.problems)
            continue
        problems.extend(key_problems(meta, "hand", where, field_lines(normal)))
        problems.extend(_body_problems(normal, where))
    return problems


def fresh_fields(paper: Paper, derived: Derived) -> dict[str, Any]:
    """The front matter the generator would write for a paper today (empty values omitted):
    each field (generator.model.FIELDS) the input gives, or derivation, or `extra`."""
    made = {f.name for f in dataclasses.fields(Derived)}
    meta: dict[str, Any] = {}
    for f in FIELDS:
        if f.name in made:
            meta[f.name] = getattr(derived, f.name)
        elif f.input or f.name == "extra":
            meta[f.name] = getattr(paper, f.name)
    meta["title_derived"] = True if derived.title_derived else None
    if paper.tldr:  # the authors' own TL;DR is the summary: a derived one only when none
        meta["summary"] = None
    return {k: v for k, v in meta.items() if v not in (None, "", [], {})}


def new_page_meta(fresh: dict[str, Any], body: str) -> dict[str, Any]:
    meta = dict(fresh)
    hashes = {k: value_hash(v) for k, v in fresh.items() if k in OWNED}
    hashes[BODY] = value_hash(body)
    meta[HASHES] = dict(sorted(hashes.items()))
    return meta


def merge(
    page: PageData, fresh: dict[str, Any], body: str
) -> tuple[dict[str, Any], str, list[str]]:
    """Three-way merge of a page with freshly generated fields.

    Returns the merged (meta, body) and the names of fields kept because a person changed
    them. A field is refreshed only when its current value still hashes to what the
    generator last wrote (or when it is new and the page never had it).
    """
    old_hashes = page.meta.get(HASHES)
    base: dict[str, str] = old_hashes if isinstance(old_hashes, dict) else {}
    meta = {k: v for k, v in page.meta.items() if k != HASHES}
    hashes = dict(base)
    kept: list[str] = []
    for key in OWNED:
        current = meta.get(key)
        base_hash = base.get(key)
        untouched = (
            (key not in meta and base_hash is None)
            if base_hash is None
            else value_hash(current) == base_hash
        )
        if not untouched:
            if key in fresh and fresh[key] != current:
                kept.append(key)
            continue
        if key in fresh:
            meta[key] = fresh[key]
            hashes[key] = value_hash(fresh[key])
        else:
            meta.pop(key, None)
            hashes.pop(key, None)
    new_body = page.body
    base_body = base.get(BODY)
    if base_body is not None and value_hash(page.body) == base_body:
        new_body = body
        hashes[BODY] = value_hash(body)
    elif body != page.body:
        kept.append(BODY)
    if hashes:
        meta[HASHES] = dict(sorted(hashes.items()))
    return meta, new_body, kept


def hand_edits(page: PageData) -> list[str]:
    """The fields (and "body") of a generated page that a person changed, added or removed."""
    hashes = page.meta.get(HASHES)
    base: dict[str, str] = hashes if isinstance(hashes, dict) else {}
    edited = [
        str(key)
        for key, value in page.meta.items()
        if key not in (HASHES, "id") and base.get(str(key)) != value_hash(value)
    ]
    edited += [key for key in base if key != BODY and key not in page.meta]
    if base.get(BODY) != value_hash(page.body):
        edited.append(BODY)
    return edited


def effective_title_derived(meta: dict[str, Any]) -> bool:
    """True only while a derived title is still the generator's own (nobody fixed it)."""
    if not meta.get("title_derived"):
        return False
    hashes = meta.get(HASHES)
    return not isinstance(hashes, dict) or hashes.get("title") == value_hash(meta.get("title"))


#: How `digest generate --prune` names a page kept because it is not as the generator left
#: it, or because the generator has no record of it here.
SEEN_CHANGED = "the page itself, changed since the generator last wrote or read it"
SEEN_UNKNOWN = "the page itself, which the generator has no record of in this checkout"


def page_hash(page: PageData) -> str:
    """A hash of a page's front matter and body."""
    return hashlib.sha256(_JSON.encode([page.meta, page.body]).encode("utf-8")).hexdigest()


class Seen:
    """The generator's own record of each paper page as it last wrote or read it while the
    page's paper was in the input, kept in `.digest/seen-pages.json`.

    A page's `generated` field records which of its values the generator wrote, but it is
    part of the page: a pull request can rewrite it to match hand edits, and `--prune` would
    then delete the edited page once its paper left the input. This record is not in the
    page. A page whose paper has left is pruned only when it is still as recorded here; a
    checkout without the record (a fresh clone) prunes none and says so.
    """

    FILE = "seen-pages.json"

    def __init__(self, state_dir: Path | None) -> None:
        self.path = state_dir / self.FILE if state_dir is not None else None
        self.pages: dict[str, str] = {}
        self.changed = False
        try:
            found = json.loads(self.path.read_bytes()) if self.path is not None else {}
        except (OSError, ValueError):
            found = {}
        if isinstance(found, dict) and isinstance(found.get("pages"), dict):
            self.pages = {str(k): str(v) for k, v in found["pages"].items()}

    def saw(self, page: PageData, written: bool) -> None:
        """The generator wrote `page` (`written`), or read it with its paper in the input."""
        if written or page.path not in self.pages:
            digest = page_hash(page)
            if self.pages.get(page.path) != digest:
                self.pages[page.path] = digest
                self.changed = True

    def holds(self, page: PageData) -> bool:
        """Whether `page` is as the generator last left it."""
        return self.pages.get(page.path) == page_hash(page)

    def unchanged(self, page: PageData) -> str | None:
        """None when `page` is as the generator last left it, else why not (in words)."""
        if page.path not in self.pages:
            return SEEN_UNKNOWN
        return None if self.holds(page) else SEEN_CHANGED

    def save(self, existing: Iterable[str]) -> None:
        """Keep the record of the pages that exist (`existing`, paths below the docs folder)."""
        kept = set(existing)
        gone = [path for path in self.pages if path not in kept]
        for path in gone:
            del self.pages[path]
        if self.path is None or not (self.changed or gone):
            return
        data = {"pages": dict(sorted(self.pages.items()))}
        write_atomic(self.path, json.dumps(data, separators=(",", ":")).encode("utf-8"))
