"""Tags: the taxonomy's rules applied to a paper's title and abstract, plus its keywords.

A conference is 20,000 papers, so the text is split into words once and every phrase rule
of every tag is found through one dictionary keyed by the phrase's first word; only the
few `/regex/` rules scan the text. The dictionary is built once per taxonomy.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from generator.derive.titles import claim_matches
from generator.taxonomy import Tag, Taxonomy, compile_rule, is_regex
from generator.text import sentences

MAX_TAGS = 6
FALLBACK_TAG = "deep-learning"
#: What one hit of a `match` rule and of a `hints` rule score, and the score that assigns a
#: tag: one `match` hit is enough, a hint needs two different hints beside it, so a single
#: word, however often repeated ("depth" seven times in a theory paper), never tags a paper.
MATCH = 3
HINT = 1
ASSIGN = 3
EXCLUDE = 0
#: Tags a paper has only when it claims them in a match phrase, in its own sentences or its
#: evaluation's ("we introduce a new dataset"): "annotated", "benchmark" and "dataset" are
#: said by every paper that evaluates on one.
CLAIMED = ("benchmarks-datasets",)
#: Tags naming a family of methods that many papers use as one tool (a k-nearest-neighbour
#: step, a PCA, an SVM on top of a network): a paper has one only when it is about it: two of
#: its phrases are said, an author keyword names it, or it leads the evidence of a paper of no
#: field (a vision paper's k-nearest-neighbour step is a tool).
TOOLS = ("statistical-learning",)
#: What a tag with rivals needs when none of them is in evidence.
ALONE = 2
#: A tag whose score is below this share of the best tag's is a passing mention.
SUPPORTED = 0.25
#: The tag of papers across fields, which speak of each.
ACROSS = "multimodal"
#: How far ahead a rival field must be for a field said once to be a passing mention.
RIVAL_AHEAD = 3
#: Topics papers of other fields name in passing, as where an idea comes from or what a tool
#: is written in: "Programming languages allow us to express complex predicates" opens a paper
#: on Bayesian inference, and "a domain-specific language" describes an architecture search's
#: candidates; neither paper is about code. One phrase of such a topic said once, with no
#: other word of it, beside a tag `ONE_PHRASE_AHEAD` times its score, is a passing mention.
IN_PASSING = ("code-generation",)
ONE_PHRASE_AHEAD = 3

#: Hint words learned from weak labels (the venues' fields), by tag: see `learned_hints`.
LEARNED = Path(__file__).with_name("tag_hints.json")
#: A word model of each field a venue family names (computer vision, language), learned from
#: the venues' abstracts: see `FieldModel`.
FIELDS = Path(__file__).with_name("tag_fields.json")
#: Own-text match points that keep a field whatever its word model says: two phrases.
FIELD_SURE = 2 * 3
#: How likely its venues' words must be for a field one word speaks for ("image" once in a
#: clustering paper, "convolutional" in a graph network's): more likely than not.
ONE_WORD = 0.35
#: What a field studies, in a word: the one hint a field's word model may give it on. A field
#: not listed (language) takes any of its hints, each of which speaks of text.
SUBJECTS = {
    "computer-vision": frozenset(
        [
            "image",
            "input image",
            "natural image",
            "real image",
            "visual",
            "video",
            "pixel",
            "photo",
            "photograph",
            "face",
            "pose",
            "segmentation",
            "scene",
            "camera",
            "rgb",
            "visually",
            "image feature",
        ]
    ),
}
WORD = re.compile(r"[^\W_]+")
_MEMO = "tags.matcher"
#: An acronym the text spells out: "relation linking (RL)", "Cooperative Training (CoT)".
_DEFINED = re.compile(r"\(([A-Z][A-Za-z]{0,4}[A-Z])s?\)")


# Words ending in "s" that are no plural: "news" is not "new", "series" not "serie".
_NOT_PLURAL = frozenset(
    {"news", "series", "species", "physics", "mathematics", "economics", "analysis", "basis"}
)


def singular(word: str) -> str:
    """Drop a plural "s" ("images", "LLMs"), never the "s" of "loss", "has", "its" or "news"."""
    if word[-1:] != "s" or word[-2:] == "ss" or word.lower() in _NOT_PLURAL:
        return word
    if len(word) > 3 or (len(word) == 3 and word[1].isupper()):
        return word[:-1]
    return word


def fold(word: str) -> str:
    """Lowercase a word, but keep a name's odd capitals: "MeSH" is not "mesh"."""
    if word.islower() or word.isupper() or word.istitle():
        return word.lower()
    return word


