"""A one-sentence TL;DR: the authors' own where given, else the sentence stating the claim.

A TL;DR stands alone on a list. An opening that only connects or points back ("To address
this, we propose ...", "However, ...", "More precisely, ...") is dropped; a sentence that
leans on another ("It ...", "We propose automating this manual process", "these modules")
gives way to one that does not; a sentence too long is cut at a clause, never mid-clause
with "…"; and LaTeX is written out as text.
"""

from __future__ import annotations

import re

from generator.derive.titles import claim_matches
from generator.text import latex_text

MAX_SUMMARY = 300
#: A sentence cut at a clause keeps at least this many words.
MIN_WORDS = 6

# "In this paper, we ..." reads as filler on a list: the claim starts at "We".
_OPENING = re.compile(
    r"^(?:in\s+this\s+(?:paper|work|study|article)|here|to\s+this\s+end|"
    r"in\s+(?:this|the|that|such\s+a)\s+(?:context|setting|case|regard|spirit|vein|light|way)),?\s*"
    r"(?:\(?(?:\d|i{1,3}|iv|[a-d])\)\s*)?(?=we\b)",
    re.I,
)
# An opening before a comma: dropped when it only connects or points back.
_OPENER = re.compile(r"^(?P<opener>[^,;:()\"“]{1,100}?),\s*(?=\S)")
# Words of an opening that only connects: "More precisely", "On the other hand", "As such".
_CONNECTIVE_WORDS = """
    however therefore thus hence moreover furthermore additionally consequently instead
    besides also then finally specifically secondly second third further meanwhile
    nevertheless nonetheless importantly notably accordingly alternatively conversely
    similarly here next lastly overall concretely precisely namely interestingly surprisingly
    crucially critically technically practically essentially basically subsequently still
    yet so and but first firstly more most even in on as at to for of with the a this that
    other hand addition particular contrast result such end way case sum summary short
    turn doing so fact light words detail general order sense spirit vein same time words
    following words specific last least all above well example instance practice by perhaps
    one response going taking step do
"""
_CONNECTIVE = frozenset(_CONNECTIVE_WORDS.split())
_ADVERB = re.compile(
    r"^(?:[a-z]{3,}ly|again|afterwards|thereafter|otherwise|likewise|indeed|nowadays|today)$"
)
# A word that points back to what came before: "To tackle this problem", "Inspired by these".
_POINTER = re.compile(
    r"\b(?:this|these|those|such|it|its|they|them|their|above|aforementioned|former|latter|"
    r"both|previous\s+(?:one|ones|section)|that(?:\s+[\w\-]+)?$|the\s+(?:(?:existing|above|"
    r"current|remaining|aforementioned)\s+)?(?:issue|problem|"
    r"limitation|gap|challenge|drawback|shortcoming|difficulty|question|observation|insight|"
    r"finding|idea|backdrop)s?)\b",
    re.I,
)
# "Based on our findings", "To achieve our aim", "Based on the definition": what it points to
# is in the sentence before.
_POINTING_OPENER = re.compile(
    r"^(?:based|building|inspired|motivated|guided|driven|armed|equipped|with|given|following|"
    r"using|leveraging|exploiting|applying|utili[sz]ing|"
    r"to\s+(?:achieve|accomplish|reach|realize|realise|meet|fulfil+|attain)|in\s+line\s+with|"
    r"according\s+to)\b(?:\s+(?:on|upon|by|with))?\s+(?:our|the|these|this)\s+(?:\w+\s+)?"
    r"(?:aims?|goals?|objectives?|findings?|analys[ie]s|observations?|insights?|results?|"
    r"definitions?|intuitions?|motivations?|ideas?|purposes?|theory|hypothes[ie]s|evidence|"
    r"principles?|formulation|framework|end)$",
    re.I,
)
# "Addressing the problem,", "Tackling these issues,": it mends what the sentence before named.
_MENDING_OPENER = re.compile(
    r"^(?:addressing|tackling|solving|overcoming|alleviating|mitigating|remedying|resolving|"
    r"handling|bridging|filling|closing)\s+(?:the|this|these|those|such|both|all\s+(?:the|these))"
    r"\s+(?:\w+\s+)?(?:issues?|problems?|limitations?|gaps?|challenges?|drawbacks?|"
    r"shortcomings?|difficult(?:y|ies)|questions?|concerns?)$",
    re.I,
)
# An opening that points back starts on a preposition or a participle: "To tackle this
# problem", "Inspired by these observations", "Based on that" (not a clause with its own verb).
_PREPOSITION = re.compile(
    r"^(?:to|in|on|with|by|for|from|under|given|based|building|inspired|motivated|driven|"
    r"guided|following|towards?|unlike|beyond|as|after|despite|through|at|upon|along|"
    r"compared|contrary|different|apart|aside|besides|instead|regarding|concerning|against|"
    # ... or a participle: "Relying on this study", "Targeting the issue", "Observing this".
    # (not an adjective, "Existing methods ...", nor a clause, "Having observed that, ...")
    r"(?!having\b)[a-z]{3,}ing(?=\s+(?:the|this|these|those|that|such|it|its|their|them|on|upon|"
    r"to|from|with|into|in|by|at|for|inspiration|advantage|both|all)\b|\s*$))\b"
    r"(?![^,]*\b(?:we|our)\b)",
    re.I,
)
# A sentence whose subject is a pronoun or "this approach": it leans on the one before.
_LEANS_BACK = re.compile(
    r"^(?:It|They|Such|These|Those|Them|Its|Their|Both|Either|Neither|The\s+(?:former|latter)|"
    r"This\s+(?!paper|work|study|article|thesis|note|report|survey|tutorial|position)\w+)\b"
)
# A noun phrase pointing back inside the sentence: "this manual process", "these modules",
# "the two designs", "such models", "the aforementioned issue" ("such as" lists, "this paper"
# is the paper itself).
_POINTING_PHRASE = re.compile(
    r"\b(?P<det>this|these|those|such|the\s+(?:above|aforementioned|above-mentioned|former|"
    r"latter|two|three|following)|both\s+(?:the\s+)?)\s+[“\"']?(?P<noun>[\w\-]+(?:\s+[\w\-]+)?)",
    re.I,
)
_SELF_WORDS = "paper work study article thesis note report survey tutorial position manuscript"
_SELF_NOUNS = frozenset(_SELF_WORDS.split())
_NOT_POINTING = re.compile(r"^(?:as|that|a|an)\b", re.I)
# "it" standing for what follows, not for what came before: "it is feasible and useful to",
# "it is possible that".
_EXPLETIVE = re.compile(
    r"it\s+(?:is|was|becomes|remains|seems|appears)\s+(?:(?:not|also|still|indeed|both|even|"
    r"often|always|then|now|thus|therefore|in\s+fact)\s+)*(?:[\w\-]+\s+(?:and|or)\s+)?"
    r"(?:possible|feasible|useful|necessary|important|beneficial|sufficient|enough|hard|difficult|"
    r"easy|efficient|desirable|advantageous|crucial|essential|impossible|infeasible|NP-hard|"
    r"natural|reasonable|optimal|better|preferable|worthwhile|common|true|shown|known|proven|"
    r"provably\s+\w+|computationally\s+\w+)\s+(?:to|that|for|whether)\b",
    re.I,
)
# A pronoun with nothing before it to stand for: "We show that it converges".
_PRONOUN = re.compile(r"\b(?:it|its|they|their|them|theirs|itself|themselves)\b", re.I)
_EMPTY_WORDS = """
    we our us i that which show shows showed shown demonstrate demonstrates prove proves
    find finds found observe observes propose proposes present presents introduce introduces
    study studies also then further here thus therefore hence and but moreover furthermore
    finally first second third additionally in this paper work addition particular the a an
    can could will would may might is are be been how why whether when where what
"""
_EMPTY = frozenset(_EMPTY_WORDS.split())
# "... that allows precisely this.": what it points to is in the sentence before.
_ENDS_POINTING = re.compile(r"\b(?:this|these|those)\s*[.!]?$", re.I)
_FORWARD = re.compile(r"\b(?:as\s+follows|the\s+following)\s*[.:]?$", re.I)
# What a paper says it does, besides the claim verbs: "we generalize the non-local module".
_OWN_DOING = re.compile(
    r"\b(?:[Ww]e|[Tt]his\s+(?:paper|work|study)|[Oo]ur\s+\w+)\s+(?:\w+ly\s+)?[a-z]{3,}"
)
# Where the paper speaks of its own work.
_OWN = re.compile(
    r"\b(?:[Ww]e|[Oo]ur|[Tt]his\s+(?:paper|work|study|article)|[Hh]ere)\b|"
    # "a Product Quantization Zero-Shot Learning (PQZSL) method is proposed"
    r"\b(?:is|are)\s+(?:\w+ly\s+)?(?:proposed|presented|introduced|developed)\b"
)
# A sentence about the evaluation: "Experiments on X show ...", "We evaluate ...".
_EVALUATION = re.compile(
    r"^(?:(?:extensive|experimental|empirical|numerical|comprehensive|our|the|these)\s+)*"
    r"(?:experiments?|experimental|empirical|results?|evaluations?|simulations?|ablations?)\b|"
    # ... "We use experiments in both settings to verify our theory", "To confirm our claims, we
    # present extensive experiments", "We give a number of numerical simulations".
    r"^(?:(?:to\s+(?:confirm|verify|validate|support|illustrate|demonstrate)|while)\b[^,]{0,80},\s+)?"
    r"we\s+(?:also\s+)?(?:present|provide|give|report|show|use|employ|include)\s+(?:both\s+|the\s+|"
    r"our\s+|an?\s+(?:[\w\-]+\s+)?(?:number|set|series|sequence|range|suite|variety)\s+of\s+)?"
    r"(?:(?!(?:an?|for|of|on|to|with|in)\s)[\w\-]+\s+(?:and\s+)?){0,3}(?:evaluations?|"
    r"experiments?|results|ablations?|comparisons?|simulations)\b|"
    r"^we\s+(?:\w+ly\s+)?(?:evaluate|validate|test|(?:conduct|perform|run|carry)(?!\s+(?:out\s+)?"
    r"(?:an?\s+)?(?:extensive\s+|thorough\s+|systematic\s+|large-scale\s+|comprehensive\s+)*"
    r"(?:empirical\s+)?(?:analys[ie]s|stud(?:y|ies)|investigations?)\b)|benchmark|"
    r"compare|report|(?:demonstrate|show|verify|confirm)\s+(?:the|its|our)\s+(?:\w+\s+)?"
    r"(?:effectiveness|efficacy|superiority|utility|benefits?|advantages?|performance|"
    r"usefulness|applicability|validity|potential|strength|applications?)|"
    r"demonstrate\s+(?:comparable|competitive|superior|better|improved|strong|good|promising)\s+"
    r"(?:\w+\s+)?(?:results|performance))\b",
    re.I,
)
# What a result reaches, whatever the sentence opens on: "By learning ..., we establish new
# state-of-the-art on MSVD", "we achieve state-of-the-art results".
_STATE_OF_THE_ART = re.compile(
    r"\bwe\s+(?:\w+ly\s+)?(?:establish|achieve|set|obtain|attain|reach)\s+(?:a\s+)?(?:new\s+)?"
    r"(?:state[\s\-]of[\s\-]the[\s\-]art|sota|records?)\b",
    re.I,
)
# What only a result says, unless the sentence proposes too: "we demonstrate that our model
# achieves state-of-the-art performance", "X outperforms Y".
_RESULT = re.compile(
    r"\b(?:our|the\s+proposed)\s+(?:[\w\-]+\s+){0,3}?(?:approach|method|model|framework|"
    r"algorithm|technique|system|network|architecture|solution)s?\s+(?:[\w\-]+\s+){0,3}?"
    r"(?:achiev|obtain|outperform|surpass|beat)|"
    # "We show that the sparse PLN approach has better performance than existing methods".
    r"\b(?:has|have|achieves?|yields?|gives?|obtains?|shows?)\s+(?:significantly\s+|much\s+|"
    r"consistently\s+)?(?:better|superior|higher|competitive|comparable|improved|favorable)\s+"
    r"(?:performance|results|accuracy)\b|"
    r"\b(?:raises?|advances?|improves?|pushes?|sets?)\s+(?:the\s+)?(?:new\s+)?"
    r"state[\s\-]of[\s\-]the[\s\-]art\b",
    re.I,
)
# "Our main result ... showing that simpler architectures achieve comparable performance": the
# finding the paper makes its own.
_MAIN = re.compile(r"^Our\s+(?:main|key|central|primary)\s+(?:results?|findings?|contributions?)\b")
# A connective with no comma after it: "Specifically we show", "Second we give".
_BARE_CONNECTIVE = re.compile(
    r"^(?:[A-Z][a-z]{2,}ly|Second|Third|First|Further|Furthermore|Moreover|Additionally|Then|"
    r"Thus|Hence|Therefore|Also|Next|Here|Further-\s?more|And|But|So|Yet)\s+"
    r"(?:in\s+this\s+(?:paper|work|study|article),?\s+)?"
    r"(?=we\b|it\s+is\s+(?:shown|proven|proved|demonstrated)\b|(?:our|this)\s+(?:paper|work|study)\b)"
)
# Fillers between "we" and the verb: "We then propose", "We also show".
_FILLER = re.compile(
    r"^(We|This paper|This work|Our work|Our paper)\s+(?:then|also|further|additionally|finally|"
    r"next|now|thus|therefore|hence|first|second|here)\s+(?=[a-z])"
)
# Where a long sentence may end early: before a clause that adds to what it already says.
_CLAUSE_END = re.compile(
    r",\s+(?:which|where|whereby|while|whereas|thereby|thus|leading|resulting|allowing|"
    r"enabling|achieving|yielding|making|showing|demonstrating|proving|suggesting|and\s+(?:we|it|show|demonstrate|achieve|obtain|"
    r"outperform|then|also|further|thus))\b|;\s+|\s+[—–]\s+|:\s+(?=\(?(?:\d|i\b|a\b|\(1\)))"
)


