"""A test that runs `generate` or builds a site must say so with a mark (CONTRIBUTING.md).

`make quick` leaves out the tests marked `generate`, `slow` or `browser`, so that it stays a
subset a contributor runs in under two minutes. This plugin (loaded by tests/conftest.py)
keeps the marks honest: for the whole session it wraps the places where the pipeline is
entered, and a test that entered one, in its fixtures or its body, without any of those
marks fails, naming the mark to add.

The places are module globals that the code looks up when it calls them, so that a wrapper
set on the module catches every caller, including a test that imported `generate` by name:

- `generator.pipeline.site_model`, the site stage, which every `generate` that does any
  work (through `plan`) and the live preview's `refresh` reach, once the papers are read,
  derived and merged into pages (a run that an input or a page stops before then, as most
  bad-input tests do, is not counted: it costs what `digest check` costs);
- `generator.engine.mkdocs.run`, every MkDocs build (`build`, `publish`, the preview's);
- `mkdocs.commands.build.build`, MkDocs' own build;
- `generator.engine.zensical.publish`, the Zensical build;

and a child process whose command runs one (`digest generate|build|serve`,
`python -m generator ...`, `make site|check|test|serve|bench`, or a script in `SCRIPTS`).
A place that no longer exists stops the session at once: the pipeline moved, and ENTRIES
must follow it, or the guard would pass everything.
"""

from __future__ import annotations

import functools
import importlib
import os
import subprocess
from collections.abc import Callable, Generator, Sequence
from typing import Any

import pytest

#: The marks a test that runs the pipeline carries (any one): those `make quick` leaves out.
MARKS = ("generate", "slow", "browser")

#: (module, global) where the pipeline is entered; see the module's docstring.
ENTRIES = (
    ("generator.pipeline", "site_model"),
    ("generator.engine.mkdocs", "run"),
    ("mkdocs.commands.build", "build"),
    ("generator.engine.zensical", "publish"),
)

#: Commands whose words, after the program, make a child process run the pipeline.
COMMANDS = {
    "digest": {"generate", "build", "serve"},
    "generator": {"generate", "build", "serve"},  # python -m generator ...
    "make": {"site", "check", "test", "serve", "bench"},
}
#: Scripts that generate a site of their own.
SCRIPTS = {"verify_corpus.py", "benchmarks.bench", "bench.py"}

#: What entered the pipeline in this process, in order (one name per call).
entered: list[str] = []

_START = pytest.StashKey[int]()
_WRAPPED = "__pipeline_guard__"


def runs_pipeline(argv: Sequence[Any] | str) -> bool:
    """Whether a child process started with `argv` runs the pipeline (see COMMANDS)."""
    words = argv.split() if isinstance(argv, str) else [os.fspath(word) for word in argv]
    names = [os.path.basename(str(word)) for word in words]
    for i, name in enumerate(names):
        if name in SCRIPTS:
            return True
        if name == "generator" and (i == 0 or names[i - 1] != "-m"):
            continue
        rest = names[i + 1 :]
        if name == "make" and COMMANDS[name] & set(rest):
            return True
        if name in ("digest", "generator"):  # the first word that is no option is the command
            command = next((word for word in rest if not word.startswith("-")), "")
            return command in COMMANDS[name]
    return False


def watched(function: object) -> bool:
    """Whether `function` is one of this guard's wrappers."""
    return bool(getattr(function, _WRAPPED, False))


def _counting(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def counted(*args: Any, **kwargs: Any) -> Any:
        entered.append(name)
        return function(*args, **kwargs)

    setattr(counted, _WRAPPED, True)
    return counted


def _watching_popen(init: Callable[..., None]) -> Callable[..., None]:
    @functools.wraps(init)
    def watched(self: subprocess.Popen[Any], args: Any, *rest: Any, **kwargs: Any) -> None:
        if runs_pipeline([args] if isinstance(args, (str, bytes, os.PathLike)) else args):
            entered.append(f"a child process: {args}")
        init(self, args, *rest, **kwargs)

    setattr(watched, _WRAPPED, True)
    return watched


def install() -> None:
    """Wrap every place in ENTRIES, and starting a child process; once per process."""
    for module_name, name in ENTRIES:
        module = importlib.import_module(module_name)
        found = getattr(module, name, None)
        if found is None or not callable(found):
            raise pytest.UsageError(
                f"tests/pipeline_guard.py: {module_name} has no {name}: the pipeline moved; "
                "name where it is entered now in ENTRIES"
            )
        if not watched(found):
            setattr(module, name, _counting(f"{module_name}.{name}", found))
    if not watched(subprocess.Popen.__init__):
        setattr(subprocess.Popen, "__init__", _watching_popen(subprocess.Popen.__init__))  # noqa: B010


def pytest_configure(config: pytest.Config) -> None:
    install()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    item.stash[_START] = len(entered)
    return (yield)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    result = yield  # a test that failed has failed already
    start = item.stash.get(_START, len(entered))
    calls = entered[start:]
    if calls and not any(item.get_closest_marker(mark) for mark in MARKS):
        places = ", ".join(dict.fromkeys(calls))
        pytest.fail(
            f"this test runs the pipeline ({places}) but has none of the marks "
            f"{', '.join(MARKS)}: add @pytest.mark.generate (or pytestmark = "
            "pytest.mark.generate for the module), so that `make quick` leaves it out "
            "(CONTRIBUTING.md, 'Tests')",
            pytrace=False,
        )
    return result