def _exact(word: str) -> bool:
    """An acronym written in capitals (LLM, GAN, RL) matches only in capitals."""
    return sum(c.isupper() for c in word) >= 2 and not any(c.islower() for c in word)


@dataclass
class Evidence:
    """What speaks for one tag: points from match phrases and keywords, and the hints seen."""

    points: int = 0
    hints: set[str] = field(default_factory=set)
    #: Match points in what the paper is evaluated on: a field's evidence there.
    weak_points: int = 0
    #: An author keyword names the tag.
    named: bool = False
    #: What the paper says it does speaks of the tag, not only its evaluation.
    own: bool = False

    @property
    def score(self) -> int:
        return self.points + HINT * len(self.hints)


@dataclass(frozen=True)
class _Phrase:
    """One phrase rule: its words as compared (folded) and as written, for exact-case ones."""

    words: tuple[str, ...]
    cased: tuple[str, ...]
    exact: tuple[bool, ...]
    tag: int
    weight: int  # MATCH, HINT or EXCLUDE
    number: int  # which rule, to count the hints of each rule


def _variants(rule: str, plural: bool = True) -> set[tuple[str, ...]]:
    """The word sequences a phrase matches: "pre-training" is also "pretraining", a name
    such as "ImageNet" is also "imagenet", and with `plural` a phrase is also its plural
    ("Gaussian processes")."""
    split = tuple(singular(w) for w in WORD.findall(rule))
    found = {split}
    joined = tuple(singular(w.replace("-", "")) for w in rule.split())
    if all(WORD.fullmatch(w) for w in joined):
        found.add(joined)
    # A phrase's last word in its "es" plural; a single word's is left as it is: "searches"
    # and "policies" are said of far more than retrieval and reinforcement learning.
    if plural:
        found |= {
            (*words[:-1], es) for words in found if len(words) > 1 and (es := _es_plural(words[-1]))
        }
    return found | {tuple(w if _exact(w) else w.lower() for w in words) for words in found}


def _es_plural(word: str) -> str:
    """How the text's words read a word whose plural takes "es": `singular` drops only the
    "s", so "Gaussian processes" reads "processe", "bounding boxes" "boxe", "queries"
    "querie"."""
    if word.islower() and len(word) >= 3:
        if word.endswith(("ss", "x", "z", "ch", "sh")):
            return singular(word + "es")
        if word.endswith("y") and word[-2] not in "aeiou":
            return singular(word[:-1] + "ies")
    return ""


def _phrase_key(text: str) -> str:
    """How an author keyword or a tag name is compared: singular lowercase words."""
    return " ".join(singular(w).lower() for w in WORD.findall(text))


@cache
def learned_hints(path: Path = LEARNED) -> dict[str, tuple[str, ...]]:
    """Hints `scripts/train_derive.py` learned for a tag: words of its venues' abstracts.

    Vision venues' abstracts say "keypoint" or "occluded" far more often than others do;
    each such word is one more hint beside the taxonomy's own, so it takes two different
    ones (three beside a rival's evidence) to tag a paper, as with any hint.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    return {slug: tuple(words) for slug, words in data["hints"].items()}


def field_words(text: str) -> set[str]:
    """The words a field model reads: lowercase, singular, no numbers."""
    return {singular(w).lower() for w in WORD.findall(text) if not w.isdigit()}


@dataclass(frozen=True)
class FieldModel:
    """How likely a paper's words are those of a field's venues (a logistic regression that
    `scripts/train_derive.py` fits on the venues of the developing split), and what that
    decides: a field the rules find stays only when its venues' words are not far from the
    paper's (`keep`), unless two of its phrases are in what the paper says it does; a field
    with some evidence that falls short of the rules' bar is given when they are near
    (`add`). A crowdsourcing paper evaluated on CIFAR is not computer vision; a segmentation
    paper that says "pixels" once is. A field is given only while every other field's
    model stays under `rival`: a dialogue paper saying "tracking" is no vision paper."""

    bias: float
    weights: dict[str, float]
    keep: float
    add: float
    rival: float

    def probability(self, words: set[str]) -> float:
        weights = self.weights
        z = self.bias + sum(weights.get(w, 0.0) for w in words)
        return 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))


@cache
def field_models(path: Path = FIELDS) -> dict[str, FieldModel]:
    """The fields' word models, by tag."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        slug: FieldModel(m["bias"], m["weights"], m["keep"], m["add"], m["rival"])
        for slug, m in data["fields"].items()
    }


