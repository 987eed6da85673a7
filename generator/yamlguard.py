"""YAML a stranger wrote, refused before it is built when it could exhaust the build.

Front matter, the taxonomy and the labels may all come from a pull request. Building
YAML's values costs memory in proportion to what its aliases expand to (nine levels of
`&a [*a, ...]` are a billion values), and to its size and depth: each is refused here from
the parser's events, before any value is built, with the line that starts it.
"""

from __future__ import annotations

import yaml

from generator.errors import DigestError, Problem

_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: Real front matter holds a few KB in about a hundred values, three levels deep.
MAX_NODES = 20_000
MAX_DEPTH = 50
#: Below this size, YAML without '&' or '*' (no anchor or alias can be written without
#: them) holds fewer than MAX_NODES values, so the scan of its events is skipped.
_SMALL = 16_384


def refuse_hazards(text: str, shown: str, what: str, first_line: int, max_chars: int) -> None:
    """Refuse anchors, aliases (an alias bomb) and YAML of unbounded size, count or depth.

    `what` names the YAML in messages ("front matter"); `first_line` is the file line of
    the text's first line. A text YAML cannot parse passes: loading it reports the error.
    """
    if len(text) > max_chars:
        raise DigestError(
            Problem(shown, first_line, f"{what} is larger than {max_chars:,} characters")
        )
    if len(text) < _SMALL and "&" not in text and "*" not in text:
        return
    nodes = depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            line = event.start_mark.line + first_line if event.start_mark else first_line
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise DigestError(
                    Problem(
                        shown,
                        line,
                        f"{what} may not use YAML anchors or aliases (&name, *name); "
                        "write the value out, or quote text that starts with & or *",
                    )
                )
            if isinstance(event, yaml.ScalarEvent | yaml.CollectionStartEvent):
                nodes += 1
                if nodes > MAX_NODES:
                    raise DigestError(
                        Problem(shown, line, f"{what} holds more than {MAX_NODES:,} values")
                    )
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise DigestError(Problem(shown, line, too_deep(what)))
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return


def too_deep(what: str) -> str:
    return f"{what} is nested more than {MAX_DEPTH} levels deep"


#: Digits a number may have (Python refuses to read one of over 4,300, with a traceback).
MAX_DIGITS = 30


def _bounded_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    if sum(ch.isdigit() for ch in str(node.value)) > MAX_DIGITS:
        raise yaml.constructor.ConstructorError(
            None, None, f"a number has more than {MAX_DIGITS} digits", node.start_mark
        )
    return int(loader.construct_yaml_int(node))


def _no_binary(loader: yaml.SafeLoader, node: yaml.Node) -> None:
    raise yaml.constructor.ConstructorError(
        None, None, "binary data (!!binary) is not text; write the value as text", node.start_mark
    )


def bounded_values(loader: type[yaml.SafeLoader]) -> None:
    """Make `loader` refuse, at their line, numbers of more than MAX_DIGITS digits and
    `!!binary` values (bytes, which would reach pages and data files as "b'...'")."""
    loader.add_constructor("tag:yaml.org,2002:int", _bounded_int)
    loader.add_constructor("tag:yaml.org,2002:binary", _no_binary)
