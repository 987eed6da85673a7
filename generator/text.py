"""Text as authors wrote it: LaTeX-isms and markup made faithful Markdown, or plain text.

Abstracts arrive with LaTeX habits (`30-40\\%`, ``` ``quoted'' ```, `---`, `{\\it x}`),
inline math (`$\\ell_p$`, kept for the Markdown math extension to render), Markdown
emphasis and bare URLs. `clean_abstract` keeps what the author meant and makes sure no
line of it is read as Markdown block syntax, and that it links only to web pages: an
image, a relative link or a script link is kept as the text it was typed as. Raw HTML
is shown as text by the Markdown extension in `generator.engine.markdown_ext`, not here, so
the page source stays readable.
"""

from __future__ import annotations

import base64
import bisect
import functools
import hashlib
import logging
import re
import unicodedata

import re2

# $...$ or $$...$$: no space just inside the dollars, closing $ not followed by a digit.
# The pattern says what `math_spans` finds; `math_spans` finds it in linear time (the
# pattern scans to the text's end from each `$` it cannot close: quadratic on `$1$1$1...`).
MATH = re.compile(r"(?<![\\$])(\$\$?)(?=\S)(.+?)(?<=[^\s\\])\1(?!\d)", re.S)


def _closers(text: str, dollars: list[int], width: int) -> list[int]:
    """Where a `$` (width 1) or `$$` (width 2) at each place in `dollars` may close math:
    the character before it is no space or backslash, the one after it no digit."""
    found = []
    for at in dollars:
        if width == 2 and text[at + 1 : at + 2] != "$":
            continue
        before, after = text[at - 1] if at else " ", text[at + width : at + width + 1]
        if not before.isspace() and before != "\\" and not (after and after.isdecimal()):
            found.append(at)
    return found