class Matcher:
    """A taxonomy's rules, indexed for one pass over a text's words."""

    def __init__(self, taxonomy: Taxonomy) -> None:
        tags = taxonomy.tags
        index = {t.slug: n for n, t in enumerate(tags)}
        self.slugs = [t.slug for t in tags]
        self.first: dict[str, list[_Phrase]] = {}
        self.regexes: list[tuple[Any, int, int]] = []  # RE2 patterns (compile_rule)
        self.keywords: dict[str, list[int]] = {}
        seen: set[tuple[tuple[str, ...], int]] = set()
        number = 0
        learned = learned_hints()
        # A field (computer vision, language, speech) has evidence enough in any paper of it,
        # and its score is the bar a paper's other tags must clear (`SUPPORTED`): its phrases'
        # plurals ("bounding boxes") would only push the paper's topics out.
        fields = {t.slug for t in tags if t.rivals} | {r for t in tags for r in t.rivals}
        for n, tag in enumerate(tags):
            hints = [*tag.hints, *learned.get(tag.slug, ())]
            for rules, weight in ((tag.match, MATCH), (hints, HINT), (tag.exclude, EXCLUDE)):
                for rule in rules:
                    number += 1
                    if is_regex(rule):
                        self.regexes.append((compile_rule(rule), n, weight))
                        continue
                    # Sorted, so that the index is the same on every run.
                    for words in sorted(_variants(rule, tag.slug not in fields)):
                        folded = tuple(fold(w) for w in words)
                        if not words or (folded, n) in seen:
                            continue
                        seen.add((folded, n))
                        phrase = _Phrase(
                            words=folded,
                            cased=words,
                            exact=tuple(_exact(w) for w in words),
                            tag=n,
                            weight=weight,
                            number=number,
                        )
                        self.first.setdefault(folded[0], []).append(phrase)
            for name in self._names(tag):
                key = _phrase_key(name)
                if key and n not in self.keywords.setdefault(key, []):
                    self.keywords[key].append(n)
        # Longer phrases first, so at one position a tag counts its most specific phrase.
        for phrases in self.first.values():
            phrases.sort(key=lambda p: (-len(p.words), p.tag, p.weight != EXCLUDE))
        self.ancestors = [self._ancestors(tag, taxonomy, index) for tag in tags]
        #: Each tag with its ancestors and descendants.
        self.family = [
            {n, *up, *(t for t, ups in enumerate(self.ancestors) if n in ups)}
            for n, up in enumerate(self.ancestors)
        ]
        self.rivals = [tuple(index[r] for r in t.rivals if r in index) for t in tags]
        #: The fields tags compete for (computer vision, language, speech): rivals.
        self.fields = frozenset(n for n, rivals in enumerate(self.rivals) if rivals) | frozenset(
            r for rivals in self.rivals for r in rivals
        )
        self.fallback = index.get(FALLBACK_TAG, len(tags) - 1)
        self.claimed = frozenset(index[s] for s in CLAIMED if s in index)
        self.tools = frozenset(index[s] for s in TOOLS if s in index)
        self.in_passing = frozenset(index[s] for s in IN_PASSING if s in index)
        self.models = {index[s]: m for s, m in field_models().items() if s in index}
        self.descendants = {
            n: frozenset(t for t, up in enumerate(self.ancestors) if n in up)
            for n in {*self.models, *self.fields}
        }
        #: The tag of papers across fields (`multimodal`).
        self.across = index.get(ACROSS)
        #: Each field's rivals, both ways: computer vision and language rival each other.
        self.field_rivals = {
            n: frozenset({*self.rivals[n], *(t for t in self.fields if n in self.rivals[t])})
            for n in self.fields
        }

    @staticmethod
    def _names(tag: Tag) -> list[str]:
        """What an author keyword may say to name the tag."""
        phrases = [r for r in tag.match if not is_regex(r)]
        return [tag.slug.replace("-", " "), tag.label.get("en", ""), *tag.keywords, *phrases]

    @staticmethod
    def _ancestors(tag: Tag, taxonomy: Taxonomy, index: dict[str, int]) -> tuple[int, ...]:
        found: list[int] = []
        todo = list(tag.parents)
        while todo:
            parent = taxonomy.get(todo.pop(0))
            if parent is not None and index[parent.slug] not in found:
                found.append(index[parent.slug])
                todo.extend(parent.parents)
        return tuple(found)

    def _evidence(
        self,
        text: str,
        keywords: list[str],
        weak: bool = False,
        cased: list[str] | None = None,
    ) -> dict[int, Evidence]:
        """Each tag's evidence in the text and the keywords; in `weak` text (what the paper
        is evaluated on), a match phrase counts as a hint. `cased`: the text's words, when
        they are at hand."""
        if cased is None:
            cased = [singular(w) for w in WORD.findall(text)]
        words = [w.lower() if w.islower() or w.isupper() or w.istitle() else w for w in cased]
        count = len(words)
        found: dict[int, Evidence] = {}
        foreign = self._foreign(text) if "(" in text else {}
        excluded: dict[int, int] = {}  # tag -> the word its last `exclude` phrase ends before
        # tag -> the word its last phrase ends before: "off-policy" holds no second "policy".
        inside: dict[int, int] = {}
        first = self.first
        for i, word in enumerate(words):
            phrases = first.get(word)
            if phrases is None:
                continue
            counted: set[int] = set()
            for p in phrases:
                size = len(p.words)
                if i + size > count or p.tag in counted or excluded.get(p.tag, 0) > i:
                    continue
                if inside.get(p.tag, 0) > i:
                    continue
                if size > 1 and tuple(words[i : i + size]) != p.words:
                    continue
                if True in p.exact and any(
                    e and cased[i + j] != p.cased[j] for j, e in enumerate(p.exact)
                ):
                    continue
                if foreign and p.tag in foreign.get(cased[i], ()):
                    continue
                counted.add(p.tag)
                if p.weight == EXCLUDE:
                    excluded[p.tag] = i + size
                    continue
                inside[p.tag] = i + size
                evidence = found.setdefault(p.tag, Evidence())
                if p.weight == HINT or weak:
                    evidence.hints.add(" ".join(p.words))
                    if weak and p.weight != HINT:
                        evidence.weak_points += p.weight
                else:
                    evidence.points += p.weight
        for pattern, tag, weight in self.regexes:
            hits = pattern.findall(text)
            if hits:
                evidence = found.setdefault(tag, Evidence())
                if weight == HINT or weak:
                    evidence.hints.add(pattern.pattern)
                    if weak and weight != HINT:
                        evidence.weak_points += len(hits) * weight
                else:
                    evidence.points += len(hits) * weight
        for keyword in keywords:
            for tag in self.keywords.get(_phrase_key(keyword), ()):
                evidence = found.setdefault(tag, Evidence())
                evidence.points += ASSIGN
                evidence.named = True
        return found

    def _foreign(self, text: str) -> dict[str, set[int]]:
        """Acronyms the text spells out as something else than the tag they match: "Relation
        linking (RL)" is no reinforcement learning. By the acronym as the text writes it, the
        tags it never counts for there. The words before the brackets, two more than the
        acronym's letters, are its spelling ("bird's-eye-view (BEV)")."""
        found: dict[str, set[int]] = {}
        for defined in _DEFINED.finditer(text):
            acronym = defined.group(1)
            tags = {
                p.tag
                for p in self.first.get(fold(acronym), ())
                if p.cased == (acronym,) and p.weight == MATCH
            }
            if not tags:
                continue
            spelled = " ".join(
                WORD.findall(text[max(0, defined.start() - 80) : defined.start()])[
                    -len(acronym) - 2 :
                ]
            )
            said = {t for t, e in self._evidence(spelled, []).items() if e.score > 0}
            # "Magnetic Resonance Imaging (MRI)" says imaging, medical imaging's parent.
            tags = {t for t in tags if not said & self.family[t]}
            if tags:
                found.setdefault(acronym, set()).update(tags)
        return found

    def evidence(self, text: str, keywords: list[str]) -> dict[str, Evidence]:
        """Each tag's evidence, by slug: what `assign` decides on."""
        return {self.slugs[t]: e for t, e in self._evidence(text, keywords).items()}

    def scores(self, text: str, keywords: list[str], weak: str = "") -> dict[int, int]:
        """Each tag's score: its match points, and one point for each different hint.

        A hint said again and again is still one word: only different hints add up, so
        one hint word, however often repeated, never assigns a tag. What the `weak` text
        (the paper's evaluation) says only ever counts as hints.
        """
        return {t: e.score for t, e in self._scored(text, keywords, weak, [], []).items()}

    def _scored(
        self, text: str, keywords: list[str], weak: str, said: list[str], more: list[str]
    ) -> dict[int, Evidence]:
        """Each tag's evidence; `said` and `more` are filled with the text's and the weak
        text's words (the field models read them)."""
        said += [singular(w) for w in WORD.findall(text)]
        found = self._evidence(text, keywords, cased=said)
        for evidence in found.values():
            evidence.own = True
        if weak:
            # A field (computer vision, language, speech) the paper's own sentences speak of
            # shows in what it is evaluated on too: its evidence there counts in full. A field
            # only the evaluation names is where the paper was tested (an optimizer on CIFAR),
            # not what it is about: hints only.
            more += [singular(w) for w in WORD.findall(weak)]
            for tag, seen in self._evidence(weak, [], weak=True, cased=more).items():
                own = tag in found and (found[tag].points > 0 or bool(found[tag].hints))
                evidence = found.setdefault(tag, Evidence())
                if tag in self.fields and own:
                    evidence.points += seen.weak_points
                evidence.weak_points += seen.weak_points
                evidence.hints.update(seen.hints)
        return found

    def _needed(self, tag: int, scores: dict[int, int]) -> int:
        """The score that assigns the tag: less when it has rivals and none is in evidence."""
        rivals = self.rivals[tag]
        if rivals and all(scores.get(r, 0) < ASSIGN for r in rivals):
            return ALONE
        return ASSIGN

    def _fields(self, found: dict[int, Evidence], scores: dict[int, int], words: set[str]) -> None:
        """Let each field's word model veto or give the field (see `FieldModel`)."""
        given = {t for t, s in scores.items() if s >= self._needed(t, scores)}
        likely: dict[int, float] = {}

        def probability(tag: int) -> float:
            if tag not in likely:
                likely[tag] = self.models[tag].probability(words)
            return likely[tag]

        for tag, model in self.models.items():
            evidence = found.get(tag)
            if evidence is None or scores.get(tag, 0) <= 0:
                continue
            if tag in given:
                sure = evidence.points >= FIELD_SURE or evidence.named
                # A field only hints speak for must be as near as one the rules fall short
                # on: "CNN" and "convolutional" in a knowledge-graph paper are no vision; two
                # words naming what it studies ("images", "visual") speak as a phrase does.
                bar = (
                    model.add
                    if evidence.points == 0 and self._subjects(tag, evidence) < 2
                    else model.keep
                )
                if not sure and probability(tag) < bar:
                    # A passing field, and the subfields only its hints brought ("videos" in
                    # a list of what a graph model applies to).
                    scores[tag] = 0
                    for child in self.descendants[tag]:
                        if child in scores and found[child].points == 0:
                            scores[child] = 0
            elif (
                self._said_enough(tag, evidence)
                and probability(tag)
                >= (
                    model.add
                    if evidence.points or len(evidence.hints) > 1
                    else max(model.add, ONE_WORD)
                )
                and all(probability(other) < model.rival for other in self.models if other != tag)
            ):
                scores[tag] = ASSIGN

    def _said_enough(self, tag: int, evidence: Evidence) -> bool:
        """Whether a field short of the rules' bar says enough for its word model to give it:
        a phrase, two hints, one of its phrases in the evaluation ("on optical flow
        datasets"), or one hint naming what the field studies ("images"), not a tool any
        paper may use ("convolutional", "GANs", "MNIST") or a word the field merely says
        often ("category", "surface")."""
        if evidence.points or evidence.weak_points or len(evidence.hints) > 1:
            return True
        return self.slugs[tag] not in SUBJECTS or self._subjects(tag, evidence) > 0

    def _subjects(self, tag: int, evidence: Evidence) -> int:
        """How many of the field's hints name what it studies (`SUBJECTS`)."""
        return len(evidence.hints & SUBJECTS.get(self.slugs[tag], frozenset()))

    def _passing_fields(
        self, found: dict[int, Evidence], scores: dict[int, int], ranked: list[int]
    ) -> None:
        """Leave out of `ranked` a field said once beside a rival far ahead: "a method proposed
        in computer vision" or "a point cloud" in a language-model paper is no vision paper.
        The field goes with its subfields, whose phrase it was."""
        # A paper across fields (vision and language, audio and video) speaks of each.
        if self.across is not None and self.across in found:
            return
        for tag in self.fields:
            family = {tag, *self.descendants[tag]}
            seen = [found[t] for t in family if t in found]
            points = sum(e.points for e in seen)
            if not seen or points > MATCH or any(e.named for e in seen):
                continue
            said = points + HINT * len(set().union(*(e.hints for e in seen)))
            if said <= MATCH + HINT and any(
                scores.get(r, 0) >= RIVAL_AHEAD * said for r in self.field_rivals[tag]
            ):
                ranked[:] = [t for t in ranked if t not in family]

    def assign(self, text: str, keywords: list[str], weak: str = "") -> list[str]:
        said: list[str] = []
        more: list[str] = []
        found = self._scored(text, keywords, weak, said, more)
        scores = {t: e.score for t, e in found.items()}
        # What each tag needs is set by the rivals' evidence before a field's word model
        # vetoes one: "CNN" beside a vetoed "sequence-to-sequence" still faces its rival.
        needed = {t: self._needed(t, scores) for t in scores}
        ruled = dict(scores)
        if self.models and any(scores.get(t, 0) > 0 for t in self.models):
            words = {w.lower() for w in (*said, *more) if not w.isdigit()}
            self._fields(found, scores, words)
        ranked = sorted(
            (
                t
                for t, s in scores.items()
                if s >= needed.get(t, ASSIGN)
                and t != self.fallback
                and (t not in self.claimed or found[t].points + found[t].weak_points > 0)
            ),
            key=lambda t: (-scores[t], t),
        )
        self._passing_fields(found, scores, ranked)
        for tool in self.tools & set(ranked):
            evidence = found[tool]
            if not (
                evidence.named
                or evidence.points >= 2 * MATCH
                or (
                    scores[tool] >= max(scores[t] for t in ranked) and not self.fields & set(ranked)
                )
            ):
                ranked.remove(tool)
        # No more tags than the paper supports: one far behind the best is a passing mention
        # (a field, computer vision or language, says where the paper belongs, and stays).
        if ranked:
            floor = scores[ranked[0]] * SUPPORTED
            ranked = [t for t in ranked if scores[t] >= floor or t in self.fields]
            ranked = [
                t
                for t in ranked
                if t not in self.in_passing
                or not self._one_phrase(found[t])
                or scores[ranked[0]] < ONE_PHRASE_AHEAD * scores[t]
            ]
        chosen: set[int] = set()
        for tag in ranked:
            wanted = {tag, *self.ancestors[tag]} - chosen
            if len(chosen) + len(wanted) <= MAX_TAGS:
                chosen |= wanted
            if len(chosen) == MAX_TAGS:
                break
        if not chosen:
            # No tag in full evidence: the one clearly ahead with two hints beside each other,
            # before the fallback says nothing (a claimed tag still needs its claim: "dataset"
            # and "benchmark" said of the evaluation are none).
            best = sorted(
                (s, -t)
                for t, s in scores.items()
                if t != self.fallback
                and (t not in self.claimed or found[t].points + found[t].weak_points > 0)
            )[-2:]
            if best and best[-1][0] >= ALONE and (len(best) < 2 or best[0][0] < best[-1][0]):
                tag = -best[-1][1]
                chosen = {tag, *self.ancestors[tag]}
        if not chosen:
            chosen = self._vetoed_field(found, scores, ruled, needed)
        return [self.slugs[t] for t in sorted(chosen or {self.fallback})]

    @staticmethod
    def _one_phrase(evidence: Evidence) -> bool:
        """Whether one phrase said once is all that speaks for a tag: no hint beside it, no
        author keyword, nothing of it in the evaluation."""
        return (
            evidence.points == MATCH
            and not evidence.hints
            and not evidence.weak_points
            and not evidence.named
        )

    def _vetoed_field(
        self,
        found: dict[int, Evidence],
        scores: dict[int, int],
        ruled: dict[int, int],
        needed: dict[int, int],
    ) -> set[int]:
        """For a paper no tag is left to: a field its rules gave and its venues' words
        vetoed, when nothing else comes near (twice its score) and a phrase of the field
        or two words naming what it studies speak for it: "images" and "pixels" in a
        density model of images say computer vision, where the fallback says nothing."""
        for tag in sorted(self.models, key=lambda t: -ruled.get(t, 0)):
            score = ruled.get(tag, 0)
            if scores.get(tag, 0) or score < needed.get(tag, ASSIGN):
                continue
            if not found[tag].points and self._subjects(tag, found[tag]) < 2:
                continue
            others = max((s for t, s in scores.items() if t != tag), default=0)
            if score >= 2 * others:
                return {tag, *self.ancestors[tag]}
        return set()


