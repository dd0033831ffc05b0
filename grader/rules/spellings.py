"""British and American spellings (DESIGN 4.6, grader v4), one written form each, for the
surface forms (`grader.rules.surface`): a key and an answer that spell one word the two ways say
the same thing.

- "-our" and "-or": "colour", "colours", "coloured" are "color..."; "flavour", "honour",
  "labour", "neighbour", "behaviour", "favourite", "harbour", "humour", "rumour", "vapour",
  "armour", "odour", "tumour" likewise. Never another word that ends in "our" ("four",
  "hour", "your", "tour", "pour", "flour", "sour", "our"): only the stems listed.
- "-re" and "-er": "centre", "theatre", "fibre", "litre", "metre", "calibre", "sabre",
  "spectre", "lustre", "meagre" (and their plurals) are "center", ... Never "genre", "acre",
  "mediocre", "ogre", "massacre" (spelled one way in both).
- "-ise"/"-yse" and "-ize"/"-yze": "organise", "organised", "organising", "organisation" are
  "organiz..."; "analyse", "paralyse", "catalyse" are "analyz...". Only the verbs listed: never
  "rise", "wise", "promise", "exercise", "advertise", "surprise", "compromise", "expertise".
- "ae"/"oe" and "e": "anaemia", "haemoglobin", "paediatric", "orthopaedic", "encyclopaedia",
  "leukaemia", "oesophagus", "oestrogen", "foetus", "manoeuvre" ("maneuver"); "-ence" and
  "-ense": "defence", "offence", "pretence", "licence" (the noun); "aluminium" and "aluminum";
  "grey" and "gray"; "programme" and "program"; "catalogue", "dialogue", "analogue" and "-og".
Never a word of another meaning: the table lists whole stems, not endings.

The text is normalised (lower case, diacritics folded) before this step.
"""

from __future__ import annotations

import re
from functools import lru_cache

_OUR = (
    "colo flavo hono labo neighbo behavio favo harbo humo rumo vapo armo odo tumo valo rigo savo"
).split()
_RE = "cent theat fib lit met calib sab spect lust meag".split()
_ISE = (
    "organ recogn real apolog critic special standard minim maxim util summar emphas priorit "
    "optim final memor character civil colon capital mobil categor harmon hospital author "
    "visual modern normal general personal central equal stabil neutral legal symbol"
).split()
_YSE = "anal paral catal dial".split()
# whole words (with their endings) spelled differently: British -> American
_WORDS = {
    "anaemia": "anemia",
    "anaemic": "anemic",
    "haemoglobin": "hemoglobin",
    "haemorrhage": "hemorrhage",
    "paediatric": "pediatric",
    "paediatrics": "pediatrics",
    "paediatrician": "pediatrician",
    "orthopaedic": "orthopedic",
    "orthopaedics": "orthopedics",
    "encyclopaedia": "encyclopedia",
    "leukaemia": "leukemia",
    "oesophagus": "esophagus",
    "oestrogen": "estrogen",
    "foetus": "fetus",
    "foetal": "fetal",
    "manoeuvre": "maneuver",
    "manoeuvres": "maneuvers",
    "defence": "defense",
    "offence": "offense",
    "pretence": "pretense",
    "licence": "license",
    "aluminium": "aluminum",
    "grey": "gray",
    "programme": "program",
    "programmes": "programs",
    "catalogue": "catalog",
    "catalogues": "catalogs",
    "dialogue": "dialog",
    "dialogues": "dialogs",
    "analogue": "analog",
    "analogues": "analogs",
}
_BRITISH = re.compile(
    r"(?<![\w-])(?:"
    rf"(?P<our>{'|'.join(_OUR)})ur(?P<our_end>[a-z]*)"
    rf"|(?P<re>{'|'.join(_RE)})re(?P<re_end>s?)"
    rf"|(?P<ise>{'|'.join(_ISE)})is(?P<ise_end>e|es|ed|ing|ation|ations|er|ers)"
    rf"|(?P<yse>{'|'.join(_YSE)})ys(?P<yse_end>e|es|ed|ing|er|ers)"
    rf"|(?P<word>{'|'.join(sorted(_WORDS, key=len, reverse=True))})"
    r")(?![\w-])"
)


def _american(found: re.Match[str]) -> str:
    if found.group("our") is not None:
        return found.group("our") + "r" + found.group("our_end")
    if found.group("re") is not None:
        return found.group("re") + "er" + found.group("re_end")
    if found.group("ise") is not None:
        return found.group("ise") + "iz" + found.group("ise_end")
    if found.group("yse") is not None:
        return found.group("yse") + "yz" + found.group("yse_end")
    return _WORDS[found.group("word")]


def american(text: str) -> str:
    """``text`` with the British spellings of the table written the American way (the
    module's definition)."""
    return _BRITISH.sub(_american, text)


@lru_cache(maxsize=65536)
def british_word(word: str) -> bool:
    """Whether a word (a run of letters) is one the table writes another way: what the surface
    forms' guard asks of each word of a text (every match of the table is such a word)."""
    return _BRITISH.fullmatch(word) is not None