def math_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each `MATH` match, left to right, as `MATH.finditer` gives them,
    in time linear in the text (and the number of dollars' logarithm)."""
    return [(start, end) for start, end, _ in math_matches(text)]


def math_matches(text: str) -> list[tuple[int, int, int]]:
    """`math_spans`, each with the width of its dollars (1 for `$`, 2 for `$$`)."""
    if "$" not in text:
        return []
    dollars = [at for at, ch in enumerate(text) if ch == "$"]
    single, double = _closers(text, dollars, 1), _closers(text, dollars, 2)
    spans: list[tuple[int, int, int]] = []
    resume = 0
    for at in dollars:
        if at < resume or (at and text[at - 1] in "\\$"):
            continue
        close = -1
        if text[at + 1 : at + 2] == "$" and text[at + 2 : at + 3].strip():
            # `$$` opens when a `$$` closes after at least one character of content.
            n = bisect.bisect_left(double, at + 3)
            if n < len(double):
                close, width = double[n], 2
        if close < 0 and text[at + 1 : at + 2].strip():
            n = bisect.bisect_left(single, at + 2)
            if n < len(single):
                close, width = single[n], 1
        if close >= 0:
            spans.append((at, close + width, width))
            resume = close + width
    return spans


_TEX_STYLE = re.compile(r"\{\\(it|em|bf|sl|tt|sc|rm)\s+([^{}]*)\}")
_TEX_COMMAND = re.compile(
    r"\\(textit|emph|textbf|texttt|textsc|textrm|textsf|textup|textnormal|text|url|mbox|"
    r"underline|hbox)\{([^{}]*)\}"
)
_STYLE_MARK = {"it": "*", "em": "*", "sl": "*", "bf": "**", "tt": "`", "sc": "", "rm": ""}
_COMMAND_MARK = {
    "textit": "*",
    "emph": "*",
    "textbf": "**",
    "texttt": "`",
    "textsc": "",
    "textrm": "",
    "textsf": "",
    "textup": "",
    "textnormal": "",
    "underline": "",
    "hbox": "",
    "text": "",
    "url": "",
    "mbox": "",
}
# Each with what a text must hold for it to match: most abstracts hold none of them.
_SIMPLE = [
    (re.compile(r"\\([%&#])"), r"\1", "\\"),
    # In RE2 (linear; Python's `re` scans to the end from each `` nothing closes).
    (re2.compile(r"(?s)``(.+?)''"), lambda m: f"\u201c{m.group(1)}\u201d", "``"),
    (re.compile(r"(?<![-!<])---(?![->])"), "\u2014", "--"),
    (re.compile(r"(?<=\d)--(?=\d)"), "\u2013", "--"),
    (re.compile(r"(?<= )--(?= )"), "\u2013", "--"),
    (re.compile(r"(?<=\w)~(?=\\?(?:cite|ref|\d))"), "\u00a0", "~"),
    # A tie between words ("server~(PS)", "LaTeX.~The") is a space; "~80%" stays "about".
    (re.compile(r"(?<=[\w.,;:)\]])~(?=[A-Za-z(\[])"), "\u00a0", "~"),
]
# Line starts that Markdown would read as a heading, quote, list, table, rule, code block,
# admonition or link reference definition.
_BLOCK_START = re.compile(r"^(\s*)(#|>|[-+*](?=\s)|\d+[.)](?=\s)|=+\s*$|-+\s*$|\||!!!|\[[^\]]*\]:)")
_FENCE = re.compile(r"^(\s*)(```|~~~)")
# `[text](target)` or `![alt](target)`: group 1 is "!" for an image, group 2 the target.
_LINK_START = re.compile(r"(!?)\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^\s)>]*)")
_WEB_TARGET = re.compile(r"^(?:https?|mailto|ftp):", re.I)
# `{...}` right after a link, emphasis or code span: attr_list would read it as attributes.
_ATTRIBUTES = re.compile(r"(?<=[)\]*_`])\{")
# C0 control characters (not tab, newline or carriage return) and DEL: never meant as text.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def split_math(text: str) -> list[tuple[bool, str]]:
    """Split text into (is_math, piece) so LaTeX-isms are only rewritten outside math."""
    if "$" not in text:  # most text: no math to look for
        return [(False, text)] if text else []
    pieces: list[tuple[bool, str]] = []
    pos = 0
    for start, end in math_spans(text):
        if start > pos:
            pieces.append((False, text[pos:start]))
        pieces.append((True, text[start:end]))
        pos = end
    if pos < len(text):
        pieces.append((False, text[pos:]))
    return pieces


# LaTeX accents: `\"o`, `\'{e}`, `{\"u}`, `\c{c}`, `\v s` → ö, é, ü, ç, š (as combining marks).
_ACCENT_MARK = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
}
_ACCENT = re.compile(
    r"\{?\\(?:(?P<sign>[\"'`^~=.])\s*|(?P<letter>[uvHckr])(?:\s+|(?=\{)))"
    r"(?:\{\s*(?P<braced>\\i|[A-Za-z])\s*\}|(?P<bare>\\i\b\s?|[A-Za-z]))\}?"
)
# Letters LaTeX writes as commands: `\ss`, `{\o}`, `\aa`, `\L`.
_LETTER = re.compile(r"\{?\\(ss|ae|AE|oe|OE|aa|AA|o|O|l|L|i)\b\s?\}?")
_LETTERS = {
    "ss": "ß",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "aa": "å",
    "AA": "Å",
    "o": "ø",
    "O": "Ø",
    "l": "ł",
    "L": "Ł",
    "i": "ı",
}
# A citation says nothing without its bibliography: `~\cite{a,b}`, `\citep[p.~3]{a}` go; one
# that is a noun in the sentence ("results of \citet{Nemi85} who show") keeps its key.
_CITE = re.compile(
    r"(?P<space>\s*~?)\\(?P<command>cite|citep|citet|citealp|citeauthor|citeyear|nocite)\*?"
    r"(?:\[[^\]]*\])*\{(?P<keys>[^{}]*)\}"
)
_TEXTUAL_CITE = frozenset({"citet", "citeauthor"})


def _cited(match: re.Match[str]) -> str:
    if match["command"] not in _TEXTUAL_CITE:
        return ""
    keys = ", ".join(k.strip() for k in match["keys"].split(","))
    return match["space"].replace("~", " ") + keys


def _accented(match: re.Match[str]) -> str:
    mark = _ACCENT_MARK[match["sign"] or match["letter"]]
    base = match["braced"] or match["bare"]
    base = "i" if base.startswith("\\i") else base
    return unicodedata.normalize("NFC", base + mark)


