"""The key's text (K001-K003, DESIGN 4.6): the surface-form families of grader v4
(grader/rules/surface.py: articles, initials, numbers and years in words, units, dates,
abbreviations, a surname alone, a key rejected or left uncommitted), for each what it matches and
what it must never match, in cases written for this project (geography, medicine, sport, music,
law, history, household paperwork); accepted answers graded; the key in other words; what a key
answers with and when it is short; a key that says nothing exists; and each shortcut equal to
its definition on drawn and written answers.

The cases of what a key answers with and of a short key were found by mutation testing
(`bench/mutate.py --module verdict`), their words written out here, not read from the module.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.codes import OTHER_WORDS
from grader.rules.key import answer_of_key, is_short_key
from grader.rules.normalize import clean, normalize
from grader.rules.question_words import counted_adjectives, distinguishing_part
from grader.rules.surface import _has_initial, surface, surface_by_definition
from grader.rules.surface_forms import forms, is_abbreviation, without_nickname_quotes
from grader.rules.surface_match import content_words, says, shares_words
from grader.rules.surface_numbers import scanned_figures
from grader.rules.verdict import CORRECT, WRONG, Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id
from tests.conftest import make_answer
from tests.rules.shipped import grade, said

# (family, accepted answer, answer): each must be said.
MATCHES = [
    ("edges", "the Senate", "The bill went to the Senate."),
    ("edges", "the Senate", "Senate"),
    ("edges", "'Wuthering Heights'", 'She wrote "Wuthering Heights."'),
    ("edges", "An Inspector Calls", "The play is Inspector Calls."),
    ("initials", "J. R. R. Tolkien", "It was written by JRR Tolkien."),
    ("initials", "JRR Tolkien", "The author was J.R.R. Tolkien."),
    ("initials", "W. G. Grace", "The cricketer was W G Grace"),
    ("initials", "W. E. B. Du Bois", "The essay was by W.E.B. Du Bois."),
    ("initials", "W. E. B. Du Bois", "The essay was by W E B Du Bois."),
    ("initials", "J.R.R. Tolkien", "the author was j. r.r. tolkien"),
    ("initials", "W. G. Grace", "the cricketer was w g grace"),
    ("diacritics", "Zürich", "The bank is based in Zurich."),
    ("diacritics", "Zurich", "Der Sitz ist in Zürich."),
    ("diacritics", "Łódź", "The film school is in Lodz."),
    ("number words", "eleven", "A side has 11 players."),
    ("number words", "11", "There are eleven players on the pitch."),
    ("number words", "twenty-one", "The dealer stops at 21."),
    ("number words", "7", "SEVEN"),  # an answer in capitals, the whole of it
    ("ordinals", "third", "She finished 3rd in the final."),
    ("ordinals", "21st", "It was the twenty-first amendment."),
    ("digit grouping", "1,500", "About 1500 tenants signed the petition."),
    ("digit grouping", "1500", "The lease covers 1,500 square feet."),
    ("digit grouping", "1500.5", "The index closed at 1,500.5 points."),
    ("digit grouping", "1,500.25", "The survey gave 1500.25 hectares."),
    ("digit grouping", "2,345,678.9", "The tally was 2345678.9 votes."),
    ("dates", "14 July 1789", "The Bastille fell on July 14, 1789."),
    ("dates", "14 July 1789", "The Bastille fell on July 14th 1789."),
    ("dates", "July 14, 1789", "It fell on the 14th of July 1789."),
    ("dates", "July 1789", "It fell on 14 July 1789."),
    ("dates", "July 1789", "The Bastille fell in July of 1789."),
    ("dates", "1789", "It fell on 14 July 1789."),
    ("dates", "December", "The attack came on December 7, 1941."),
    ("dates", "July 14", "Bastille Day falls on the 14th of July."),
    ("figure with noun", "7", "The show ran for 7 seasons."),
    ("unit glued", "8.8 km", "The tunnel is 8.8km long."),
    ("unit glued", "8.8km", "The tunnel is 8.8 km long."),
    ("inflection", "glacier", "The valley was carved by glaciers."),
    # a key's possessive before the noun it names, said without its "'s"
    ("inflection", "Cassini's Division", "The gap is the Cassini Division."),  # astronomy
    ("inflection", "Boddington's beer", "It was Boddingtons beer."),  # drink
    ("inflection", "Parkinson's disease", "Parkinson disease is the diagnosis."),  # medicine
    ("inflection", "Hooke's law", "This is Hooke law."),  # physics
    ("inflection", "Murphy's law", "Murphys law applies to deploys."),  # software
    ("inflection", "Ostriches", "The fastest runner is the ostrich."),
    ("inflection", "Cassini Division", "The gap is called Cassini's Division."),
    ("inflection", "Bulls eye", "The dog was called Bull's Eye."),
    ("inflection", "church", "Both churches were rebuilt after the fire."),
    ("inflection", "princess", "Both princesses attended the wedding."),
    ("inflection", "sphinx", "Two sphinxes guard the gate."),
    ("inflection", "Hess law", "The enthalpy follows from Hess' law."),  # the apostrophe alone
    # a word in -o takes -es or -s; a key in -oes is said by its singular in -o or -oe
    ("inflection", "potato", "Blight ruined the potatoes."),  # botany
    ("inflection", "torpedo", "Two torpedoes struck the hull."),  # history
    ("inflection", "Heroes", "He was hailed as a hero."),  # literature
    ("inflection", "canoes", "They crossed in a canoe."),  # sport
    ("inflection", "virus", "Both viruses spread by air."),  # medicine
    ("compound", "Bee keeper", "He worked as a beekeeper."),
    ("punctuation inside", "Kiss Me Kate", 'The musical was "Kiss Me, Kate".'),
    ("abbreviation", "World Health Organization (WHO)", "The WHO declared it."),
    ("abbreviation", "World Health Organization (WHO)", "WHO (World Health Organization)"),
    ("abbreviation", "WHO (World Health Organization)", "the World Health Organization said"),
    ("qualifier", "Trainspotting (disambiguation)", "Trainspotting"),
    ("qualifier", "(Robert) Boyle", "The law is named after Boyle."),
    ("qualifier", "len()", "Use the built-in len function."),  # a function's empty parentheses
    ("alternatives", "Hokey Cokey or Cokey Cokey", "The dance is the Hokey Cokey."),
    ("explained", "Secretariat, who in 1973 won the Triple Crown", "Secretariat"),
    ("explained", "Cher,in 1998, with the song Believe", "Cher."),  # no space after the comma
    # an explained answer's head shaped as a person's name, in the name's forms
    ("explained", "Robert Kennedy, who was Attorney General", "Robert F. Kennedy met him."),
    ("explained", "Marie Curie, who won two Nobel Prizes", "It was Curie."),  # science
    ("explained", "Ada Lovelace, in her notes of 1843", "Lovelace."),  # computing
    ("title", "Professor Henry Higgins", "Henry Higgins taught her."),
    ("roman numerals", "Mary II", "The ship was named Queen Mary 2."),
    ("roman numerals", "Henry 8", "The king was Henry VIII."),
    ("roman numerals", "Ys II", "The sequel was called Ys 2."),
    ("roman numerals", "IV drip", "The nurse set up an IV drip."),
    ("citation digits", "Nelson Mandela", "The first president was Nelson Mandela2."),
    ("citation digits", "Red Sea", "The canal links the Mediterranean to the Red Sea1."),
    ("conjuncts", "Chile and Argentina", "It runs between Argentina and Chile."),
    ("units", "1500 metres", "The last event is the 1500m run."),
    ("units", "1500 metres", "The last event is the 1500 meters."),
    ("units", "5.97 m", "She cleared 5.97 meters."),
    ("units", "60 mph", "The limit is 60 miles per hour."),
    ("units", "48 Hours", 'His first film was "48 Hrs."'),
    ("currency scale", "£50m", "It sold for £50 million."),
    ("ranges", "1723-1792", "He lived from 1723 to 1792."),
    ("ranges", "1723-1792", "He was active between 1723 and 1792."),
    ("ranges", "1723-1792", "He painted from 1723 till 1792."),
    ("minus", "minus 40", "The scales meet at -40 degrees."),
    # the multiplication sign of a size: "×", "x" glued or spaced, "by" before a unit
    ("size", "8 x 10 in", "Portraits are often printed at 8×10 in."),  # photography
    ("size", "1920 x 1080", "Full HD is 1920 × 1080 pixels."),  # screens
    ("size", "210 x 297 mm", "An A4 sheet measures 210 mm × 297 mm."),  # stationery
    ("size", "105 x 68 m", "The pitch is 105 by 68 m."),  # sport
    ("size", "2 x 4", "Studs are cut from 2X4 lumber."),  # carpentry
    ("units", "about 68%", "Roughly 68 percent fall within one standard deviation."),
    ("key hedge", "c. 1478", "The chapel was finished in 1478."),
    ("key hedge", "approximately 206", "An adult skeleton has 206 bones."),
    ("key hedge", "approx. 8,849 m", "Everest stands 8,849 m above sea level."),
    ("key hedge", "around 1455", "The Gutenberg Bible was printed in 1455."),
    ("key hedge", "roughly 71%", "Oceans cover 71% of the Earth's surface."),
    ("key hedge", "circa 1503", "Leonardo began the portrait in 1503."),
    ("key hedge", "~300", "The Spartans numbered 300."),
    ("units", "480 Mbit/s", "USB 2.0 signals at 480 megabits per second."),
    ("multipliers", "1000", "There are one thousand grams in a kilogram."),
    ("multipliers", "2,500,000", "About 2.5 million people live there."),
    ("multipliers", "8,336,817", "The census counted 8.336817 million people."),
    # more decimals than the scale has zeros: the figure is kept as written, never dropped
    (
        "multipliers",
        "299.792458 thousand",
        "Light travels 299.792458 thousand kilometres a second.",
    ),
    # a unit's name opening the sentence after a figure is no unit of that figure
    ("units", "Feet of Clay", "Pratchett published it in 1996. Feet of Clay came next."),
    ("surname", "Alexander Fleming", "Fleming"),
    ("surname", "Lev Tolstoy", "It was written by Lev Nikolayevich Tolstoy."),
    ("surname", "Mary Wollstonecraft Shelley", "It was Mary W. Shelley."),
    ("surname", "J. K. Rowling", "Rowling."),
    # a figure said bare for a key that is a figure and its unit of measure or of the calendar
    ("figure said bare", "six years", "6"),  # law
    ("figure said bare", "9.58 seconds", "Usain Bolt ran 9.58 in Berlin in 2009."),  # sport
    ("figure said bare", "Nine years", "The minimum age was nine."),  # history
    ("figure said bare", "25 minutes", "Roast it for 25 at 200 °C."),  # cooking
    ("figure said bare", "7 days", "A course of amoxicillin usually lasts 7, sometimes 10."),
    ("figure said bare", "30 days", "Logs are kept for 30; older ones are deleted."),  # software
    # the surname alone as the first sentence's subject or agent, in a longer answer
    ("surname opens", "J. R. R. Tolkien", "Tolkien wrote it over twelve years."),  # literature
    ("surname opens", "Diego Maradona", "Maradona, against England in 1986."),  # sport
    ("surname opens", "Vincent van Gogh", "Van Gogh painted it in 1889."),  # art
    ("surname opens", "Alexander Fleming", "It was discovered by Fleming in 1928."),  # medicine
    ("surname opens", "Guido van Rossum", '"Van Rossum released it in 1991."'),  # software
    ("surname opens", "Auguste Escoffier", "The sauce was codified by Escoffier, in Paris."),
    ("alternatives said whole", "Akrotiri or Dhekelia", "Akrotiri or Dhekelia"),
    # "either" far from its "or" (more than 40 characters) chooses between other things
    (
        "either-or",
        "Holyhead",
        "You could either sail on the overnight ferry from Holyhead or fly to Dublin.",
    ),
    ("surname with particle", "Leonardo da Vinci", "da Vinci"),
    ("either-or", "Brahms", "It could be Brahms."),  # a hedge with no alternative commits
    ("either-or", "Ravel", "Ravel, since he wrote Bolero."),
    ("surname with particle", "Vincent van Gogh", "Van Gogh"),
    ("numeric date", "1 September 2024", "The tenancy begins on 01/09/2024 (Source 1)."),
    ("numeric date", "September 1, 2024", "It begins on 9/1/2024."),
    ("numeric date", "22 April 2025", "Payment is due by 22/04/2025 [2]."),
    ("numeric date", "28 February 2026", "It ends on 28.02.2026."),
    ("numeric date", "15 January 2024", "The invoice is dated 15/01/2024."),
    ("numeric date", "25 December 2024", "The office is closed on 25/12/2024."),
    ("numeric date", "January 15, 2024", "The invoice is dated 1/15/2024."),
    # a key in figures whose day is past 12 has one reading, said in words
    ("numeric date", "15/01/2024", "The invoice is dated 15 January 2024."),
    ("numeric date", "31.12.1999", "The contract ran until December 31, 1999."),
    ("synonyms in a sentence", "vaporization", "The change is called evaporation or vaporization."),
    # a naming verb before "A or B" gives synonyms, not alternatives left open
    ("synonyms in a sentence", "evaporation", "It is called evaporation or vaporization."),
    (
        "synonyms in a sentence",
        "myocardial infarction",
        "It is known as a heart attack or myocardial infarction.",
    ),
    (
        "synonyms in a sentence",
        "sodium bicarbonate",
        "It is also called baking soda or sodium bicarbonate.",
    ),
    ("synonyms in a sentence", "offside", "It was termed offside or off-side."),
    ("another name after a comma", "Mercury", "Mercury, or Hermes in Greek."),
    ("another name after a comma", "Kolkata", "Kolkata, or Calcutta as it was called."),
    ("years in words", "1989", "The wall came down in nineteen eighty-nine."),
    ("years in words", "1989", "It fell in nineteen eighty nine."),
    ("years in words", "2005", "The bridge opened in two thousand and five."),
    ("years in words", "2020", "The census was taken in twenty twenty."),
    ("years in words", "1900", "The hotel was built in nineteen hundred."),
    ("years in words", "2000", "The millennium dome opened in the year two thousand."),
    ("years in words", "1905", "She was born in nineteen oh five."),
    ("years in words", "July 1969", "The landing was in July nineteen sixty-nine."),
    ("years in words", "nineteen eighty-nine", "It closed in 1989."),
    ("counts in words", "2,500", "The stadium seats two thousand five hundred people."),
    ("counts in words", "365", "A year has three hundred and sixty-five days."),
    ("counts in words", "365", "A year has three hundred sixty-five days."),
    ("counts in words", "1001", "The book is One Thousand and One Nights."),
    # "a" for "one" where it opens a number (grader/rules/surface_numbers.py)
    ("a for one", "150", "He made a hundred and fifty in the second innings."),  # cricket
    ("a for one", "1200 mg", "Take no more than a thousand two hundred milligrams."),  # medicine
    ("a for one", "116 years", "The war dragged on for a hundred and sixteen years."),  # history
    ("a for one", "one million", "The Sun could hold about a million Earths."),  # science
    ("a for one", "1001", "Scheherazade tells tales for a thousand and one nights."),  # literature
    ("a for one", "100", "The court heard a hundred-year-old deed read aloud."),  # law
    ("a for one", "1000", "The field is the size of a thousand tennis courts."),  # sport
    ("a for one", "100 °C", "Boil the syrup at a hundred degrees Celsius."),  # cooking
    ("a for one", "a hundred", "A century has 100 years."),  # the key's "a" too
    ("a for one", "A Thousand Acres", "Jane Smiley won the prize for A Thousand Acres."),
    ("a for one", "A Thousand Acres", "Jane Smiley won the prize for Thousand Acres."),
    ("a for one", "One Hundred Years of Solitude", "He wrote A Hundred Years of Solitude."),
    # a nickname in quotes inside a name (grader/rules/surface_forms.py), in the key or the answer
    ("nickname", "Charles 'Lucky' Luciano", "Lucky Luciano ran the Commission."),  # crime
    ("nickname", "Charles 'Lucky' Luciano", "Charles Luciano was deported in 1946."),
    ("nickname", "George Herman ‘Babe’ Ruth", "Babe Ruth hit sixty home runs that year."),
    ("nickname", 'Edwin "Buzz" Aldrin', "Edwin 'Buzz' Aldrin followed him out."),  # science
    ("nickname", "Buzz Aldrin", 'Edwin "Buzz" Aldrin followed him out.'),
    ("nickname", "Edwin Aldrin", "Edwin “Buzz” Aldrin followed him out."),
    ("nickname", "Charlie Parker", "Charlie “Bird” Parker played alto."),  # music
    ("nickname", "Duke Ellington", 'Edward Kennedy "Duke" Ellington led the band.'),
    ("nickname", "Ernesto 'Che' Guevara", "Che Guevara left Cuba in 1965."),  # politics
    ("nickname", 'Dwayne "The Rock" Johnson', "Dwayne Johnson played for Miami."),  # sport
    ("nickname", "Thomas 'Stonewall' Jackson", "Thomas Stonewall Jackson held the line."),
    # a unit by its name or its symbol (grader/rules/units.py)
    ("unit names", "325 mg", "Each tablet holds 325 milligrams."),
    ("unit names", "325 milligrams", "Each tablet holds 325mg."),
    ("unit names", "10 mg", "The starting dose is ten milligrams a day."),
    ("unit names", "400 mcg", "Take 400 µg of folic acid daily."),
    ("unit names", "400 µg", "Take 400 micrograms of folic acid daily."),
    ("unit names", "180 °C", "Bake it at 180 degrees Celsius for an hour."),
    ("unit names", "180 degrees centigrade", "Bake it at 180°C."),
    ("unit names", "180 °C", "Preheat the oven to 180C."),
    ("unit names", "180 °C", "Preheat the oven to 180ºC."),
    ("unit names", "350 °F", "Set the oven to 350 F."),
    ("unit names", "350 °F", "Set the oven to 350 deg F."),
    ("unit names", "1 m", "The pole is 1 meter long."),
    ("unit names", "1 cm", "Each square is 1 centimeter wide."),
    ("unit names", "1 μm", "A bacterium is about 1 micrometre across."),
    ("unit names", "1 nm", "The oxide layer is 1 nanometer thick."),
    ("unit names", "20 kg", "The suitcase weighs 20 kilos."),
    ("unit names", "500 g", "Add 500 gm of flour."),
    ("unit names", "75 cl", "The bottle holds 75 centiliters."),
    ("unit names", "1 tbsp", "Add 1 tablespoon of oil."),
    ("unit names", "2h", "The drive takes 2 hours."),
    ("unit names", "300 milliseconds", "The timeout is 300ms."),
    ("unit names", "300", "The timeout is 300ms."),  # the figure, its unit glued
    ("unit names", "50 Hz", "Mains power runs at 50 hertz."),
    ("unit names", "1 kcal", "A food calorie is 1 kilocalorie."),
    ("unit names", "100 Mbps", "The plan offers 100Mbit/s."),
    ("unit names", "100", "The plan offers 100Mbit/s."),  # the figure, its unit glued
    ("unit names", "68", "Roughly 68% of values fall within it."),  # the figure, its unit glued
    ("unit names", "350 degrees Fahrenheit", "Set the oven to 350℉."),
    ("unit names", "-40 °F", "Both scales read minus 40 degrees Fahrenheit."),
    ("unit names", "250 ml", "Add 250 millilitres of stock."),
    ("unit names", "250 mL", "Add 250 milliliters of stock."),
    ("unit names", "2 litres", "Drink about 2 l of water."),
    ("unit names", "3 tbsp", "Stir in three tablespoons of flour."),
    ("unit names", "1 tsp", "Add 1 teaspoon of salt."),
    ("unit names", "26.2 miles", "A marathon is 26.2 mi."),
    ("unit names", "100 kilometres", "The stage covers 100 km."),
    ("unit names", "2.4 GHz", "The router uses the 2.4 gigahertz band."),
    ("unit names", "300 ms", "The timeout is 300 milliseconds."),
    ("unit names", "120 mmHg", "Normal systolic pressure is below 120 mm Hg."),
    ("unit names", "60 bpm", "A resting pulse of 60 beats per minute is normal."),
    ("unit names", "8 fl oz", "A cup holds 8 fluid ounces."),
    ("unit names", "60 watts", "Fit a 60W bulb."),
    ("unit names", "2 kW", "The kettle draws 2 kilowatts."),
    # eras (grader/rules/eras.py)
    ("eras", "44 BC", "Caesar was killed in 44 BCE."),
    ("eras", "44 BCE", "Caesar was killed in 44 B.C."),
    ("eras", "753 BC", "Rome was founded, by legend, in 753 before Christ."),
    ("eras", "776 BC", "The first Olympiad was held in 776 B.C.E."),
    ("eras", "AD 79", "Vesuvius erupted in 79 CE."),
    ("eras", "AD 79", "Vesuvius erupted in A.D. 79, burying Pompeii."),
    ("eras", "79 AD", "Vesuvius erupted in AD 79."),
    ("eras", "1066 CE", "The battle was fought in AD 1066."),
    ("eras", "10,000 BC", "Farming began around 10,000 BCE."),
    ("eras", "1,000,000 BC", "Probably by about 1,000,000 BCE."),
    ("eras", "12000 BCE", "The site dates from 12,000 B.C."),
    # "ad" before a count longer than a year of the common era (four digits) is no era
    ("eras", "1,000,000 times", "They ran the ad 1,000,000 times."),
    # (v4) a year of the common era has four digits at most; "ad" after a determiner and before
    # a figure and a plural noun is the advertisement, the figure a count
    ("eras", "250,000 times", "Voters saw the campaign's ad 250,000 times."),  # politics
    ("eras", "3 times", "The label pulled the ad 3 times from the radio."),  # music
    ("eras", "30 seconds", "The network cut each ad 30 seconds short."),  # business
    ("eras", "AD 79", "Pompeii was buried by the AD 79 eruption."),  # science: a singular noun
    ("eras", "AD 60", "Boudica's revolt of AD 60 was crushed."),  # history
    ("eras", "AD 800", "The poem dates from c. AD 800."),  # literature
    ("eras", "AD 410", "Rome was sacked in four hundred and ten AD."),
    ("eras", "AD 1132", "The abbey was founded anno Domini 1132."),
    ("eras", "44 BC", "He died in 44 before the common era."),
    ("eras", "AD 79", "Vesuvius erupted in 79 Common Era."),
    ("eras", "44 BC", "Caesar died in 44BC."),
    ("eras", "44", "Caesar died in 44BC."),  # the year, its era glued
    ("eras", "AD 79", "Vesuvius erupted in 79AD."),
    ("eras", "79", "Vesuvius erupted in 79AD."),  # the year, its era glued
    # (v4) "in" after a figure where it cannot be the preposition is the inch
    ("unit names", "30 in", "The canvas is 30 in. wide."),  # art: its dot
    ("unit names", "6 inches", "Use a 6 in. cake tin."),  # cooking
    ("unit names", "12 inches", "A long-playing record is 12 in across."),  # music
    ("unit names", "27 inches", "The racing bike's wheels are 27in."),  # sport: touching
    ("unit names", "9 inches", "The dagger's blade is 9 in long."),  # history
    ("unit names", "20 inches", "The poster measures 30 in x 20 in."),  # business: a size
    ("unit names", "6 inches", "Pipes of 6 in or 8 in are allowed."),  # law: a range
    # times of day (grader/rules/surface_times.py)
    ("times", "08:00", "The pharmacy opens at 8 o'clock."),
    ("times", "8:00", "Doors open at 08:00 sharp."),
    ("times", "8 am", "The first bus leaves at 8:00."),
    ("times", "08:00", "The first bus leaves at 8am."),
    ("times", "13:00", "Lunch is served at 1 pm."),
    ("times", "25 AM", "The city has 25 AM stations."),  # no hour: kept as written
    ("times", "20:00", "Check-in closes at 8 p.m. the day before."),
    ("times", "8 pm", "The match kicks off at 20:00 local time."),
    ("times", "9:30 am", "Visiting hours start at 09:30."),
    ("times", "12 pm", "The office reopens at 12:00 after lunch."),
    ("times", "0:00", "The sale ends at 12 a.m. on Sunday."),
    # three digits are no hour, "am" after them a question run on with no comma
    ("times", "007", "James Bond is agent 007 am I right?"),
    # a key's umlaut, "ø" or "æ" written as two letters (grader/rules/surface_forms.py)
    ("transliteration", "Jørn Utzon", "It was designed by Joern Utzon."),
    ("transliteration", "Zürich", "The bank is based in Zuerich."),
    ("transliteration", "Kurt Gödel", "Kurt Goedel proved it."),
    ("transliteration", "Ærøskøbing", "The ferry goes to Aeroeskoebing."),
    # British and American spellings (grader/rules/spellings.py)
    ("spellings", "colour", "The flag's main color is red."),
    ("spellings", "aluminium chlorohydrate", "It is aluminum chlorohydrate."),
    ("spellings", "Lincoln Center", "They played at Lincoln Centre."),
    ("spellings", "World Health Organization", "The World Health Organisation [1]."),
    ("spellings", "paediatrician", "See a pediatrician."),
    ("spellings", "anaemia", "Iron deficiency causes anemia."),
    ("spellings", "analyse the sample", "First, analyze the sample."),
    ("spellings", "paralyzed", "The nerve damage left him paralysed."),
    ("spellings", "defence", "It is the Ministry of Defense."),
    ("spellings", "grey", "The wolf is gray."),
    ("spellings", "the theatre", "We met at the theater."),
    # counting nouns and compound durations (grader/rules/surface_counts.py)
    ("counting nouns", "12", "Eggs are sold by the dozen; a box holds a dozen."),
    ("counting nouns", "24 bottles", "A case holds two dozen bottles."),
    ("counting nouns", "6", "Use half a dozen eggs."),
    ("counting nouns", "10 years", "The passport is valid for a decade."),
    ("counting nouns", "30 years", "The mortgage runs for three decades."),
    ("counting nouns", "100 years", "The war lasted more than a century."),
    ("counting nouns", "200 years", "The cathedral took two centuries to build."),
    ("counting nouns", "21 century", "Life in the 21 century moves fast."),  # kept as written
    ("compound durations", "1 hour 15 minutes", "The flight takes one hour and fifteen minutes."),
    ("compound durations", "2 h 20 min", "About 2 hours and 20 minutes by train."),
    ("compound durations", "5 years 6 months", "The sentence was 5 years and 6 months."),
    ("compound durations", "1 year 6 months", "The lease runs for 1 year and 6 months."),
    ("compound durations", "1 week 3 days", "Delivery takes 1 week and 3 days."),
    ("compound durations", "1 hour 30 minutes", "The film runs 1h and 30 min."),
    ("compound durations", "1 hour", "The two tours last 1 hour and 2 hours."),  # a list
    ("initials alone", "Martin Luther King Jr.", "MLK"),
    ("initials alone", "Martin Luther King Jnr", "MLK"),  # the suffix as British papers write it
    ("initials alone", "British Broadcasting Corporation", "BBC."),
    ("initials alone", "Department of Motor Vehicles", "DMV"),
    ("initials alone", "Campaign for Nuclear Disarmament", "CND"),  # "for" left out
    ("initials alone", "Securities and Exchange Commission", "SEC"),  # "and" left out
    ("initials alone", "Harry S. Truman", "HST"),
    ("initials alone", "John F Kennedy", "JFK"),  # a middle initial without its dot
    ("initials alone", "United States", "The U.S."),  # sport: with dots and an article
    ("initials alone", "United Kingdom", "the UK"),
    ("initials alone", "World Health Organization", "W.H.O."),  # medicine
    # initials with dots in a key, spelled out in the answer
    (
        "initials spelled out",
        "U.S. Citizenship and Immigration Services",
        "United States Citizenship and Immigration Services handles it.",
    ),  # public administration
    ("initials spelled out", "J.K. Rowling", "It was written by Joanne Kathleen Rowling."),
    (
        "initials spelled out",
        "U.K. Supreme Court",
        "The appeal went to the United Kingdom Supreme Court.",
    ),  # law
    ("initials spelled out", "E.U. directive", "It is a European Union directive."),  # law
    ("initials spelled out", "U.S. Open", "She won the United States Open in 2018."),  # tennis
    ("dates", "March 17", "The feast falls on March 17th."),  # "may" and "march": no year
    ("dates", "May 5", "Cinco de Mayo is May 5th."),
    ("signs", "O-", "Type O- blood."),
    ("signs", "AB-", "AB-"),
    # a short abbreviation's dot inside a key, said with or without it, either way round
    ("abbreviation's dot", "Miranda v. Arizona", "Miranda v Arizona (1966)"),  # law
    ("abbreviation's dot", "Roe v Wade", "It was decided in Roe v. Wade."),  # law
    ("abbreviation's dot", "St. Lucia", "The island is St Lucia."),  # geography
    ("abbreviation's dot", "St Pancras", "Trains leave from St. Pancras station."),  # travel
    ("abbreviation's dot", "Mt. Kosciuszko", "Mt Kosciuszko, 2,228 m."),  # geography
    ("abbreviation's dot", "Dr. No", "The first film was Dr No."),  # film
    ("abbreviation's dot", "Kramer vs. Kramer", "Kramer vs Kramer won Best Picture."),  # film
    ("abbreviation's dot", "Johnson & Johnson Co. Ltd", "Johnson & Johnson Co Ltd"),  # business
    ("abbreviation's dot", "Warner Bros. Records", "It was released on Warner Bros Records."),
    ("abbreviation's dot", "U.S. Steel", "US Steel"),  # initials, joined as before
    # a word and its abbreviation, either way round, with or without the dot
    ("abbreviation", "Lehman Bros.", "It was Lehman Brothers that failed."),  # finance
    ("abbreviation", "Ringling Brothers", "Ringling Bros. circus"),  # entertainment
    ("abbreviation", "St. Petersburg", "Saint Petersburg"),  # geography
    ("abbreviation", "Saint Helena", "He died on St Helena."),  # history
    ("abbreviation", "Baker Street", "221B Baker St."),  # literature
    ("abbreviation", "Mount Kilimanjaro", "Mt. Kilimanjaro is in Tanzania."),  # science
    ("abbreviation", "Ft. Lauderdale", "Fort Lauderdale"),  # sport (a team's city)
    ("abbreviation", "Ford Motor Company", "Ford Motor Co."),  # business
    ("abbreviation", "Enron Corp.", "Enron Corporation"),  # business
    ("abbreviation", "Apple Incorporated", "Apple Inc."),  # business
    ("abbreviation", "Rolls-Royce Ltd", "Rolls-Royce Limited"),  # business
    ("abbreviation", "Dr. Dre", "Doctor Dre produced it."),  # music
    ("abbreviation", "Mulholland Dr.", "Mulholland Drive"),  # film
    ("abbreviation", "Sammy Davis Jr.", "Sammy Davis Junior"),  # music
    ("abbreviation", "Fifth Avenue", "Fifth Ave"),  # geography
    ("abbreviation", "Harvard Univ.", "Harvard University"),  # education
    ("abbreviation", "Amnesty International", "Amnesty Intl"),  # politics
    ("abbreviation", "Dept. of Justice", "Department of Justice"),  # law
    ("abbreviation", "General Motors", "Gen. Motors"),  # business
]


# (family, accepted answer, answer): each must NOT be said.
MUST_NOT = [
    ("edges", "The Who", "Who sang it? Nobody knows."),
    ("initials", "J. R. R. Tolkien", "It was written by Christopher Tolkien."),
    ("initials", "W. G. Grace", "The cricketer was E M Grace."),
    ("diacritics", "Zürich", "The bank is based in Zorich."),
    ("number words", "1", "No one knows the answer."),
    ("number words", "1", "It is one of the oldest leases."),
    ("number words", "eleven", "There are 12 players."),
    ("ordinals", "third", "She finished 13th."),
    ("ordinals", "second", "The dose is 5 mg a second time."),
    ("ordinals", "second", "The light flashes every second."),
    ("ordinals", "second", "The flash lasts one second."),
    ("digit grouping", "1,500", "About 150 tenants signed."),
    ("digit grouping", "15", "The rate is 1,500 a month."),
    ("digit grouping", "1500.5", "The index closed at 15,00.5 points."),
    ("digit grouping", "1500.5", "The index closed at 1,500.55 points."),
    ("digit grouping", "1500.5", "The index closed at 1,5005 points."),
    ("dates", "14 July 1789", "It fell on 14 July 1790."),
    ("dates", "14 July 1789", "It fell on 15 July 1789."),
    ("dates", "14 July 1789", "It fell in July 1789."),
    ("dates", "1789", "It fell in 1790."),
    ("dates", "2 Mar", "A hailstorm can mar 2 panels at once."),  # the verb, no month
    ("dates", "2 March", "The band will march 2 miles to the square."),
    ("figure with noun", "7", "The show ran for 7.5 seasons."),
    ("figure with noun", "7", "The show ran for 17 seasons."),
    ("figure with noun", "5", "The dose is 7.5 mg."),
    ("figure with noun", "7", "About 1,700 people came."),
    ("unit glued", "8.8 km", "The tunnel is 18.8 km long."),
    ("inflection", "new", "The news broke at noon."),
    ("inflection", "glacier", "The valley was glaciered."),
    ("inflection", "hero", "He ordered a heron."),
    ("inflection", "tomato", "The tomatillo sauce."),
    ("inflection", "goose", "Canada geese."),  # an irregular plural is not read
    ("inflection", "mouse", "Field mice."),
    ("abbreviation", "World Health Organization (WHO)", "who decided it?"),
    ("qualifier", "Paris (Texas)", "The capital of France is Lyon."),
    ("explained", "Paris, Texas", "The film is set in Paris."),
    ("explained", "Marie Curie, who won two Nobel Prizes", "The prize went to Pierre Curie."),
    ("explained", "Robert Kennedy, who was Attorney General", "It was Edward Kennedy."),
    ("title", "King George", "His name was George."),
    ("citation digits", "COVID-19", "It was COVID-18."),
    ("conjuncts", "Simon and Garfunkel", "The duo was Simon and somebody else."),
    ("rejected", "direct rule", "The British used indirect rule, not direct rule."),
    ("rejected", "Paris", "It was not Paris but Lyon."),
    ("rejected", "Switzerland", "Fries come from Belgium, not France or Switzerland."),
    # the mention ends what is rejected: one or two words of it before it
    ("rejected", "Williams", "Not Serena Williams."),  # sport
    ("rejected", "mosquito", "It is not the Aedes mosquito."),  # science
    ("rejected", "Bolero", "The piece was not Ravel's Bolero."),  # music
    ("rejected", "Marshall", "It was not John Marshall."),  # law
    ("rejected", "Motors", "It was Ford, not General Motors."),  # business
    ("rejected", "Shelley", "Frankenstein is by Mary, not Percy Shelley."),  # literature
    ("rejected", "Congress", "It was passed by Parliament, not the Continental Congress."),
    ("surname", "Marie Curie", "The prize went to Pierre Curie."),
    ("units", "5 m", "The walk is 5 miles."),
    ("units", "1500 metres", "The last event is the 1500 feet climb."),
    ("currency scale", "£50m", "It sold for £50 thousand."),
    ("currency scale", "£50m", "It sold for $50 million."),
    ("ranges", "1723-1792", "He was born in 1723 and painted until 1790."),
    ("minus", "-40", "The scales meet at 40 degrees."),
    ("size", "297 x 210 mm", "An A4 sheet measures 210 × 297 mm."),  # the sides' order kept
    ("size", "12", "A grid of 3 × 4 squares."),  # no arithmetic
    ("size", "10 x 2020", "Sales were up 10 by 2020."),  # "by" with no unit after: no size
    ("size", "X-ray", "He discovered x rays in 1895."),  # a letter, no sign
    ("size", "Malcolm 10", "It was Malcolm X 10 years before."),
    ("size", "210 x 297 mm", "An A4 sheet measures 210 cm × 297 mm."),  # two units: no size
    ("minus", "-40", "The temperature fell to 40 degrees."),  # "to" with no figure before: no range
    # a lone combining accent where the first figure was lost: no range, no minus
    ("ranges", "-40", "It stayed between \u0301 and 40 degrees."),
    ("units", "68%", "Roughly 68 kg."),
    ("multipliers", "1000", "There are one hundred grams in a kilogram."),
    ("surname", "Mary Shelley", "Frankenstein was written by Percy Bysshe Shelley."),
    ("surname", "Universal Serial Bus", "USB stands for Universal System Bus."),
    ("surname", "Thirteenth Amendment", "14th Amendment"),
    ("surname", "Southern Caucasus", "The city lies in the Caucasus Mountains."),
    ("surname", "Vatican City", "It is a city."),
    ("surname", "Usain Bolt", "Bolt or Blake"),
    ("surname", "James Cameron", "Cameron Crowe"),
    ("surname", "Martin Luther King Jr", "Jr."),  # a suffix of two letters is no surname
    # a figure said bare: never a count noun, another unit or noun after it, a range, a share,
    # a decimal, an amount, a list's marker or a later sentence
    # a key's possessive dropped: never its last word ("Moe" is a person, "Moe's" his bar)
    ("inflection", "Moe's", "It was Moe."),
    ("inflection", "McDonald's", "Ronald McDonald."),
    ("inflection", "Hooke's law", "This is Boyle's law."),
    ("inflection", "Parkinson's disease", "Parkinson's law."),
    ("figure said bare", "23 pairs", "23."),  # chromosomes: 46
    ("figure said bare", "11 players", "11"),  # a count noun, not a unit
    ("figure said bare", "6 years", "6 months."),
    ("figure said bare", "6 years", "Between 6 to 8 years."),
    ("figure said bare", "6 years", "6 of the 9 justices agreed."),
    ("figure said bare", "6 years", "Roughly 6.5, as a rule."),
    ("figure said bare", "400 days", "It costs $400 a month."),
    ("figure said bare", "400 days", "A 400% rise."),
    # a unit of length, mass or temperature: the figure bare may mean another unit
    ("figure said bare", "180 °C", "Bake it at 180 for 25 minutes."),  # or 180 °F?
    ("figure said bare", "400 mg", "The usual adult dose is 400, taken with food."),
    ("figure said bare", "30 days", "1. Keep the logs. 30 is the default size."),
    ("figure said bare", "2 hours", "The match lasts 90 minutes. Extra time adds 2 at most."),
    ("figure said bare", "16 years", "The age is 18."),
    # the surname opens the answer: never another's name, a possessive, a short surname, a
    # later sentence, a surname qualified or rejected
    ("surname opens", "Mary Shelley", "Shelley's husband Percy wrote the preface."),
    ("surname opens", "Sadiq Khan", "Khan Academy teaches it."),  # followed by a name
    ("surname opens", "Holy See", "See the gallery on the left for the full list."),
    ("surname opens", "Edmund Hillary", "It was Tenzing. Hillary followed him up the ridge."),
    ("surname opens", "Serena Williams", "Venus Williams won that title in 2000."),
    ("surname opens", "Ruth Bader Ginsburg", "The dissent was written by Justice Scalia."),
    ("surname opens", "Gordon Brown", "The budget was not set by Brown but by Darling."),
    ("surname opens", "Thomas Keller", "The recipe was adapted by Keller's sous-chef."),
    ("surname", "Raiders Of The Lost Ark", "Ark."),  # five words in capitals: no person's name
    ("rejected name", "Bobby Moore", "It was Bobby Charlton, not Bobby Moore."),
    ("rejected name", "Bobby Moore", "Not Moore."),
    ("surname with particle", "Vincent van Gogh", "Gogh"),
    ("numeric date", "22 April 2025", "Payment is due by 23/04/2025."),
    ("numeric date", "1 September 2024", "It begins on 01/10/2024."),
    ("numeric date", "3 October 2024", "Use version 3.10.2024b."),
    ("either-or", "Tigris", "Tigris or Euphrates"),
    ("either-or", "Dublin", "It is London or Dublin."),  # no naming verb: left open
    ("either-or", "Dublin", "I'm not sure, possibly London or Dublin."),
    ("either-or", "Dublin", "It is either London or Dublin, I cannot tell."),
    ("either-or", "Mercury", "I believe it's Mercury, or possibly Apollo."),
    ("either-or", "stratosphere", "The troposphere or the stratosphere, I think."),
    ("either-or", "Rhine", "The Danube or the Rhine, maybe."),
    ("either-or", "1066", "It was 1066, or perhaps 1067."),
    ("either-or", "Brahms", "It could be Brahms or Schumann."),
    ("either-or", "Ganges", "It may have been the Ganges or the Indus."),
    ("either-or", "Oslo", "I'm not certain; it might be Oslo or Bergen."),
    ("either-or", "Ravel", "Possibly Ravel or Debussy, since both wrote for piano."),
    # a title that opens with "either", among alternatives
    ("either-or", "Either Way", "I think the song was Either Way or maybe Tennessee Whiskey."),
    ("years in words", "1900", "The club had nineteen members."),
    ("years in words", "1998", "It fell in nineteen eighty-nine."),
    ("years in words", "1989", "He was eighty-nine when it fell."),
    ("years in words", "2005", "The stadium seats two thousand five hundred people."),
    ("years in words", "1989", "The coat cost nineteen eighty-nine dollars."),
    ("years in words", "1999", "It was a nineteen ninety-nine dollar ticket."),
    ("years in words", "1930", "The last train leaves at nineteen thirty."),
    ("years in words", "2020", "The scores were nineteen, twenty and twenty-one."),
    ("years in words", "2005", "Between two thousand and five thousand people came."),
    ("counts in words", "2005", "Some two thousand and five hundred tickets were sold."),
    # "a" for "one": never before another word, a plural or an ordinal, nor in a fraction
    ("a for one", "100", "A few hundred fans waited at the gate."),  # sport
    ("a for one", "100", "Hundreds of miners were trapped."),  # mining
    ("a for one", "100", "The race was won by a hundredth of a second."),  # an ordinal
    ("a for one", "1000000", "Half a million people marched on the capital."),  # politics
    ("a for one", "1000000", "Half of a million voters stayed at home."),  # "half" with "of"
    ("a for one", "one million", "A quarter of a million copies were sold."),  # music
    ("a for one", "1 billion", "Two thirds of a billion doses were shipped."),  # medicine
    ("a for one", "1", "A hundred delegates signed the charter."),  # law: "a" is no 1 alone
    ("a for one", "102", "The dish serves a hundred and twelve guests."),  # another number
    # a nickname in quotes inside a name: never the nickname alone, nor with another surname
    ("nickname", "Thomas 'Stonewall' Jackson", "Stonewall held the line."),  # history
    ("nickname", "George Herman 'Babe' Ruth", "Babe Didrikson won the javelin."),  # sport
    ("nickname", "Lucky Luciano", 'Charles "Lucky" Lindbergh flew it alone.'),  # aviation
    ("nickname", "Magic Johnson", "Earvin Johnson signed in 1979."),  # no quotes: no nickname
    ("nickname", 'Dwayne "The Rock" Johnson', "The Rock Johnson"),  # a nickname with "The"
    # a unit by its name or its symbol: never another unit, another figure, or a conversion
    # (but of the metric prefix: tests/rules/test_metric_prefixes.py)
    ("unit names", "325 mg", "Each tablet holds 325 g."),
    ("unit names", "325 mg", "Each tablet holds 325 micrograms."),
    ("unit names", "400 mcg", "Take 400 mg of folic acid daily."),
    ("unit names", "0.5 mg", "Inject 50 mcg into the thigh."),  # scaled by ten too few
    ("unit names", "4 g", "Do not exceed 400 mg a day."),  # scaled by ten too few
    ("unit names", "60 W", "The bulb is rated at 60 V."),  # a volt is no watt
    ("unit names", "180 °C", "Bake it at 180 degrees Fahrenheit."),
    ("unit names", "180 °C", "Bake it at 180 F."),
    ("unit names", "212 °F", "Water boils at 100 °C."),  # no conversion
    ("unit names", "273 °C", "The sample was held at 273 K."),
    ("unit names", "37 °C", "Her temperature was 37 degrees."),  # no scale named
    ("unit names", "180 °C", "Bake it at 160 °C."),
    ("unit names", "250 ml", "Add 250 litres of stock."),
    ("unit names", "250 ml", "Add 25 ml of stock."),
    ("unit names", "3 tbsp", "Stir in three teaspoons of flour."),
    ("unit names", "42.195 km", "A marathon is 42.195 miles."),
    ("unit names", "2.4 GHz", "The router uses the 2.4 megahertz band."),
    ("unit names", "300 ms", "The timeout is 300 seconds."),
    ("unit names", "8 fl oz", "A bag holds 8 oz of flour."),
    ("unit names", "60 bpm", "The limit is 60 mph."),
    # eras: never the other era, another year, or a year without its era
    ("eras", "44 BC", "Caesar was killed in 44 AD."),
    ("eras", "44 BC", "The emperor died in AD 44."),
    ("eras", "AD 79", "The city was founded in 79 BCE."),
    ("eras", "AD 79", "The city was founded in 79 B.C."),
    ("eras", "44 BC", "He was killed in 45 BC."),
    ("eras", "10,000 BC", "Farming began around 10,000 AD."),
    ("eras", "10,000 BC", "Farming began around 11,000 BCE."),
    ("eras", "AD 79", "The forum was rebuilt in 80 CE."),
    ("eras", "44 BC", "He was killed at the age of 44."),
    ("eras", "AD 79", "The eruption of 79 was recorded by Pliny."),  # a year without its era
    ("eras", "AD 79", "The ad ran 79 times."),
    ("eras", "AD 500", "The brewer ran the ad 500 times."),  # business
    ("eras", "12000 AD", "Listing ad 12,000 sold in a day."),  # trade: five digits, no year
    ("eras", "AD 30", "The senator's ad 30 seconds long aired twice."),  # politics
    ("eras", "AD 12", "The station played their ad 12 days running."),  # music
    # (v4) "in" after a figure is the preposition, never the inch, before a word of its clause
    ("unit names", "5 inches", "He scored 5 in 1990."),  # sport: a year
    ("unit names", "2 inches", "Only 2 in 10 voters turned out."),  # politics: a number
    ("unit names", "4 inches", "She won 4 in a row."),  # sport: an article
    ("unit names", "12 inches", "The jury sat 12 in all."),  # law
    ("unit names", "10 inches", "Roughly 10 in every 100 cells divide."),  # science
    ("unit names", "30 inches", "The scroll is 30 in length."),  # literature: a noun of measure
    ("unit names", "3 inches", "The shop opens at 3 in the afternoon."),  # business
    # times of day: never the other half of the day, another hour, a ratio, a decimal
    ("times", "08:00", "The pharmacy opens at 8 p.m."),
    ("times", "8 am", "The last train leaves at 20:00."),
    ("times", "8:00", "The shift starts at 18:00."),
    ("times", "3:1", "The odds were 3:10 against."),
    ("times", "8 am", "The dose is 8.00 ml."),
    ("times", "1:00", "The city has 25 AM radio stations."),  # a count, not an hour
    ("times", "08:00", "The clip runs 08:00:30 in all."),
    # transliteration: a form of the key only, never another vowel
    ("transliteration", "Zürich", "The bank is based in Zarich."),
    ("transliteration", "Müller", "It was Miller."),
    # spellings: never another word that only shares an ending
    ("spellings", "hour", "It takes a hor."),
    ("spellings", "flour", "Use fleur de sel."),
    ("spellings", "genre", "The gender is not given."),
    ("spellings", "promise", "He made a promize."),
    ("spellings", "colour", "The colon is inflamed."),
    ("spellings", "emphasis", "The emphasize key."),
    # counting nouns: never a noun that does not count; durations: never a list or a conversion
    ("counting nouns", "12", "Dozens of eggs were broken."),
    ("counting nouns", "10 years", "It was the decade of disco."),
    ("counting nouns", "100 years", "It was built in the 19th century."),
    ("counting nouns", "2100 years", "Life in the 21 century moves fast."),  # a century's name
    ("counting nouns", "10 years", "A decade-long war followed."),
    ("counting nouns", "24", "A dozen were sold."),
    ("compound durations", "1 h 2 h", "The tours last 1 hour and 2 hours."),
    ("compound durations", "1 hour 15 minutes", "The flight takes 75 minutes."),
    ("compound durations", "2 days 3 nights", "The trip is 2 days and 3 nights."),
    ("initials alone", "Martin Luther King Jr.", "mlk"),  # not in capitals
    ("initials alone", "United States", "It was us."),  # the pronoun
    ("initials alone", "United States", "The U.S. won it."),  # inside a sentence
    ("initials alone", "Ukraine", "the UK"),
    # initials spelled out: never in lower case, a word too many or too few, other initials, the
    # rest of the key changed, a mention rejected
    ("initials spelled out", "U.S. Open", "It was the united states open."),
    ("initials spelled out", "J.K. Rowling", "It was Joanne Rowling."),
    ("initials spelled out", "U.S. Open", "She won the United Kingdom Open."),
    ("initials spelled out", "U.S. Open", "She won the United States Amateur."),
    ("initials spelled out", "U.K. Supreme Court", "Not the United Kingdom Supreme Court."),
    ("initials spelled out", "E.U. directive", "It is a European Union regulation."),
    ("initials alone", "British Broadcasting Corporation", "The BBC reported it."),  # a sentence
    ("initials alone", "Harry S. Truman", "HSBC"),
    ("initials alone", "Ukraine", "UK"),  # a name of one word has no initials
    ("initials alone", "Procter and gamble", "PG"),  # a word in lower case: no name
    ("initials alone", "1945", "USSR"),  # a figure has no initials
    ("dates", "March 17", "The feast falls on March 18th."),
    ("dates", "May 5", "It is on May 15th."),
    ("signs", "O-", "Blood group O."),  # the sign is part of a blood group
    ("signs", "AB-", "AB+"),
    ("signs", "C-", "He got a C."),
    # an abbreviation's dot is optional, never its letters; nor a dot between digits
    ("abbreviation's dot", "Miranda v. Arizona", "Miranda Arizona"),
    ("abbreviation's dot", "St. Lucia", "Stan Lucia"),
    ("abbreviation's dot", "Mt. Kosciuszko", "Mount Everest, not Kosciuszko."),
    ("abbreviation's dot", "3.5 kg", "It weighs 35 kg."),
    ("abbreviation's dot", "Roe v Wade", "Roe vs Wade"),  # another abbreviation
    ("abbreviation's dot", "Dr. No", "Dr. Who"),
    # a word and its abbreviation: whole words of a key of two words or more only
    ("abbreviation", "Super Mario Bros.", "Super Mario World"),  # another title
    ("abbreviation", "Orange County", "Orange Company"),  # "co" is no "county" (not in the table)
    ("abbreviation", "Co", "The company was sold."),  # a key of one word (cobalt's symbol)
    ("abbreviation", "Gen", "General"),  # a key of one word
    ("abbreviation", "General Motors", "Genesis Motors"),  # "gen" inside a word
    ("abbreviation", "Genesis", "Gen"),  # a word of the table is a whole word
    ("abbreviation", "10 ft", "10 fort"),  # a unit after a figure is no word of a name
    ("abbreviation", "Mt. Gox", "Mount Everest"),  # the key's other words still said
    ("abbreviation", "St. Louis", "Street Lewis"),
    ("abbreviation", "Lehman Brothers", "Salomon Brothers"),  # another name, same word
    ("abbreviation", "Warner Bros.", "Warner Music"),
    ("abbreviation", "Sammy Davis Jr.", "Sammy Davis Sr."),  # another word of the table
    ("abbreviation", "Dr. Dre", "It was not Doctor Dre."),  # a mention rejected
]


@pytest.mark.parametrize(("family", "accepted", "answer"), MATCHES)
def test_family_matches(family: str, accepted: str, answer: str) -> None:
    assert said(accepted, answer), family


@pytest.mark.parametrize(("family", "accepted", "answer"), MUST_NOT)
def test_family_never_matches(family: str, accepted: str, answer: str) -> None:
    assert not said(accepted, answer), family


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Earvin "Magic" Johnson ran the break.', "Earvin Magic Johnson ran the break."),
        ("It was Charles ‘Lucky’ Luciano.", "It was Charles Lucky Luciano."),
        ('George Herman "Babe" Ruth', "George Herman Babe Ruth"),
        ('Dwayne "The Rock" Johnson', "Dwayne The Rock Johnson"),
        ('Martin "Old Kinderhook" van Buren', "Martin Old Kinderhook van Buren"),  # a particle
        ('{"answer": \'Charles "Lucky" Luciano\'}', "{\"answer\": 'Charles Lucky Luciano'}"),
        ("Tip O'Neill 'Speaker' Smith", None),  # "Neill" after "O'" is no given name
        ('The song "Yesterday" by the Beatles', None),  # a title after a word in lower case
        ('In "Hamlet" Shakespeare kills off most of the cast.', None),  # a function word
        ('The papers called him "Bugsy Siegel" all the same.', None),  # a whole name quoted
        ('"Weird Al" Yankovic sang it.', None),  # no given name before the quotes
        ('Miles Davis recorded "So What" Monday.', None),  # a word in lower case before
        ("earvin 'magic' johnson", None),  # no capitals, no name
        (  # quotes of every kind in one answer
            "Benjamin \"Bugsy\" Siegel: 'the Bug' to his friends, ‘Ben’ to his mother, "
            "“Mr. Siegel” to the press.",
            "Benjamin Bugsy Siegel: 'the Bug' to his friends, ‘Ben’ to his mother, "
            "“Mr. Siegel” to the press.",
        ),
    ],
    ids=case_id,
)
def test_a_nicknames_quotes_inside_a_name(text: str, expected: str | None) -> None:
    """The quotes around a nickname between a given name and a surname are dropped; quotes
    around anything else stay (None: the text as it is)."""
    assert without_nickname_quotes(text) == (text if expected is None else expected)


@pytest.mark.parametrize(
    ("accepted", "expected"),
    [
        ("Benjamin 'Bugsy' Siegel", {"benjamin bugsy siegel", "benjamin siegel", "bugsy siegel"}),
        ('Earvin "Magic" Johnson', {"earvin magic johnson", "earvin johnson", "magic johnson"}),
        ('Dwayne "The Rock" Johnson', {"dwayne the rock johnson", "dwayne johnson"}),
        ("the song 'Yesterday'", set()),  # a title quoted: no name around it
        ("'Bugsy Siegel'", set()),  # a whole name quoted: its edges
        ("Siegel 'Bugsy'", set()),  # no surname after the nickname
    ],
    ids=case_id,
)
def test_the_names_of_a_nicknamed_key(accepted: str, expected: set[str]) -> None:
    """An accepted answer written as a name around a quoted nickname has the names it says
    beside the form as written; any other accepted answer has none of them."""
    written = forms(accepted)[0].text
    assert {form.text for form in forms(accepted)} - {written} == expected


@pytest.mark.parametrize(
    ("question", "accepted", "text", "correct"),
    [
        (
            "Which Confederate general was shot by his own men at Chancellorsville?",
            ("Stonewall Jackson", "Thomas Jackson"),
            'It was Thomas "Stonewall" Jackson.',
            True,
        ),
        (
            "Who was the second man to walk on the Moon?",
            ("Edwin 'Buzz' Aldrin",),
            "Buzz Aldrin, a few minutes after Armstrong.",
            True,
        ),
        (
            "Which saxophonist was nicknamed Bird?",
            ("Charlie Parker",),
            "Charlie “Bird” Parker.",
            True,
        ),
        (
            "Who founded the modern Mafia Commission?",
            ("Lucky Luciano", "Charles Luciano"),
            'Charles "Lucky" Lindbergh.',
            False,  # the nickname with another surname
        ),
    ],
    ids=case_id,
)
def test_a_nicknamed_name_graded(
    question: str, accepted: tuple[str, ...], text: str, correct: bool
) -> None:
    """A name with a quoted nickname, in the key or the answer, graded as the person."""
    assert (grade(question, accepted, text).verdict == CORRECT) is correct


def test_not_only_is_no_rejection() -> None:
    assert said("Paris", "It was shown not only in Paris but in Lyon.")
    assert said("Belgium", "Fries come from Belgium, not France or Switzerland.")


@pytest.mark.parametrize(
    ("accepted", "answer"),
    [
        ("Serena Williams", "Serena Williams, not Venus."),
        ("Williams", "Not only Serena Williams but Venus too reached the final."),
        ("Williams", "It was not Venus but Williams."),  # a contrast word between
        ("Williams", "I am not sure Williams won."),  # the negation of a hedge
        ("Paris", "It was not until 1924 Paris hosted them again."),
        ("Lyon", "It was not Paris, Lyon was the host."),  # a comma ends what is rejected
        ("Dickens", "Not even Dickens sold more."),
        ("Mars", "It is not 1976 Mars data."),  # a figure is no word of a name
    ],
)
def test_what_is_rejected_ends_before_these(accepted: str, answer: str) -> None:
    assert said(accepted, answer)


@pytest.mark.parametrize(
    ("short", "long", "expected"),
    [
        ("WHO", "World Health Organization", True),
        ("NATO", "North Atlantic Treaty Organization", True),
        ("U.N.", "United Nations", True),
        ("UK", "United Kingdom of Great Britain and Northern Ireland", True),
        ("who", "World Health Organization", False),
        ("ABC", "World Health Organization", False),
        ("Texas", "Paris", False),
    ],
)
def test_is_abbreviation(short: str, long: str, expected: bool) -> None:
    assert is_abbreviation(short, long) is expected


def test_surface_forms() -> None:
    assert surface(normalize("J. R. R. Tolkien")) == "jrr tolkien"
    assert surface(normalize("July 14, 1789")) == "1789-07-14"
    assert surface(normalize("the 14th of July 1789")) == "1789-07-14"
    assert surface(normalize("twenty-first")) == "21st"
    assert surface(normalize("1,500,000 people")) == "1500000 people"
    assert surface(normalize("7,5 kg")) == "7,5 kg"  # a decimal comma, not a group
    assert surface(normalize("may 5")) == "may 5"  # "may" alone is a word too
    assert surface(normalize("no one came")) == "no one came"


def test_forms_of_an_abbreviation_need_capitals() -> None:
    found = forms("World Health Organization (WHO)")
    assert [form.text for form in found] == ["world health organization", "who"]
    assert [form.capitals for form in found] == ["", "WHO"]


@pytest.mark.parametrize(
    ("accepted", "answer", "expected"),
    [
        ("James H. Webb", "Jimmy Webb", True),  # a name given another way: a reader decides
        ("Motor neuron disease", "Motor Neurone Disease (MND)", True),
        ("Harry Potter and the Prisoner of Azkaban", "Harry Potter", True),  # half
        ("Harry Potter and the Prisoner of Azkaban", "Harry", False),  # fewer than half
        ("Happy Ever After", "Terry and June", False),
    ],
)
def test_shares_words(accepted: str, answer: str, expected: bool) -> None:
    assert shares_words(accepted, surface(normalize(answer))) is expected


def test_shares_words_leaves_out_the_question() -> None:
    asked = surface(normalize("Which film did Danny Boyle direct in 1996?"))
    assert not shares_words("Trainspotting (film)", surface(normalize("A film.")), asked)


def _graded(gold: Gold, text: str, question: str = "Who wrote it?") -> tuple[str, tuple[str, ...]]:
    answer = Answer(qid="q", kind="answerable", question=question, gold=gold, answer=text)
    grade = Grader(citations=False).grade(answer)
    return grade.verdict, grade.labels


ACCEPTED = Gold(key="Bobby Moore / Robert Moore", accepted=("Bobby Moore", "Robert Moore"))


@pytest.mark.parametrize(
    ("gold", "text", "verdict"),
    [
        (ACCEPTED, "The captain was Bobby Moore.", "correct"),
        (ACCEPTED, "Robert Moore lifted the cup.", "correct"),
        (ACCEPTED, "It was Geoff Hurst.", "wrong"),
        # (v4) another given name before the surname every accepted answer ends with:
        # another person (K011, grader/rules/surnames.py)
        (ACCEPTED, "Roger Moore, I think.", "wrong"),
        (Gold(key="J. R. R. Tolkien"), "JRR Tolkien", "correct"),
        (Gold(key="Zürich"), "Zurich.", "correct"),
        (Gold(key="Zürich"), "Geneva.", "wrong"),
        (Gold(key="11"), "Eleven.", "correct"),
        (Gold(key="11"), "Twelve.", "wrong"),
    ],
    ids=case_id,
)
def test_accepted_answers_graded(gold: Gold, text: str, verdict: str) -> None:
    assert _graded(gold, text)[0] == verdict


def _damaged(accepted: str) -> Gold:
    return Gold(key=accepted, accepted=(accepted,))


@pytest.mark.parametrize(
    ("gold", "text", "verdict"),
    [
        # a key whose letters outside ASCII a lost encoding dropped, said by the answer's
        # text damaged the same way
        (_damaged("Beyonc"), "Beyoncé", "correct"),  # music
        (_damaged("Mtley Cre"), "The band was Mötley Crüe.", "correct"),  # music
        (_damaged("Bjrn Borg"), "Björn Borg won five titles in a row.", "correct"),  # sport
        (_damaged("Schrdinger"), "It is named after Erwin Schrödinger.", "correct"),  # science
        (_damaged("So Paulo"), "The exchange is in São Paulo.", "correct"),  # business
        (_damaged("Gtterdmmerung"), "It is Götterdämmerung.", "correct"),  # opera
        # never: another word, a clean answer without the lost letters, a short key
        (_damaged("Beyonc"), "Beyond.", "wrong"),
        # where the damage shows (a word of two letters or more with no vowel, not in
        # capitals), the answer in plain letters: the key's words with vowels only added
        (_damaged("Bjrn Borg"), "It was Bjorn Borg.", "correct"),  # sport
        (_damaged("Lszl Br"), "Laszlo Biro", "correct"),  # business
        (_damaged("Dvrk Quartet"), "The Dvorak Quartet played it.", "correct"),  # music
        # ... never another word ("Bartok": other letters added), another given name, a key
        # without the damage showing (a vowel in every word), a word in capitals
        (_damaged("Lszl Br"), "It was Laszlo Bartok.", "wrong"),
        (_damaged("Bjrn Borg"), "It was Bjorn Ulvaeus.", "wrong"),
        (_damaged("Bjrn Borg"), "It was John Borg.", "wrong"),
        (_damaged("Bjrn Borg"), "It was Mats Wilander, not Bjorn Borg.", "wrong"),
        (_damaged("Mtley Cre"), "The band was Motley Crue.", "wrong"),  # (not shown: a cost)
        (_damaged("NSPCC"), "It was the Nasipacic.", "wrong"),  # an abbreviation
        (_damaged("Mller"), "The author was Günter Grass.", "wrong"),  # literature
        (_damaged("Br"), "It was Bré.", "wrong"),  # under four characters: never read so
        (_damaged("Schrdinger"), "It is named after Heisenberg, not Schrödinger.", "wrong"),
    ],
    ids=case_id,
)
def test_a_key_damaged_by_a_lost_encoding(gold: Gold, text: str, verdict: str) -> None:
    assert _graded(gold, text)[0] == verdict


@pytest.mark.parametrize(
    ("question", "accepted", "text", "verdict"),
    [
        # the question restated with the damaged key in its gap says the key, as the content
        # check reads it (not K008, restated with another answer): business, science, music
        (
            "Who invented the ballpoint pen?",
            "Lszl Br",
            "The ballpoint pen was invented by László Bíró.",
            "correct",
        ),
        (
            "Who devised the cat paradox?",
            "Schrdinger",
            "The cat paradox was devised by Erwin Schrödinger.",
            "correct",
        ),
        ("Who sang Crazy in Love?", "Beyonc", "Crazy in Love was sung by Beyoncé.", "correct"),
        # ... another person in the gap is still another answer
        (
            "Who invented the ballpoint pen?",
            "Lszl Br",
            "The ballpoint pen was invented by György Bíró.",
            "wrong",
        ),
        (
            "Who devised the cat paradox?",
            "Schrdinger",
            "The cat paradox was devised by Werner Heisenberg.",
            "wrong",
        ),
        ("Who sang Crazy in Love?", "Beyonc", "Crazy in Love was sung by Rihanna.", "wrong"),
    ],
    ids=case_id,
)
def test_a_damaged_key_in_the_question_restated(
    question: str, accepted: str, text: str, verdict: str
) -> None:
    assert _graded(_damaged(accepted), text, question)[0] == verdict


@pytest.mark.parametrize(
    ("gold", "text"),
    [
        (Gold(key="Argentina"), "It wasn't Argentina; France won the final."),
        (Gold(key="120 volts"), "US outlets supply 220 volts."),  # another figure, same unit
    ],
    ids=case_id,
)
def test_a_key_mentioned_but_not_said_is_wrong(gold: Gold, text: str) -> None:
    assert _graded(gold, text)[0] == "wrong"


def test_a_key_among_candidates_is_partial() -> None:
    """(v4, K010) The key as one of alternatives the answer does not choose between is named,
    not said: partial (tests/rules/test_candidates.py), no longer wrong as a missing key."""
    gold = Gold(key="Tigris", accepted=("Tigris", "the Tigris River"))
    assert _graded(gold, "Tigris or Euphrates")[0] == "partial"


def test_other_words_label() -> None:
    # half the words, asked for no person: a reader decides
    verdict, labels = _graded(ACCEPTED, "Roger Moore, I think.", "What name is on the trophy?")
    assert (verdict, labels[0]) == ("unjudged", OTHER_WORDS.say())


@pytest.mark.parametrize(
    ("key", "text", "verdict"),
    [
        ("1989", "It fell in nineteen eighty-nine.", "correct"),
        ("1989", "It fell in nineteen eighty nine.", "correct"),
        ("2005", "It opened in two thousand and five.", "correct"),
        ("2020", "It was held in twenty twenty.", "correct"),
        ("1900", "It was built in nineteen hundred.", "correct"),
        ("2000", "In the year two thousand.", "correct"),
        ("1989", "Nineteen.", "wrong"),
        ("1998", "It fell in nineteen eighty-nine.", "wrong"),
        ("1989", "It fell in eighty-nine.", "wrong"),
        ("2005", "Two thousand five hundred.", "wrong"),
        ("1989", "The ticket cost nineteen eighty-nine dollars.", "wrong"),
    ],
    ids=lambda value: value if isinstance(value, str) and len(value) < 12 else None,
)
def test_years_in_words_against_a_year_key(key: str, text: str, verdict: str) -> None:
    """A year written in words was graded wrong against its year ("missing key")."""
    assert _graded(Gold(key=key), text, "In what year did it happen?")[0] == verdict


def test_joined_key_of_accepted_answers_is_not_read_as_a_figure() -> None:
    gold = Gold(key="1969 / nineteen sixty-nine", accepted=("1969", "nineteen sixty-nine"))
    assert _graded(gold, "It landed in 1969.")[0] == "correct"
    assert _graded(gold, "It landed in 1970.")[0] == "wrong"


# --- the guarded steps of `surface` equal its definition ------------------------------------

_PIECES = [
    "j.",
    "é.",
    "ab.",
    "3.",
    "_.",
    "x..",
    "john's",
    "5 s",
    "5s",
    "5%",
    "8.8km",
    "per cent",
    "from 3 until 5",
    "1 to 2",
    "till",
    "between",
    "and",
    "r.",
    " ",
    "w g grace",
    "1,500",
    "7,5",
    "eleven",
    "twenty-one",
    "twenty first",
    "one",
    "no one",
    "second",
    "a second",
    "14",
    "july",
    "may",
    "sept.",
    "1789",
    "01/09/2024",
    "3.10.2",
    "£50m",
    "$1.2 million",
    "2.5 million",
    "one thousand",
    "meters",
    "5 m",
    "km/h",
    "60 miles per hour",
    "percent",
    "%",
    "from 1723 to 1792",
    "between 1 and 2",
    "1135 - 1154",
    "minus 40",
    "mary ii",
    "henry viii",
    "the ii",
    "zürich",
    "łódź",
    ",",
    ".",
    "-",
    "the",
    "s.e.p.t.",
    "m.a.y. 5, 1990",
    "x",
    "iv",
    "of",
    "to",
    "and",
    "until",
    "nineteen",
    "eighty-nine",
    "eighty nine",
    "twenty",
    "oh",
    "hundred",
    "thousand",
    "dollars",
    "at",
    "hours",
    "81 milligrams",
    "212°f",
    "212 degrees fahrenheit",
    "37ºc",
    "180℃",
    "2.4 μg",
    "120 mm hg",
    "8 fl oz",
    "44 b.c.",
    "44 bce",
    "ad 79",
    "a.d. 79",
    "79 ce",
    "before christ",
    "anno domini",
    "8 o'clock",
    "08:00",
    "8:30 am",
    "8pm",
    "12 a.m.",
    "3:1",
    "20:00",
    ":",
    "am",
    "a dozen",
    "half a dozen",
    "two decades",
    "a century",
    "centuries",
    "1 hour",
    "15 minutes",
    "5 years",
    "6 months",
    "colour",
    "colours",
    "centre",
    "organisation",
    "organise",
    "analysed",
    "anaemia",
    "grey",
    "four",
    "rise",
    "colour-blind",
    "2colour",
    # (what the guards of the dates, digit groups and number words read: a month's opening
    # letters inside another word, a comma before a digit that groups none)
    "market",
    "declined",
    "1,500",
    "7,5",
    "12,3456",
    "seventy-one",
    "twelve",
    "1/2",
    "1.5",
    "14.7",
    "/1789",
    "$1,250.75",
    "36",
    "× 24",
    "x",
    "24x36mm",
    "by",
    "mm",
    "malcolm x",
    "0x1f",
    # ("a" that opens a number, and the words that make it no "one")
    "a",
    "a hundred",
    "a million",
    "hundred-year-old",
    "half",
    "quarter of",
    "thirds of",
    "hundredth",
]


@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.booleans())
@settings(max_examples=600, deadline=None)
def test_surface_equals_its_definition(pieces: list[str], dates: bool) -> None:
    text = normalize(" ".join(pieces))
    assert surface(text, dates) == surface_by_definition(text, dates)


# Texts at the edge of a step's guard, which a drawn list of pieces seldom holds whole.
@pytest.mark.parametrize(
    "text",
    ["68% of the samples at 37° had a μ of 0.4."],
    ids=["a share beside a degree sign and a μ, with no unit written in letters"],
)
def test_surface_equals_its_definition_at_a_guards_edge(text: str) -> None:
    normal = normalize(text)
    for dates in (True, False):
        assert surface(normal, dates) == surface_by_definition(normal, dates)


@given(st.text(alphabet="ab._ 1é٣²-", max_size=12))
@settings(max_examples=600, deadline=None)
def test_initials_guard_is_its_pattern(text: str) -> None:
    """The initials step's guard reads at each dot what its pattern would find anywhere."""
    found = re.search(r"(?<![\w.])[^\W\d_]\.", text) is not None
    assert _has_initial(text) is found