def matcher(taxonomy: Taxonomy) -> Matcher:
    """The taxonomy's matcher, built on first use and kept with the taxonomy."""
    found = taxonomy.memo.get(_MEMO)
    if not isinstance(found, Matcher):
        found = taxonomy.memo[_MEMO] = Matcher(taxonomy)
    return found


# Where the code or data is: no evidence of what the paper is about ("source code is
# available" is no code generation, "we release the dataset" no benchmark).
_BOILERPLATE = re.compile(
    r"https?://|github\.com|\bwww\.|\b(?:code|codes|implementation|software|models?|data|"
    r"datasets?|project\s+page|website|benchmark)\b[^.;]{0,60}\b(?:available|released?|"
    r"published|public(?:ly)?|open[\s\-]sourced?|found|accessible|online)\b|"
    r"\b(?:release|releasing|publish|share|open[\s\-]source)\w*\s+(?:[\w\-]+\s+){0,3}"
    r"(?:code|codes|implementation|software)\b",
    re.I,
)
# Every sentence `_BOILERPLATE` finds holds one of these: a cheap look first.
_MAYBE_BOILERPLATE = re.compile(
    r"http|github|www\.|availab|releas|publish|public|open|found|accessib|online|shar", re.I
)
# What the paper is evaluated on: its datasets, baselines, numbers. Its fields there ("image
# classification and speech recognition" for an optimizer) are hints, not the paper's topic.
_EVALUATION = re.compile(
    r"\b(?:experiments?|experimental(?:ly)?|evaluat(?:e|ed|es|ing|ion|ions)|empirical(?:ly)?|"
    r"benchmarks?|datasets?|results?\s+(?:show|demonstrate|indicate|suggest|on|confirm)|"
    r"outperform\w*|surpass\w*|state[\s\-]of[\s\-]the[\s\-]art|accuracy|applied\s+to|"
    r"when\s+applied|appl(?:y|ied)\s+(?:[\w\-]+\s+){1,4}to\s+(?:the\s+)?tasks?|tested|"
    r"ablations?|simulations?\s+(?:show|on)|(?:obtain|achiev)\w*\s+(?:[\w\-]+\s+){0,3}results|"
    r"application\s+to|we\s+(?:test|validate|"
    r"demonstrate|verify|show\s+(?:empirically|experimentally)))\b",
    re.I,
)