def _detex(text: str) -> str:
    if "\\" in text:
        text = _CITE.sub(_cited, text)
        text = _ACCENT.sub(_accented, text)
        text = _LETTER.sub(lambda m: _LETTERS[m.group(1)], text)
    for _ in range(3 if "\\" in text else 0):  # nested {\it {\bf x}}
        text = _TEX_STYLE.sub(lambda m: _wrap(_STYLE_MARK[m.group(1)], m.group(2)), text)
        text = _TEX_COMMAND.sub(lambda m: _wrap(_COMMAND_MARK[m.group(1)], m.group(2)), text)
    for pattern, replacement, needed in _SIMPLE:
        if needed in text:
            text = pattern.sub(replacement, text)
    return text


def _wrap(mark: str, inner: str) -> str:
    inner = inner.strip()
    return f"{mark}{inner}{mark}" if inner else ""


def _keep_as_text(text: str) -> str:
    """Escape images, links to anything but a web page, and attr_list braces (not in math)."""
    if "[" not in text and "{" not in text:
        return text  # neither a link nor braces
    math = math_spans(text)

    def in_math(at: int) -> bool:
        return any(start <= at < end for start, end in math)

    escapes = {
        m.start() + len(m.group(1))
        for m in _LINK_START.finditer(text)
        if (m.group(1) or not _WEB_TARGET.match(m.group(2))) and not in_math(m.start())
    }
    escapes.update(m.start() for m in _ATTRIBUTES.finditer(text) if not in_math(m.start()))
    if not escapes:
        return text
    return "".join("\\" + ch if i in escapes else ch for i, ch in enumerate(text))


#: BibTeX's case-keeping braces in an abstract: "{J}oint {E}stimator", "{BERT}", "2{,}000"
#: (math keeps its own; a title keeps what its author typed).
_CASE_BRACES = re.compile(
    r"(?<![\w\\^_{}])\{([^\W\d_][\w\-]*)\}(?!\})|\{([,\u2013\u2014])\}|(?<=[^\W\d_])\{([^\W\d_])\}(?=[\w\-])"
)


def _unbraced(text: str) -> str:
    if "{" not in text:
        return text
    return _CASE_BRACES.sub(lambda m: m.group(1) or m.group(2) or m.group(3), text)


#: Quotes an export put around a whole abstract: `"We present ... ."`, `“We study ...”`.
_WRAPPING = {'"': '"', "\u201c": "\u201d"}


def unwrapped(text: str) -> str:
    """The text without a pair of quotes around all of it. Not a quoted term at its start
    (`"Core-sets" are ...`) nor one at its end: inside, the first quote must open one."""
    text = text.strip()
    close = _WRAPPING.get(text[:1])
    if close is None or len(text) < 3 or text[-1] != close:
        return text
    inner = text[1:-1]
    first = _QUOTE.search(inner)
    if first is not None:
        at, quote = first.start(), first.group()
        opens = quote == "\u201c" or (quote == '"' and (at == 0 or inner[at - 1] in " ([\n"))
        if not opens:
            return text  # it closes the quote the text starts with: `"X" is ... "Y"`
    return inner.strip()


_QUOTE = re.compile('["\u201c\u201d]')


# A LaTeX command whose backslash an export read as a string escape: "\textbf" became a tab
# and "extbf", "\bf" a backspace and "f", "\frac" a form feed and "rac". Only these tails,
# so a tab or a stray control character before ordinary words is left to be dropped.
_EATEN = re.compile(
    r"\t(?=ext(?:bf|it|tt|sc|rm|sf|up|normal)?\{|imes\b|heta\b|ilde\{|au\b)|"
    r"\x08(?=f\s|eta\b|oldsymbol\{|ar\{|egin\{)|\x0c(?=rac\{|orall\b)|"
    r"\x0b(?=ec\{|arepsilon\b|arphi\b)|\x07(?=lpha\b|pprox\b)|\r(?=ho\b|ightarrow\b)"
)
_EATEN_LETTER = {
    "\t": "\\t",
    "\x08": "\\b",
    "\x0c": "\\f",
    "\x0b": "\\v",
    "\x07": "\\a",
    "\r": "\\r",
}