@pytest.mark.parametrize("name", ["openqa-written-blind.jsonl", "openqa-heldout.jsonl"])
def test_surface_equals_its_definition_on_written_answers(name: str) -> None:
    path = Path(__file__).parents[1] / "cases" / name
    for line in path.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        for text in (case["answer"], *case["accepted"]):
            normal = normalize(text)
            for dates in (True, False):
                assert surface(normal, dates) == surface_by_definition(normal, dates), text


EVOUNA = Path(__file__).parents[3] / "shared" / "evouna-tq" / "TQ.json"


@pytest.mark.skipif(not EVOUNA.exists(), reason="../shared/evouna-tq is not here")
def test_surface_equals_its_definition_on_evouna_answers() -> None:
    records = json.loads(EVOUNA.read_text(encoding="utf-8"))
    for record in records[::4]:
        for system in ("fid", "gpt35", "chatgpt", "gpt4", "newbing"):
            normal = normalize(record[f"answer_{system}"] or "")
            assert surface(normal) == surface_by_definition(normal)


# --- the key in other words: its shortcut equals its definition ----------------------------------

_WORD_PIECES = (
    "harry|potter|potters|prisoner|azkaban|the|of|and|jimmy|webb|james|h.|120|220|volts|volt|"
    "stories|story|glacier|glaciers|1996|film|films|danny|boyle|trainspotting|a"
).split("|")


