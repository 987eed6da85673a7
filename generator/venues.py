"""Venue names as readers know them: "nips2015" is NeurIPS 2015, "ICLR'18" is ICLR 2018.

Inputs spell a venue as their source did: a name and a year glued together ("aaai2022"), an
old name ("NIPS"), a year of two digits ("CVPR'19"), words around it ("ICLR 2018
Conference", "Proceedings of ACL 2022"). Every page, badge, filter, listing and citation
shows the venue as `venue_of` gives it: the name readers know (`NAMES`, which
`plugins: digest: venue_names` in mkdocs.yml adds to or overrides) and the year (the paper's
`year` field, else the one in the venue). A venue whose name is not known is shown as the
input spells it, with its year added when the input gives one apart.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

#: The venues readers cite most, by their name folded to lower-case letters and digits, as
#: they are known now (NIPS is NeurIPS since 2018).
NAMES: dict[str, str] = {
    "neurips": "NeurIPS",
    "nips": "NeurIPS",
    "iclr": "ICLR",
    "icml": "ICML",
    "cvpr": "CVPR",
    "iccv": "ICCV",
    "eccv": "ECCV",
    "wacv": "WACV",
    "bmvc": "BMVC",
    "accv": "ACCV",
    "3dv": "3DV",
    "acl": "ACL",
    "emnlp": "EMNLP",
    "naacl": "NAACL",
    "eacl": "EACL",
    "aacl": "AACL",
    "coling": "COLING",
    "conll": "CoNLL",
    "tacl": "TACL",
    "lrec": "LREC",
    "colm": "COLM",
    "aaai": "AAAI",
    "ijcai": "IJCAI",
    "aistats": "AISTATS",
    "uai": "UAI",
    "colt": "COLT",
    "alt": "ALT",
    "tmlr": "TMLR",
    "jmlr": "JMLR",
    "mlsys": "MLSys",
    "kdd": "KDD",
    "sigkdd": "KDD",
    "www": "WWW",
    "thewebconf": "WWW",
    "sigir": "SIGIR",
    "wsdm": "WSDM",
    "cikm": "CIKM",
    "recsys": "RecSys",
    "icdm": "ICDM",
    "corl": "CoRL",
    "icra": "ICRA",
    "iros": "IROS",
    "rss": "RSS",
    "interspeech": "Interspeech",
    "icassp": "ICASSP",
    "miccai": "MICCAI",
    "acmmm": "ACM MM",
    "ecmlpkdd": "ECML PKDD",
    "acml": "ACML",
    "l4dc": "L4DC",
}
#: Words around a venue's name that say nothing about which venue it is.
_AROUND = frozenset(
    {"proceedings", "of", "the", "conference", "main", "track", "papers", "annual", "meeting"}
)
#: A year: four digits from 1950 to 2099, or two after an apostrophe or a hyphen ("CVPR'19").
_YEAR = re.compile(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)|['’‘-](\d\d)(?!\d)")

_overrides: dict[str, str] = {}


def use_names(names: Mapping[str, str]) -> None:
    """Use these venue names (mkdocs.yml's `plugins: digest: venue_names`) over and beside
    `NAMES`: each key is a venue as inputs spell it, without its year ("nips", "My
    Workshop"), each value the name to show ("NeurIPS", "MyW")."""
    folded = {fold(str(key)): str(value).strip() for key, value in names.items()}
    found = {key: value for key, value in folded.items() if key and value}
    if found != _overrides:
        _overrides.clear()
        _overrides.update(found)
        _parse.cache_clear()


def fold(name: str) -> str:
    """A venue's name as a key: lower-case letters and digits only ("ACM MM" is acmmm)."""
    return re.sub(r"[^0-9a-z]+", "", name.casefold())


def known_name(name: str) -> str:
    """The name readers know for a venue named so (its year left out), or ""."""
    key = fold(name)
    return _overrides.get(key) or NAMES.get(key, "")


def venue_of(venue: str, year: int | None = None) -> str:
    """The venue with its year, as readers know it: "nips2015" → "NeurIPS 2015"; "" for none."""
    name, found = _parse(" ".join(str(venue).split()))
    if not name:
        return ""
    shown = year if year is not None else found
    if shown is None or str(shown) in name:  # "foo2021", unknown, says its year already
        return name
    return f"{name} {shown}"


def name_of(venue: str) -> str:
    """The venue's name alone, as readers know it: "nips2015" → "NeurIPS"."""
    return _parse(" ".join(str(venue).split()))[0]


def year_in(venue: str) -> int | None:
    """The year a venue's spelling holds ("aaai2022" → 2022), or None."""
    return _parse(" ".join(str(venue).split()))[1]


@functools.lru_cache(maxsize=4096)  # a digest has a few venues, asked for per paper
def _parse(venue: str) -> tuple[str, int | None]:
    """(name, year) of a venue as an input spells it; the name as spelt when unknown."""
    if not venue:
        return "", None
    year: int | None = None
    match = _YEAR.search(venue)
    rest = venue
    if match:
        year = int(match.group(1)) if match.group(1) else 2000 + int(match.group(2))
        rest = (venue[: match.start()] + " " + venue[match.end() :]).strip()
    words = [w for w in re.split(r"[\s_/]+", rest) if w and fold(w) not in _AROUND]
    whole = known_name(" ".join(words)) if words else ""
    if whole:
        return whole, year
    if len(words) > 1:  # "NeurIPS Datasets and Benchmarks": a known name and more, as spelt
        first = known_name(words[0])
        if first:
            return " ".join([first, *words[1:]]), year
    # Unknown: as the input spells it (its year taken out only where it was apart).
    shown = rest if match and match.group(1) and _apart(venue, match) else venue
    return " ".join(shown.split()).strip(" -'’"), year if shown != venue else None


def _apart(venue: str, match: re.Match[str]) -> bool:
    """Whether a year stands apart in a venue's spelling ("Foo 2021", not "foo2021")."""
    before = venue[: match.start()]
    after = venue[match.end() :]
    return (not before or not before[-1].isalnum()) and (not after or not after[0].isalnum())
