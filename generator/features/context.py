"""What feature modules render with, and derived pages that need markup of their own.

Pages are Markdown, and the Markdown extension shows raw HTML as text, so a page that
needs markup of its own (charts, the paper map, the reading list) is written as two
files: `site_src/<path>.md` (title, heading, intro: what search indexes) and its markup in
`.digest/parts/pages/<path>.html` (generator/features/parts.py), which the digest's plugin hands
to the template as a value, shown after the Markdown.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import jinja2

from generator.config import Config
from generator.features import parts
from generator.features.labels import Labels as Labels  # re-exported: features take it from here
from generator.model import Output


@dataclass(frozen=True)
class Context:
    """What every feature module needs to render: templates, labels and output folders."""

    env: jinja2.Environment
    t: Labels
    docs: str  # the docs folder, relative to the project root
    parts: str  # the parts folder (generator/features/parts.py), relative to the project root
    config: Config

    def render(self, template: str, **values: Any) -> str:
        return self.env.get_template(template).render(t=self.t, **values)

    def page(
        self,
        path: str,
        title: str,
        intro: str = "",
        fragment: str = "",
        front: dict[str, Any] | None = None,
    ) -> Iterator[Output]:
        """A derived page at `path` (under the docs folder), with its fragment if any.

        `intro` is Markdown; `fragment` is HTML shown after it.
        """
        yield Output(
            f"{self.docs}/{path}",
            self.render("page.md.j2", title=title, intro=intro, front=front or {}),
        )
        if fragment:
            yield Output(f"{self.parts}/{parts.page_file(path)}", f"{fragment}\n")


def compress(text: str) -> bytes:
    """Gzip `text` (UTF-8) the same way every time: no file name, no timestamp."""
    # Level 6, zlib's default: 1% larger than 9 at 20,000 papers, and a second faster.
    return gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)