def _shares_words_by_definition(accepted: str, answer_surface: str, question_surface: str) -> bool:
    """`shares_words` as its docstring defines it, with no shortcut."""
    asked = content_words(question_surface)
    said = content_words(answer_surface)
    numbers = set(re.findall(r"\d+(?:\.\d+)?", answer_surface))
    for form in forms(accepted):
        wanted = content_words(form.text) - asked
        figures = set(re.findall(r"\d+(?:\.\d+)?", form.text))
        if figures and figures.isdisjoint(numbers):
            continue
        if wanted and 2 * len(wanted & said) >= len(wanted):
            return True
    return False


@given(
    st.lists(st.sampled_from(_WORD_PIECES), min_size=1, max_size=5).map(" ".join),
    st.lists(st.sampled_from(_WORD_PIECES), max_size=8).map(" ".join),
    st.lists(st.sampled_from(_WORD_PIECES), max_size=4).map(" ".join),
)
@settings(max_examples=600, deadline=None)
def test_shares_words_equals_its_definition(accepted: str, answer: str, question: str) -> None:
    said, asked = surface(normalize(answer)), surface(normalize(question))
    assert shares_words(accepted, said, asked) is _shares_words_by_definition(accepted, said, asked)


# --- the facts of a key: what it answers with, a short key ------------------------------------


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("No", "No", id="'No' alone"),
        pytest.param("No. The quick ratio is 0.54.", "No", id="'No.': the reasoning is not"),
        pytest.param("No! the quick ratio was only 0.54.", "No", id="'No!': the reasoning is not"),
        pytest.param(
            "Yes, CVS paid a $0.55 dividend per share.",
            "Yes, CVS paid a $0.55 dividend per share.",
            id="'Yes,' opens a sentence that is the answer",
        ),
        pytest.param(
            "The quick ratio is 0.54.", "The quick ratio is 0.54.", id="a key without Yes or No"
        ),
    ],
)
def test_what_a_key_answers_with(key: str, expected: str) -> None:
    assert answer_of_key(key) == expected


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("Data Center", True, id="a name of two words"),
        pytest.param("Data Center.", True, id="a name with a full stop"),
        pytest.param("one two three four five six", True, id="six words"),
        pytest.param("one two three four five six seven", False, id="seven words"),
        pytest.param("Data Center. Austin", False, id="two sentences"),
        pytest.param("Data Center; Austin", False, id="two clauses"),
        pytest.param("Data Center\nAustin", False, id="two lines"),
        pytest.param("", False, id="no words"),
    ],
)
def test_a_short_key(key: str, expected: bool) -> None:
    assert is_short_key(key) is expected


