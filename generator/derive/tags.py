"""Tags: the taxonomy's rules applied to a paper's title and abstract, plus its keywords."""

from __future__ import annotations

from generator.taxonomy import Taxonomy

MAX_TAGS = 6
FALLBACK_TAG = "deep-learning"


def assign_tags(text: str, keywords: list[str], taxonomy: Taxonomy) -> list[str]:
    """Up to six taxonomy tags, most specific (earliest in the taxonomy) first."""
    lowered = {k.strip().lower() for k in keywords}
    scored: list[tuple[int, int, str]] = []
    for order, tag in enumerate(taxonomy.tags):
        if any(v.search(text) for v in tag.vetoes):
            continue
        hits = sum(len(p.findall(text)) for p in tag.patterns)
        if any(k.lower() in lowered for k in tag.keywords):
            hits += 3
        if hits and tag.slug != FALLBACK_TAG:
            scored.append((order, hits, tag.slug))
    strong = [s for s in scored if s[1] >= 2] or scored
    chosen = [slug for _, _, slug in sorted(strong)[:MAX_TAGS]]
    if not chosen and FALLBACK_TAG in taxonomy:
        chosen = [FALLBACK_TAG]
    return chosen or taxonomy.slugs[:1]
