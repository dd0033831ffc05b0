"""Units after a figure, each in one written form (DESIGN 4.6, grader v4): the unit table the
surface forms read (`grader.rules.surface`, its units step), so that a unit written by its name
and by its symbol is one unit.

- A unit is written by its symbol, its name (singular or plural, British or American spelling)
  or a common short form, glued to its figure or spaced: "81 mg", "81mg", "81 milligrams" (and
  "eighty-one milligrams", once the number words are figures) are "81 mg"; "212 °F", "212°F",
  "212 F", "212 degrees Fahrenheit" are "212 °f"; "37 °C", "37 degrees Celsius", "37 degrees
  centigrade" are "37 °c"; "2.4 mcg", "2.4 µg", "2.4 micrograms" are "2.4 mcg".
- Never another unit: "81 g" is not "81 mg", "2.4 mg" not "2.4 mcg", "212 K" not "212 °F",
  "42.195 miles" not "42.195 km", "8 fl oz" not "8 oz". A degree sign alone ("37°", "37
  degrees") names no scale and is left as written; so is "K" (kelvin, or thousands).
- No conversion between units of another system or scale: "100 °C" is not "212 °F", "26.2 mi"
  not "42.2 km", "8 oz" not "227 g"; a key that lists both forms is matched by either, one that
  does not is left to the other rules. (v4) The one conversion is of the metric prefix
  (`PREFIXED`: "500 mcg" is "0.5 mg", "4000 mg" "4 g"), read as a key's forms
  (`grader.rules.surface_units.other_prefixes`, with its definition and counter-examples).
- (v4) The inch's one form is "inch", never "in": a key's "30 inches" is not said by the
  preposition after a figure ("30 in length", "5 in 1990"); the symbol "in" after a figure is
  read where it cannot be the preposition (`grader.rules.surface_units`).
- The case of a symbol is folded with the text (a megabit "Mb" and a megabyte "MB" could not be
  told apart), so units whose symbols differ only by case are not in the table; where one of
  the two is rare beside the other, the common one is ("mhz" is the megahertz, never the
  millihertz; "mw" the megawatt, never the milliwatt of a laser pointer: a key's "5 mW" is read
  as five megawatts, whose other prefixes no answer about a laser writes).
"""

from __future__ import annotations


def _degrees(*names: str) -> tuple[str, ...]:
    """A temperature scale written after a figure: "degrees fahrenheit", "degree f", "deg f",
    "° f", "°f", "fahrenheit", "f"."""
    leads = ("degrees ", "degree ", "deg ", "° ", "°", "")
    return tuple(lead + name for name in names for lead in leads)


# Each unit's one form (the key) and the ways it is written after a figure.
_WRITTEN: dict[str, tuple[str, ...]] = {
    # length
    "m": ("metres", "meters", "metre", "meter", "m"),
    "km": ("kilometres", "kilometers", "kilometre", "kilometer", "kms", "km"),
    "cm": ("centimetres", "centimeters", "centimetre", "centimeter", "cm"),
    "mm": ("millimetres", "millimeters", "millimetre", "millimeter", "mm"),
    "μm": ("micrometres", "micrometers", "micrometre", "micrometer", "microns", "micron", "μm"),
    "nm": ("nanometres", "nanometers", "nanometre", "nanometer", "nm"),
    "mi": ("miles", "mile", "mi"),
    "yd": ("yards", "yard", "yds", "yd"),
    "ft": ("feet", "foot", "ft"),
    "inch": ("inches", "inch"),  # (not "in", the preposition: `grader.rules.surface_units`)
    # mass
    "kg": ("kilograms", "kilogram", "kilogrammes", "kilogramme", "kilos", "kilo", "kgs", "kg"),
    "g": ("grams", "gram", "grammes", "gramme", "gm", "g"),
    "mg": ("milligrams", "milligram", "milligrammes", "milligramme", "mgs", "mg"),
    "mcg": ("micrograms", "microgram", "microgrammes", "microgramme", "mcg", "μg"),
    "lb": ("pounds", "lbs", "lb"),
    "oz": ("ounces", "ounce", "oz"),
    "fl oz": ("fluid ounces", "fluid ounce", "fl oz"),
    # volume
    "l": ("litres", "liters", "litre", "liter", "l"),
    "ml": ("millilitres", "milliliters", "millilitre", "milliliter", "mls", "ml"),
    "cl": ("centilitres", "centiliters", "centilitre", "centiliter", "cl"),
    "tsp": ("teaspoons", "teaspoon", "tsp"),
    "tbsp": ("tablespoons", "tablespoon", "tbsp", "tbs"),
    # time
    "h": ("hours", "hour", "hrs", "hr", "h"),
    "min": ("minutes", "minute", "mins", "min"),
    "s": ("seconds", "secs", "sec", "s"),
    "ms": ("milliseconds", "millisecond", "msec", "ms"),
    # temperature: a scale's name or letter, with or without "degrees" or the sign
    "°f": _degrees("fahrenheit", "f"),
    "°c": _degrees("celsius", "centigrade", "c"),
    # frequency, energy, pressure, rates
    "hz": ("hertz", "hz"),
    "khz": ("kilohertz", "khz"),
    "mhz": ("megahertz", "mhz"),
    "ghz": ("gigahertz", "ghz"),
    # power
    "w": ("watts", "watt", "w"),
    "kw": ("kilowatts", "kilowatt", "kw"),
    "mw": ("megawatts", "megawatt", "mw"),
    "gw": ("gigawatts", "gigawatt", "gw"),
    "kcal": ("kilocalories", "kilocalorie", "kcal"),
    "mmhg": ("millimetres of mercury", "millimeters of mercury", "mm hg", "mmhg"),
    "bpm": ("beats per minute", "bpm"),
    "mph": ("miles per hour", "mph"),
    "km/h": ("kilometres per hour", "kilometers per hour", "kph", "km/h"),
    "km/s": ("kilometres per second", "kilometers per second", "km/s"),
    "m/s": ("metres per second", "meters per second", "m/s"),
    "mbit/s": ("megabits per second", "mbit/s", "mbps"),
    "gbit/s": ("gigabits per second", "gbit/s", "gbps"),
    "%": ("percent", "per cent", "%"),
}

UNIT_OF: dict[str, str] = {written: unit for unit, ways in _WRITTEN.items() for written in ways}
"""Each written form of a unit after a figure, to its one form."""

PREFIXED: dict[str, tuple[str, int]] = {
    "km": ("m", 3), "m": ("m", 0), "cm": ("m", -2), "mm": ("m", -3), "μm": ("m", -6),
    "nm": ("m", -9),
    "kg": ("g", 3), "g": ("g", 0), "mg": ("g", -3), "mcg": ("g", -6),
    "l": ("l", 0), "cl": ("l", -2), "ml": ("l", -3),
    "gw": ("w", 9), "mw": ("w", 6), "kw": ("w", 3), "w": ("w", 0),
    "ghz": ("hz", 9), "mhz": ("hz", 6), "khz": ("hz", 3), "hz": ("hz", 0),
}  # fmt: skip
"""The metric units of the table that are one unit with another SI prefix, each (as its one
form) to that unit and the power of ten of its prefix ("cm" is "m" times 10 to the -2). Not the
second's ("ms", "s"): a decade is written "1990 s" in the canonical form."""

# Signs that the text's folding would turn into letters ("º", the ordinal indicator, written for
# a degree sign, is "o" once folded) or that stand for a degree and its scale: written as the
# degree sign before the surface forms fold the text.
DEGREE_SIGNS = {"º": "°", "˚": "°", "℃": "°c", "℉": "°f"}