# --- a key that says nothing exists -----------------------------------------------------------


GRADER = Grader(citations=False)


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        pytest.param(
            "The company did not have any debt securities registered on an exchange; only its "
            "common stock is listed.",
            CORRECT,
            id="'did not have' answers a key of none",
        ),
        pytest.param(
            "Only common stock is registered. No other debt securities are listed in the filing.",
            CORRECT,
            id="'no other debt securities are listed' answers a key of none",
        ),
        pytest.param(
            "Its 4.25% notes due 2030 are registered on the New York Stock Exchange.",
            WRONG,
            id="naming a security is not none",
        ),
    ],
)
def test_a_key_of_none_is_answered_in_any_family(answer, verdict):
    graded = GRADER.grade(make_answer(answer, key="There are none"))
    assert graded.verdict == verdict, graded.labels


# --- the key less the words the question asks with (grader/rules/question_words.py) ----------

# (question, accepted answer, answer, verdict): the key's distinguishing part said, in several
# registers (law, geography, sport, medicine, software, history); and what it must never be.
DISTINGUISHING = [
    ("Which amendment gave women the vote?", "19th Amendment", "The 19th.", CORRECT),
    ("Which amendment gave women the vote?", "Nineteenth Amendment", "the nineteenth", CORRECT),
    ("Which article of the treaty governs withdrawal?", "Article 50", "Art. 50", CORRECT),
    ("Which canal links the Mediterranean and the Red Sea?", "Suez Canal", "Suez.", CORRECT),
    ("Which canal links the Mediterranean and the Red Sea?", "Suez Canal", "It is Suez.", CORRECT),
    ("Which strait separates Spain from Morocco?", "Strait of Gibraltar", "Gibraltar", CORRECT),
    ("Which stadium hosts the FA Cup final?", "Wembley Stadium", "Wembley", CORRECT),
    ("Which vitamin is made in the skin in sunlight?", "Vitamin D", "D", CORRECT),
    ("Which vitamin is made in the skin in sunlight?", "Vitamin D3", "D3", CORRECT),
    ("Which Python release removed the print statement?", "Python 3", "3.", CORRECT),
    ("Which World Cup did France host and win?", "1998 World Cup", "1998.", CORRECT),
    # never another distinguishing part
    ("Which amendment gave women the vote?", "19th Amendment", "The 18th.", WRONG),
    ("Which canal links the Mediterranean and the Red Sea?", "Suez Canal", "Panama.", WRONG),
    ("Which vitamin is made in the skin in sunlight?", "Vitamin D", "C", WRONG),
    ("Which World Cup did France host and win?", "1998 World Cup", "2018.", WRONG),
    ("Which vitamin is made in the skin in sunlight?", "Vitamin D", "I do not know.", WRONG),
    # never the asked word alone: nothing of the key is left
    ("Which amendment gave women the vote?", "19th Amendment", "An amendment.", WRONG),
    # never a word alone in a longer answer, where it may name another thing
    (
        "Which amendment gave women the vote?",
        "19th Amendment",
        "The 14th Amendment, ratified on the 19th of a month.",
        WRONG,
    ),
]