def restored_commands(text: str) -> str:
    """LaTeX commands an export broke by reading their backslash as an escape, mended."""
    if not any(c in text for c in _EATEN_LETTER):
        return text
    return _EATEN.sub(lambda m: _EATEN_LETTER[m.group()], text)


def clean_abstract(text: str) -> str:
    """Return an abstract as Markdown that displays as its author meant it."""
    text = unwrapped(CONTROL.sub("", restored_commands(text)))
    paragraphs = re.split(r"\n\s*\n", text.replace("\r\n", "\n").replace("\r", "\n").strip())
    out = []
    for paragraph in paragraphs:
        joined = " ".join(line.strip() for line in paragraph.split("\n") if line.strip())
        if not joined:
            continue
        cleaned = "".join(
            piece if is_math else _unbraced(_detex(piece)) for is_math, piece in split_math(joined)
        )
        cleaned = _keep_as_text(cleaned)
        cleaned = _FENCE.sub(lambda m: m.group(1) + "\\" + m.group(2), cleaned)
        out.append(_BLOCK_START.sub(lambda m: "\\" + m.group(2), cleaned, count=1))
    return "\n\n".join(out)


# What plain text drops: emphasis, and links (their text is kept). The patterns say what;
# `strip_emphasis` and `strip_links` do it in linear time (the patterns scan to the end of
# the text from each mark they cannot close: 37 s for a 50,000-character `*a *a *a ...`).
_MD_EMPHASIS = re.compile(r"(\*{1,3}|(?<!\w)_{1,3})(?=\S)(.+?)(?<=\S)\1(?!(?<=_)\w)")
_MD_LINK = re.compile(r"(?<!\\)\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)")
_MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!>|$])")


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _emphasis_closers(line: str, mark: str, width: int) -> list[int]:
    """Where a run of `width` `mark`s may close emphasis (see `strip_emphasis`)."""
    run = mark * width
    found = []
    at = line.find(run, 1)
    while at >= 0:
        after = line[at + width : at + width + 1]
        if not line[at - 1].isspace() and (mark == "*" or not (after and _word(after))):
            found.append(at)
        at = line.find(run, at + 1)
    return found


def strip_emphasis(text: str) -> str:
    """`_MD_EMPHASIS.sub(r"\\2", text)`, in time linear in the text (times a logarithm):
    the pattern scans to the line's end from each `*` or `_` it cannot close."""
    if "*" not in text and "_" not in text:
        return text
    return "\n".join(_strip_emphasis_line(line) for line in text.split("\n"))


def _strip_emphasis_line(line: str) -> str:
    closers: dict[tuple[str, int], list[int]] = {}
    out: list[str] = []
    last = i = 0
    n = len(line)
    while i < n:
        mark = line[i]
        if mark not in "*_" or (mark == "_" and i and _word(line[i - 1])):
            i += 1
            continue
        run = 1
        while run < 3 and i + run < n and line[i + run] == mark:
            run += 1
        match = None
        for width in range(run, 0, -1):
            content = i + width
            if content >= n or line[content].isspace():
                continue
            key = (mark, width)
            if key not in closers:
                closers[key] = _emphasis_closers(line, mark, width)
            places = closers[key]
            k = bisect.bisect_left(places, content + 1)
            if k < len(places):
                match = (width, places[k])
                break
        if match is None:
            i += 1
            continue
        width, close = match
        out.append(line[last:i])
        out.append(line[i + width : close])
        i = last = close + width
    out.append(line[last:])
    return "".join(out)


def strip_links(text: str) -> str:
    """`_MD_LINK.sub(r"\\1", text)`, in linear time: a link's text for the link."""
    out: list[str] = []
    last = 0
    i = text.find("[")
    while i >= 0:
        if i and text[i - 1] == "\\":
            i = text.find("[", i + 1)
            continue
        close = text.find("]", i + 1)
        if close < 0:
            break
        end = _target_end(text, close + 1)
        if end < 0:  # every `[` before `close` fails the same way
            i = text.find("[", close + 1)
            continue
        out.append(text[last:i])
        out.append(text[i + 1 : close])
        last = end
        i = text.find("[", end)
    out.append(text[last:])
    return "".join(out)


