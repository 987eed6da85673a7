"""How good derivation is, measured on labelled papers: `digest measure papers.jsonl.gz`.

Each paper's title, TL;DR and author keywords are hidden, the paper goes through the same
`derive` as a real build, and what comes out is compared with what the authors wrote:

- titles: named titles recovered (one-word names and names of two to four words), unnamed
  titles led by a name anyway, the failure kinds a reader notices (a fragment's first or
  last word, we/our, quotes, brackets, math, glued words, a bare word, a junk name, a
  sentence), and the mean token F1 between the derived and the real title;
- TL;DRs that start by pointing back ("However, ...") or hold raw LaTeX;
- result facts cut mid-word or a bare number with no measure named;
- tags by venue family (vision, NLP, robotics, theory: the field the venue implies), tags
  that one hint word assigned, and agreement with author keywords that name a tag;
- coverage of summaries, facts and links, and the time derivation takes per 1,000 papers.

The corpus is split once by a fixed rule (`split_of`): a paper whose id hashes into the
measuring part is never used to develop or train the derivation.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
import textwrap
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from generator.derive import MAX_TITLE, derive
from generator.derive.summary import unsaid_at, unsaid_pattern
from generator.derive.tags import assign_tags, matcher
from generator.derive.words import unbroken
from generator.model import Derived, Paper
from generator.taxonomy import Taxonomy
from generator.text import plain_text

#: A real title that leads with a name: one token with a capital or a digit, then a colon.
NAMED_TITLE = re.compile(r"^(?P<name>[^\s:]*[A-Z0-9][^\s:]*):\s")
#: A real title that leads with a name of two to four capitalized words: "Snapshot Ensembles:".
NAMED_PHRASE = re.compile(
    r"^(?P<name>[A-Z0-9][^\s:]*(?:\s+(?:(?:of|and|for|the|to|in|on|a)\s+)?[A-Z0-9][^\s:]*){1,3}):\s"
)
#: What a clean title must not hold: Markdown emphasis, code, links, HTML, LaTeX.
MARKUP = re.compile(r"[*`$\\{}<>]|\]\(|(?<!\w)_|_(?!\w)")
FALLBACK = "deep-learning"

#: The share of papers measured on: an id whose hash falls in the first 3 of 10 buckets.
MEASURE_BUCKETS = 3
SPLITS = ("measure", "develop", "all")


def split_of(paper: Paper) -> str:
    """`measure` or `develop`: a fixed rule on the paper's id, the same on every machine."""
    bucket = int(hashlib.sha256(paper.id.encode("utf-8")).hexdigest()[:8], 16) % 10
    return "measure" if bucket < MEASURE_BUCKETS else "develop"


def in_split(papers: Iterable[Paper], split: str) -> list[Paper]:
    return [p for p in papers if split == "all" or split_of(p) == split]


@dataclass(frozen=True)
class Family:
    """Venues of one field, and the tag their papers should carry."""

    name: str
    venues: tuple[str, ...]
    tag: str = ""
    target: float = 0.0  # percent that should carry the tag; 0: reported only


FAMILIES = (
    Family(
        "vision", ("CVPR", "ICCV", "ECCV", "WACV", "BMVC", "ACCV", "3DV"), "computer-vision", 97
    ),
    Family(
        "NLP",
        ("ACL", "EMNLP", "NAACL", "EACL", "AACL", "COLING", "CoNLL", "TACL", "LREC"),
        "nlp",
        97,
    ),
    Family("robotics", ("CoRL", "ICRA", "IROS", "RSS", "RA-L", "Humanoids"), "robotics"),
    Family("theory", ("COLT", "ALT", "STOC", "FOCS", "SODA"), "learning-theory"),
    Family("machine learning", ("ICLR", "ICML", "NeurIPS", "NIPS", "AISTATS", "UAI", "TMLR")),
)
VISION_TAG = "computer-vision"
#: NLP papers tagged computer vision count only when the abstract never speaks of seeing.
SEES = re.compile(r"\b(?:image|video|vision|visual|pixel|photo)", re.I)
NLP_AS_VISION_TARGET = 1.0


_FAMILY_OF = {v.casefold(): f for f in FAMILIES for v in f.venues}
# The venue's name as people write it: "CVPR 2018", "cvpr2018", "CVPR'18", "NeurIPS-2019",
# "Proceedings of ACL 2022": letters (and a hyphen inside, "RA-L"), then a year or nothing.
_VENUE_WORD = re.compile(r"[A-Za-z][A-Za-z\-]*[A-Za-z]|[A-Za-z]")


def venue_name(venue: str) -> str:
    """The venue's name without its year or edition: "cvpr2018" → "cvpr"."""
    words = _VENUE_WORD.findall(venue)
    known = next((w for w in words if w.casefold() in _FAMILY_OF), "")
    return known or (words[0] if words else "")


def family_of(venue: str) -> Family | None:
    """The field of a venue however its name is written: "CVPR 2018", "cvpr2018", "CVPR'18"."""
    return _FAMILY_OF.get(venue_name(venue).casefold())


# --- title checks: each is one failure kind a reader notices ------------------------------

_FUNCTION_STARTS = """
    that it its these this those in whether but and or however moreover furthermore
    therefore thus hence also then to of for with by on as at from which where while when
    if since because although though unlike such there their they we our due despite
    additionally specifically finally first second instead rather both either neither
    so yet i.e e.g namely respectively further besides meanwhile consequently
"""
FUNCTION_STARTS = frozenset(_FUNCTION_STARTS.split())
_DANGLING_ENDS = """
    a an the of for and or to in on with by via from that which as at its their our is are
    into using based through towards toward without under between among while than this
    these those both such can we it be been being was were has have onto over upon within
    designed respectively large e.g i.e etc show shows whose when if because not more most
    very also each how what where who whether so but named called termed dubbed
"""
DANGLING_ENDS = frozenset(_DANGLING_ENDS.split())
WE_OUR = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Oo]urs|us)\b")
STRAY_QUOTE = re.compile(r"[\"“”‘’`]|''|(?<![\w])'|'(?![\w])")
BRACKET = re.compile(r"[()\[\]{}]")
MATH = re.compile(
    r"[=^_\\$|<>≤≥∈∑∫∞·]|[A-Za-z][α-ωΑ-Ω]|[α-ωΑ-Ω][A-Za-z]|\b[a-zA-Z]\s*\(\s*[a-zA-Z0-9]"
)
GLUED = re.compile(r"[a-z]{2,}\.[A-Z][a-z]")
#: A name that is not the paper's: a number format, a site, a "-based" word, a glued pair.
JUNK_NAME = re.compile(
    r"^(?:(?:BF|FP|INT|TF|UINT)\d+|\d+-?bits?|GitHub|GitLab|URL|URLs|HTTP\w*|"
    r"[\w\-]+-based|[\w\-]+-like|[a-z]+\.[A-Z]\w*)$",
    re.I,
)
#: A finite verb: a derived title that reads as a sentence (background, a result, a remark).
SENTENCE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|can|could|will|would|should|may|might|must|does|"
    r"do|did|remains|emerged|shows?|showed|achieves|outperforms|improves|plays?)\b"
)
RELATIVE = re.compile(r"\b(?:that|which|who|whose)\b")
#: A title about what others did or the field holds, not the paper's contribution:
#: "Recent progress in few-shot classification", "Existing techniques".
OTHERS_WORK = re.compile(
    r"^(?:recent|existing|current|most|many|previous|prior|conventional|traditional|several|"
    r"numerous)\b(?!-)",
    re.I,
)
LEADING_NAME = re.compile(r"^(?P<name>(?:\S+\s+){0,3}?\S+):\s")