# Where a sentence turns from others' work to the paper's own.
_TURN_TO_OWN = re.compile(
    r",\s+(?:but|rather|instead|yet|whereas|while)\s+(?:here\s+|in\s+this\s+(?:paper|work),?\s+)?"
    r"(?=we\s+(?:here\s+|instead\s+)?(?:propose|present|introduce|develop|design|show|prove|"
    r"describe|build|devise|study)\b)",
    re.I,
)
_ASIDE_GOES_ON = re.compile(
    r"(?:especially|particularly|in\s+particular|mainly|notably|namely|and|which|e\.g\.|i\.e\.)\b",
    re.I,
)


def _without_opening(sentence: str) -> str:
    """The sentence without an opening that only connects or points back, capitalized."""
    dropped_pointing = False
    for _ in range(3):  # "However, to address this, we ..."
        opened = _OPENER.match(sentence)
        if opened is None:
            break
        opener = opened["opener"]
        words = re.findall(r"[\w\-]+", opener.lower())
        rest = sentence[opened.end() :]
        if not words or not rest[:1].isalpha():
            break
        # One word before a comma is a connective or an adverb ("Concretely,", "Recently,"),
        # unless it is a name ("SMART-R1, a ... paradigm, improves ...").
        connective = all(w in _CONNECTIVE for w in words) or (
            len(words) == 1 and opener.strip().istitle() and _ADVERB.match(words[0]) is not None
        )
        pointing = (
            _PREPOSITION.match(opener) is not None and _POINTER.search(opener) is not None
        ) or (_POINTING_OPENER.match(opener) or _MENDING_OPENER.match(opener)) is not None
        if not (connective or pointing):
            break  # "For semantic segmentation, we ...": the opening says something
        dropped_pointing = dropped_pointing or pointing
        sentence = rest
    # What the dropped opening went on with ("To tackle the existing challenges, especially to
    # enable X, and to avoid Y, we propose Z"): the claim is what the paper does.
    aside = dropped_pointing and _ASIDE_GOES_ON.match(sentence) is not None
    own = _OWN_CLAUSE.search(sentence) if aside else None
    if own is not None:
        sentence = sentence[own.end() :]
    # "Thus far, the community has focused on X, rather we here propose Y": what it proposes.
    turn = _TURN_TO_OWN.search(sentence)
    if (
        turn
        and not _OWN.search(sentence[: turn.start()])
        and not leans_back(sentence[turn.end() :])
    ):
        sentence = sentence[turn.end() :]
    sentence = _BARE_CONNECTIVE.sub("", sentence)
    sentence = _OPENING.sub("", sentence)
    sentence = _MENDING.sub("", sentence)  # "To address the drawbacks we introduce X"
    # "... network (QEEPS) to address both aspects.": looked for where a quick look finds it
    # may be (on every sentence, its lookbehinds took most of the TL;DR's time).
    if _MAY_MEND_END.search(sentence):
        sentence = _MENDING_END.sub("", sentence)
        sentence = _DESIGNED_TO_MEND.sub("", sentence)
    sentence = sentence[:1].upper() + sentence[1:]
    return _FILLER.sub(r"\1 ", sentence)


# What the claim mends, said of what the sentence before named: at its start without a comma
# ("To address the drawbacks we introduce ...") or at its end ("... to address both aspects.").
_MENDS = (
    r"(?:address|tackle|solve|overcome|alleviate|mitigate|remedy|resolve|handle|fix|fill|"
    r"bridge|close|answer|improve)\s+(?:this|these|those|the|such|both|its|their|all\s+(?:the|these))"
)
_MENDING = re.compile(
    rf"^(?:To\s+{_MENDS}|To\s+(?:facilitate|support|enable|ease)\s+(?:this|these|the|such)|"
    # "As a step towards this we derive X", "To study this we propose X".
    r"(?:As\s+a\s+(?:first\s+)?step\s+(?:towards?|in\s+this\s+direction)|To\s+(?:study|"
    r"investigate|explore|examine|understand|achieve|realize|realise|accomplish|quantify|"
    r"measure|answer|test|verify|do))\s+(?:this|these|that|those|it|them)\b|"
    r"(?:Based|Building|Inspired|Motivated|Guided|Driven)\s+(?:on|upon|by)\s+"
    r"(?:this|these|that|those|such|our|the\s+(?:above|aforementioned)))\s+(?:[\w\-]+\s+){0,3}?"
    r"(?=(?:we|this\s+paper)\s)",
    re.I,
)
_MAY_MEND_END = re.compile(
    r"\b(?:to|for)\s+(?:address|tackle|solve|overcome|alleviate|mitigate|remedy|resolve|handle|"
    r"fix|fill|bridge|close|answer|improve|avoid|circumvent|eliminate|addressing|tackling|solving|"
    r"overcoming)\s+\S+(?:\s+\S+){0,5}\.$",
    re.I,
)
_MENDING_END = re.compile(
    r"(?<!\baims)(?<!\baim)(?<!\btries)(?<!\bseeks)(?<!\bhelps)(?<!\bable)(?<!\bused)"
    r"(?<!\bdesigned)(?<!\bneeds)(?<!\bwants),?\s+(?:(?:in\s+order\s+)?to|for)\s+"
    r"(?:address|tackle|solve|overcome|alleviate|mitigate|remedy|resolve|handle|fix|fill|bridge|"
    r"close|answer|improve|avoid|circumvent|eliminate|addressing|tackling|solving|overcoming)\s+(?:(?:this|these|those|such|both|its|their|all\s+(?:the|these))"
    r"\s+(?:[\w\-]+\s*){1,3}|the\s+(?:[\w\-]+\s+)?(?:problem|issue|challenge|question|gap|"
    r"limitation|drawback|shortcoming|difficult(?:y|ie)|ambiguit(?:y|ie)|blank)s?)(?=\.$)",
    re.I,
)


