"""Derive what the input lacks from the abstract alone: title, tags, summary, facts, links.

One paper at a time, top to bottom: the abstract as plain text and sentences, the name it
introduces (`names`) and whether its title leads with it (`lead`), then its title
(`titles`), tags (`tags`), TL;DR (`summary`), and facts and links (`facts`).
Every function is pure and deterministic: the same paper and
taxonomy give the same result, so regenerating never churns pages.
"""

from __future__ import annotations

from generator.derive.facts import extract_facts, extract_links, find_urls
from generator.derive.lead import leads
from generator.derive.names import Name, find_name
from generator.derive.summary import summarize
from generator.derive.tags import assign_tags
from generator.derive.titles import MAX_TITLE, derive_title
from generator.derive.words import unbroken
from generator.model import Derived, Paper
from generator.taxonomy import Taxonomy
from generator.text import plain_text, sentences

__all__ = ["MAX_TITLE", "Name", "derive", "find_name", "find_urls"]


def derive(paper: Paper, taxonomy: Taxonomy) -> Derived:
    """Fill in title, tags, summary, facts and links for one paper."""
    text = unbroken(plain_text(paper.abstract))
    sents = sentences(text)
    name = find_name(text)
    title_derived = not paper.title.strip()
    # Many papers name their method without naming the title after it: a model decides.
    # Only a name the abstract makes its own leads: not a baseline, a dataset or a model it
    # studies.
    lead = name if name is not None and name.own and leads(name, sents) else None
    # A name that does not lead still gives its spelled-out words: "Query-Reduction Networks".
    # ... only a name of its own: a task's acronym spells the task ("Chinese Word Segmentation").
    spelled = name.expansion if name is not None and name.own and lead is None else ""
    held = name.text if name is not None and lead is None else ""
    title = derive_title(sents, lead, spelled, held) if title_derived else paper.title.strip()
    return Derived(
        title=title,
        title_derived=title_derived,
        # A derived title repeats the abstract's words: only a given one adds evidence.
        tags=(
            assign_tags(text, paper.keywords, taxonomy, sents)
            if title_derived
            else assign_tags(f"{title}. {text}", paper.keywords, taxonomy)
        ),
        summary=paper.tldr.strip() or summarize(sents, name.text if name else ""),
        facts=extract_facts(text, name),
        links=extract_links(text),
    )