_ASIDE = re.compile(
    r"\((?:e\.g\.|i\.e\.|such\s+as|including|like)[^()]*\)|"
    r",?\s*(?:e\.g\.,?|such\s+as|\bincluding\b)[^.;()]*"
)
# Every aside `_ASIDE` finds holds one of these: a cheap look first.
_ASIDE_WORDS = ("e.g", "i.e.", "such", "includ", "(like")
# A list of three or more fields or uses ("for causal inference, domain adaptation, class
# imbalance, and off-policy reinforcement learning"): where a method applies, not its topic.
_LIST = re.compile(
    r"(?:\b[\w\-]++(?:\s[\w\-]++){0,3}+,\s){2,}+(?:and|or)\s[\w\-]++(?:\s[\w\-]++){0,3}+"
)
# Fields named together ("has advanced natural language processing and computer vision",
# "pre-training methods exist in computer vision and NLP") are where an idea comes from or
# has succeeded, not what the paper is about: no evidence, not even of its evaluation.
_FIELD = (
    r"(?:[Cc]omputer\s+[Vv]ision|[Nn]atural\s+[Ll]anguage\s+(?:[Pp]rocessing|[Uu]nderstanding)|"
    r"NLP|[Ss]peech\s+(?:[Rr]ecognition|[Pp]rocessing)|[Aa]udio\s+[Pp]rocessing)"
)
_FIELDS_NAMED = re.compile(rf"\b{_FIELD}(?:\s*,\s*{_FIELD})*,?\s+(?:and|or)\s+{_FIELD}\b")
# Every pair `_FIELDS_NAMED` finds holds one of these: a cheap look first.
_FIELD_WORDS = ("ision", "anguage", "NLP", "peech", "udio")
# "We present experiments on the ADNI dataset" claims its evaluation, not a dataset.
_EVALUATED = re.compile(
    r"\bwe\s+(?:also\s+|further\s+|then\s+)?(?:present|report|provide|conduct|perform)\s+"
    r"(?:[\w\-]+\s+){0,2}(?:experiments?|results|evaluations?|empirical)",
    re.I,
)