# "... architecture designed to address the challenges.": what it is designed for, the
# sentence before said.
_DESIGNED_TO_MEND = re.compile(
    r",?\s+(?:specifically\s+)?(?:designed|developed|built|tailored|devised)\s+(?:specifically\s+)?"
    r"to\s+(?:address|tackle|solve|overcome|alleviate|mitigate|handle|fix)\s+(?:the|these|this|"
    r"those|such|both)\s+(?:[\w\-]+\s+){0,2}?(?:problems?|issues?|challenges?|limitations?|"
    r"drawbacks?|shortcomings?|difficult(?:y|ies))(?=\.$)",
    re.I,
)


# "our approach" said of a result or an object ("We show that our method ...", "in our
# model") names nothing a reader of the TL;DR alone knows, unless the sentence names it
# ("our method, SiamMask,", "our method (DC3)") or says what it is ("an approach ... our model").
_OURS = re.compile(
    r"(?<!^)(?<!^In )\b[Oo]ur\s+(?:proposed\s+|new\s+|novel\s+)?(?P<noun>approach|method|model|"
    r"framework|algorithm|technique|system|solution|scheme|network|architecture|strategy)s?\b"
    r"(?!\s*(?:,|\(|[\"“]|called|named|dubbed|termed|[A-Z]))"
)
_KINDS = re.compile(
    r"\b(?:approach|method|model|framework|algorithm|technique|system|solution|scheme|network|"
    r"architecture|strategy|procedure|estimator|loss|layer|module)s?\b",
    re.I,
)


# The paper's own thing, or what it solves, named without saying which: "the proposed method",
# "our model", "the problem" (not "the problem of X", "our method (DC3)", "the model called X").
_OWN_THINGS = (
    r"approach|method|framework|algorithm|technique|solution|scheme|strategy|procedure|problem|"
    r"task|issue|limitation|challenge|setting|idea"
)
# ... and a kind a sentence may speak of in general ("regularizing the network to focus on X"),
# unsaid when it is what the claim is about ("We show that the model converges").
_KIND_THINGS = r"model|network|system|architecture|pipeline|module|formulation|objective|feature"


def unsaid_pattern(made: str = r"[Tt]he|[Oo]ur", ours: str = r"[Oo]ur") -> re.Pattern[str]:
    """What names the paper's own thing or its problem without saying which, `made` the words
    before "proposed", "new" ... and `ours` those before the thing itself ("our method")."""
    return re.compile(
        rf"\b(?:(?:{made})\s+(?:proposed|new|novel|overall|resulting|final|full|whole|above)\s+"
        rf"(?P<made>{_OWN_THINGS}|{_KIND_THINGS})|(?:{ours})\s+(?P<our>{_OWN_THINGS}|{_KIND_THINGS})|"
        rf"[Tt]he\s+(?P<own>{_OWN_THINGS})|(?:^|(?<=that\s))[Tt]he\s+(?P<kind>{_KIND_THINGS}))"
        r"(?:e?s)?\b(?!-)(?!\s*(?:\(|,?\s*[\"“A-Z]|,?\s*(?:called|named|termed|dubbed)\b|of\b|for\b|"
        r"between\b|used\b|that\b|which\b|we\b|where\b|whose\b|based\b|in\s+which\b|"
        r"[\w\-]+(?:\s+[\w\-]+)?\s+(?:named|called|termed|dubbed)\b|"
        # ... "the solution to a partial differential equation", "the task is to complete the
        # matrix", "the task, i.e. generating X", "the models trained on DocRED": what follows
        # says which.
        r"(?<=solution)\s+to\b|(?<=solutions)\s+to\b|(?<=task)\s+is\s+to\b|,?\s*i\.e\.|"
        r"(?:trained|learned|learnt|obtained|generated|produced|fitted|built)\s+(?:on|by|with|"
        r"from|using)\b))"
    )


_UNSAID = unsaid_pattern()
_SAID_KIND = re.compile(rf"\b[Aa]n?\s+(?:[\w\-]+\s+){{0,4}}?{_KINDS.pattern}")


_PROBLEM_THEN_NAME = re.compile(
    r"\b(?:for|to|in|on)\s+the\s+(?:problem|task|issue|setting|challenge)s?,\s+[A-Z]"
)


def unsaid_at(
    sentence: str, unsaid: re.Pattern[str] = _UNSAID, said_kind: re.Pattern[str] = _SAID_KIND
) -> int:
    """Where the sentence first names the paper's own thing or its problem without saying
    which ("the proposed method", "the problem", "We show that the model ..."), or -1;
    `unsaid` finds such names and `said_kind` what says which ("an approach ... our model")."""
    for found in unsaid.finditer(sentence):
        noun = found["made"] or found["our"] or found["own"] or found["kind"]
        before = sentence[: found.start()]
        # "an approach ... in our model": the sentence says which.
        if noun.lower()[:5] in before.lower() or (
            found["own"] is None and said_kind.search(before)
        ):
            continue
        return found.start()
    # "a dataset for the task, ToxicSpans,": the name is the dataset's, the task still unsaid.
    named = _PROBLEM_THEN_NAME.search(sentence)
    if named:
        return named.start()
    # "We show several existing models are special cases of ours."
    ours = re.search(r"\bours\b", sentence)
    return ours.start() if ours and not said_kind.search(sentence[: ours.start()]) else -1


def leans_back(sentence: str, strict: bool = False) -> bool:
    """Whether the sentence needs the one before it: a pronoun subject, a phrase pointing
    back ("this manual process", "these modules") to nothing it names itself, "as follows";
    `strict`, also the paper's own thing or its problem said without which ("the proposed
    method", "for the task")."""
    return _leaning_at(sentence, strict) >= 0


def _leaning_at(sentence: str, strict: bool = False) -> int:
    """Where the sentence first leans on the one before it (see `leans_back`), or -1."""
    if _LEANS_BACK.match(sentence):
        return 0
    forward = _FORWARD.search(sentence) or _ENDS_POINTING.search(sentence)
    at = forward.start() if forward else len(sentence)
    for found in _POINTING_PHRASE.finditer(sentence):
        if found.start() >= at:
            break
        noun = found["noun"]
        if _NOT_POINTING.match(noun) or _THOSE_DONE.match(sentence, found.start()):
            continue
        if (
            found["det"].lower().startswith("both")
            and " and " in sentence[found.end() - len(noun) :][:80]
        ):
            continue  # "both accuracy and speed": what it points to follows
        head = re.findall(r"[\w\-]+", noun.lower())
        if head and head[0] in _SELF_NOUNS:
            continue
        before = sentence[: found.start()].lower()
        # "a model ... this model": named in the sentence itself, it points to nothing outside.
        if not any(w[:5] in before for w in head if len(w) > 3):
            at = found.start()
            break
    for found in _PRONOUN.finditer(sentence[:at]):
        said = re.findall(r"[\w\-]+", sentence[: found.start()].lower())
        if _EXPLETIVE.match(sentence, found.start()):
            continue  # "We show that it is feasible to select bitwidths": "it" stands for nothing
        if all(w in _EMPTY for w in said):
            at = found.start()
            break
    for found in _OURS.finditer(sentence[:at]):
        if not _KINDS.search(sentence[: found.start()]):
            at = found.start()
            break
    unsaid = unsaid_at(sentence[:at]) if strict else -1
    at = unsaid if unsaid >= 0 else at
    return at if at < len(sentence) else -1


# Where a sentence still too long may end, when no clause boundary is found: before a
# phrase that only adds to what it already says.
_PHRASE_END = re.compile(
    r"\s+\((?!\w+\))|,\s+(?=(?:e\.g|i\.e|where|based|using|by|with|via|that|which|such|"
    r"including|especially|particularly|namely|as|in|on|for|to|and|or)\b)|"
    r"\s+(?=(?:which|that|such\s+that|so\s+that|where|whereby)\s)|"
    # Not after an abbreviation: "constraints (eg. epipolar geometry)".
    r"(?<!\beg)(?<!\bie)(?<!\.g)(?<!\.e)(?<!\bal)(?<!\bvs)(?<!\bcf)(?<!\bviz)\.\s+(?=[A-Za-z])"
)
_DANGLING_WORDS = """
    a an the of for and or to in on with by via from that which as at its their our is are
    into using based through this these those such can we it be
"""
_DANGLING_END = frozenset(_DANGLING_WORDS.split())


def _whole(sentence: str) -> str:
    """The sentence in at most `MAX_SUMMARY` characters; one the abstract breaks off ("...,
    where each user communicates one bit, and requires") up to its last whole clause."""
    if _ENDED.search(sentence):
        return _shortened(sentence)
    whole = _shortened(sentence, min(MAX_SUMMARY, len(sentence) - 1))
    return whole if _ENDED.search(whole) else ""


_ENDED = re.compile(r"[.!?。][\"”’')\]]*$")


_IN_THIS_PAPER = re.compile(r",?\s*(?:in\s+this\s+(?:paper|work|study|article)|here)\s*$", re.I)


