"""A hostile project: script, markup and template syntax in every field a user can fill.

Used by tests/test_bad_input.py (what the generated and built files contain) and by
tests/browser/test_injection.py (what a browser does with them).
"""

from __future__ import annotations

import json

#: What people paste, by accident or not. Each must be shown as the text it is.
PAYLOADS = (
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "</s>",
    "{{ 7*7 }}",
    "{% raw %}",
    '"><svg onload=alert(1)>',
    "{# not a comment",
)

#: Payloads that only work as Markdown or math, for abstracts and hand-written bodies.
MARKUP = (
    "![i](x){: onerror=alert(1)}",
    "[a](https://example.org/){: onclick=alert(1) style=position:fixed}",
    "[y](java&#x09;script:alert(1))",
    r"$\text{<img/src=x/onerror=alert(1)>}$",
    r"$\href{javascript:alert(1)}{x}$",
)

TAXONOMY = """\
tags:
  - slug: hostile-tag
    label: {en: "<script>alert(1)</script> tag", zh: "<img src=x onerror=alert(1)> 标签"}
    description: {en: "{{ 7*7 }} <b>bold</b>", zh: "{% raw %} </s>"}
    match: [hostile]
  - slug: deep-learning
    label: {en: Deep learning, zh: 深度学习}
    match: [learning]
"""


def record(number: int, payload: str) -> dict[str, object]:
    """One input paper with the payload in every field."""
    return {
        "id": f"hostile-{number}",
        "title": f"T{number} {payload}",
        "abstract": (
            f"A hostile abstract {number} about learning: {payload} and {MARKUP[number % 5]} end."
        ),
        "authors": [f"{payload} Author", "Ann Other"],
        "keywords": [payload, "hostile"],
        "venue": f"Venue {payload}",
        "status": payload,
        "tldr": f"TLDR {number}: {payload}",
        "url": "javascript:alert(1)",
        "code": f'https://example.org/{number}?q="><script>alert({number})</script>',
        "track": payload,
    }


HAND_MADE = """\
---
id: hand-made
title: "<script>alert('hand')</script> {{ 7*7 }}"
description: '"><script>alert(1)</script>'
tags: [hostile-tag]
summary: "<img src=x onerror=alert(1)> summary"
---
A hand-written page: <script>alert(1)</script>, ![i](javascript:alert(1)){: onerror=alert(1)},
[a](https://example.org/){: onclick=alert(1)}, [j](JaVaScRiPt:alert(1)) and
$\\text{<img/src=x/onerror=alert(1)>}$, {{ 7*7 }} {% raw %}.
"""


def hostile_project() -> tuple[dict[str, str], dict[str, str]]:
    """(inputs, other files) of the hostile project, for `build_and_serve` or `make_project`."""
    records = [record(n, p) for n, p in enumerate(PAYLOADS)]
    records.append(
        {"id": "../../etc/passwd", "title": "../../etc/passwd", "abstract": "Hostile path."}
    )
    text = "<script>alert('heading')</script> {{ 7*7 }}\n\n" + "\n\n".join(
        f"We propose {p}, a hostile method for learning." for p in PAYLOADS
    )
    inputs = {
        "hostile.jsonl": "\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n",
        "hostile.txt": text + "\n",
    }
    files = {"taxonomy.yml": TAXONOMY, "site_src/papers/hand-made.md": HAND_MADE}
    return inputs, files