def _target_end(text: str, at: int) -> int:
    """Where a link target `(...)` starting at `at` ends (after its `)`), or -1: text
    without parentheses, and pairs of parentheses holding none."""
    if text[at : at + 1] != "(":
        return -1
    pos = at + 1
    n = len(text)
    while pos < n:
        ch = text[pos]
        if ch == ")":
            return pos + 1
        if ch == "(":
            nxt = _next_paren(text, pos + 1)
            if nxt < 0 or text[nxt] != ")":
                return -1
            pos = nxt + 1
            continue
        nxt = _next_paren(text, pos)
        if nxt < 0:
            return -1
        pos = nxt
    return -1


def _next_paren(text: str, at: int) -> int:
    found = [p for p in (text.find("(", at), text.find(")", at)) if p >= 0]
    return min(found) if found else -1


def plain_text(markdown: str) -> str:
    """Strip Markdown and LaTeX markup, keeping the words (math keeps its source)."""
    # Titles are asked for by every listing that shows them; an abstract is asked for once.
    return _plain_short(markdown) if len(markdown) < _SHORT else _plain_text(markdown)


#: Text shorter than this (titles, summaries) is converted once and remembered.
_SHORT = 1024


@functools.lru_cache(maxsize=1 << 16)
def _plain_short(markdown: str) -> str:
    return _plain_text(markdown)


def _plain_text(markdown: str) -> str:
    pieces = []
    for is_math, piece in split_math(markdown):
        if is_math:
            pieces.append(piece)
            continue
        piece = _detex(piece)
        # Each pattern only where it can match: most abstracts hold no markup at all.
        if "](" in piece:
            piece = strip_links(piece)
        for _ in range(2 if "*" in piece or "_" in piece else 0):
            piece = strip_emphasis(piece)
        piece = piece.replace("**", "").replace("`", "")
        if "\\" in piece:
            piece = _MD_ESCAPE.sub(r"\1", piece)
        pieces.append(piece)
    return " ".join("".join(pieces).split())  # whitespace collapsed and stripped


# `<` and `~` are not escaped: raw HTML is shown as text anyway, `~` means nothing here,
# and Markdown would show the backslash of `\<` or `\~`.
_MD_SPECIAL = re.compile(r"([\\`*_{}()#+!>|$])")
# Brackets as entities: Markdown's reference definitions (`[x]: target`) ignore a
# backslash before `]`, so `\]:` in a listing's link text would end the link there.
_BRACKETS = str.maketrans({"[": "&#91;", "]": "&#93;"})


# `&amp;`, `&#60;`: Markdown passes entities through, so the text would show `&`, `<`.
_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")


#: How `md_escape` writes a formula: its source in base64 between two private-use
#: characters, which the Markdown extension renders as the formula. No Markdown processor
#: splits or pairs what is between them, so the text around a formula can never pair its
#: dollars, brackets or backticks with the formula's own: the formulas a reader sees are
#: exactly those `math_spans` found, and everything else is escaped text.
MATH_TOKEN_OPEN, MATH_TOKEN_CLOSE = "\ue000", "\ue001"
MATH_TOKEN = re.compile("\ue000([A-Za-z0-9+/=]*)\ue001")


def md_escape(text: str) -> str:
    """Escape text for an inline Markdown context; `$...$` math is written to render as
    math (`MATH_TOKEN`), and every other character is text."""
    text = str(text)
    # A paper's title and summary are escaped in each listing of it: once is enough.
    return _md_escape_short(text) if len(text) < _SHORT else _md_escape(text)


@functools.lru_cache(maxsize=1 << 16)
def _md_escape_short(text: str) -> str:
    return _md_escape(text)


def _md_escape(text: str) -> str:
    text = text.replace(MATH_TOKEN_OPEN, "").replace(MATH_TOKEN_CLOSE, "")
    return "".join(
        f"{MATH_TOKEN_OPEN}{base64.b64encode(piece.encode()).decode()}{MATH_TOKEN_CLOSE}"
        if is_math
        else _MD_SPECIAL.sub(r"\\\1", _ENTITY.sub("&amp;", piece)).translate(_BRACKETS)
        for is_math, piece in split_math(text)
    )