def _shortened(sentence: str, limit: int = MAX_SUMMARY) -> str:
    """The sentence, or its first clauses when it is too long: never cut mid-clause."""
    if len(sentence) <= limit:
        return sentence
    # "While X is regarded as Y, we present Z": the paper's own clause, without the setting.
    own = _OWN_CLAUSE.search(sentence)
    # ... or any setting the paper's own clause follows ("Drawing inspiration from X, a class
    # of methods ..., we introduce Y"), not its first clause alone.
    # (", in this paper, we ..." is the paper's own clause, not a setting of its own)
    setting = _IN_THIS_PAPER.sub("", sentence[: own.start()]) if own else ""
    if own and (_SUBORDINATE.match(sentence) or not _OWN.search(setting)):
        sentence = sentence[own.end() :]
        sentence = sentence[:1].upper() + sentence[1:]
        if len(sentence) <= limit:
            return sentence
    for pattern in (_CLAUSE_END, _PHRASE_END):
        ends = [m.start() for m in pattern.finditer(sentence) if m.start() < limit]
        for end in reversed(ends):
            head = sentence[:end].rstrip(" ,;:")
            words = head.split()
            if (
                len(words) >= MIN_WORDS
                and words[-1].lower() not in _DANGLING_END
                and head.count("(") == head.count(")")
            ):
                return head + "."
    return ""


# Where a claim may end before its last phrase leans back: "D2-CTW, a model-learning method |
# that addresses the limitations", "We propose CLIFF | into this task".
_CLIP = re.compile(
    # (not before "of": "for modeling the evolution | of such series" says nothing of what)
    r",\s+|\s+[—–]\s+|\s+(?=(?:to|for|by|that|which|into|in|on|with|across|under|within)\s)"
)
#: What a clip may drop: the phrase leaning back and at most a few words after it.
_CLIP_TAIL = 4
_PARTICIPLE = re.compile(
    r"(?:ed|ing|ly|so|fact|aims?|tries|seeks?|useful|able|suitable|allows?|enables?|permits?|"
    r"lets|makes?|gives?|provides?|yields?)$"
)
_QUANTIFIER_WORDS = "neither either both each all none any some every most"
_QUANTIFIERS = frozenset(_QUANTIFIER_WORDS.split())
# A head ending inside a condition has no main clause yet: "We show that if X, | the loss ...".
_OPEN_CONDITION = re.compile(
    r"\b(?:if|when|whenever|while|whilst|although|though|because|since|unless|once|whether)\b[^,]*$",
    re.I,
)


def _unset(sentence: str, strict: bool = False) -> str:
    """The sentence if it stands alone; without the setting it opens on when only that leans
    back ("While these problems can be solved with X, we propose Y" → "We propose Y"); or ""."""
    at = _leaning_at(sentence, strict)
    if at < 0:
        return sentence
    own = _OWN_CLAUSE.search(sentence) if _SUBORDINATE.match(sentence) else None
    if own is None or at > own.start():
        return ""
    rest = sentence[own.end() :]
    rest = rest[:1].upper() + rest[1:]
    return rest if not leans_back(rest, strict) else ""


def _clipped(sentence: str, strict: bool = False) -> str:
    """The claim without its last phrase, when only that phrase leans on the sentence before
    ("... for this task.") and what comes first says what the paper does; else ""."""
    at = _leaning_at(sentence, strict)
    if at <= 0 or len(sentence[at:].split()) > _CLIP_TAIL:
        return ""
    for end in reversed([m.start() for m in _CLIP.finditer(sentence, 0, at)]):
        head = sentence[:end].rstrip(" ,;:")
        words = head.split()
        if len(words) < MIN_WORDS or len(sentence[end:].split()) > 2 * _CLIP_TAIL:
            break
        last = words[-1].lower()
        if (
            last not in _DANGLING_END
            and last not in _QUANTIFIERS
            and not _PARTICIPLE.search(last)
            and head.count("(") == head.count(")")
            and _OWN_DOING.search(head)
            and not _OPEN_CONDITION.search(head)
            and _leaning_at(head, strict) < 0
        ):
            return head + "."
    return ""


def _before_semicolon(sentence: str, strict: bool = False) -> str:
    """The claim up to a semicolon when only what follows it leans back ("We propose X that
    uses temporal convolutions and soft attention; the former to ..., the latter to ...")."""
    at = _leaning_at(sentence, strict)
    semi = sentence.rfind("; ", 0, at) if at > 0 else -1
    if semi < 0:
        return ""
    head = sentence[:semi].rstrip(" ,;:")
    if (
        len(head.split()) < MIN_WORDS
        or not _OWN_DOING.search(head)
        or _leaning_at(head, strict) >= 0
    ):
        return ""
    return head + "."


# A clause a claim ends on, adding to what it says: "..., where the two modules reconstruct X".
_TRAILING_CLAUSE = re.compile(
    r",\s+(?:where|which|whereby|wherein|while|whilst|in\s+which|such\s+that|so\s+that|thus|"
    r"thereby|and\s+(?:we|it|they))\s"
)
#: What the claim keeps before it: enough words to say what it is, not only its name.
CLAUSE_HEAD_WORDS = 12


def _before_clause(sentence: str, strict: bool = False) -> str:
    """The claim up to the clause it ends on when only that clause leans back ("We propose a
    Denoiser and UPsampler Network (DUP-Net) structure as defenses for ..., where the two
    modules reconstruct X" → "... as defenses for ...")."""
    at = _leaning_at(sentence, strict)
    if at <= 0:
        return ""
    ends = [m.start() for m in _TRAILING_CLAUSE.finditer(sentence, 0, at)]
    if not ends:
        return ""
    head = sentence[: ends[-1]].rstrip(" ,;:")
    if (
        len(head.split()) < CLAUSE_HEAD_WORDS
        or head.count("(") != head.count(")")
        or head.split()[-1].lower() in _DANGLING_END
        or not _OWN_DOING.search(head)
        or _OPEN_CONDITION.search(head)
        or _leaning_at(head, strict) >= 0
    ):
        return ""
    return head + "."


# "We argue that X is important for this task, and present Y": the claim after the "and".
_AND_PRESENT = re.compile(
    r"^(?:We|This\s+(?:paper|work))\s+(?:(?:\w+ly\s+)?(?:argue|show|find|observe|note|"
    r"demonstrate|believe|hypothesi[sz]e|posit)s?\s+that|"
    # "We highlight why this can be a crucial shortcoming and propose X": the proposal.
    r"(?:highlight|explain|discuss|identify|analy[sz]e|review|revisit|examine)s?\s+"
    r"(?:why|how|what|the|some|these|this|existing|prior|previous|recent))"
    r"\b.*?,?\s+and\s+(?:then\s+)?(?:we\s+)?"
    r"(?P<verb>present|propose|introduce|develop|design|describe|build|devise)s?\s+(?P<rest>.+)$"
)


def _second_claim(sentence: str, strict: bool = False) -> str:
    """The proposal a sentence adds after what it argues, standing alone; else ""."""
    found = _AND_PRESENT.match(sentence)
    if found is None:
        return ""
    rest = found["rest"]
    # ... one that says what it is: not "several novel techniques", not "its effects".
    if len(rest.split()) < 8 or re.search(r"\b(?:its|their|them|it|both)\b", rest):
        return ""
    claim = f"We {found['verb']} {rest}"
    return claim if not leans_back(claim, strict) else ""


# A sentence opening on a clause that only sets the scene: "While ..., we", "Unlike ..., this".
_SUBORDINATE = re.compile(
    r"^(?:While|Whilst|Although|Though|Whereas|Unlike|Despite|Since|As|Because|Given|"
    r"Compared|Contrary|Beyond|Rather|Instead|Inspired|Motivated|Building|Based|To)\b"
)
_OWN_CLAUSE = re.compile(r",\s+(?=(?:we|this\s+(?:paper|work|study))\s)")


# What follows a demonstrative standing for a thing, not naming one: a pronoun or a
# preposition ("this we", "this through"), or a participle with what it is done by ("those
# generated by", "those currently available in").
_STANDS_FOR = (
    r"we|i|you|they|it|one|through|via|without|within|across|under|over|using|toward|towards|"
    r"among|between|during|after|before|because|since|when|while|where|which|who|also|further|"
    r"here|there|not"
)
_PARTICIPLE_AFTER = (
    r"(?:[a-z]+ly\s+)?[a-z]+(?:ed|able|ible)(?:\s+(?:by|in|with|from|for|at|on|under|to|through|"
    r"via|during)\b|\s*[,.;])"
)
# "vanilla DNNs and those generated by X": "those" stands for what the sentence named.
_THOSE_DONE = re.compile(rf"those\s+{_PARTICIPLE_AFTER}", re.I)


# A demonstrative inside a claim, pointing to what the sentence before named: "as a means of
# learning this inverse mapping" reads alone as "... the inverse mapping".
# (Not one standing for a thing: "to achieve this through X", "towards this we derive", "than
# those commonly used," is no "the".)
_DEMONSTRATIVE = re.compile(
    r"(?<=\s)(?:this\s+(?![a-z]+[^s\W]s\b)|(?:these|those|such|the\s+(?:above|aforementioned|"
    r"above-mentioned))\s+)(?!(?:paper|work|study|article|as|that|a|an|is|are|was|were|has|have|"
    r"and|or|to|in|for|with|by|of|on|at|from|into|"
    r"can|could|may|might|will|would|should|must|do|does|did|leads?|allows?|yields?|makes?|"
    r"means?|results?\s+in|includes?|enables?|gives?|shows?|suggests?|implies|provides?|"
    rf"{_STANDS_FOR})\b(?!-))(?!{_PARTICIPLE_AFTER})(?=[“\"']?[a-z])"
)


