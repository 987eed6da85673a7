"""One case style for every derived title: sentence case, names as the abstract writes them.

A title is pieced together from the abstract's phrases, so it inherits their capitals: the
capitals of a name ("Sparse Structure Selection", "Gaussian", "Transformer"), which stay,
and capitals the abstract typed only to spell out an acronym ("Local 4D implicit
Representation for Dynamic clothed human (LoRD)", "Adaptive Image DEnoiser (AIDE)",
"augmentatIon"), which go. A word capitalized among lower-case ones that the abstract
writes in lower case elsewhere goes to lower case too; a name cut in two ("probabilistic
Sentential Decision Diagram") is written whole again.
"""

from __future__ import annotations

import re
from functools import lru_cache

from generator.derive.names import COMMON

# Words a name may hold in lower case between its capitalized ones: "Query-Reduction
# Networks for Question Answering".
_SMALL_WORDS = "of for and the a an in on with to via by from at or as into over"
_SMALL = frozenset(_SMALL_WORDS.split())
_WORD = re.compile(r"[^\W_][\w\-'’]*")
#: Capitals typed to spell an acronym inside a word: "DEnoiser", "HIerarchical", "samPling".
_ODD = re.compile(r"^(?:[A-Z]{2,3}[a-z]{4,}|[a-z]{3,}[A-Z][a-z]+)$")
_TITLE_WORD = re.compile(r"^[A-Z][a-z]+(?:-[A-Za-z][a-z]*)*$")
# An acronym defined in parentheses, and the words before it: "... Image DEnoiser (AIDE)".
_DEFINED = re.compile(
    r"\(\s*([A-Za-z][\w\-]*[A-Z][\w\-]*)\s*[),;]|"
    r",?\s+(?:called|named|dubbed|termed|namely|coined)\s+(?:as\s+)?[\"“]?"
    r"([A-Za-z][\w\-]*[A-Z][\w\-]*)\b"
)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\(\s*)$")


def _capitals(word: str) -> str:
    return "".join(c for c in word if c.isupper())


def _spells(acronym: str, capitals: str) -> bool:
    """Whether the capitals hold the acronym's letters in order ("LDRD" holds "LRD")."""
    letters = iter(capitals)
    return all(c in letters for c in acronym)


@lru_cache(maxsize=64)
def _highlighted(text: str) -> frozenset[str]:
    """The words whose capitals the abstract typed only to spell an acronym: the capitalized
    words of an expansion that also holds lower-case words or capitals inside a word, when
    none of them is a name the abstract capitalizes elsewhere ("Private Evolution aided
    Stochastic Gradient Descent (PE-SGD)" is made of names, and keeps its capitals)."""
    found: set[str] = set()
    for match in _DEFINED.finditer(text):
        acronym = _capitals(match.group(1) or match.group(2))
        words = text[max(0, match.start() - 160) : match.start()].split()[-12:]
        # The shortest run of words before the acronym whose capitals spell it.
        for size in range(1, len(words) + 1):
            run = words[-size:]
            if run[0][:1] == acronym[:1] and _spells(acronym, _capitals("".join(run))):
                content = [w for w in run if w.lower() not in _SMALL]
                mixed = any(w.islower() and len(w) > 2 for w in content[1:]) or any(
                    _ODD.match(w) for w in content
                )
                capitalized = [w.strip("’'") for w in run if not w.islower()]
                # A field's term spelled out ("Deep Reinforcement Learning (DRL)"), not a name.
                term = _field_term(match.group(1) or match.group(2))
                if (mixed or term) and not any(_named_elsewhere(w, text) for w in capitalized):
                    found.update(capitalized)
                break
    return frozenset(found)


def _field_term(acronym: str) -> bool:
    """An everyday acronym (RL, CNNs, VQA), "deep" before one (DRL, DCNN) or a part after a
    hyphen (PE-SGD): its words are the field's, written in lower case in a title."""
    folded = acronym.casefold().removesuffix("s")
    return any(
        folded[i:] in _COMMON and (i == 0 or folded[:i] == "d" or folded[i - 1] == "-")
        for i in range(len(folded) - 1)
    )


_COMMON = frozenset(w.casefold().removesuffix("s") for w in COMMON if len(w) >= 2)


def _named_elsewhere(word: str, text: str) -> bool:
    """A word the abstract capitalizes more than once mid-sentence and never writes in lower
    case: part of a name ("Evolution" of "Private Evolution"), not of one acronym's spelling."""
    if _ODD.match(word) or not _TITLE_WORD.match(word):
        return False
    lower, capital = _cases(word, text)
    return lower == 0 and capital >= 2


_TEXT_WORD = re.compile(r"[^\W_][\w\-'’]*")


