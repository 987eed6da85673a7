"""Train the model that decides whether a derived title leads with the paper's name.

    .venv/bin/python scripts/train_derive.py ../shared/corpus/papers.jsonl.gz

Reads labelled papers (real titles), keeps the developing split only (`digest measure
--split develop`; the measuring split is never seen), and fits a logistic regression on
what the abstract says about the name `find_name` finds; the label is whether the real
title holds that name. Writes `generator/derive/lead_model.json`: the weights, and the
threshold that balances names kept against unnamed titles led by a name. Deterministic:
the same corpus gives the same file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_predict

from generator.config import load_config
from generator.derive.lead import MODEL, features
from generator.derive.names import find_name
from generator.measure import NAMED_PHRASE, NAMED_TITLE, in_split
from generator.pages.readers import expand_inputs
from generator.pipeline import GenerateReport, read_papers
from generator.text import plain_text, sentences

ROOT = Path(__file__).resolve().parent.parent
#: The share of names the authors put in their title that the threshold must keep: a name
#: is worth more to a reader than a title without one.
KEEP = 0.95


def main(inputs: list[str]) -> None:
    config = load_config(ROOT)
    papers = read_papers(expand_inputs([Path(i) for i in inputs]), config, GenerateReport())
    rows: list[dict[str, float]] = []
    labels: list[int] = []
    named: list[bool] = []  # the real title leads with a name
    for paper in in_split(papers, "develop"):
        text = plain_text(paper.abstract)
        name = find_name(text)
        if name is None or name.expansion:
            continue  # a spelled-out name always leads (see `leads`)
        rows.append(features(name, sentences(text)))
        labels.append(int(name.text.casefold() in paper.title.casefold()))
        named.append(bool(NAMED_TITLE.match(paper.title) or NAMED_PHRASE.match(paper.title)))
    keys = sorted(rows[0])
    x = [[row[k] for k in keys] for row in rows]
    model = LogisticRegression(C=1.0, solver="liblinear", max_iter=1000)
    # The threshold is chosen on held-out folds, so it is not fitted to the papers it scores.
    chances = [
        float(p) for p in cross_val_predict(model, x, labels, cv=5, method="predict_proba")[:, 1]
    ]
    best = max(
        t / 100
        for t in range(1, 95)
        if sum(p >= t / 100 and y for p, y in zip(chances, labels, strict=True))
        >= KEEP * sum(labels)
    )
    model.fit(x, labels)
    kept = sum(p >= best and y for p, y in zip(chances, labels, strict=True)) / max(sum(labels), 1)
    led = sum(p >= best and not n for p, n in zip(chances, named, strict=True))
    print(f"{len(rows):,} papers with a name; title holds it in {sum(labels):,}")
    print(f"threshold {best:.2f}: names kept {kept:.1%}, unnamed titles led by a name {led:,}")
    MODEL.write_text(
        json.dumps(
            {
                "about": "scripts/train_derive.py on the developing split of the corpus",
                "weights": {
                    k: round(float(w), 6) for k, w in zip(keys, model.coef_[0], strict=True)
                },
                "intercept": round(float(model.intercept_[0]), 6),
                "threshold": best,
            },
            indent=2,
            sort_keys=True,
        )
        + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main(sys.argv[1:] or [str(ROOT.parent / "shared" / "corpus" / "papers.jsonl.gz")])
