"""The tag taxonomy: `taxonomy.yml`, edited by contributors, applied to every paper."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import re2
import yaml

from generator.errors import DigestError, Problem, yaml_error_line
from generator.yamlguard import bounded_values, refuse_hazards

#: A taxonomy file larger than this is refused before YAML reads it (the project's: 40 KB).
MAX_TAXONOMY = 1 << 20
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
#: The fields a tag may have (`__line__` is added by the loader).
FIELDS = frozenset(
    {"slug", "label", "description", "match", "hints", "exclude", "keywords", "parent", "rivals"}
    | {"__line__"}
)


@dataclass(frozen=True)
class Tag:
    """One tag: its slug (URL and front-matter value), labels, description and match rules."""

    slug: str
    label: dict[str, str]
    description: dict[str, str]
    #: Phrases (whole words; see taxonomy.yml) or `/regex/` (case-sensitive): one hit assigns it.
    match: tuple[str, ...] = ()
    #: Weaker phrases: each hit counts a third of a `match` hit.
    hints: tuple[str, ...] = ()
    #: Phrases whose words do not count for the tag ("word segmentation" for computer vision).
    exclude: tuple[str, ...] = ()
    #: Author keywords that map onto this tag (compared case-insensitively).
    keywords: tuple[str, ...] = ()
    #: Broader tags this one implies; each is defined later in the file.
    parents: tuple[str, ...] = ()
    #: Tags that compete with this one for papers: when none of them is assigned, this one
    #: needs less evidence (an abstract that speaks of images twice and never of text is vision).
    rivals: tuple[str, ...] = ()
    line: int = 0

    def name(self, language: str) -> str:
        return self.label.get(language) or self.label.get("en") or self.slug

    def about(self, language: str) -> str:
        return self.description.get(language) or self.description.get("en") or ""


@dataclass(frozen=True)
class Taxonomy:
    path: str
    tags: tuple[Tag, ...]
    #: Structures derived once per taxonomy by its users (the tag matcher), never compared.
    memo: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_slug", {t.slug: t for t in self.tags})

    def get(self, slug: str) -> Tag | None:
        by_slug: dict[str, Tag] = self._by_slug  # type: ignore[attr-defined]
        return by_slug.get(slug)

    def __contains__(self, slug: object) -> bool:
        return isinstance(slug, str) and self.get(slug) is not None

    @property
    def slugs(self) -> list[str]:
        return [t.slug for t in self.tags]


def is_regex(rule: str) -> bool:
    return len(rule) > 2 and rule.startswith("/") and rule.endswith("/")


def _re2_options() -> re2.Options:
    options = re2.Options()
    options.log_errors = False  # the error is raised, and reported with its file and line
    return options


_RE2_OPTIONS = _re2_options()
#: A /regex/ rule longer than this is refused: rules are a phrase or two with alternatives.
MAX_RULE = 1_000


def compile_rule(rule: str) -> Any:
    """A `/regex/` rule as a pattern that runs in time linear in the text (RE2's syntax: no
    backreferences or lookarounds, which can take exponential time on a crafted abstract).

    Raises re2.error (with RE2's reason) when the rule is not such a pattern.
    """
    if len(rule) > MAX_RULE:
        raise re2.error(f"longer than {MAX_RULE:,} characters")
    return re2.compile(rule[1:-1], options=_RE2_OPTIONS)


class _LineLoader(yaml.SafeLoader):
    """Record the line each mapping starts on, so errors can name it."""


def _mapping_with_line(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict[str, Any]:
    value = {str(k): v for k, v in loader.construct_mapping(node, deep=True).items()}
    value["__line__"] = node.start_mark.line + 1
    return value


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_with_line)
bounded_values(_LineLoader)


#: A language code as labels are keyed: en, zh, pt-BR, zh_Hant.
LANGUAGE = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$")


def _texts(value: Any, where: Problem, what: str) -> dict[str, str]:
    if isinstance(value, str):
        return {"en": value}
    if isinstance(value, dict):
        line = int(value.get("__line__", where.line))
        for key, text in value.items():
            if key == "__line__":
                continue
            # `{en: Transfer, few-shot and continual learning}` is two keys in flow-style
            # YAML: "Transfer", and "few-shot and continual learning" with no value.
            if not LANGUAGE.match(str(key)) or text is None:
                raise DigestError(
                    Problem(
                        where.path,
                        line,
                        f"{what} {{...}} has {str(key)!r}, which is not a language code with "
                        "text: a comma in unquoted text splits it; quote the text "
                        '(en: "A, b and c")',
                    )
                )
        out = {str(k): str(v) for k, v in value.items() if k != "__line__"}
        if out:
            return out
    raise DigestError(
        Problem(where.path, where.line, f"{what} must be text or {{en: ..., zh: ...}}")
    )


def _strings(value: Any, where: Problem, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise DigestError(Problem(where.path, where.line, f"{what} must be a list of text"))


def load_taxonomy(path: Path, shown: str | None = None) -> Taxonomy:
    """Read and validate the taxonomy; every error names the file and line."""
    name = shown or str(path)
    try:
        text = path.read_text(encoding="utf-8")
        refuse_hazards(text, name, "the taxonomy", 1, MAX_TAXONOMY)
        data = yaml.load(text, Loader=_LineLoader)
    except FileNotFoundError:
        raise DigestError(Problem(name, 0, "taxonomy file not found")) from None
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc)
        line = yaml_error_line(exc, text)
        raise DigestError(Problem(name, line, f"invalid YAML: {problem}")) from None
    except UnicodeDecodeError:
        raise DigestError(Problem(name, 0, "is not valid UTF-8")) from None
    items = data.get("tags") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        raise DigestError(Problem(name, 1, "expected a top-level 'tags:' list"))
    problems: list[Problem] = []
    tags: list[Tag] = []
    seen: dict[str, int] = {}
    for item in items:
        if not isinstance(item, dict):
            problems.append(Problem(name, 0, f"each tag must be a mapping, got {item!r}"))
            continue
        line = int(item.get("__line__", 0))
        here = Problem(name, line, "")
        slug = item.get("slug")
        try:
            if not isinstance(slug, str) or not SLUG.match(slug):
                raise DigestError(
                    Problem(name, line, f"tag slug {slug!r} must be lowercase words joined by '-'")
                )
            if slug in seen:
                raise DigestError(
                    Problem(
                        name, line, f"tag '{slug}' is defined twice (first at line {seen[slug]})"
                    )
                )
            seen[slug] = line
            unknown = sorted(set(item) - FIELDS)
            if unknown:
                raise DigestError(
                    Problem(name, line, f"tag '{slug}' has unknown field '{unknown[0]}'")
                )
            match = _strings(item.get("match"), here, "match")
            hints = _strings(item.get("hints"), here, "hints")
            exclude = _strings(item.get("exclude"), here, "exclude")
            parents = _strings(item.get("parent"), here, "parent")
            rivals = _strings(item.get("rivals"), here, "rivals")
            if any(is_regex(rule) for rule in exclude):
                raise DigestError(
                    Problem(name, line, f"tag '{slug}': exclude takes phrases, not /regex/ rules")
                )
            try:
                for rule in (*match, *hints):
                    if is_regex(rule):
                        compile_rule(rule)
            except re2.error as exc:
                reason = exc.args[0] if exc.args else exc
                if isinstance(reason, bytes):
                    reason = reason.decode("utf-8", "replace")
                raise DigestError(
                    Problem(
                        name,
                        line,
                        f"bad /regex/ rule: {reason} (rules are RE2 patterns, which run in "
                        "linear time: no backreferences or lookarounds)",
                    )
                ) from None
            tags.append(
                Tag(
                    slug=slug,
                    label=_texts(item.get("label", slug), here, "label"),
                    description=_texts(item.get("description", ""), here, "description")
                    if item.get("description")
                    else {},
                    match=match,
                    hints=hints,
                    exclude=exclude,
                    keywords=_strings(item.get("keywords"), here, "keywords"),
                    parents=parents,
                    rivals=rivals,
                    line=line,
                )
            )
        except DigestError as exc:
            problems.extend(exc.problems)
    problems.extend(_parent_problems(name, tags))
    if problems:
        raise DigestError(problems)
    return Taxonomy(name, tuple(tags))


def _parent_problems(name: str, tags: list[Tag]) -> list[Problem]:
    """Parents and rivals must name tags; a parent comes later (the file runs from most
    specific to most general)."""
    order = {t.slug: n for n, t in enumerate(tags)}
    problems = []
    for n, tag in enumerate(tags):
        for parent in tag.parents:
            if parent not in order:
                message = f"tag '{tag.slug}' has unknown parent '{parent}'"
            elif order[parent] <= n:
                message = (
                    f"tag '{tag.slug}' must come before its parent '{parent}' "
                    "(tags run from most specific to most general)"
                )
            else:
                continue
            problems.append(Problem(name, tag.line, message))
        for rival in tag.rivals:
            if rival not in order or rival == tag.slug:
                problems.append(
                    Problem(name, tag.line, f"tag '{tag.slug}' has unknown rival '{rival}'")
                )
    return problems