@lru_cache(maxsize=16)
def _case_counts(text: str) -> dict[str, tuple[int, int]]:
    """Each word of the abstract (folded): how often it is written mid-sentence in lower case,
    and with a capital. Counted once per abstract."""
    counts: dict[str, list[int]] = {}
    for found in _TEXT_WORD.finditer(text):
        at = found.start()
        before = text[at - 2 : at] if at >= 2 else ""
        if at == 0 or before[-1:] == "(" or (before[-1:] == " " and before[:1] in ".!?:;"):
            continue  # a sentence's first word is capitalized whatever it is
        word = found.group()
        count = counts.setdefault(word.casefold(), [0, 0])
        count[0 if word.islower() else 1] += 1
    return {w: (c[0], c[1]) for w, c in counts.items()}


def _cases(word: str, text: str) -> tuple[int, int]:
    """How often the abstract writes the word in lower case and with a capital, mid-sentence."""
    return _case_counts(text).get(word.casefold(), (0, 0))


def _neighbour(words: list[str], at: int, step: int) -> str:
    """The nearest word before (step -1) or after (+1) that is not a small word."""
    at += step
    while 0 <= at < len(words) and words[at].lower() in _SMALL:
        at += step
    return words[at] if 0 <= at < len(words) else ""


# Words named after people, capitalized in any sentence: "Bayesian", "Monte Carlo", "Markov".
_PROPER_WORDS = """
    bayesian gaussian markov markovian euclidean riemannian hessian wasserstein lipschitz monte
    carlo langevin fourier hamilton hamiltonian boltzmann dirichlet poisson bernoulli gibbs newton
    nesterov laplace laplacian kalman nash shapley bellman hilbert jacobian lagrangian hebbian
    shannon bregman gumbel sinkhorn stein fisher cauchy chebyshev thompson metropolis hopfield
    bayes kronecker hadamard cholesky krylov lanczos mahalanobis tikhonov weibull jensen
"""
_PROPER = frozenset(_PROPER_WORDS.split())


def _proper(word: str) -> str:
    """The word with each part named after a person capitalized: "gaussian-process" →
    "Gaussian-process"; any other word as it is."""
    parts = word.split("-")
    return "-".join(p.capitalize() if p.lower() in _PROPER else p for p in parts)


def sentence_case(phrase: str, text: str) -> str:
    """The phrase in sentence case, each name as the abstract writes it (see the module)."""
    words = _WORD.findall(phrase)
    if not words:
        return phrase
    highlighted = _highlighted(text)
    fixed: dict[int, str] = {}
    for n, word in enumerate(words):
        # "bayesian optimization" → "Bayesian optimization", "Non-gaussian" → "Non-Gaussian"
        if (word.islower() or word[1:].islower()) and _proper(word) != word:
            fixed[n] = _proper(word)
            continue
        if word.islower() or word.isupper() or any(c.isdigit() for c in word):
            continue
        lower, capital = _cases(word, text)
        if _ODD.match(word) and (lower or word in highlighted):
            fixed[n] = _proper(word.lower())
        elif _TITLE_WORD.match(word) and n > 0:
            before, after = _neighbour(words, n, -1), _neighbour(words, n, 1)
            alone = before[:1].islower() and (not after or after[:1].islower())
            # Every word of an expansion spelling its acronym, unless a proper noun the
            # abstract capitalizes elsewhere too ("Gaussian Process").
            if word in highlighted or (alone and lower > capital):
                fixed[n] = _proper(word.lower())
    # A name cut in two: "probabilistic Sentential Decision Diagram" → "Probabilistic ...".
    for n in range(1, len(words)):
        word, before = words[n], words[n - 1]
        if (
            n - 1 not in fixed
            and n not in fixed
            and _TITLE_WORD.match(word)
            and before.islower()
            and before.isalpha()
            and before not in _SMALL
            and f"{before.capitalize()} {word}" in text
            and before.capitalize() not in highlighted
        ):
            fixed[n - 1] = before.capitalize() if n - 1 > 0 else before
    if not fixed:
        out = phrase
    else:
        pieces: list[str] = []
        at = 0
        for n, match in enumerate(_WORD.finditer(phrase)):
            pieces.append(phrase[at : match.start()])
            pieces.append(fixed.get(n, match.group()))
            at = match.end()
        pieces.append(phrase[at:])
        out = "".join(pieces)
    return out[:1].upper() + out[1:] if out[:1].islower() else out


def titled(title: str, name: str, text: str) -> str:
    """A whole derived title in one case style: the name as found, the rest in sentence case."""
    if name and title == name:
        return title  # a bare name as the abstract writes it: "pc-BO"
    if name and title.startswith(f"{name}: "):
        return f"{name}: {sentence_case(title[len(name) + 2 :], text)}"
    # "Markov chain gradient descent: A variant of ...": what follows a colon starts anew.
    head, colon, tail = title.partition(": ")
    if colon and tail:
        return f"{sentence_case(head, text)}: {sentence_case(tail, text)}"
    return sentence_case(title, text)