def _words(title: str) -> list[str]:
    return re.findall(r"[\w][\w\-.'’+]*", title)


def title_failures(derived: str, real: str) -> list[str]:
    """The failure kinds a derived title shows, compared with the real title."""
    kinds: list[str] = []
    lead = LEADING_NAME.match(derived)
    name = lead["name"] if lead else ""
    phrase = derived[lead.end() :] if lead else derived
    starts = [w.lower().strip(",.") for w in (_words(derived)[:1] + _words(phrase)[:1])]
    if any(w in FUNCTION_STARTS for w in starts):
        kinds.append("function-word start")
    words = _words(derived)
    if words and words[-1].lower().rstrip(".") in DANGLING_ENDS:
        kinds.append("dangling end")
    if WE_OUR.search(derived):
        kinds.append("we/our")
    if STRAY_QUOTE.search(derived):
        kinds.append("stray quote")
    if BRACKET.search(derived):
        kinds.append("bracket")
    if MATH.search(derived):
        kinds.append("math")
    if GLUED.search(derived):
        kinds.append("glued words")
    if len(derived.split()) <= 1:
        real_name = NAMED_TITLE.match(real)
        if not real_name or real_name["name"].casefold() != derived.casefold():
            kinds.append("bare word")
    if name and JUNK_NAME.match(name):
        kinds.append("junk name")
    verb = SENTENCE.search(phrase)
    if verb and not RELATIVE.search(phrase[: verb.start()]):
        kinds.append("sentence")  # "that is stable": a relative clause, not a sentence
    if OTHERS_WORK.match(phrase):
        kinds.append("others' work")
    return kinds


TITLE_KINDS = (
    "function-word start",
    "dangling end",
    "we/our",
    "stray quote",
    "bracket",
    "math",
    "glued words",
    "bare word",
    "junk name",
    "sentence",
    "others' work",
)
#: Reported with no target.
REPORTED_ONLY = ("junk name", "sentence", "others' work")
TITLE_TARGETS = {kind: 0.5 for kind in TITLE_KINDS if kind not in REPORTED_ONLY}


# --- what a reader judges: whose name leads, capitals, where the phrase comes from ---------

_WORD_OF = re.compile(r"[^\W_][\w\-'’]*")
#: Capitals typed to spell an acronym inside a word: "DEnoiser", "HIerarchical", "samPling".
ODD_CAPITALS = re.compile(r"^(?:[A-Z]{2}[a-z]{4,}|[a-z]{3,}[A-Z][a-z]+)$")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\(\s*)$")


def _mid_sentence_cases(word: str, text: str) -> tuple[int, int]:
    """How often the abstract writes the word in lower case, and with a capital, mid-sentence."""
    lower = capital = 0
    for found in re.finditer(rf"(?<![\w\-]){re.escape(word)}(?![\w\-])", text, re.I):
        if _SENTENCE_START.search(text[max(0, found.start() - 3) : found.start()]):
            continue
        if found.group().islower():
            lower += 1
        else:
            capital += 1
    return lower, capital


_SMALL = "of for and the a an in on with to via by from at or as"
_SMALL_WORDS = frozenset(_SMALL.split())


def _beside(words: list[str], at: int, step: int) -> str:
    """The nearest word before or after that is not a small word ("with", "of")."""
    at += step
    while 0 <= at < len(words) and words[at].lower() in _SMALL_WORDS:
        at += step
    return words[at] if 0 <= at < len(words) else ""


def stray_capitals(title: str, abstract: str) -> bool:
    """Whether a title has capitals that are not a name's or a proper noun's: a word the
    abstract writes in lower case elsewhere ("Quantitative Strategy Logic for mechanism
    Design"), capitals that spell an acronym inside a word ("DEnoiser", "augmentatIon"), or a
    name cut in two ("probabilistic Sentential Decision Diagram")."""
    lead = LEADING_NAME.match(title)
    phrase = title[lead.end() :] if lead else title
    words = _WORD_OF.findall(phrase)
    for n, word in enumerate(words):
        if n == 0 or word.islower() or word.isupper() or any(c.isdigit() for c in word):
            continue
        lower, capital = _mid_sentence_cases(word, abstract)
        if ODD_CAPITALS.match(word) and lower:
            return True
        if re.fullmatch(r"[A-Z][a-z]+", word):
            before, after = _beside(words, n, -1), _beside(words, n, 1)
            alone = before.islower() and (not after or after.islower())
            if alone and lower > capital:
                return True  # one word capitalized among lower-case ones, lower-case elsewhere
            if (
                before.islower()
                and before.isalpha()
                and re.search(
                    rf"\b{re.escape(before.capitalize())}\s+{re.escape(word)}\b", abstract
                )
            ):
                return True  # the name's first word left in lower case
    return False


#: Where the abstract makes a name its own: "we propose X", "called X", "X, a ...", "our X".
_OWNED_BEFORE = (
    r"(?:\b(?:propos|introduc|present|develop|design|devis|formulat|construct|build|buil|"
    r"releas|creat|contribut|conduct|train|call|nam|dub|term|coin|refer\w*\s+to\s+as|denot)\w*"
    r"\b(?:[^.;]|\b[ie]\.[eg]\.){0,100}|"
    r"\b(?:our|the\s+proposed|the\s+resulting)\s+(?:[\w\-]+,?\s+){0,3}|github\.com/[\w\-.]+/)"
)
_OWNED_AFTER = (
    r"(?:\s*\([^()]{0,80}\))?\s*(?:,\s*(?:a|an|the|our|which|that)\b|:\s*(?:a|an)\b|"
    r"\s+is\s+(?:a|an)\b)"
)


def owned_name(name: str, abstract: str) -> bool:
    """Whether the abstract introduces the name as its own work."""
    escaped = re.escape(name)
    return (
        re.search(rf"{_OWNED_BEFORE}(?<![\w\-]){escaped}(?![\w\-])", abstract, re.I) is not None
        or re.search(rf"(?<![\w\-]){escaped}(?![\w\-]){_OWNED_AFTER}", abstract) is not None
        # "the Point-to-Box Network (P2BNet)" after an intro verb: its acronym.
        or re.search(rf"{_OWNED_BEFORE}\(\s*{escaped}\s*\)", abstract, re.I) is not None
    )