# Names authors give their own macros, and what they stand for.
_MACRO_ALIASES = {
    "eps": "ε",
    "epsilon": "ε",
    "varepsilon": "ε",
    "OM": "O",
    "bigO": "O",
    "Oh": "O",
    "cO": "O",
    "R": "ℝ",
    "RR": "ℝ",
    "reals": "ℝ",
    "E": "𝔼",
    "EE": "𝔼",
    "N": "ℕ",
    "Z": "ℤ",
    "|": "‖",
    "left": "",
    "right": "",
    "big": "",
    "Big": "",
    "bigg": "",
    "Bigg": "",
    "bigl": "",
    "bigr": "",
    "Bigl": "",
    "Bigr": "",
    "middle": "",
    "lVert": "‖",
    "rVert": "‖",
    "Vert": "‖",
    "real": "ℝ",
    # Wrappers pylatexenc does not know: their argument is the text ("operatornameS" not).
    "operatorname": "",
    "operatornamewithlimits": "",
    "mathop": "",
    "boldsymbol": "",
    "bm": "",
    "pmb": "",
    "limits": "",
    "nolimits": "",
    "displaystyle": "",
    "textstyle": "",
    "scriptstyle": "",
    # TeX's own: "\uppercase\expandafter\romannumeral2" is the number it writes.
    "uppercase": "",
    "lowercase": "",
    "expandafter": "",
    "romannumeral": "",
    "noindent": "",
    "nonumber": "",
    "hfill": "",
}
# Outside math, a command and its braced arguments: `\eps`, `\emph{x}`.
_STRAY_COMMAND = re.compile(r"\\(?:[A-Za-z]+|\|)(?:\{[^{}]*\})*")
# A group of more than one character raised or lowered: `n^{1/2}` → `n^(1/2)`.
_GROUP = re.compile(r"([\^_])\{([^{}]{2,})\}")
_SINGLE = re.compile(r"([\^_])\{([^{}])\}")
# A square root an export lost the backslash of: "o(sqrt{T})".
_SQRT = re.compile(r"(?<![\\\w])sqrt\{([^{}]*)\}")


@functools.cache
def _latex_to_text() -> object:
    # Imported on first use: most abstracts hold no LaTeX, and the import takes a while.

    from pylatexenc import latex2text

    # pylatexenc logs each macro it cannot expand, a line on stderr apiece: a text of
    # 10,000 broken `\frac{` took seconds to log alone.
    logging.getLogger("pylatexenc").setLevel(logging.CRITICAL)
    db = latex2text.get_default_latex_context_db().filter_context()
    aliases = [latex2text.MacroTextSpec(k, simplify_repl=v) for k, v in _MACRO_ALIASES.items()]
    db.add_context_category("digest-aliases", prepend=True, macros=aliases)
    # A macro pylatexenc does not know keeps its name rather than vanishing: `\foo(x)`.
    db.set_unknown_macro_spec(
        latex2text.MacroTextSpec("", simplify_repl=lambda node, *_: node.macroname)
    )
    return latex2text.LatexNodes2Text(latex_context=db, math_mode="text")


_LOWERED = "₀₁₂₃₄₅₆₇₈₉ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ₊₋₌₍₎"
_SUBSCRIPTS = dict(zip("0123456789aehijklmnoprstuvx+-=()", _LOWERED, strict=True))
_SUPERSCRIPTS = dict(zip("0123456789in+-=()", "⁰¹²³⁴⁵⁶⁷⁸⁹ⁱⁿ⁺⁻⁼⁽⁾", strict=True))
# One character raised or lowered, not followed by more of a word: "ℓ_2", "ε^3", not "x_ij".
_SCRIPT = re.compile(r"([_^])(?:(-?[0-9a-z])(?![\w(])|\(([^()\s]{1,4})\))")


def _scripted(match: re.Match[str]) -> str:
    """ "ℓ_2" → "ℓ₂", "ε^3" → "ε³", "10^(-3)" → "10⁻³"; what Unicode cannot raise stays."""
    table = _SUBSCRIPTS if match.group(1) == "_" else _SUPERSCRIPTS
    chars = match.group(2) or match.group(3)
    if all(c in table for c in chars):
        return "".join(table[c] for c in chars)
    return match.group(0)