@pytest.mark.parametrize(("question", "accepted", "text", "verdict"), DISTINGUISHING)
def test_the_key_less_the_words_the_question_asks_with(
    question: str, accepted: str, text: str, verdict: str
) -> None:
    assert _graded(Gold(key=accepted, accepted=(accepted,)), text, question)[0] == verdict


@pytest.mark.parametrize(
    ("question", "accepted", "text"),
    [
        # a name without the middle name that tells it apart from the surname the question names
        ("Which Adams was the sixth president?", "John Quincy Adams", "John Adams"),
        ("Which Bush was president in 2005?", "George W. Bush", "George Bush"),
        ("Which Williams sister has won more Slams?", "Serena Williams", "Venus"),
    ],
)
def test_a_distinguishing_word_dropped_is_not_the_key(question: str, accepted: str, text: str):
    assert _graded(Gold(key=accepted, accepted=(accepted,)), text, question)[0] != CORRECT


@pytest.mark.parametrize(
    ("accepted", "question", "rest"),
    [
        ("Lake Victoria", "Which lake feeds the White Nile?", "victoria"),
        ("River Seine", "Which river runs through Paris?", "seine"),
        ("Gulf of Mexico", "Which gulf did the spill foul?", "mexico"),
        ("Battle of the Somme", "Which battle began on 1 July 1916?", "somme"),
        ("Fall of an Empire", "Which empire does the history follow?", "fall"),
        # an epithet the question names: the article left before it goes with it
        ("Catherine the Great", "Which Russian empress was called the Great?", "catherine"),
        ("Ivan the Terrible", "Which tsar was called the Terrible?", "ivan"),
        ("William the Conqueror", "Which duke of Normandy was called the Conqueror?", "william"),
        ("John Quincy Adams", "Which Adams was the sixth president?", "john quincy"),
        ("Lake Victoria", "Which body of water feeds the White Nile?", ""),  # no edge named
        ("River Seine", "Which river, the Thames or the Seine, runs through Paris?", ""),  # whole
        ("The Who", "Which band is called The Who?", ""),  # nothing of content is left
        ("Doctor Who", "Which doctor travels in the TARDIS?", ""),  # nothing of content is left
        ("Mary Queen of Scots", "Which queen was beheaded in 1587?", ""),  # not at an edge
    ],
)
def test_distinguishing_part(accepted: str, question: str, rest: str) -> None:
    assert distinguishing_part(accepted, surface(normalize(question))) == rest


