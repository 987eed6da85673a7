"""Derived pages that need HTML: a Markdown page plus a generated HTML fragment beside it.

Pages are Markdown, and the Markdown extension shows raw HTML as text, so a page that
needs markup of its own (charts, the paper map, the reading list) is written as two
files: `site_src/<path>.md` (title, heading, intro: what search indexes) naming the
fragment in its front matter, and `overrides/generated/pages/<path>.html`, which
overrides/partials/content.html includes in place of the page body. The fragment is a
Jinja template for the site builder, so our HTML is made inert (`{`/`}` escaped) and
`{{ page.content }}` marks where the Markdown goes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import jinja2

from generator.config import Config
from generator.model import Output


@dataclass(frozen=True)
class Context:
    """What every feature module needs to render: templates, labels and output folders."""

    env: jinja2.Environment
    t: dict[str, str]
    docs: str  # the docs folder, relative to the project root
    fragments: str  # the theme's generated folder, relative to the project root
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
        name = f"pages/{path.removesuffix('.md')}.html" if fragment else ""
        yield Output(
            f"{self.docs}/{path}",
            self.render("page.md.j2", title=title, intro=intro, fragment=name, front=front or {}),
        )
        if fragment:
            yield Output(f"{self.fragments}/{name}", f"{{{{ page.content }}}}\n{inert(fragment)}\n")


def inert(html: str) -> str:
    """Make HTML safe to embed in a Jinja template: no `{` or `}` left to be evaluated."""
    return str(html).replace("{", "&#123;").replace("}", "&#125;")
