"""What a build's site-wide key (the inventory's `whole`) is made of: what the build reads."""

from __future__ import annotations

from generator.engine import mkdocs
from tests.conftest import MakeProject


def test_the_site_wide_key_holds_the_packages_the_build_reads(make_project: MakeProject) -> None:
    # Any installed package's release once re-rendered every page (CI installs the newest
    # releases that fit); only the distributions MkDocs, the theme and the Markdown
    # extensions need count.
    config = make_project()
    found = dict(mkdocs.packages(mkdocs.load(config)))
    for needed in ("mkdocs", "mkdocs-material", "pymdown-extensions", "markdown", "jinja2"):
        assert needed in found, needed
    assert "pygments" in found  # the theme's requirement, read when a page has code
    for unread in ("numpy", "scikit-learn", "pytest", "hypothesis", "paper-digest", "opentsne"):
        assert unread not in found, unread