@pytest.mark.parametrize(
    ("question", "accepted", "text", "verdict"),
    [
        # the key mentioned as a belief the answer contradicts is not asserted
        (
            "What is the capital of Canada?",
            "Ottawa",
            "Many assume Ottawa, but it is Toronto.",
            WRONG,
        ),
        (
            "What causes beriberi?",
            "thiamine deficiency",
            "Although many think it is thiamine deficiency, beriberi is caused by a virus.",
            WRONG,
        ),
        (
            "Who wrote the novel?",
            "Mary Shelley",
            "It was Bram Stoker, although many people believe Mary Shelley.",
            WRONG,
        ),
        # never: a belief agreed with, a fact others know, the key asserted and the other set aside
        (
            "What is the capital of Canada?",
            "Ottawa",
            "Many think it is Ottawa, and they are right.",
            CORRECT,
        ),
        ("What is the capital of Canada?", "Ottawa", "As most people know, it is Ottawa.", CORRECT),
        (
            "What is the capital of Canada?",
            "Ottawa",
            "It is Ottawa, although many assume Toronto.",
            CORRECT,
        ),
        (
            "What is the capital of Canada?",
            "Toronto",
            "It is Ottawa, although many assume Toronto.",
            WRONG,
        ),
    ],
)
def test_the_key_set_aside_as_someone_elses_belief(
    question: str, accepted: str, text: str, verdict: str
) -> None:
    assert _graded(Gold(key=accepted, accepted=(accepted,)), text, question)[0] == verdict