def others_name_leads(title: str, real: str, abstract: str) -> bool:
    """Whether the derived title leads with a name that is not the paper's own: the real
    title leads with another name, or the abstract never introduces it as its own."""
    lead = LEADING_NAME.match(title)
    if lead is None:
        return False
    name = lead["name"]
    # Only a coined name counts as the real title's ("SQLNet:"), not a phrase in capitals
    # ("Learning to Repeat:").
    theirs = NAMED_TITLE.match(real)
    if theirs is not None:
        other = theirs["name"].casefold()
        if name.casefold() not in other and other not in name.casefold():
            return True
    return not owned_name(name, abstract)


_OWN_SENTENCE = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Tt]his\s+(?:paper|work|study|article))\b")
#: A title made of the evaluation: "Extensive simulations for ...", "Empirical results on ...".
EVALUATION_TITLE = re.compile(
    r"^(?:(?:extensive|empirical|experimental|numerical|comprehensive|thorough|systematic)\s+)?"
    r"(?:results?|experiments?|simulations?|evaluations?|ablations?|comparisons?)\b",
    re.I,
)


def background_title(title: str, abstract: str) -> bool:
    """Whether a title without a name is a phrase of the background: its words are found only
    in sentences before the paper first speaks of its own work."""
    if LEADING_NAME.match(title):
        return False
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z])", abstract)
    own = next((i for i, p in enumerate(parts) if _OWN_SENTENCE.search(p)), None)
    if own is None or own == 0:
        return False
    head = " ".join(title.split()[:4]).casefold()
    where = [i for i, p in enumerate(parts) if head in p.casefold()]
    return bool(where) and all(i < own for i in where)


def bare_topic(title: str) -> bool:
    """A title of two words or fewer and no name: "Neural networks", "Acoustic model"."""
    words = title.split()
    return (
        len(words) <= 2
        and LEADING_NAME.match(title) is None
        and not any(re.search(r"[A-Z].*[A-Z0-9]|\d", w) for w in words)
    )