# What "this X" said as "the X" still points back: a word alone, then no more of what it is
# ("for this phenomenon.", "answer these questions by", "addresses both these issues").
# (what follows the noun: punctuation, a preposition or a verb, no more of what it is)
_NO_MORE = (
    r"(?=\s*[,.;:]|\s+(?:by|to|for|in|on|with|and|or|as|from|at|into|using|via|through|"
    r"simultaneously|jointly|both|is|are|was|were|has|have|can|could|may|will|would|should|"
    r"without|while|where|when|which|that|affirmatively|theoretically|empirically)\b)"
)
_BARE_NOUN = re.compile(
    r"(?:(?:two|three|same|above|aforementioned|former|latter|underlying|mentioned|existing|main|"
    r"key)\s+)?(?:phenomen(?:on|a)|questions?|problems?|issues?|challenges?|limitations?|gaps?|"
    r"goals?|aims?|propert(?:y|ies)|results?|claims?|assumptions?|conjectures?|myster(?:y|ies)|"
    r"effects?|observations?|difficult(?:y|ies)|ambiguit(?:y|ies)|weakness(?:es)?|heuristics?|"
    r"regimes?|settings?|ideas?|situations?|cases?|estimates?|quantities|constraints?|"
    r"structures?|traits?|methods?|models?|tasks?|insights?|findings?|behaviou?rs?|needs?|"
    r"notions?|concepts?|hypothes[ie]s|aspects?|directions?|purposes?|domains?|objects?|"
    r"drawbacks?|shortcomings?|process|processes)"
    rf"{_NO_MORE}"
)
# ... and any other noun said alone ("a theoretical justification to this property by",
# "a loss function directly from this axiom that", "for computing this equilibrium,"): "the
# property" is still the one before; more words say which ("this decoupling property").
_ONE_WORD = re.compile(rf"{_BARE_NOUN.pattern}|[a-z][a-z\-]*[a-z]{_NO_MORE}")


def _points_bare(sentence: str) -> bool:
    """Whether a demonstrative of the claim names no more than a word ("this phenomenon"),
    one the claim has not named before ("search for the unknown parameter ... as when this
    parameter is known" points inside the claim)."""
    for found in _DEMONSTRATIVE.finditer(sentence):
        # (not "such": "solves such problems" reads alone as "solves problems")
        if found[0].lower().startswith("such"):
            continue
        noun = _ONE_WORD.match(sentence, found.end())
        if noun and noun[0].split()[-1][:5].lower() not in sentence[: found.start()].lower():
            return True
    return False


# What a claim the paper shows says of its results, not of what it is: "We show improvement on
# ...", "We show qualitatively and quantitatively that ...", "We show that we can learn X", "Our
# approach tackles most of the easy scenarios".
_OF_RESULTS = re.compile(
    r"\b(?:improv\w*|outperform\w*|state[\s\-]of[\s\-]the[\s\-]art|experiment\w*|empiric\w*|"
    r"qualitativ\w*|quantitativ\w*|datasets?|benchmarks?|faster|accura\w*|we\s+can|"
    r"performance)\b|^Our\s+(?:[\w\-]+\s+)?(?:approach|method|model|framework|algorithm|system)",
    re.I,
)


def _definite(found: re.Match[str]) -> str:
    # "a system with such few-shot capability" reads alone without "such", not with "the".
    return "" if found[0].lower().startswith("such") else "the "


# "We leverage this and formulate X": the paper's own doing is the second verb.
_THIS_AND = re.compile(
    r"^(We|This\s+(?:paper|work))\s+(?:\w+ly\s+)?[a-z]+\s+(?:this|these|it|them)\s+and\s+"
    r"(?:then\s+)?(?=[a-z]{3,}\s)"
)
# "We fill this gap by proposing X": what it does is the gerund's.
_GAP_BY = re.compile(
    r"^We\s+(?:\w+ly\s+)?(?:fill|bridge|close|address|tackle|solve|overcome|alleviate|mitigate|"
    r"remedy|resolve|handle|fix|narrow)\s+(?:this|these|the|such|that|both)\s+(?:[\w\-]+\s+){0,3}?"
    r"by\s+(?P<verb>[a-z]{3,}?)ing\s"
)
_TAKES_E = re.compile(
    r"(?:propos|introduc|leverag|creat|formulat|combin|incorporat|provid|mak|tak|explor|devis|"
    r"integrat|us|generaliz|utiliz|analyz|optimiz|captur|encod|decompos|estimat|approximat|"
    r"achiev|enforc|replac|reduc|produc|defin|refin|imagin|introduc|emplac|unifi|structur|prov|"
    r"demonstrat|(?<!comb)[^e]at|iz|ov|iv|rv)$"
)


def _verb_of(stem: str) -> str:
    """The verb of a gerund's stem: propos → propose, mapp → map, develop → develop."""
    if _TAKES_E.search(stem):
        return stem + "e"
    if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
        return stem[:-1]
    return stem


