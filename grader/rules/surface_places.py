"""A state or province by its postal code (DESIGN 4.6, a surface form): an accepted answer that
is the name of a US state (or the District of Columbia, Puerto Rico) or of a Canadian province or
territory is said by its two-letter postal code, in capitals, where an address writes it: right
after a place's name and a comma ("Denver, CO" says "Colorado", "Hamilton, ON" "Ontario",
"Beverly Hills, CA 90210" "California"), the code closing its clause (the text's end, a
punctuation mark) or followed by a postal code ("CA 90210", "ON L8P 4R5"); (v4) and by the code
alone, in capitals, as the whole answer (`code_alone`: "CO" says "Colorado", "OR." "Oregon",
"ON" "Ontario"; quotes or emphasis marks around it and a full stop after it aside). A whole answer
in capitals that is the key's code is read as the code, as a person reads a bare answer: "OR",
"IN", "ME", "HI" and "OK" too, each for the key that is its state (an "OK" alone that
acknowledges is no answer to a question whose key is Oklahoma).

Never:
- the code anywhere else: in a sentence or as a word ("It is OK", "Log IN", "ME is Maine", "It
  is in TX", "CA 90210" with no place before it), alone in lower case or with a small letter
  ("tx", "Or", "Ok", "Hi"), with more letters, digits or dots ("TXT", "TX2", "T.X."), after a
  word in lower case or in capitals ("the price, CO", "It is OK, CO"), more capitals
  or letters after it ("Denver, COLORADO" is the key itself; "Paris, TX2"), in lower case
  ("denver, co");
- a name that is also a city's or a country's: "New York" (the city), "Washington" (the
  capital, a person), "Georgia" (the country), "Quebec" (its city): "Albany, NY" must not say a
  key "New York" that names the city, nor "Atlanta, GA" one that names the country;
- a code of another state ("Portland, ME" is not "Oregon"), a mention rejected ("not Denver,
  CO") or among alternatives the answer does not choose between.

Known and accepted: a degree written after a person's name ("Jane Smith, MD") reads as its
state (Maryland), where the key is that state; an answer that names a person where a state is
asked is no answer the code decides.

Read only where an accepted answer is a name of the table (`postal_code`, cached): the code
alone compared with the whole answer (`grader.rules.content_check.says_key`), the address form
looked for only where the answer holds a comma, a space and its code (`may_say_postal`), its
mention judged as any other (`grader.rules.surface_match.says`: not rejected, not among
alternatives).
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.surface import fold_diacritics

# The US Postal Service's codes of the states, the District of Columbia and Puerto Rico, and
# Canada Post's of the provinces and territories; the names a key writes (diacritics folded,
# lower case). Left out, as names of a city or a country too: New York (NY), Washington (WA),
# Georgia (GA), Quebec (QC).
_CODES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC",
    "florida": "FL", "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN",
    "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA", "maine": "ME",
    "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "north carolina": "NC",
    "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR",
    "pennsylvania": "PA", "puerto rico": "PR", "rhode island": "RI", "south carolina": "SC",
    "south dakota": "SD", "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT",
    "virginia": "VA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
    "alberta": "AB", "british columbia": "BC", "manitoba": "MB", "new brunswick": "NB",
    "newfoundland and labrador": "NL", "nova scotia": "NS", "northwest territories": "NT",
    "nunavut": "NU", "ontario": "ON", "prince edward island": "PE", "saskatchewan": "SK",
    "yukon": "YT",
}  # fmt: skip
# What may stand around a key's name: an article, "the state of", "province", punctuation.
_AROUND = re.compile(
    r"^(?:the\s+)?(?:(?:state|province|territory|commonwealth)\s+of\s+)?(?P<name>.+?)"
    r"(?:\s+(?:state|province|territory))?[\s.!?]*$"
)
# A place's name before the comma: its last word, a capital and then a small letter ("Denver",
# "Hills", "Louis"; never a word in capitals, "OK", nor one in lower case). After the code, the
# clause's end or a postal code (US: five digits, four more after a hyphen; Canada: "A1A 1A1").
_PLACE = r"(?<![\w-])[A-Z][a-z][\w'.-]*, "
_AFTER = r"(?=\s*$|[.,;:!?)\]]|\s+\d{5}(?:-\d{4})?(?!\w)|\s+[A-Z]\d[A-Z] ?\d[A-Z]\d(?!\w))"


@lru_cache(maxsize=4096)
def postal_code(accepted: str) -> str:
    """The postal code of an accepted answer that names a state or province of the table
    ("Colorado", "the State of Colorado", "Ontario Province"), or ""."""
    found = _AROUND.match(" ".join(fold_diacritics(accepted.lower()).split()))
    return _CODES.get(found.group("name"), "") if found else ""


# What may stand around a code that is the whole answer: white space, quotes, emphasis marks.
_AROUND_ALONE = " \t\n\"'*_`“”‘’"


def code_alone(accepted: str, answer_text: str) -> bool:
    """Whether the whole answer, as written, is the postal code of the accepted answer's state
    or province alone, in capitals (see the module): "CO", "**CO**", "CO." for "Colorado"; never
    "co", "Co", "CO2", "It is CO". (Read on the whole answer by
    `grader.rules.content_check.says_key`: a part of an answer, "CO" after "Denver, ", is no
    answer alone.)"""
    code = postal_code(accepted)
    said = answer_text.strip(_AROUND_ALONE)
    return bool(code) and said.removesuffix(".").rstrip(_AROUND_ALONE) == code


@lru_cache(maxsize=64)
def postal_pattern(code: str) -> re.Pattern[str]:
    """The pattern of a postal code where an address writes it (see the module)."""
    return re.compile(_PLACE + code + _AFTER)


def may_say_postal(code: str, answer_text: str) -> bool:
    """Whether the answer, as written, holds what `postal_pattern` needs: a comma, a space and
    the code (a shortcut: the pattern is run only then; tests/rules/test_surface_places.py)."""
    return ", " + code in answer_text