@pytest.mark.parametrize(
    ("question", "accepted", "text", "verdict"),
    [
        # a unit the question names need not be repeated after the key's figure
        ("How many milligrams of caffeine are in an espresso shot?", "63 mg", "About 63.", CORRECT),
        (
            "What is the oven temperature for meringue, in Celsius?",
            "120 °C",
            "120 degrees.",
            CORRECT,
        ),
        ("How many kilometres long is the Channel Tunnel?", "50 km", "It is 50 long.", CORRECT),
        ("How many minutes does a rugby union half last?", "40 min", "40.", CORRECT),
        # never the figure in another unit, another figure, or a unit the question does not name
        ("How many milligrams of caffeine are in an espresso shot?", "63 mg", "63 g.", WRONG),
        ("What is the oven temperature for meringue, in Celsius?", "120 °C", "120 °F.", WRONG),
        ("What is the oven temperature for meringue, in Celsius?", "120 °C", "250.", WRONG),
        ("How many kilometres long is the Channel Tunnel?", "50 km", "50 miles.", WRONG),
        ("How long is the Channel Tunnel?", "50 km", "50.", WRONG),
        # a unit written touching its figure is still another unit ("30in" is 30 inches)
        ("How many centimetres wide is the canvas?", "30 cm", "It measures 30 x 30in.", WRONG),
        ("How many centimetres wide is the canvas?", "30 cm", "It is 30 in. wide.", WRONG),
        # (v4) "in" before a word of its clause is the preposition, no unit
        ("How many centimetres wide is the canvas?", "30 cm", "It is 30 in width.", CORRECT),
        ("How many kilograms does the anvil weigh?", "50 kg", "50 in total.", CORRECT),
    ],
)
def test_a_unit_the_question_names_need_not_be_repeated(
    question: str, accepted: str, text: str, verdict: str
) -> None:
    assert _graded(Gold(key=accepted, accepted=(accepted,)), text, question)[0] == verdict


@pytest.mark.parametrize(
    ("question", "accepted", "text", "verdict"),
    [
        # (v4) a number hyphenated to the noun the question counts
        ("How many stars does the hotel have?", "5", "It is a five-star hotel.", CORRECT),
        ("How many times did she win Wimbledon?", "3", "She is a three-time champion.", CORRECT),
        ("How many months is a senator's term?", "72", "A seventy-two-month term.", CORRECT),
        ("How many Michelin stars has the restaurant?", "two", "A two-star restaurant.", CORRECT),
        ("How many years is the lease?", "99", "A ninety-nine-year lease.", CORRECT),
        # never a noun the question does not count, another number, part of a longer number
        ("How many generals led the army?", "4", "A four-star general led it.", WRONG),
        ("How many days does the shift last?", "24", "A twenty-four-hour shift.", WRONG),
        ("How many stars does the hotel have?", "4", "It is a five-star hotel.", WRONG),
        ("How many stars does the flag have?", "4", "A twenty-four-star flag.", WRONG),
        ("How many stars does the hotel have?", "5", "It is not a five-star hotel.", WRONG),
        # a number broken off at its hyphen, no word after it (the question counts the letter s)
        ("How many s's are in Mississippi?", "4", "Mississippi has four- no, three s's.", WRONG),
        # (v4) or to the counted noun's adjective in -ed (science, sport, law, music, heraldry)
        ("How many sides does a snowflake have?", "6", "Snowflakes are six-sided.", CORRECT),
        ("How many sides does a Möbius strip have?", "1", "It is one-sided.", CORRECT),
        ("How many points does the club's badge star have?", "3", "A three-pointed star.", CORRECT),
        ("How many legs does a lobster have?", "10", "It is a ten-legged crustacean.", CORRECT),
        ("How many heads does the eagle on the arms have?", "2", "A two-headed eagle.", CORRECT),
        ("How many strings does a cello have?", "4", "The cello is four-stringed.", CORRECT),
        ("How many storeys does the courthouse have?", "3", "A three-storeyed court.", CORRECT),
        ("How many stories does the courthouse have?", "3", "A three-storied court.", CORRECT),
        ("How many petals does the logo's rose have?", "5", "A five-petalled rose.", CORRECT),
        ("How many wheels does a tricycle have?", "three", "It is three-wheeled.", CORRECT),
        # never the adjective of a noun not counted, another number, a longer one, a rejection
        ("How many goals were scored in the final?", "1", "It was a one-sided final.", WRONG),
        ("How many points did the side score?", "3", "They wore three-cornered hats.", WRONG),
        ("How many legs does the table have?", "4", "A four-sided table.", WRONG),
        ("How many sides does a snowflake have?", "6", "Snowflakes are eight-sided.", WRONG),
        ("How many sides does the coin have?", "4", "A twenty-four-sided coin.", WRONG),
        ("How many sides does a snowflake have?", "6", "They are not six-sided.", WRONG),
        ("How many strings does a cello have?", "4", "A four-headed cello.", WRONG),
    ],
)
def test_a_number_hyphenated_to_the_counted_noun(
    question: str, accepted: str, text: str, verdict: str
) -> None:
    assert _graded(Gold(key=accepted, accepted=(accepted,)), text, question)[0] == verdict