def _as_text(latex: str) -> str:
    converter = _latex_to_text()
    grouped = _GROUP.sub(lambda m: f"{m.group(1)}({m.group(2)})", latex).replace("\\|", "‖")
    try:
        text: str = converter.latex_to_text(grouped)  # type: ignore[attr-defined]
    except Exception:  # pylatexenc fails on some malformed input (`\href` missing a part)
        text = re.sub(
            r"\\([A-Za-z]+)", lambda m: _MACRO_ALIASES.get(m.group(1), m.group(1)), grouped
        )
        text = re.sub(r"[{}]", "", text)
    return text


# TeX's old font switches before one letter: "{\cal O}", "\cal O", "{\bf x}".
_OLD_FONT = re.compile(
    r"\{?\\(cal|bf|rm|it|sf|tt)(?![A-Za-z])\s*\{?\s*([A-Za-z0-9])(?:\s*\})?(?:\s*\})?"
)
_NEW_FONT = {"cal": "mathcal", "bf": "mathbf", "rm": "mathrm", "it": "mathit", "sf": "mathsf"}


def _new_font(found: re.Match[str]) -> str:
    return f"\\{_NEW_FONT.get(found[1], 'mathtt')}{{{found[2]}}}"


def latex_text(text: str) -> str:
    """Plain text with inline math and stray LaTeX commands written out as characters:
    `$O(1/\\epsilon^3)$` → `O(1/ϵ^3)`, `$\\ell_p$` → `ℓ_p`, a bare `\\eps` → `ε`."""
    if "$" not in text and "\\" not in text and "{" not in text:
        return text
    text = _OLD_FONT.sub(_new_font, text)  # "{\cal O}" is "\mathcal{O}", not "calO"
    text = _SQRT.sub(r"√(\1)", text)
    text = _SINGLE.sub(r"\1\2", _GROUP.sub(lambda m: f"{m.group(1)}({m.group(2)})", text))
    pieces = []
    for is_math, piece in split_math(text):
        if is_math:
            pieces.append(_as_text(piece.strip("$")).strip())
        elif "\\" in piece:
            pieces.append(_STRAY_COMMAND.sub(lambda m: _as_text(m.group()), piece))
        else:
            pieces.append(piece)
    joined = _SCRIPT.sub(_scripted, "".join(pieces).replace("$", ""))
    return re.sub(r"[ \t]{2,}", " ", re.sub(r"\s+([,.;:!?)])", r"\1", joined)).strip()


def id_key(ident: str) -> str:
    """What two ids a reader cannot tell apart share: NFKC, without invisible format
    characters (a zero-width space, a joiner, a direction mark). Two pages' ids may not."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", ident) if not _invisible(ch))


def _invisible(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf"


def normalized(text: str) -> str:
    """The form two copies of one abstract share: NFKC, case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()


def content_id(abstract: str) -> str:
    """A stable id for a paper that has none: a hash of its normalised abstract."""
    return hashlib.sha256(normalized(abstract).encode("utf-8")).hexdigest()[:12]


def short_hash(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:8]


# Two sentences an export glued together: "(DATTI).Specifically", "data.We" (not "Key.Net",
# "e.g.The", "torch.nn").
_GLUED = re.compile(r"(?:(?<=[a-z]{3}[.!?])|(?<=\)[.!?]))(?=[A-Z][a-z]+[\s,])")


_ABBREVIATION_END = re.compile(r"(\b(e\.g|i\.e|et al|etc|vs|Fig|Eq|cf|resp|approx)\.)$")
_OWN_START = re.compile(r"(?:We|Our|In\s+this\s+(?:paper|work))\b")


def sentences(text: str) -> list[str]:
    """Split plain text into sentences (good enough for abstracts: no abbreviations split)."""
    if "." in text:
        text = _GLUED.sub(" ", text)
    parts = re.split(r"(?<=[.!?。])\s+(?=[A-Z0-9\"“(\[])", text.strip())
    out: list[str] = []
    for part in parts:
        # Re-join splits after abbreviations such as "e.g." / "et al." / "Fig.".
        # ... but "etc." ends a sentence when the paper's own next one starts ("..., etc. We").
        after_etc = out and out[-1].endswith("etc.") and _OWN_START.match(part)
        if out and not after_etc and re.search(_ABBREVIATION_END, out[-1]):
            out[-1] += " " + part
        else:
            out.append(part)
    return [s.strip() for s in out if s.strip()]