def _aside(pattern: re.Pattern[str], sentence: str, weak: list[str]) -> str:
    """The sentence without what `pattern` finds, which goes to `weak`."""
    kept: list[str] = []
    start = 0
    for found in pattern.finditer(sentence):
        weak.append(found.group())
        kept.append(sentence[start : found.start()])
        start = found.end()
    if not start:
        return sentence
    kept.append(sentence[start:])
    return " ".join(kept)


def split_evidence(text: str, said: list[str] | None = None) -> tuple[str, str]:
    """The text in two: what the paper says it does and is about, and its evaluation (weak
    evidence); sentences giving where the code or data is are left out of both. `said`: the
    text's sentences, when they are at hand."""
    if not text:
        return "", ""
    own: list[str] = []
    weak: list[str] = []
    for sentence in sentences(text) if said is None else said:
        if _MAYBE_BOILERPLATE.search(sentence) and _BOILERPLATE.search(sentence):
            continue
        if _EVALUATION.search(sentence) and (
            not claim_matches("propose", sentence) or _EVALUATED.search(sentence)
        ):
            weak.append(sentence)
            continue
        # An example or an aside in brackets ("tasks (e.g. video memorability)") is no topic,
        # nor is a list of where a method applies.
        if any(word in sentence for word in _ASIDE_WORDS):
            sentence = _aside(_ASIDE, sentence, weak)
        if sentence.count(", ") >= 2:
            sentence = _aside(_LIST, sentence, weak)
        if sum(word in sentence for word in _FIELD_WORDS) >= 2:
            sentence = _FIELDS_NAMED.sub(" ", sentence)
        own.append(sentence)
    return " ".join(own), " ".join(weak)


def assign_tags(
    text: str, keywords: list[str], taxonomy: Taxonomy, said: list[str] | None = None
) -> list[str]:
    """One to six taxonomy tags, most specific (earliest in the taxonomy) first. `said`: the
    text's sentences, when they are at hand."""
    own, weak = split_evidence(text, said)
    return matcher(taxonomy).assign(own, keywords, weak)