def tokens(title: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", title.lower())


def token_f1(derived: str, real: str) -> float:
    """Token-level F1 between two titles: shared words over the words of each."""
    got, want = Counter(tokens(derived)), Counter(tokens(real))
    shared = sum((got & want).values())
    if not shared:
        return 0.0
    precision, recall = shared / sum(got.values()), shared / sum(want.values())
    return 2 * precision * recall / (precision + recall)


# --- TL;DR and fact checks -----------------------------------------------------------------

BACK_REFERENCE = re.compile(
    r"^(?:However|Therefore|Thus|Hence|Moreover|Furthermore|Additionally|In\s+addition|"
    r"Consequently|As\s+a\s+result|In\s+contrast|Instead|Besides|Also|Then|Finally|"
    r"Specifically|Second|Secondly|Third|Further|Meanwhile|Nevertheless|Nonetheless|"
    r"To\s+(?:address|tackle|solve|overcome|mitigate|fill|bridge|remedy|alleviate|handle|"
    r"resolve)\s+(?:this|these|that|those|the\s+above|such)|To\s+this\s+end|For\s+this|"
    r"In\s+this\s+(?:way|case|setting|regard|context)|It|They|Such|These|Those|"
    r"This\s+(?!paper|work|study|article|thesis|note|report|survey|tutorial|position)\w+)\b"
)
#: An opening that only connects, whatever else it says: "More precisely,", "Concretely,".
CONNECTIVE_OPENER = re.compile(
    r"^(?:[A-Z][a-z]{2,}ly|However|Therefore|Thus|Hence|Moreover|Furthermore|Besides|Also|"
    r"Then|Instead|Meanwhile|Nevertheless|Nonetheless|Here|Next|First|Second|Third|Overall|"
    r"Still|Yet|Again|Indeed|Likewise|Otherwise|Further|Rather|Nowadays|"
    r"In\s+(?:addition|particular|contrast|summary|short|turn|fact|general|practice|doing\s+so|"
    r"this\s+\w+|light\s+of\s+\w+(?:\s+\w+)?)|More\s+\w+|Most\s+\w+|"
    r"(?:To|In\s+order\s+to)\s+\w+\s+(?:this|these|those|such|the\s+(?:issue|problem|"
    r"limitation|gap|challenge)s?)\b[^,]{0,60}|"
    r"As\s+(?:a\s+result|such|a\s+consequence)|On\s+(?:the\s+other\s+hand|top\s+of\s+\w+)|"
    r"To\s+(?:this|that|these)\s+\w+|For\s+(?:example|instance|this\s+\w+)|"
    r"(?:Based|Building|Inspired|Motivated|Guided|Driven)\s+(?:on|upon|by)\s+(?:this|these|that|"
    r"those|such)\b[^,]{0,60})\s*,"
)
#: A phrase pointing back to a sentence the TL;DR does not hold: "this manual process",
#: "these modules", "the two designs", "such models", "as follows" (not "this paper").
POINTING_BACK = re.compile(
    r"\b(?P<det>this|these|those|such|the\s+(?:two|three|aforementioned|above|former|latter))"
    r"\s+(?!(?:paper|work|study|article|as|that|a|an)\b)(?P<noun>[a-z][\w\-]*)|"
    r"\bas\s+follows\b|\bthe\s+following\s*[.:]?$",
    re.I,
)
#: "those" standing for what the sentence named, with what was done to them: "than those
#: commonly used", "those obtained by standard learning algorithms", "those currently available".
THOSE_DONE = re.compile(
    r"those\s+(?:[a-z]+ly\s+[a-z]+(?:ed|en|able|ible)\b|[a-z]+(?:ed|en|able|ible)\s+(?:by|in|"
    r"with|from|for|at|on|under|to|through|via|during)\b)",
    re.I,
)
LEADING_PRONOUN = re.compile(
    r"^(?:[Ww]e\s+(?:\w+\s+){0,2}(?:that|how|why|whether)\s+)?(?:it|they|its|their|them)\b"
    # ... not "it" standing for what follows: "We show that it is feasible to select X".
    r"(?!\s+(?:is|was)\s+(?:(?:not|also|indeed|both)\s+)*(?:[\w\-]+\s+(?:and|or)\s+)?"
    r"(?:possible|feasible|useful|necessary|important|beneficial|sufficient|hard|difficult|easy|"
    r"impossible|NP-hard|provably\s+\w+|computationally\s+\w+)\s+(?:to|that|for|whether)\b)",
    re.I,
)
#: LaTeX a reader would see: a dollar, a command, a raised group, braces glued to a word
#: ("Nystr{ö}m", "extbf{G}") or left by a lost command ("{f randomness}").
# ("{0,1}ⁿ" is LaTeX written out: a superscript after a brace is text.)
# ... and a command's name left glued to the text it applied to ("operatornameS").
RAW_LATEX = re.compile(
    r"\$|\\[A-Za-z]+|[_^]\{|\w\{|\}[A-Za-z0-9_]|\{[a-z]\s|\bext(?:bf|it)\b|"
    r"(?<![A-Za-z])(?:operatorname|mathbf|mathrm|mathcal|mathbb|mathit|textbf|textit|textrm|"
    r"boldsymbol|expandafter|romannumeral)(?=[A-Za-z{])"
)


# "Instead of X, we ...", "In addition to X, we ...": the opening says what it sets against.
_SAYS_WHAT = re.compile(r"^(?:Instead\s+of|In\s+(?:addition|contrast)\s+to|As\s+a\s+result\s+of)\b")


def tldr_cut(summary: str) -> bool:
    """Whether the TL;DR is cut with "…": an ellipsis not in a list ("x₁, …, xₙ")."""
    for found in re.finditer(r"\.\.\.|…", summary):
        before = summary[: found.start()].rstrip(" ")
        after = summary[found.end() :].lstrip(" ")
        if not (before.endswith(",") and after[:1] not in ("", ".")):
            return True
    return False


#: "Our approach ..." opening a TL;DR says nothing of which approach; "the gap" is the one the
#: sentence before named.
SAYS_NOT_WHICH = re.compile(
    # ("The proposed 3DROM method", "Our SiamMask model": a name says which)
    r"^(?:Our|The\s+proposed)\s+(?:(?![\w\-]*(?:\d|[a-z][A-Z]))\w+\s+)?(?:approach|method|model|"
    r"framework|algorithm|system|technique|architecture)s?\s+(?!\(|,|called|named|termed|dubbed|based\s+on)|"
    r"\bthe\s+gap\b(?!\s+between)"
)


#: The paper's own thing, or what it solves, named without saying which: "the proposed model",
#: "our method", "this framework", "these features", "the problem" (not "the problem of X",
#: "our method (DC3)", "the model called X", nor one the TL;DR itself introduced): the names
#: TL;DRs avoid (`summary.unsaid_pattern`), and "this X", "such X" a TL;DR may still say.
UNSAID = unsaid_pattern(
    made=r"[Tt]he|[Oo]ur|[Tt]his|[Tt]hese", ours=r"[Oo]ur|[Tt]his|[Tt]hese|[Tt]hose|[Ss]uch"
)


SAID_KIND = re.compile(
    r"\b(?:an?)\s+(?:[\w\-]+\s+){0,4}?(?:approach|method|model|framework|algorithm|technique|"
    r"system|solution|scheme|network|architecture|strategy|procedure|estimator|loss|layer|module)s?\b",
    re.I,
)


def _unsaid(summary: str) -> bool:
    return unsaid_at(summary, UNSAID, SAID_KIND) >= 0


#: A phrase the TL;DR names by its acronym: "the domain adaptation (DA) challenge", "the
#: context vectors (CoVe)" say which, whatever the abstract said before them.
_ACRONYM_AFTER = re.compile(r"(?:[\w\-]+\s+){0,3}?[\w\-]+\s+\([A-Z][\w\-]*[A-Z][\w\-]*\)")


def _demonstrative_mended(summary: str, abstract: str) -> bool:
    """Whether the TL;DR says "the X" where the abstract's sentence says "this X" or "these X":
    what it points to is still in the sentence before ("We extend this framework" → "We extend
    the framework")."""
    for found in re.finditer(r"(?:^|(?<=\s))the\s+(?=[a-z])", summary):
        before = summary[: found.start()].split()[-3:]
        after = summary[found.end() :].split()[:3]
        # "the basic problem of query complexity": what follows says which.
        if (
            not before
            or not after
            or "of" in after[1:]
            or _ACRONYM_AFTER.match(summary, found.end())
        ):
            continue
        after = after[:2]
        said = r"\s+".join(map(re.escape, before))
        pointed = rf"{said}\s+(?:this|these|those|such)\s+" + r"\s+".join(map(re.escape, after))
        if re.search(pointed, abstract):
            return True
    return False


def tldr_points_back(summary: str, abstract: str = "") -> bool:
    """Whether a TL;DR needs the sentence before it: it opens by pointing back ("This
    approach", "It"), names something by "this ..." it never said ("this manual process"),
    names the paper's own thing without saying which ("the proposed model", "our method") or
    says "the X" where its abstract's sentence points back ("this framework")."""
    opening = BACK_REFERENCE.match(summary)
    if opening and not _SAYS_WHAT.match(summary):
        return True
    if LEADING_PRONOUN.match(summary) or SAYS_NOT_WHICH.search(summary) or _unsaid(summary):
        return True
    if abstract and _demonstrative_mended(summary, abstract):
        return True
    for found in POINTING_BACK.finditer(summary):
        noun = found["noun"]
        if noun is None:
            return True  # "as follows"
        if THOSE_DONE.match(summary, found.start()):
            continue  # "than those commonly used": what the sentence named
        if not _named_before(summary, found):
            return True
    return False


def _named_before(summary: str, found: re.Match[str]) -> bool:
    """Whether what "this X" names, the TL;DR said before it: "a model ... this model", and
    past an adjective, "a notion of risk ... this dedicated risk", "unseen categories ... these
    novel categories" (not "the aforementioned X", which points outside whatever it names)."""
    before = summary[: found.start()]
    if found["noun"].lower()[:5] in before.lower():
        return True
    if found["det"].lower() not in ("this", "these", "those", "such"):
        return False
    second = re.findall(r"[\w\-]+", summary[found.end("noun") :])[:1]
    return any(re.search(rf"\b{re.escape(w[:5])}", before, re.I) for w in second if len(w) > 3)


#: Where a TL;DR speaks of the paper's own work: "we", "our", "this paper", "the proposed".
OWN_VOICE = re.compile(
    r"\b(?:[Ww]e|[Oo]ur|[Uu]s|[Tt]his\s+(?:paper|work|study|article|thesis|note|report|survey)|"
    r"[Hh]ere|[Tt]he\s+proposed|[Pp]ropos(?:e|es|ed|ing)|[Ii]ntroduc(?:e|es|ed|ing))\b|"
    # ... or said in the passive: "A new method for learning VAEs is developed".
    r"\b(?:is|are)\s+(?:\w+ly\s+)?(?:developed|proposed|presented|introduced|investigated|"
    r"formulated|applied|studied|derived|established|designed|constructed|analy[sz]ed|given|"
    r"provided|described|shown|proved|proven|obtained|devised)\b"
)
#: A TL;DR about the evaluation: "Experiments on X show ...", "We evaluate ...", "our method
#: outperforms ...".
EVALUATION = re.compile(
    r"^(?:(?:extensive|experimental|empirical|numerical|comprehensive|our|the|these|further|"
    r"quantitative|qualitative)\s+)*(?:experiments?|experimental|empirical|results?|evaluations?|"
    r"simulations?|ablations?|comparisons?)\b|"
    r"^(?:[A-Z][^,]{0,80},\s+)?we\s+(?:\w+ly\s+)?(?:evaluate|validate|test|benchmark|compare|"
    r"conduct|perform|run|report)\b|"
    # ... "We use experiments in both settings to verify our theory", "We give a number of
    # numerical simulations supporting our theory".
    r"^(?:[A-Z][^,]{0,80},\s+)?we\s+(?:also\s+)?(?:present|provide|give|show|use|employ|include)\s+"
    r"(?:the\s+|our\s+|an?\s+(?:[\w\-]+\s+)?(?:number|set|series|sequence|range|suite|variety)\s+of\s+)?"
    r"(?:(?!(?:an?|for|of|on|to|with|in)\s)[\w\-]+\s+(?:and\s+)?){0,3}"
    r"(?:experiments|simulations)\b|"
    r"\b(?:our|the\s+proposed)\s+(?:[\w\-]+\s+){0,3}?(?:approach|method|model|framework|algorithm|"
    r"technique|system|network|architecture|solution)s?\s+(?:[\w\-]+\s+){0,3}?(?:achiev|obtain|"
    r"outperform|surpass|beat)|"
    r"\bwe\s+(?:\w+ly\s+)?(?:achieve|obtain|set|establish)\s+(?:a\s+)?(?:new\s+)?"
    r"(?:state[\s\-]of[\s\-]the[\s\-]art|sota)",
    re.I,
)
#: Words that say nothing of what a contribution is: "We propose a novel method for this task."
_EMPTY_WORDS = """
    we our us this that these those the a an and or of for to in on with by from as at into is are
    be been can which it its paper work study article here propose proposes proposed present
    presents introduce introduces novel new simple effective efficient general generic first
    method methods approach approaches framework frameworks model models technique techniques
    algorithm algorithms system systems solution solutions scheme strategy task tasks problem
    problems issue issues setting challenge challenges way idea based address tackle solve
    overcome further also then both two three several main key contribution contributions
    effectively efficiently better improved improve performance
"""
EMPTY_WORDS = frozenset(_EMPTY_WORDS.split())


def says_little(summary: str) -> bool:
    """Whether a claim says too little to tell what it is: under three words beyond the empty
    ones ("We propose a simple yet effective method."), a name counting for two ("We propose a
    framework called TripleNet.")."""
    words = re.findall(r"[A-Za-z][\w\-]*", summary)
    said = [w for w in words[1:] if w.lower() not in EMPTY_WORDS]
    names = [w for w in said if any(c.isupper() for c in w)]
    return len(said) + len(names) < 3


def tldr_not_the_contribution(summary: str, method: str = "") -> str:
    """Why a TL;DR does not say what the paper does, or "": the evaluation instead of the
    contribution ("Experiments on X show ..."), the background ("Deep networks are vulnerable
    to ..."; no word of the paper's own work and not its method's name), or a contribution
    said so vaguely it says nothing ("We propose a novel method for this task.")."""
    if EVALUATION.search(summary):
        return "evaluation"
    if not OWN_VOICE.search(summary) and not (method and method in summary):
        return "background"
    if says_little(summary):
        return "vague"
    return ""


#: A result that says nothing: a bare number with no measure named.
BARE_NUMBER = re.compile(
    r"^(?:up\s+to\s+|over\s+|nearly\s+|about\s+|around\s+|approximately\s+)?"
    r"\d+(?:\.\d+)?\s?(?:%|×|x|-fold|times|points?|pp)?$"
)


def fact_failures(result: str, text: str) -> list[str]:
    kinds = []
    at = text.find(result)
    if at > 0 and text[at - 1].isalnum():
        kinds.append("result cut mid-word")
    if BARE_NUMBER.match(result):
        kinds.append("bare number")
    return kinds


# --- the measurement -----------------------------------------------------------------------


@dataclass
class Share:
    """A count out of a total, printed as a percentage."""

    hits: int = 0
    total: int = 0

    def add(self, hit: bool) -> None:
        self.total += 1
        self.hits += bool(hit)

    @property
    def percent(self) -> float:
        return 100.0 * self.hits / self.total if self.total else 0.0

    def __str__(self) -> str:
        return f"{self.percent:5.1f}% ({self.hits:,} of {self.total:,})"


def _shares(keys: Iterable[str]) -> dict[str, Share]:
    return {k: Share() for k in keys}


@dataclass
class FamilyTags:
    """How a venue family's papers were tagged."""

    family: Family
    papers: int = 0
    own: Share = field(default_factory=Share)
    vision: Share = field(default_factory=Share)  # tagged computer vision (NLP: never seeing)
    tags: Counter[str] = field(default_factory=Counter)


@dataclass
class Measurement:
    papers: int = 0
    split: str = "all"
    seconds: float = 0.0
    #: Processor time: what the derivation costs, however busy the machine is.
    cpu_seconds: float = 0.0
    named: Share = field(default_factory=Share)
    named_phrase: Share = field(default_factory=Share)
    unnamed_led_by_name: Share = field(default_factory=Share)
    others_name: Share = field(default_factory=Share)
    stray_capitals: Share = field(default_factory=Share)
    background_titles: Share = field(default_factory=Share)
    evaluation_titles: Share = field(default_factory=Share)
    bare_topics: Share = field(default_factory=Share)
    long_titles: Share = field(default_factory=Share)
    markup_titles: Share = field(default_factory=Share)
    title_kinds: dict[str, Share] = field(default_factory=lambda: _shares(TITLE_KINDS))
    f1_sum: float = 0.0
    tldr_back_reference: Share = field(default_factory=Share)
    tldr_connective: Share = field(default_factory=Share)
    tldr_cut: Share = field(default_factory=Share)
    tldr_latex: Share = field(default_factory=Share)
    #: TL;DRs that do not say what the paper does, by kind (evaluation, background, vague).
    tldr_not_contribution: Share = field(default_factory=Share)
    tldr_kinds: Counter[str] = field(default_factory=Counter)
    facts_mid_word: Share = field(default_factory=Share)
    facts_bare: Share = field(default_factory=Share)
    families: dict[str, FamilyTags] = field(default_factory=dict)
    unknown_venues: Counter[str] = field(default_factory=Counter)
    one_hint_tags: Share = field(default_factory=Share)
    keyword_agreement: Share = field(default_factory=Share)
    #: Of each tag derived on papers whose author keywords name a tag: keywords name it too.
    keyword_precision: dict[str, Share] = field(default_factory=dict)
    boilerplate_tags: Share = field(default_factory=Share)
    code_precision: Share = field(default_factory=Share)
    untagged: Share = field(default_factory=Share)
    fallback_only: Share = field(default_factory=Share)
    with_summary: Share = field(default_factory=Share)
    with_method: Share = field(default_factory=Share)
    with_datasets: Share = field(default_factory=Share)
    with_results: Share = field(default_factory=Share)
    with_links: Share = field(default_factory=Share)
    tags_per_paper: float = 0.0
    #: Up to `misses` examples of each failure kind: (real title or what was checked, derived).
    misses: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    wanted_misses: int = 0

    @property
    def seconds_per_1000(self) -> float:
        return 1000.0 * self.seconds / self.papers if self.papers else 0.0

    @property
    def cpu_per_1000(self) -> float:
        return 1000.0 * self.cpu_seconds / self.papers if self.papers else 0.0

    @property
    def mean_f1(self) -> float:
        return self.f1_sum / self.papers if self.papers else 0.0

    def miss(self, kind: str, real: str, derived: str) -> None:
        if not self.wanted_misses:
            return
        found = self.misses.setdefault(kind, [])
        if len(found) < self.wanted_misses:
            found.append((real, derived))


def hidden(paper: Paper) -> Paper:
    """The paper as an untitled input would give it: no title, TL;DR or keywords."""
    return dataclasses.replace(paper, title="", tldr="", keywords=[])


def leads_with_name(title: str) -> bool:
    return NAMED_TITLE.match(title) is not None


def keyword_tags(paper: Paper, taxonomy: Taxonomy) -> set[str]:
    """The taxonomy tags the paper's own author keywords name, by label or mapped keyword."""
    names: dict[str, str] = {}
    for tag in taxonomy.tags:
        for name in (tag.label.get("en", ""), tag.slug.replace("-", " "), *tag.keywords):
            if name:
                names.setdefault(name.casefold(), tag.slug)
    return {names[k.strip().casefold()] for k in paper.keywords if k.strip().casefold() in names}


def derive_all(papers: Iterable[Paper], taxonomy: Taxonomy) -> Iterator[tuple[Paper, Derived]]:
    for paper in papers:
        yield paper, derive(hidden(paper), taxonomy)


def _mentions(name: str, abstract: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", abstract) is not None


#: An acronym the abstract defines in parentheses: "adversarially learned inference (ALI)".
DEFINED = re.compile(r"\(\s*(?P<acronym>[A-Za-z0-9][\w\-]*[A-Z][\w\-]*)\s*[);,]")


def _same(got: list[str], want: list[str]) -> bool:
    """The same words, a plural as its singular: "networks" is "network"."""
    return len(got) == len(want) and all(
        a == b or a.rstrip("s") == b.rstrip("s") for a, b in zip(got, want, strict=True)
    )


def spelled_name(title: str, abstract: str) -> tuple[str, str] | None:
    """The acronym and its words when the title starts with words the abstract abbreviates.

    "Adversarially Learned Inference" is the name of what the paper proposes when its
    abstract writes "the adversarially learned inference (ALI) model": the title is named,
    by two or more words whose first one starts like the acronym.
    """
    head = tokens(title)
    for match in DEFINED.finditer(abstract):
        acronym = match["acronym"]
        if sum(c.isupper() for c in acronym) < 2:
            continue
        words = abstract[: match.start()].split()[-8:]
        for size in range(len(words), 1, -1):
            spelled = tokens(" ".join(words[-size:]))
            if (
                spelled
                and spelled[0][:1] == acronym[:1].lower()
                and _same(head[: len(spelled)], spelled)
            ):
                return acronym, " ".join(words[-size:])
    return None


def _holds(title: str, acronym: str, spelled: str) -> bool:
    """Whether a derived title holds the acronym or the words it abbreviates."""
    got, want = tokens(title), tokens(spelled)
    return re.search(
        rf"(?<!\w){re.escape(acronym.casefold())}(?!\w)", title.casefold()
    ) is not None or any(
        _same(got[i : i + len(want)], want) for i in range(len(got) - len(want) + 1)
    )


def _titles(out: Measurement, paper: Paper, title: str) -> None:
    named = NAMED_TITLE.match(paper.title)
    phrase = NAMED_PHRASE.match(paper.title)
    spelled = None if named or phrase else spelled_name(paper.title, paper.abstract)
    if named and _mentions(named["name"], paper.abstract):
        hit = named["name"].casefold() in title.casefold()
        out.named.add(hit)
        if not hit:
            out.miss("named title missed", paper.title, title)
    elif phrase and _mentions(phrase["name"], paper.abstract):
        hit = phrase["name"].casefold() in title.casefold()
        out.named_phrase.add(hit)
        if not hit:
            out.miss("named title (2-4 words) missed", paper.title, title)
    elif spelled:
        hit = _holds(title, *spelled)
        out.named_phrase.add(hit)
        if not hit:
            out.miss("named title (2-4 words) missed", paper.title, title)
    elif not named and not phrase:
        led = LEADING_NAME.match(title) is not None
        out.unnamed_led_by_name.add(led)
        if led:
            out.miss("unnamed title led by a name", paper.title, title)
    text = plain_text(paper.abstract)
    lead = LEADING_NAME.match(title)
    checks = (
        (
            out.others_name,
            "a name not the paper's own leads",
            others_name_leads(title, paper.title, text),
        ),
        (out.stray_capitals, "stray capitals", stray_capitals(title, text)),
        (out.background_titles, "title from the background", background_title(title, text)),
        (
            out.evaluation_titles,
            "title from the evaluation",
            EVALUATION_TITLE.match(title[lead.end() :] if lead else title) is not None,
        ),
        (out.bare_topics, "bare topic", bare_topic(title)),
    )
    for share, kind, hit in checks:
        share.add(hit)
        if hit:
            out.miss(kind, paper.title, title)
    out.long_titles.add(len(title) > MAX_TITLE)
    out.markup_titles.add(MARKUP.search(title) is not None)
    failures = title_failures(title, paper.title)
    for kind, share in out.title_kinds.items():
        share.add(kind in failures)
        if kind in failures:
            out.miss(kind, paper.title, title)
    out.f1_sum += token_f1(title, paper.title)


def _summary_and_facts(out: Measurement, paper: Paper, derived: Derived) -> None:
    summary = derived.summary
    back = tldr_points_back(summary, plain_text(paper.abstract))
    latex = RAW_LATEX.search(summary)
    connective = CONNECTIVE_OPENER.match(summary)
    cut = tldr_cut(summary)
    out.tldr_back_reference.add(back)
    out.tldr_connective.add(connective is not None)
    out.tldr_cut.add(cut)
    out.tldr_latex.add(latex is not None)
    kind = tldr_not_the_contribution(summary, str(derived.facts.get("method", "")))
    out.tldr_not_contribution.add(bool(kind))
    if kind:
        out.tldr_kinds[kind] += 1
        out.miss(
            f"TL;DR from the {kind}" if kind != "vague" else "TL;DR saying nothing",
            paper.title,
            summary,
        )
    for kind, failed in (
        ("TL;DR pointing back", back),
        ("TL;DR opening on a connective", connective),
        ("TL;DR cut with …", cut),
        ("TL;DR with raw LaTeX", latex),
    ):
        if failed:
            out.miss(kind, paper.title, summary)
    text = plain_text(paper.abstract)
    for result in derived.facts.get("results", []):
        failures = fact_failures(str(result), text)
        out.facts_mid_word.add("result cut mid-word" in failures)
        out.facts_bare.add("bare number" in failures)
        for kind in failures:
            out.miss(kind, paper.title, str(result))


def _ancestors(slug: str, taxonomy: Taxonomy) -> set[str]:
    found: set[str] = set()
    todo = [slug]
    while todo:
        tag = taxonomy.get(todo.pop())
        for parent in tag.parents if tag else ():
            if parent not in found:
                found.add(parent)
                todo.append(parent)
    return found


#: A sentence saying where the code or data is: "Source code is available at ...".
CODE_OR_DATA_AVAILABLE = re.compile(
    r"https?://|github|\b(?:code|codes|implementation|data|dataset|models?)\b[^.]{0,80}"
    r"\b(?:available|release[ds]?|publish\w*|public\w*|open[\s\-]sourced?|found\s+at)\b|"
    r"\b(?:release|publish|share)\w*\s+(?:\w+\s+){0,3}(?:code|codes|implementation)\b",
    re.I,
)
#: A paper about code by its own title or keywords: the yardstick of code-generation tags.
CODE_PAPER = re.compile(
    r"\b(?:code|codes|coding|program|programs|programming|programmatic\w*|software|compil\w*|"
    r"SQL|API|APIs|source)\b",
    re.I,
)


def _tags(out: Measurement, paper: Paper, derived: Derived, taxonomy: Taxonomy) -> None:
    tags = set(derived.tags)
    out.untagged.add(not tags)
    out.fallback_only.add(tags == {FALLBACK})
    family = family_of(paper.venue)
    if family is None:
        out.unknown_venues[venue_name(paper.venue) or "(none)"] += 1
    else:
        seen = out.families.setdefault(family.name, FamilyTags(family))
        seen.papers += 1
        seen.tags.update(tags)
        if family.tag:
            seen.own.add(family.tag in tags)
            if family.tag not in tags:
                out.miss(
                    f"{family.name} paper not tagged {family.tag}",
                    paper.title,
                    ", ".join(sorted(tags)),
                )
        if family.tag == "nlp":
            if not SEES.search(paper.abstract):
                seen.vision.add(VISION_TAG in tags)
                if VISION_TAG in tags:
                    out.miss("NLP paper tagged computer-vision", paper.title, paper.abstract[:160])
        else:
            seen.vision.add(VISION_TAG in tags)
    if paper.keywords:
        for slug in keyword_tags(paper, taxonomy):
            out.keyword_agreement.add(slug in tags)
    # The abstract as derivation reads it: words a line break cut ("hyperpa- rameter") whole.
    text = unbroken(plain_text(paper.abstract))
    # A tag given by boilerplate: gone once the sentences saying where the code or data is
    # are left out of the abstract.
    said = [s for s in re.split(r"(?<=[.!?])\s+", text) if not CODE_OR_DATA_AVAILABLE.search(s)]
    if len(said) < len(re.split(r"(?<=[.!?])\s+", text)):
        without = set(assign_tags(" ".join(said), [], taxonomy))
        for slug in tags - without - {FALLBACK}:
            out.boilerplate_tags.add(True)
            out.miss("tag given by boilerplate", paper.title, slug)
        out.boilerplate_tags.total += len(tags & without)
    else:
        out.boilerplate_tags.total += len(tags)
    if "code-generation" in tags:
        about_code = CODE_PAPER.search(f"{paper.title} {' '.join(paper.keywords)}") is not None
        out.code_precision.add(about_code)
        if not about_code:
            out.miss("tagged code-generation, title and keywords never about code", paper.title, "")
    if paper.keywords:
        named = keyword_tags(paper, taxonomy)
        for slug in tags & {t.slug for t in taxonomy.tags} - {FALLBACK} if named else ():
            out.keyword_precision.setdefault(slug, Share()).add(slug in named)
    evidence = matcher(taxonomy).evidence(text, [])
    implied = {parent for slug in tags for parent in _ancestors(slug, taxonomy)}
    for slug in tags - implied - {FALLBACK}:
        found = evidence.get(slug)
        single = found is not None and found.points == 0 and len(found.hints) <= 1
        out.one_hint_tags.add(single)
        if single and found is not None:
            out.miss("tag from one hint word", paper.title, f"{slug}: {sorted(found.hints)}")


def measure(
    papers: list[Paper], taxonomy: Taxonomy, misses: int = 0, split: str = "all"
) -> Measurement:
    """Derive every paper with its labels hidden and compare with the labels."""
    chosen = in_split(papers, split)
    out = Measurement(papers=len(chosen), split=split, wanted_misses=misses)
    started, cpu = time.perf_counter(), time.process_time()
    results = list(derive_all(chosen, taxonomy))
    out.seconds = time.perf_counter() - started
    out.cpu_seconds = time.process_time() - cpu
    tag_count = 0
    for paper, derived in results:
        _titles(out, paper, derived.title)
        _summary_and_facts(out, paper, derived)
        _tags(out, paper, derived, taxonomy)
        tag_count += len(derived.tags)
        out.with_summary.add(bool(derived.summary))
        out.with_method.add(bool(derived.facts.get("method")))
        out.with_datasets.add(bool(derived.facts.get("datasets")))
        out.with_results.add(bool(derived.facts.get("results")))
        out.with_links.add(bool(derived.links))
    out.tags_per_paper = tag_count / len(results) if results else 0.0
    return out


def sample(
    papers: list[Paper], taxonomy: Taxonomy, size: int, seed: int, split: str = "all"
) -> list[tuple[Paper, Derived]]:
    """`size` papers of a split, picked at random by `seed`, derived with their labels hidden:
    the same seed and input give the same papers, to be read and graded by hand."""
    chosen = in_split(papers, split)
    picked = random.Random(seed).sample(chosen, min(size, len(chosen)))
    return list(derive_all(picked, taxonomy))


def sample_lines(pairs: list[tuple[Paper, Derived]], abstracts: bool = True) -> Iterator[str]:
    """Each sampled paper: the real and the derived title, the TL;DR, tags and abstract."""
    for number, (paper, derived) in enumerate(pairs, 1):
        yield f"{number}. {paper.venue} · {paper.id}"
        yield f"   real title:    {paper.title}"
        yield f"   derived title: {derived.title}"
        yield f"   TL;DR:         {derived.summary}"
        yield f"   tags:          {', '.join(derived.tags)}"
        if derived.facts.get("method"):
            yield f"   method:        {derived.facts['method']}"
        if paper.keywords:
            yield f"   keywords:      {', '.join(paper.keywords)}"
        if abstracts:
            wrapped = textwrap.wrap(plain_text(paper.abstract), 96)
            yield from (f"   | {line}" for line in wrapped)
        yield ""


def _judged(share: Share, at_least: float | None = None, at_most: float | None = None) -> str:
    if not share.total:
        return "  (nothing to measure)"
    if at_least is not None:
        return (
            "  ok" if share.percent >= at_least else "  MISSED"
        ) + f"  (target >= {at_least:g}%)"
    if at_most is not None:
        return ("  ok" if share.percent <= at_most else "  MISSED") + f"  (target <= {at_most:g}%)"
    return ""


SPLIT_NAMES = {
    "measure": f"the measuring split ({MEASURE_BUCKETS}0% of ids by hash, never developed on)",
    "develop": f"the developing split ({10 - MEASURE_BUCKETS}0% of ids by hash)",
    "all": "every paper given",
}


def report_lines(m: Measurement) -> Iterator[str]:
    yield f"papers measured: {m.papers:,} (titles, TL;DRs and keywords hidden)"
    yield f"split: {SPLIT_NAMES.get(m.split, m.split)}"
    yield ""
    yield "titles"
    yield f"  named titles (one-word name) whose derived title holds the name: {m.named}" + _judged(
        m.named, at_least=93
    )
    yield (
        f"  named titles (name of 2-4 words) whose derived title holds the name: {m.named_phrase}"
        + _judged(m.named_phrase, at_least=75)
    )
    yield f"  unnamed titles whose derived title leads with a name: {m.unnamed_led_by_name}"
    yield (
        f"  titles led by a name that is not the paper's own: {m.others_name}"
        + _judged(m.others_name, at_most=2)
    )
    yield f"  titles with stray capitals: {m.stray_capitals}" + _judged(
        m.stray_capitals, at_most=0.5
    )
    yield f"  titles from the background: {m.background_titles}"
    yield f"  titles from the evaluation: {m.evaluation_titles}"
    yield f"  titles that are a bare topic: {m.bare_topics}"
    for kind, share in m.title_kinds.items():
        target = TITLE_TARGETS.get(kind)
        yield f"  titles with {kind}: {share}" + (
            _judged(share, at_most=target) if target is not None else ""
        )
    yield f"  derived titles over {MAX_TITLE} characters: {m.long_titles}" + _judged(
        m.long_titles, at_most=0
    )
    yield f"  derived titles holding markup: {m.markup_titles}" + _judged(
        m.markup_titles, at_most=0
    )
    yield f"  mean token F1, derived vs real title: {m.mean_f1:.3f}"
    yield ""
    yield "TL;DRs and facts"
    yield f"  TL;DRs pointing back to a sentence they do not hold: {m.tldr_back_reference}" + (
        _judged(m.tldr_back_reference, at_most=1)
    )
    yield f"  TL;DRs opening on a connective: {m.tldr_connective}" + (
        _judged(m.tldr_connective, at_most=0.5)
    )
    yield f"  TL;DRs cut with …: {m.tldr_cut}" + _judged(m.tldr_cut, at_most=0)
    yield f"  TL;DRs holding raw LaTeX: {m.tldr_latex}" + _judged(m.tldr_latex, at_most=0)
    kinds = ", ".join(f"{kind} {n}" for kind, n in m.tldr_kinds.most_common())
    yield f"  TL;DRs not saying what the paper does: {m.tldr_not_contribution}" + (
        f" ({kinds})" if kinds else ""
    )
    yield f"  result facts starting mid-word: {m.facts_mid_word}" + _judged(
        m.facts_mid_word, at_most=0
    )
    yield f"  result facts that are a bare number: {m.facts_bare}" + _judged(
        m.facts_bare, at_most=0
    )
    yield ""
    yield "tags by venue family"
    for family in FAMILIES:
        seen = m.families.get(family.name)
        if seen is None:
            continue
        venues = "/".join(family.venues[:3])
        yield f"  {family.name} ({venues}...): {seen.papers:,} papers"
        if family.tag:
            judged = _judged(seen.own, at_least=family.target) if family.target else ""
            yield f"    tagged {family.tag}: {seen.own}" + judged
        if family.tag == "nlp":
            yield (
                f"    tagged {VISION_TAG}, abstract never speaking of images, video or vision: "
                f"{seen.vision}" + _judged(seen.vision, at_most=NLP_AS_VISION_TARGET)
            )
        elif family.tag != VISION_TAG:
            yield f"    tagged {VISION_TAG}: {seen.vision}"
        common = ", ".join(f"{t} {n:,}" for t, n in seen.tags.most_common(4))
        yield f"    most common tags: {common}"
    for venue, count in sorted(m.unknown_venues.items()):
        yield f"  {venue}: {count:,} papers from a venue of no known field; not judged"
    yield ""
    yield "tags"
    yield f"  tags assigned by one hint word alone: {m.one_hint_tags}" + _judged(
        m.one_hint_tags, at_most=0
    )
    yield f"  author keywords naming a tag, tag derived: {m.keyword_agreement}"
    yield f"  tags given by boilerplate (code or data availability): {m.boilerplate_tags}" + (
        _judged(m.boilerplate_tags, at_most=0)
    )
    yield (
        f"  code-generation tags on papers whose title or keywords speak of code: "
        f"{m.code_precision}" + _judged(m.code_precision, at_least=90)
    )
    if m.keyword_precision:
        yield "  precision against author keywords (tags derived where keywords name a tag):"
        for slug, share in sorted(m.keyword_precision.items(), key=lambda x: -x[1].total):
            if share.total >= 10:
                yield f"    {slug}: {share}"
    yield f"  papers with no tag: {m.untagged}" + _judged(m.untagged, at_most=0)
    yield f"  papers with only the fallback tag '{FALLBACK}': {m.fallback_only}" + _judged(
        m.fallback_only, at_most=2
    )
    yield f"  tags per paper: {m.tags_per_paper:.2f}"
    yield ""
    yield "summaries, facts, links"
    yield f"  with a TL;DR: {m.with_summary}"
    yield f"  with a method name: {m.with_method}"
    yield f"  with datasets or benchmarks: {m.with_datasets}"
    yield f"  with headline results: {m.with_results}"
    yield f"  with links found in the abstract: {m.with_links}"
    yield ""
    yield (
        f"derivation time: {m.seconds_per_1000:.2f} s per 1,000 papers ({m.seconds:.1f} s in all), "
        f"{m.cpu_per_1000:.2f} s of processor time"
    ) + ("  ok  (target <= 5 s)" if m.papers and m.cpu_per_1000 <= 5 else "")
    for kind, examples in m.misses.items():
        if examples:
            yield ""
            yield f"{kind} (real title → derived):"
            for real, derived in examples:
                yield f"  {real}\n    → {derived}"