def _third_person(verb: str) -> str:
    """The verb said of one: learn → learns, enrich → enriches, apply → applies."""
    if verb.endswith(("sh", "ch", "s", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "o", "u"):
        return verb[:-1] + "ies"
    return verb + "s"


# "This work bridges this gap showing that X": what it does is the gerund's ("This work shows
# that X").
_GAP_SHOWING = re.compile(
    r"^(?P<subject>We|This\s+(?:paper|work|study))\s+(?:bridge|fill|close|narrow|address)(?:e?s)?\s+"
    r"(?:this|the|that|these)\s+(?:[\w\-]+\s+)?(?:gap|gaps|problem|question|issue)s?,?\s+(?:by\s+)?"
    r"(?P<verb>show|prov|demonstrat|establish|introduc|propos|develop|present|provid)ing\s"
)


def _gap_filled(sentence: str) -> str:
    """ "This work bridges this gap showing that X" → "This work shows that X"."""
    gap = _GAP_SHOWING.match(sentence)
    if gap is None:
        return sentence
    verb = _verb_of(gap["verb"])
    if gap["subject"] != "We":
        verb = _third_person(verb)
    return f"{gap['subject']} {verb} {sentence[gap.end() :]}"


# The words after a demonstrative that name its thing: "this convex program", "this effect".
_POINTED_WORDS = re.compile(r"[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?")
# Words between an article and a noun that say only where it stands or how good it is, not
# what it is: "the above problem", "a new scheme", "the major goal" (it would still point back).
_NOT_MODIFIER_WORDS = """
    a an the this these that those such our their its his her my your of for and or to in on
    with by from as at is are was be which we it new novel proposed above following same other
    previous existing first second last current present former latter given said
    above-mentioned aforementioned particular specific certain many some all any each both
    major main key important appropriate suitable opposite simple strong good better best great
    similar different general common typical standard basic original natural
"""
_NOT_MODIFIERS = frozenset(_NOT_MODIFIER_WORDS.split())


def _as_named_before(found: re.Match[str], before: str) -> str:
    """ "this convex program" as the abstract named it before: "the tractable convex program"
    where it said "a tractable convex program", so the TL;DR says which; else "the"."""
    definite = _definite(found)
    if not definite or not before:
        return definite
    sentence = found.string
    words = _POINTED_WORDS.match(sentence, found.end())
    if words is None or words[0].split()[0][:5].lower() in sentence[: found.start()].lower():
        return definite  # ("search for the unknown parameter ... as when this parameter is")
    at = before.find(f"{found[0].strip()} {words[0]}")
    earlier = before[: max(at, 0)]
    for phrase in dict.fromkeys((words[0], words[0].split()[0])):
        # (a quick look first: most demonstratives name what no earlier phrase says)
        if phrase not in earlier:
            continue
        named = re.findall(
            rf"\b(?:[Aa]n?|[Tt]he)\s+((?:[a-z][\w\-]*\s+){{1,2}}?){re.escape(phrase)}\b", earlier
        )
        said = named[-1].lower().split() if named else []
        # (a word saying how, not which: "a surprisingly strong baseline")
        if (
            said
            and not _NOT_MODIFIERS.intersection(said)
            and not any(w.endswith("ly") for w in said)
        ):
            return f"the {named[-1]}"
    return definite


def _unpointed(sentence: str, before: str = "") -> str:
    """The claim with its demonstratives made definite: "this inverse mapping" → "the ...",
    "this convex program" → "the tractable convex program" where the abstract said "a
    tractable convex program" before (`_as_named_before`); its own doing first when it opens
    on what it fills ("We fill this gap by proposing X" → "We propose X") or leans on ("We
    leverage this and formulate X" → "We formulate X")."""
    gap = _GAP_BY.match(sentence)
    if gap:
        sentence = f"We {_verb_of(gap['verb'])} {sentence[gap.end() :]}"
    sentence = _THIS_AND.sub(r"\1 ", sentence)
    return _DEMONSTRATIVE.sub(lambda found: _as_named_before(found, before), sentence)


# A proposal said in the passive: "A Product Quantization Zero-Shot Learning (PQZSL) method is
# proposed to ...", "A novel batch Bayesian optimization approach is proposed." (not "Many
# methods are proposed", others' work).
_PASSIVE_PROPOSAL = re.compile(
    r"^(?:An?|The)\s+(?:(?:novel|new)\b[^.;]*?|[^.;]*?\([A-Z][\w\-]*\)\s+(?:[\w\-]+\s+){0,3}?)"
    r"is\s+(?:\w+ly\s+)?(?:proposed|presented|introduced|developed)\b"
)
_ANALYSES = re.compile(
    r"\bprovides?\s+(?:\w+\s+){0,2}?(?:analys[ie]s|evidence|experiments|results|proofs?)\s+"
    r"(?:to\s+show|showing|that)\b",
    re.I,
)


_RESULT_WORDS = (
    "achiev",
    "obtain",
    "outperform",
    "surpass",
    "beat",
    "better",
    "superior",
    "higher",
    "competitive",
    "comparable",
    "improved",
    "favorable",
    "state",
)


def _reports_result(sentence: str) -> bool:
    """Whether the sentence reports a result (`_RESULT`), a quick look first."""
    lower = sentence.lower()
    return any(w in lower for w in _RESULT_WORDS) and _RESULT.search(sentence) is not None


# Where the code or data is: no claim, whatever name its address holds ("The source code is
# available at https://github.com/csxmli2016/ReDegNet.", "We release our code and models at
# https://...").
_AVAILABLE = re.compile(
    r"^(?:[^,]{0,60},\s+)?(?:(?:the|our|all)\s+)?(?:source\s+)?(?:code|codes|implementation|"
    r"software|project\s+page|demo)\b[^.;]{0,60}?\b(?:is|are|will\s+be|has\s+been|have\s+been)\s+"
    r"(?:\w+ly\s+)?(?:made\s+)?(?:available|released|accessible|open[\s\-]sourced?)\b|"
    r"^(?:[^,]{0,60},\s+)?we\s+(?:\w+ly\s+)?(?:release|provide|make|open[\s\-]source|share)\b"
    r"[^.;]*?(?:https?://|\bgithub\.|\bwww\.)",
    re.I,
)


def _tiers(sentences: list[str], name: str, opened: dict[str, str]) -> list[list[str]]:
    """The sentences that could say what the paper does, in tiers, best first: the paper's
    claims, then what it names or does, then the rest, and its evaluation last (`opened`
    holds each without its opening)."""
    seen: set[str] = set()

    def fresh(found: list[str]) -> list[str]:
        kept = [s for s in found if s not in seen]
        seen.update(kept)
        return kept

    evaluation = [
        s
        for s in sentences
        if _EVALUATION.match(opened[s])
        or _AVAILABLE.search(s)
        or _STATE_OF_THE_ART.search(s)
        or s.endswith("?")
        or (_reports_result(s) and not claim_matches("propose", s) and not _MAIN.match(s))
    ]
    plain = [s for s in sentences if s not in evaluation]
    own = [s for s in plain if _OWN.search(s)]
    # (analyses it provides to show something are what it shows, not what it proposes)
    proposed = fresh(
        [
            s
            for s in own
            if (claim_matches("propose", s) or _PASSIVE_PROPOSAL.match(opened[s]))
            and not _ANALYSES.search(s)
        ]
    )
    claims = fresh([s for kind in ("show", "study") for s in own if claim_matches(kind, s)])
    named = fresh([s for s in plain if name and name in s])
    doing = fresh([s for s in plain if _OWN_DOING.search(s)])
    return [proposed, claims, named + doing, fresh(plain), fresh(evaluation)]


# LaTeX a reader would see after `latex_text`: a command or a dollar, braces glued to a word
# ("extbf{G}raph", "Nystr{ö}m"), a group a lost command left ("{f randomness}"), a raised
# group, or a command's name glued to its argument ("operatornameS", "boldsymbolθ").
_MACRO_NAMES = (
    r"operatorname|boldsymbol|mathop|math(?:bb|bf|cal|rm|sf|it|frak|tt)|text(?:bf|it|rm|tt|sc|sf)|"
    r"displaystyle|frac|sqrt|emph|mbox|hbox"
)
_GLUED_MACRO = rf"(?<![A-Za-z])(?:{_MACRO_NAMES})(?=[A-Z0-9{{\\]|[^\x00-\x7f])"
_LATEX_LEFT = re.compile(
    rf"\$|\\[A-Za-z]|[_^]\{{|\w\{{|\}}[A-Za-z0-9_]|\{{[a-z]\s|\bext(?:bf|it|tt|sc|rm|sf)\b|{_GLUED_MACRO}"
    # TeX's own, glued to what it wrote ("uppercaseexpandafterromannumeral2"): no repair.
    r"|expandafter|romannumeral"
)
# What repairs it: a command's name (with the backslash an export may have eaten), the
# letter of a lost `\bf` opening a group, the braces and dollars themselves.
_LATEX_REPAIRS = (
    (re.compile(rf"(?<![A-Za-z])(?:{_MACRO_NAMES})\{{([^{{}}]*)\}}"), r"\1"),
    (re.compile(rf"\\[A-Za-z]+\s?|{_GLUED_MACRO}"), ""),
    (re.compile(r"\bext(?:bf|it|tt|sc|rm|sf)(?=\{)"), ""),
    (re.compile(r"\{[a-z]\s([^{}]*)\}"), r"\1"),
    (re.compile(r"(?<=\w)\{([^{}]*)\}|\{([^{}]*)\}(?=[A-Za-z0-9_])"), r"\1\2"),
    (re.compile(r"([_^])\{([^{}]*)\}"), r"\1(\2)"),
    (re.compile(r"\$"), ""),
)
# A sentence the abstract cut off, or cut itself: "…", "...", or a last word that needs more
# ("which we call", "Our experimental results show.").
_CUT = re.compile(
    r"…|\.\.\.|\b(?:a|an|the|of|for|and|or|to|in|on|with|by|via|from|that|which|as|at|its|their|"
    r"our|into|using|these|call|called|named|termed|show|shows|demonstrate|such)"
    r"\s*[.:]?$",
    re.I,
)


# "We make the following three contributions: (i) we introduce X": the first item is the claim.
_CONTRIBUTIONS = re.compile(
    r"^(?:We|This\s+(?:paper|work))\s+(?:make|makes|have|has|propose|proposes|present|presents)\s+"
    r"(?:the\s+following\s+)?(?:\w+\s+)?(?:main\s+|key\s+|major\s+)?contributions?\s*:\s*"
    r"(?:\(i\)|\(1\)|\(a\)|1\))\s+(?=we\s)",
    re.I,
)


def _listed(summary: str) -> str:
    """The first contribution of a sentence that announces them: "We make the following
    contributions: (i) we introduce X" → "We introduce X"."""
    contribution = _CONTRIBUTIONS.match(summary)
    if contribution is None:
        return summary
    rest = summary[contribution.end() :]
    return rest[:1].upper() + rest[1:]


def readable(summary: str) -> str:
    """The TL;DR with any LaTeX left written out ("operatornameS" → "S", "extbf{G}raph" →
    "Graph"), or "" when it still holds LaTeX or was cut ("…", "which we call")."""
    if _LATEX_LEFT.search(summary):
        for pattern, replacement in _LATEX_REPAIRS:
            summary = pattern.sub(replacement, summary)
        summary = re.sub(r"\s{2,}", " ", summary).strip()
        if _LATEX_LEFT.search(summary):
            return ""
    return "" if _CUT.search(summary) else _listed(summary)


def _never_cut_nor_latex(summary: str) -> str:
    """The last resort's text without "…" or LaTeX, whatever it holds: up to the clause
    before an ellipsis, and every brace, dollar and command name dropped."""
    elided = re.search(r"…|\.\.\.", summary)
    if elided:
        head = summary[: elided.start()]
        cut = max(head.rfind(", "), head.rfind("; "))
        summary = (head[:cut] if cut > 0 else head).rstrip(" ,;:") + "."
    for pattern, replacement in _LATEX_REPAIRS:
        summary = pattern.sub(replacement, summary)
    summary = re.sub(r"[\\{}$]|\bext(?:bf|it|tt|sc|rm|sf)\b", "", summary)
    return re.sub(r"\s{2,}", " ", summary).strip()


def _alone(said: list[str], strict: bool = False, enough: bool = False) -> str:
    """The first of the claims standing alone, else one that leans back only at its end,
    without it (the proposal a sentence adds after what it shows counts as standing alone);
    `enough`, only one that says enough to tell what it is."""
    for one in said:
        for alone in (_unset(one, strict), _second_claim(one, strict)):
            if alone and not (enough and says_little(alone)):
                return alone
    for mend in (_clipped, _before_semicolon, _before_clause):
        for one in said:
            # (what is clipped is what leans back, not "of the method" a strict reading finds)
            alone = mend(one)
            strict_leaning = strict and leans_back(alone, strict) if alone else False
            if alone and not strict_leaning and not (enough and says_little(alone)):
                return alone
    return ""


# Words that say nothing of what a contribution is: "We propose a novel method for this task."
_EMPTY_CLAIM_WORDS = """
    we our us this that these those the a an and or of for to in on with by from as at into is
    are be been can which it its paper work study article here propose proposes proposed present
    presents introduce introduces novel new simple effective efficient general generic first
    method methods approach approaches framework frameworks model models technique techniques
    algorithm algorithms system systems solution solutions scheme strategy task tasks problem
    problems issue issues setting challenge challenges way idea based address tackle solve
    overcome further also then both two three several main key contribution contributions
    effectively efficiently better improved improve performance develop develops yet
"""
_EMPTY_CLAIM = frozenset(_EMPTY_CLAIM_WORDS.split())


def says_little(claim: str) -> bool:
    """Whether a claim says too little to tell what it is: under three words beyond the empty
    ones ("We propose a simple yet effective method."), a name counting for two."""
    words = re.findall(r"[A-Za-z][\w\-]*", claim)
    said = [w for w in words[1:] if w.lower() not in _EMPTY_CLAIM]
    return len(said) + sum(1 for w in said if any(c.isupper() for c in w)) < 3


# What the claim solves, said of what the sentence before named, inside it: "a model for the
# task, FSS-Net," "a novel solution to the problem, called X", "(3D-SDN) to address the issues
# by integrating ...".
_SOLVES = (
    r"(?:problems?|tasks?|issues?|settings?|challenges?|limitations?|drawbacks?|"
    r"shortcomings?|difficult(?:y|ies)|gaps?|questions?|aims?|goals?|concerns?)"
)
_FOR_THE_PROBLEM = re.compile(
    rf"(?P<kind>{_KINDS.pattern})\s+(?:for|to|in|on)\s+(?:the|this|these|those|such|both)\s+"
    rf"{_SOLVES}(?=,\s|\s+(?:that|which|called|named|termed|dubbed)\s)"
    rf"|(?P<named>\)|(?-i:[A-Z][\w\-]*[A-Z][\w\-]*)|{_KINDS.pattern}),?\s+(?:in\s+order\s+)?to\s+{_MENDS}\s+"
    rf"(?:[\w\-]+\s+){{0,2}}?{_SOLVES}(?=\s+by\s|,\s)"
    # "(SPLUT) to alleviate the above issues and achieve X" → "(SPLUT) to achieve X".
    rf"|(?P<aim>\)|(?-i:[A-Z][\w\-]*[A-Z][\w\-]*)|{_KINDS.pattern}),?\s+(?:in\s+order\s+)?to\s+"
    rf"{_MENDS}\s+(?:[\w\-]+\s+){{0,2}}?{_SOLVES}\s+and\s+(?:to\s+)?(?=[a-z]{{3,}}\s)",
    re.I,
)
# "We propose to address the problem by X (X'), a ..." → "We propose X (X'), a ...", "We
# propose to overcome the limitations via a novel X" → "We propose a novel X".
_PROPOSE_TO_SOLVE = re.compile(
    r"^(?P<verb>We\s+(?:propose|present|introduce))\s+to\s+(?:address|tackle|solve|overcome|"
    rf"handle|alleviate|mitigate|fix|close|bridge|fill)\s+(?:the|this|these|those|such|both)\s+"
    rf"(?:[\w\-]+\s+)?{_SOLVES}\s+(?:by|with|via|using)\s+(?=[A-Z]|an?\s)"
)
# "We propose MINER, a novel NER learning framework, to remedy the issue from an
# information-theoretic perspective.": the aim it ends on, said of what the sentence before
# named, goes with the few words after it ("... to tackle the issues while keeping X.");
# not an aim saying which ("to bridge the gap between X and Y", "the issue of X").
_TO_MEND_AT_END = re.compile(
    r",?\s+(?:in\s+order\s+)?to\s+(?:\w+ly\s+)?(?:address|tackle|solve|overcome|alleviate|"
    r"mitigate|remedy|resolve|handle|fix)\s+(?:both\s+)?(?:the|these|this|those|such)\s+"
    r"(?:issues?|problems?|limitations?|challenges?|drawbacks?|shortcomings?|difficult(?:y|ies))"
    r"(?!\s+(?:of|between|in|present|posed|faced|caused|arising|that|which|where|for|on|with|"
    r"and|or)\b)"
    r"(?:\s+[^\s.;:]+){0,6}\.$",
    re.I,
)
# (what the claim is left with must end whole: not "an algorithm that aims", "We suggest")
_AIM_WORDS = "aims aim tries try seeks seek helps help able used designed needs want wants"
_AIMS = frozenset(_AIM_WORDS.split())


def _without_aim_at_end(sentence: str) -> str:
    """The claim without the aim it ends on, said of what the sentence before named."""
    found = _TO_MEND_AT_END.search(sentence)
    if found is None:
        return sentence
    words = sentence[: found.start()].split()
    last = words[-1].lower().strip(",") if words else ""
    if len(words) < MIN_WORDS or last in _DANGLING_END or last in _AIMS:
        return sentence
    return sentence[: found.start()] + "."


# "Motivated by ..., we tackle this limitation by introducing X" → "We introduce X", and
# without "by": "We tackle the problem proposing an architecture X" → "We propose ...".
_SOLVE_BY = re.compile(
    r"^(?:[^,]{0,120},\s+)?(?P<subject>we|this\s+(?:paper|work|study))\s+(?:\w+ly\s+)?"
    r"(?:fill|bridge|close|address|tackle|solve|overcome|alleviate|mitigate|remedy|resolve|handle|"
    r"fix|narrow|approach)(?:e?s)?\s+(?:in\s+)?(?:this|these|the|such|that|both)\s+"
    rf"(?:[\w\-]+\s+){{0,2}}?{_SOLVES}(?:\s+by\s+(?P<verb>[a-z]{{3,}}?)|,?\s+(?P<claim>propos|"
    r"introduc|present|develop|design|build))ing\s",
    re.I,
)
# "We call this solution CoordConv, which works by X" → "We introduce CoordConv, which ...".
_CALL_THIS = re.compile(
    r"^We\s+(?:call|name|dub|term)\s+(?:this|these|the|our|such)\s+(?:[\w\-]+\s+){1,3}?"
    r"(?P<name>(?-i:[A-Z][\w\-]*[A-Z0-9][\w\-]*|[A-Z][a-z]+[A-Z][\w\-]*))(?=[\s,.;(])"
)
# "We study the problem and propose X" → "We propose X".
_SOLVE_AND = re.compile(
    r"^(We|This\s+(?:paper|work))\s+(?:\w+ly\s+)?(?:study|studies|consider|considers|address|"
    r"addresses|tackle|tackles|investigate|investigates|formulate|formulates|analy[sz]es?|"
    r"resolves?|solves?|overcomes?|alleviates?|mitigates?)\s+"
    rf"(?:the|this|these)\s+(?:[\w\-]+\s+)?{_SOLVES}\s+and\s+(?:then\s+)?(?=[a-z]{{3,}}\s)",
    re.I,
)


# What the abstract names as its problem or task: "we address the problem of searching for
# fingerspelled keywords in raw sign language videos".
_PROBLEM_OF = re.compile(
    r"\b(?:the\s+)?(?P<kind>problem|task)\s+of\s+(?P<what>[^,.;:()\"“]{3,90}?)"
    r"(?=\s*[,.;:(]|\s+(?:which|that|where|whose|is|are|has|have|remains|can|as|for\s+which|"
    r"in\s+which)\b|$)",
    re.I,
)
_THE_PROBLEM = re.compile(
    r"\b(?:[Tt]his|[Tt]he)\s+(?P<kind>problem|task)\b(?!\s*(?:of\b|-|setting))"
)


# ... or as "the X problem": "the catastrophic forgetting problem hinders proper integration of
# prior knowledge" (not "a typical inverse problem", "real-world problems": one of many), said
# for the problem a claim solves ("a solution to this problem by X").
_THE_X_PROBLEM = re.compile(
    r"\b[Tt]he\s+(?P<what>(?:(?!(?:same|above|main|key|first|following|whole|general|"
    r"underlying|former|latter|this|that|other|of|and|or|to|in|for|on|with)\b)[a-z][\w\-]*\s+)"
    r"{1,3})problem\b(?!\s*(?:of\b|-|setting|s\b))"
)
_SOLVES_THE_PROBLEM = re.compile(
    r"\b(?:solutions?\s+to|address(?:es)?|tackles?|solves?|overcomes?|alleviates?|mitigates?)\s+"
    r"(?P<the>the|this)\s+problem(?=\s+(?:by|with|via|using|through)\s)"
)


def _antecedents(sentences: list[str]) -> dict[str, str]:
    """The problem and the task the abstract names, each as it first says it."""
    found: dict[str, str] = {}
    for sentence in sentences:
        # (a quick look first: most sentences name no problem or task)
        if "problem of" not in sentence and "task of" not in sentence:
            named_x = _THE_X_PROBLEM.search(sentence) if "problem" in sentence else None
            if named_x:
                found.setdefault("solved", f"the {named_x['what'].strip()} problem")
            continue
        for named in _PROBLEM_OF.finditer(sentence):
            kind, what = named["kind"].lower(), named["what"].strip()
            last = what.rsplit(None, 1)[-1].lower()
            # ... whole: not "of zero-" (and few-shot ...), not "... recording of" (that ...).
            if not last.endswith("-") and last not in _DANGLING_END and " in case " not in what:
                found.setdefault(kind, f"the {kind} of {what}")
    return found


def _named_problem(sentence: str, antecedents: dict[str, str]) -> str:
    """ "We formulate the problem as X" → "We formulate the problem of Y as X", when the
    abstract says which problem it is; "a solution to the problem by X" → "a solution to the
    catastrophic forgetting problem by X"."""
    if not antecedents or _PROBLEM_OF.search(sentence):
        return sentence
    solved = _SOLVES_THE_PROBLEM.search(sentence) if "solved" in antecedents else None
    if solved and "problem" not in antecedents and antecedents["solved"] not in sentence:
        at = solved.start("the")
        return sentence[:at] + antecedents["solved"] + sentence[solved.end() :]
    found = _THE_PROBLEM.search(sentence)
    # (not the subject: "This problem happens in many domains" is the background)
    if found is None or found.start() == 0 or found["kind"].lower() not in antecedents:
        return sentence
    return sentence[: found.start()] + antecedents[found["kind"].lower()] + sentence[found.end() :]


# What a claim's clause mends, said of what the sentence before named, then how: "a new
# method that mitigates the problems by avoiding X" → "a new method that avoids X", "We
# propose to address the issue by estimating X" → "We propose to estimate X".
_MENDS_BY = re.compile(
    r"\b(?P<head>that|which|to)\s+(?:\w+ly\s+)?(?:address|tackle|solve|overcome|alleviate|"
    r"mitigate|remedy|resolve|handle|fix|answer|reduce|close|bridge|narrow|fill)(?P<s>e?s)?\s+"
    r"(?:both\s+)?(?:the|these|this|"
    r"those|such|all\s+(?:the|these))\s+(?:(?:above|aforementioned|above-mentioned|mentioned|"
    rf"existing|two|three|same|remaining|identified|current)\s+)?{_SOLVES}\s+"
    r"(?:simultaneously\s+|jointly\s+|together\s+)?by\s+(?P<verb>[a-z]{3,}?)ing\s"
)


def _how_it_mends(found: re.Match[str]) -> str:
    verb = _verb_of(found["verb"])
    return f"{found['head']} {_third_person(verb) if found['s'] else verb} "


_SOLVES_WORD = re.compile(rf"\b{_SOLVES}")


# A claim about what the sentence before named, then how: "We answer the question
# affirmatively by designing X" → "We design X", "This paper models the structures by
# presenting X" → "This paper presents X".
_POINTED_BY = re.compile(
    r"^(?P<subject>We|This\s+(?:paper|work|study))\s+(?!(?:formulate|reformulate|cast|frame|pose|"
    r"define|treat)s?\b)(?P<what>(?![a-z]+ed\b)(?:(?!as\b|of\b)[\w\-]+\s+){1,6}?)"
    r"by\s+(?P<verb>[a-z]{3,}?)ing\s"
)


_POINTER_WORD = re.compile(r"\b(?:the|this|these|those)\s+")


def _how_pointed(sentence: str) -> str:
    """The claim said by its gerund when what comes before it is about a thing named in a
    word alone ("the question", "the mystery"), or the claim."""
    found = _POINTED_BY.match(sentence)
    if found is None:
        return sentence
    if not any(
        _BARE_NOUN.match(sentence, pointer.end())
        for pointer in _POINTER_WORD.finditer(sentence, 0, found.end("what"))
    ):
        return sentence
    subject = found["subject"]
    return f"{subject} {_gerunds_said(subject, found['verb'], sentence[found.end() :])}"


def _gerunds_said(subject: str, stem: str, rest: str) -> str:
    """What a subject does, said by its gerund's verb and any "and Ving" after it: "(by)
    considering X and proving Y" → "considers X and proves Y"."""
    verb = _verb_of(stem)
    if subject.lower() != "we":
        verb = _third_person(verb)
    more = re.search(r"\band\s+([a-z]{3,}?)ing\s", rest)
    if more:
        also = _verb_of(more[1])
        if subject.lower() != "we":
            also = _third_person(also)
        rest = f"{rest[: more.start()]}and {also} {rest[more.end() :]}"
    return f"{verb} {rest}"


def _said_without(sentence: str, antecedents: dict[str, str] | None = None) -> str:
    """The claim without the problem it solves, said of what the sentence before named, or
    with the problem the abstract names."""
    # (each pattern only where a quick look finds what it needs: on every claim of every
    # tier, they would cost more than the rest of the TL;DR)
    solve_by = _SOLVE_BY.match(sentence) if " by " in sentence or "ing " in sentence else None
    if solve_by:
        # ("This study fills in the gap by proposing" → "This study proposes")
        subject = solve_by["subject"][:1].upper() + solve_by["subject"][1:]
        verb = solve_by["verb"] or solve_by["claim"]
        rest = _gerunds_said(subject, verb, sentence[solve_by.end() :])
        sentence = f"{subject} {rest}"
    if " by " in sentence:
        sentence = _how_pointed(_MENDS_BY.sub(_how_it_mends, sentence))
    if sentence.startswith("We "):
        sentence = _PROPOSE_TO_SOLVE.sub(r"\g<verb> ", sentence)
        sentence = _CALL_THIS.sub(r"We introduce \g<name>", sentence)
    if " and " in sentence:
        sentence = _SOLVE_AND.sub(r"\1 ", sentence)
    if _SOLVES_WORD.search(sentence):
        sentence = _without_aim_at_end(sentence)
        sentence = _FOR_THE_PROBLEM.sub(
            lambda m: m["kind"] or m["named"] or f"{m['aim']} to ", sentence
        )
    return _named_problem(sentence, antecedents or {})


# A name a proposal gives its own thing: "(SOM)", "a method, EMI-RNN, that", "called X".
_NAMES_OWN = re.compile(
    r"\((?-i:[A-Z][\w\-]*[A-Z][\w\-]*)\)|,\s+(?-i:[A-Z][\w\-]*[A-Z][\w\-]*),|"
    r"\b(?:called|named|dubbed|termed)\s+[A-Z]"
)


# The sentence after a claim saying too little, saying what its thing does: "The proposed
# method poses X", "Our network learns X", "The core idea is to replace X".
_WHAT_IT_DOES = re.compile(
    r"^(?:(?:The\s+proposed|Our(?:\s+proposed)?|This|The\s+new)\s+(?:[\w\-]+\s+)?(?:method|approach|"
    r"model|framework|network|algorithm|technique|system|architecture|scheme|strategy)"
    # ("Our network, which we call SpectralNet, learns X")
    r"(?:,\s+(?:which\s+we\s+(?:call|name|dub|term)|called|named|dubbed|termed)\s+(?P<name>[^,]{1,40}),)?"
    r"|It)\s+(?:(?P<does>(?:\w+ly\s+)?(?!is\b|was\b|has\b|does\b)[a-z]{3,}s\s.+)|is\s+based\s+on\s+"
    r"(?P<basis>.+))$"
    r"|^(?:The|Our)\s+(?P<kind>core|key|main|basic|central)\s+idea\s+is\s+to\s+(?P<idea>[a-z]+\s.+)$"
)


def _said_more(claim: str, sentences: list[str], opened: dict[str, str]) -> str:
    """A claim saying too little ("We propose a simple method.") with what the sentence after
    it says its thing does ("... that poses the learning of weights as X"), or the claim."""
    if not says_little(claim):
        return claim
    said = claim.rstrip(".")
    at = next((i for i, s in enumerate(sentences) if said in opened[s]), -1)
    if at < 0 or at + 1 >= len(sentences):
        return claim
    found = _WHAT_IT_DOES.match(latex_text(opened[sentences[at + 1]]))
    if found is None:
        return claim
    named = f", {found['name']}," if found["name"] else ""
    if found["does"]:
        more = f"{said}{named} that {found['does']}"
    elif found["basis"]:
        more = f"{said}{named}, based on {found['basis']}"
    else:
        more = f"{said}, whose {found['kind']} idea is to {found['idea']}"
    more = readable(_whole(more))
    return more if more and not leans_back(more, strict=True) else claim


def summarize(sentences: list[str], name: str = "") -> str:
    """The sentence that states the contribution (naming it, if it has a name), standing
    alone, in at most `MAX_SUMMARY` characters."""
    fallback = little = pointed = ""
    opened = {s: _without_opening(s) for s in sentences}
    antecedents = _antecedents(sentences)
    text = " ".join(sentences)
    for rank, tier in enumerate(_tiers(sentences, name, opened)):
        said = [readable(_whole(latex_text(_gap_filled(opened[t])))) for t in tier]
        said = [_how_pointed(s) if " by " in s else s for s in said if s]
        # One standing alone, naming what it speaks of; else one said without the problem
        # it solves ("We propose a model for the task, FSS-Net, ..." → "We propose a model,
        # FSS-Net, ..."); else one that only says "the model" or "the task" of it.
        mended = [_said_without(s, antecedents) for s in said]
        if rank >= 2 and pointed:
            return pointed
        alone = _alone(mended, strict=True, enough=True)
        # A claim that only says "the method" or "our model" of its thing gives way, as one
        # whose "this X" names a word alone does, to a claim of the next tier saying which.
        loose = "" if alone else _alone(said, enough=True)
        if loose:
            if rank >= 1 or pointed:
                return pointed or loose
            pointed = loose
            continue
        if alone:
            # (what it shows of its results says less than a proposal pointing to a word)
            # ... and a proposal naming its own thing says more ("a method, EMI-RNN, that").
            if pointed and (_OF_RESULTS.search(alone) or _NAMES_OWN.search(pointed)):
                return pointed
            return alone
        # A claim saying too little to tell what it is ("We propose a simple method.") gives
        # way to one of the next tier that says it, while that is still the paper's own.
        if little:
            return _said_more(little, sentences, opened)
        little = _alone(mended, strict=True) or _alone(said)
        if little:
            if rank >= 2:
                return _said_more(little, sentences, opened)
            continue
        # A claim whose "this ..." names what the sentence before said reads alone as "the ...",
        # unless it names no more than a word ("this phenomenon", "these issues"): "the
        # phenomenon" is still the one before, and gives way to a claim of the next tier.
        definite = ""
        for one in said:
            unpointed = _unpointed(one, text)
            if leans_back(unpointed):
                continue
            if not _points_bare(one):
                definite = unpointed
                break
            pointed = pointed or unpointed
        if definite:
            return definite
        if pointed and rank >= 1:
            return pointed  # (not what it names or does, its background or its evaluation)
        # A claim leaning back says more than a background sentence that does not.
        if rank < 3 and said:
            fallback = fallback or _unpointed(said[0], text)
        if rank == 2 and fallback:
            return fallback
    if little or fallback:
        return _said_more(little, sentences, opened) if little else fallback
    # Every sentence is too long to cut at a clause, cut off or holds LaTeX: the first one,
    # up to its last comma, and never with "…" or LaTeX.
    first = latex_text(opened[sentences[0]]) if sentences else ""
    if len(first) > MAX_SUMMARY:
        room = first[: MAX_SUMMARY - 1]
        cut = max(room.rfind(", "), room.rfind("; "))
        first = (room[:cut] if cut > 0 else room.rsplit(" ", 1)[0]).rstrip(" ,;:") + "."
    return _never_cut_nor_latex(first)