@pytest.mark.parametrize(
    ("question", "made", "never"),
    [
        ("how many sides has it", "sided", "sideed"),
        ("how many points has it", "pointed", "pointted"),
        ("how many legs has it", "legged", "leged-"),
        ("how many petals has it", "petalled", "petaleed"),
        ("how many stories has it", "storied", "storyed"),
        ("how many storeys has it", "storeyed", "storeied"),
        ("how many wheels has it", "wheeled", "wheelled"),
        ("how many boots has it", "booted", "bootted"),
        ("how many goals were scored", "goaled", "sided"),
    ],
)
def test_the_counted_nouns_adjectives_in_ed(question: str, made: str, never: str) -> None:
    """The -ed adjective is made from the counted noun by its spelling rules; no other noun's."""
    assert made in counted_adjectives(question)
    assert never not in counted_adjectives(question)


@pytest.mark.parametrize(
    ("question", "accepted", "text", "verdict"),
    [
        ("When was the treaty signed?", "17th century", "The treaty was signed in 1648.", CORRECT),
        ("When was it built?", "the seventeenth century", "It dates from 1605.", CORRECT),
        ("When was the dome finished?", "the 1600s", "Completed in 1632 [2].", CORRECT),
        ("When was the abbey founded?", "12th century", "It was founded in 1132.", CORRECT),
        ("When did the bridge open?", "the 1960s", "The bridge opened in 1964.", CORRECT),
        ("When was it launched?", "1950s", "In 1957, at the height of the 1950s race.", CORRECT),
        ("When was the chapel built?", "14th century", "The 1300s.", CORRECT),
        ("When was the style popular?", "20th century", "In the 1930s.", CORRECT),
        ("When was the palace built?", "the 1600s", "In the 1690s.", CORRECT),  # its last decade
        ("When was she born?", "the 1930s", "In 1936, in the 20th century.", CORRECT),
        ("Give a year in the reign of Edward IV.", "1461-1483", "1470.", CORRECT),
        # never a year outside, another period named, a coarser period, a range not asked a year of
        ("When was the treaty signed?", "17th century", "It was signed in 1702.", WRONG),
        ("When did the bridge open?", "the 1960s", "In 1958.", WRONG),
        ("When did the bridge open?", "the 1960s", "The 1950s (1964).", WRONG),
        ("When was the abbey founded?", "12th century", "Founded in 1132, rebuilt in 1420.", WRONG),
        ("When was she born?", "the 1930s", "The 20th century.", WRONG),
        ("Give a year in the reign of Edward IV.", "1461-1483", "1490.", WRONG),
        ("When did Reynolds live?", "1723-1792", "He was born in 1723.", WRONG),
        # a period that shares only an end year with the key's is another period
        ("When was the engine improved?", "18th century", "Either the 1700s or the 1800s.", WRONG),
        ("When was the canal dug?", "the 1800s", "In the 1820s or the 18th century.", WRONG),
        ("When was the tower built?", "20th century", "In 1999, or the 2000s.", WRONG),
    ],
    ids=case_id,
)
def test_a_year_in_the_key_period(question: str, accepted: str, text: str, verdict: str) -> None:
    """A key naming a century or a decade is said by a year in it (`grader.rules.periods`); a
    range of years only when the question asks for a year of it."""
    assert _graded(Gold(key=accepted, accepted=(accepted,)), text, question)[0] == verdict


@pytest.mark.parametrize(
    ("accepted", "question", "text", "verdict"),
    [
        # a word and its abbreviation, graded whole (finance, geography, science)
        (("Lehman Bros.", "Lehman Bros"), "Which bank failed in 2008?", "Lehman Brothers", CORRECT),
        (("St. Louis",), "Which city hosted the 1904 Olympics?", "Saint Louis, Missouri", CORRECT),
        (
            ("Mount Kilimanjaro", "Kilimanjaro"),
            "Africa's highest peak?",
            "Mt. Kilimanjaro",
            CORRECT,
        ),
        # another name sharing the table's word stays another name
        (("Lehman Bros.", "Lehman Bros"), "Which bank failed in 2008?", "Salomon Brothers", WRONG),
        (("Mount Kilimanjaro", "Kilimanjaro"), "Africa's highest peak?", "Mt. Kenya", WRONG),
        (("St. Louis",), "Which city hosted the 1904 Olympics?", "St. Paul", WRONG),
    ],
    ids=case_id,
)
def test_a_word_and_its_abbreviation_graded(accepted, question, text, verdict) -> None:
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    assert _graded(gold, text, question)[0] == verdict


# A key shaped as a person's name is said by its surname alone only when it is a person's name
# (`grader.rules.surface_match._persons_name`): its first word an initial, an honorific or a
# given name the tables list, or the question asks for a person. (question, accepted, answer)
SURNAME_OF_A_PERSON = [
    ("Who discovered penicillin?", "Alexander Fleming", "Fleming"),  # science
    ("Who wrote The Hobbit?", "J. R. R. Tolkien", "Tolkien"),  # literature
    ("Which composer wrote The Planets?", "Gustav Holst", "Holst"),  # music, asked a person
    ("Who directed Seven Samurai?", "Akira Kurosawa", "Kurosawa"),  # film, unlisted given name
    ("Which archaeologist excavated Knossos?", "Sir Arthur Evans", "Evans"),  # history
    ("What was the surname of the discoverer?", "Alexander Fleming", "Fleming"),  # listed name
    ("Which Chief Justice wrote the opinion?", "Earl Warren", "Warren wrote it."),  # law
    ("Which monastery did he found?", "St Columba", "Columba"),  # an honorific: a person's
    ("Who won the 1986 World Cup for Argentina?", "Diego Maradona", "Maradona"),  # sport
]
# A thing's name shaped like a person's (two words in capitals), asked for a thing: its last
# word alone is no surname. (question, accepted, answer)
SURNAME_OF_A_THING = [
    ("What is the lowest commissioned officer rank?", "Second Lieutenant", "Lieutenant"),
    ("Which gorge did the Colorado River carve?", "Grand Canyon", "Canyon"),  # geography
    ("Which humanitarian movement was founded in 1863?", "Red Cross", "Cross"),  # politics
    ("Which empire did Charlemagne found?", "Holy Roman Empire", "Empire"),  # history
    ("Which stock index did Charles Dow create?", "Dow Jones", "Jones"),  # finance
    ("Which stadium hosts the Cup final?", "Wembley Stadium", "Stadium wins it."),  # sport
    ("What kind of contract is it?", "Fixed Term", "Term"),  # business
    ("Which rank is above major?", "Lieutenant Colonel", "Colonel"),  # military
]


@pytest.mark.parametrize(("question", "accepted", "text"), SURNAME_OF_A_PERSON, ids=case_id)
def test_a_persons_surname_alone_says_the_key(question: str, accepted: str, text: str) -> None:
    asked = surface(normalize(question))
    assert says(accepted, surface(normalize(text)), text, asked)


@pytest.mark.parametrize(("question", "accepted", "text"), SURNAME_OF_A_THING, ids=case_id)
def test_a_things_last_word_alone_is_no_surname(question: str, accepted: str, text: str) -> None:
    asked = surface(normalize(question))
    assert not says(accepted, surface(normalize(text)), text, asked)
    # the same words asked for a person are a person's name
    assert says(accepted, surface(normalize(text)), text, surface(normalize("Who was it?")))


def test_a_thing_asked_for_is_graded_not_correct() -> None:
    gold = Gold(key="Second Lieutenant", accepted=("Second Lieutenant",))
    question = "What is the lowest commissioned officer rank in the navy?"
    assert _graded(gold, "Lieutenant", question)[0] != CORRECT
    assert _graded(gold, "Second Lieutenant", question)[0] == CORRECT
    fleming = Gold(key="Alexander Fleming", accepted=("Alexander Fleming",))
    assert _graded(fleming, "Fleming", "Who discovered penicillin?")[0] == CORRECT


# A figure as a scan gives it (`grader.rules.surface_numbers.scanned_figures`, read in an
# answer's sentences once cleaned): look-alike letters read as their digits, a middle dot
# between digits as a decimal point; and what is no such figure, left as written.
SCANNED_FIGURES = [
    ("Waterloo was fought in l815.", "Waterloo was fought in 1815."),  # "l" for 1
    ("Becquerel found it in I896.", "Becquerel found it in 1896."),  # "I" for 1
    ("sealed at Runnymede in l2l5", "sealed at Runnymede in 1215"),
    ("Beijing, 2OO8", "Beijing, 2008"),  # "O" for 0
    ("1939-I945", "1939-1945"),
    ("Elizabeth I died in l6O3.", "Elizabeth I died in 1603."),  # look-alikes among digits
    ("the Great Fire of l662", "the Great Fire of 1662"),  # misread into another year: that year
    ("Take 1·5 kg of flour.", "Take 1.5 kg of flour."),  # a middle dot between digits
    ("It costs £2·50.", "It costs £2.50."),
    ("a 7·26 kg shot", "a 7.26 kg shot"),
    ("light at 3·10^8 m/s", "light at 3×10^8 m/s"),  # a product with a power of ten
]
NOT_SCANNED_FIGURES = [
    "Jupiter's moon IO",  # look-alikes alone: Io, I/O
    "scored lO",
    "Chicago, Ill.",  # an abbreviation, a roman numeral
    "Henry III and Louis XIV",
    "Breathe O2 and I2 vapour.",  # fewer than four characters: formulas
    "Take the I95 north.",  # an interstate
    "E. coli O157 and agent OO7",  # a word opening with "O": a name
    "a 500l tank and 5 l of water",  # litres
    "see Ill1 and loo1",  # a word and its footnote's number
    "olive oil1 and the i30",  # a lower-case "i"
    "CuSO4·5H2O",  # a formula's digit before the dot
    "version 1·2·3",  # more than one dot
    "WALL·E and kg·m/s²",  # a dot between letters
    "bread · butter",  # a spaced dot: a separator
]


@pytest.mark.parametrize(("text", "expected"), SCANNED_FIGURES, ids=case_id)
def test_a_figure_as_a_scan_gives_it(text: str, expected: str) -> None:
    assert scanned_figures(clean(text)) == expected


@pytest.mark.parametrize("text", NOT_SCANNED_FIGURES, ids=case_id)
def test_what_is_no_figure_as_a_scan_gives_it(text: str) -> None:
    assert scanned_figures(text) == text


@pytest.mark.parametrize(
    ("key", "question", "text", "verdict"),
    [
        ("1815", "In what year was the Battle of Waterloo?", "It was fought in l815.", "correct"),
        ("1896", "When did Becquerel find radioactivity?", "By chance, in I896.", "correct"),
        ("1966", "When did England win the World Cup?", "At Wembley in l966.", "correct"),
        (
            "1796",
            "When did Jenner first vaccinate?",
            "He inoculated James Phipps in I796.",
            "correct",
        ),
        ("1215", "When was Magna Carta sealed?", "At Runnymede, in June l2l5.", "correct"),
        ("7.26 kg", "What does a men's shot weigh?", "The shot weighs 7·26 kg.", "correct"),
        ("1.5 kg", "How much flour does the loaf need?", "Take 1·5 kg of strong flour.", "correct"),
        ("1666", "When was the Great Fire of London?", "It broke out in l662.", "wrong"),
        ("2008", "When did Bolt win his first Olympic gold?", "In Beijing, 2OO9.", "wrong"),
        ("10", "How many points is the bull worth?", "It scores lO.", "wrong"),
        ("111", "How many are there?", "Chicago, Ill.", "wrong"),
        ("2", "How many litres?", "O2", "wrong"),
    ],
    ids=lambda value: value if isinstance(value, str) and len(value) < 12 else None,
)
def test_a_figure_as_a_scan_gives_it_graded(
    key: str, question: str, text: str, verdict: str
) -> None:
    """A year printed with a letter for a digit ("I928") missed its key."""
    assert _graded(Gold(key=key), text, question)[0] == verdict
