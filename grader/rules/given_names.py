"""A given name's other forms (DESIGN 4.6, grader v4: "a name given shorter or longer" is the
key; "a different person who shares a surname" never is).

**Another form of a given name** is the same person: "Jimmy Carter" is "James Earl Carter",
"Bill Clinton" is "William Jefferson Clinton", "Ted Kennedy" is "Edward Kennedy", "J. Carter"
is "James Carter", and the other way round ("William Clinton" for "Bill Clinton"). Two given
names are the same (`same_given_name`) when they are equal (case and diacritics aside), when one
is the other's initial ("G." of "George"), or when they stand in one row of `_PET_FORMS`: the
English pet forms and spellings of a given name (James, Jim, Jimmy, Jamie; William, Bill, Billy,
Will, Willie; Robert, Bob, Bobby, Rob; Richard, Dick, Rick; Elizabeth, Liz, Beth, Betty;
Margaret, Maggie, Peggy, Meg; ...), or an initial of one of them ("B. Clinton").

A given name **may be the same** (`may_be_same_given_name`) in one more way: the name in another
language or transliterated (`_COGNATES`: Peter, Pyotr, Pierre, Pietro, Pedro; John, Johann,
Jean, Juan, Giovanni, Gianni, Ivan, Ian, Sean; Leo, Lev; Theodore, Fyodor; ...). Such a name is
never read as another person (`grader.rules.surnames`), but it does not say the key by itself
either: "John Fleming" is not "Ian Fleming", though Ian is the Scottish John; a reader decides.
(v4) So is the name **clipped** (`clipped`): the other's first letters, three or more, at
least two letters short of it, and no name the tables list ("Rafa" of "Rafael", "Seb" of
"Sebastian", "Nico" of "Nicolas", "Jon" of "Jonathan", either way round): never another
person, but no form the table vouches for ("Gabriel" is Gabrielle's first letters and a name of
its own), so a clipped name says the key only with an accepted surname ("Rafa Nadal" for
"Rafael Nadal / Nadal"). Never a clipping: a listed name, which is a name of its own ("Paul"
for "Paula" or "Pauline", "Carl" for "Carla", "Jo" for "Jonathan") or another name's pet form
("Jack", John's, for "Jackie": the cost is "Stan" for "Stanislas"), a name one letter short
(a feminine name's ending: "Adrian" for "Adriana", "Justin" for "Justine"), two letters ("Ro"
for "Roger"), a name that shares only its first letters ("Serena" and "Sergio").

Never: another given name ("Ira" is not "George", "Percy" is not "Mary"), an initial of another
letter ("I. Gershwin" for "George Gershwin"), a stage name or a nickname that is no form of the
name ("Bob Dylan" is not "Robert Zimmerman": the surname differs too; "Magic Johnson" is not
"Earvin Johnson", "Babe Ruth" not "George Ruth": the table holds forms, not nicknames), a form
of a form ("Ted" is Edward's and Theodore's, which are not each other's: rows do not chain).

Where the table comes from: written by hand for this project from the common English pet forms
of given names and their usual equivalents in the main European languages and in Russian
transliteration, as name dictionaries list them (the Oxford Dictionary of First Names; Behind
the Name's "related names"). It is not exhaustive: a form it lacks is read as another given
name, which is why `grader.rules.surnames` reads another person only where the key gives a
full name (with its surname alone or not) and the question asks for a person, and why a name
one letter apart is left to the spelling rule (`grader.rules.other_names.spelt_apart`). For
the same reason `grader.rules.list_answers` reads two names joined by a comma as two persons
only when each opens with a name the tables hold (`is_listed_given_name`).
"""

from __future__ import annotations

from functools import lru_cache

from grader.rules.surface import fold_diacritics

# The English pet forms and spellings of a given name, one row each: every name in a row is the
# same given name as every other in it (rows do not chain: "ted" is in two).
_PET_FORMS = (
    "james jim jimmy jimmie jamie jas",
    "william bill billy will willie willy wills liam",
    "robert bob bobby bobbie rob robbie robby bert bertie",
    "richard dick dickie rick ricky rich richie",
    "elizabeth elisabeth liz lizzie lizzy beth betty bettie bess bessie betsy eliza elsie libby",
    "margaret maggie meg peggy marge margie margo margot madge greta",
    "john jack johnny jonny",
    "thomas tom tommy thom",
    "edward ed eddie eddy ted teddy ned",
    "theodore ted teddy theo",
    "charles charlie charley chuck chas",
    "henry harry hank hal",
    "harold harry hal",
    "michael mike mikey mick mickey micky",
    "joseph joe joey jo",
    "anthony antony tony",
    "christopher chris kit",
    "nicholas nicolas nick nicky",
    "alexander alex alec sandy al",
    "alexandra alex sandra sandy lexi",
    "andrew andy drew",
    "benjamin ben benny benji",
    "daniel dan danny",
    "david dave davy davey",
    "donald don donnie",
    "douglas doug",
    "francis frank frankie",
    "franklin frank",
    "frances fran frankie fanny",
    "frederick frederic fred freddie freddy",
    "alfred alf alfie fred",
    "albert al bert bertie",
    "gerald gerard gerry jerry",
    "jerome jerry",
    "gregory greg",
    "jeffrey geoffrey jeff geoff",
    "joshua josh",
    "kenneth ken kenny",
    "lawrence laurence larry laurie",
    "leonard len lenny leo",
    "matthew matt",
    "nathaniel nathan nat nate",
    "patrick pat paddy",
    "patricia pat patty trish tricia",
    "peter pete",
    "philip phillip phil pip",
    "raymond ray",
    "ronald ron ronnie",
    "samuel sam sammy",
    "samantha sam sammy",
    "stephen steven steve stevie",
    "timothy tim timmy",
    "walter walt wally",
    "zachary zach zack",
    "abraham abe",
    "arthur art artie",
    "augustus gus",
    "bartholomew bart",
    "clifford cliff",
    "ernest ernie",
    "eugene gene",
    "herbert herb bert",
    "louis lewis lou",
    "martin marty",
    "maximilian max",
    "montgomery monty",
    "oliver ollie",
    "randolph randall randy",
    "reginald reg reggie",
    "rudolph rudolf rudy",
    "stanley stan",
    "terence terrence terry",
    "vincent vince vinnie",
    "catherine katherine kathryn katharine kate katie kathy cathy kitty kay",
    "christine christina chris chrissie tina",
    "deborah debra deb debbie",
    "dorothy dot dottie dolly",
    "eleanor elinor ellie nell nellie nora",
    "jennifer jen jenny",
    "jessica jess jessie",
    "judith judy",
    "mary molly polly mae",
    "rebecca becky becca",
    "sarah sara sally sadie",
    "susan susannah suzanne sue susie suzy",
    "victoria vicky vickie tori",
    "virginia ginny",
    "barbara barb babs",
    "anne ann anna annie",
    "jane janet jean joan",
    "abigail abby",
    "cynthia cindy",
    "emily em emmy",
    "florence flo",
    "harriet hattie",
    "isabella isabel bella izzy",
    "jacqueline jackie",
    "josephine jo josie",
    "matilda mathilda tilly maud",
    "theresa teresa terry tess tessa",
    "valerie val",
    "gwendolyn gwendolen gwen",
)

# A given name in the main European languages and in Russian transliteration, one row each (a
# name may stand in a row of `_PET_FORMS` too).
_COGNATES = (
    "peter pyotr piotr pierre pietro pedro petr petrus peder",
    "john johann johannes johan jan jean juan joao giovanni gianni ivan ian sean hans jens evan",
    "james jacques giacomo jaime diego seamus hamish",
    "jacob jakob jacobo yakov jacques",
    "joseph josef jose giuseppe iosif jozef",
    "michael mikhail michel miguel michele michal mikael",
    "nicholas nikolai nikolay nicolas nicola niccolo nikolaus klaus mikolaj",
    "charles karl carl carlos carlo karel",
    "henry henri heinrich enrico enrique hendrik henrik",
    "william wilhelm guillaume guglielmo willem guillermo",
    "louis ludwig luis luigi lewis ludovico ludovic",
    "frederick friedrich federico frederic fryderyk fritz frederik",
    "theodore fyodor fedor feodor teodor theodor",
    "leo lev leon",
    "alexander aleksandr alexandr alexandre alessandro alejandro aleksander sasha",
    "stephen steven stefan stephan stephane etienne esteban stefano stepan istvan",
    "george georg georges giorgio jorge yuri yury georgy georgi",
    "paul pavel paolo pablo pawel",
    "anthony antonio anton antoine antonin",
    "andrew andrei andrey andre andrea andreas andres andrzej anders",
    "francis francesco francisco francois franz frantisek",
    "edward eduard edouard eduardo edvard edoardo",
    "richard ricardo riccardo",
    "robert roberto",
    "vincent vincenzo vicente",
    "matthew matthias mathias matteo mateo matvei mathieu matthieu",
    "mark marc marco marcus markus",
    "thomas tomas tommaso tomasz",
    "philip philippe filippo felipe filip philipp",
    "gregory grigori grigory gregor gregorio gregoire",
    "sergei sergey serge sergio",
    "dmitri dmitry dimitri dimitrios demetrius",
    "mary maria marie mariya",
    "catherine katharina ekaterina yekaterina caterina catalina katerina",
    "elizabeth elisabeth elisabetta isabel elizaveta",
    "margaret margarete margarethe marguerite margherita margarita",
    "helen helena helene elena yelena ellen",
    "sophia sophie sofia",
    "jane jeanne juana giovanna johanna joan",
    "julius jules giulio julio",
    "augustus august auguste augusto",
    "hugh hugo hugues ugo",
    "rudolph rudolf rodolfo",
    "gustav gustave gustavo gustaf",
    "ernest ernst ernesto",
    "albert alberto albrecht",
    "arthur arturo artur",
    "emmanuel emanuel immanuel emanuele manuel",
    "lawrence laurence lorenzo laurent lorenz",
    "christopher christoph christophe cristoforo cristobal krzysztof",
    "christian christiaan cristiano kristian",
    "eugene eugen eugenio evgeny yevgeny",
    "leonard leonardo leonhard",
    "bernard bernardo bernhard",
    "conrad konrad corrado",
    "harold harald",
    "eric erik erich",
    "raphael rafael raffaele raffaello",
    "victor viktor vittorio",
    "walter walther gualtiero",
    "ladislaus laszlo ladislao ladislav wladyslaw vladislav ladislas",
)


def _rows(table: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Each name of a table with every name it shares a row with (itself among them)."""
    found: dict[str, set[str]] = {}
    for row in table:
        names = row.split()
        for name in names:
            found.setdefault(name, set()).update(names)
    return {name: frozenset(others) for name, others in found.items()}


_SAME = _rows(_PET_FORMS)
_RELATED = _rows(_COGNATES)


def is_known_given_name(name: str) -> bool:
    """Whether the table holds the name among the English pet forms and spellings."""
    return _bare(name) in _SAME


def is_listed_given_name(name: str) -> bool:
    """Whether the tables hold the name, among the pet forms or another language's forms."""
    bare = _bare(name)
    return bare in _SAME or bare in _RELATED


def _bare(name: str) -> str:
    """A given name as the table writes it: lower case, diacritics folded, no dot or quote."""
    return fold_diacritics(name).lower().strip(".'’")


def _initial_of(letter: str, names: frozenset[str]) -> bool:
    return any(name.startswith(letter) for name in names)


@lru_cache(maxsize=4096)
def same_given_name(name: str, key_name: str) -> bool:
    """Whether the given name ``name`` (the answer's) is ``key_name`` (the key's) in one of its
    forms: the same, an initial of it or of a pet form, or a pet form (`_PET_FORMS`)."""
    said, key = _bare(name), _bare(key_name)
    if not said or not key:
        return False
    names = _SAME.get(key, frozenset((key,)))
    if len(said) == 1:
        return _initial_of(said, names)
    return said in names


@lru_cache(maxsize=4096)
def may_be_same_given_name(name: str, key_name: str) -> bool:
    """Whether ``name`` may be ``key_name``: `same_given_name`, or the name (or one of its pet
    forms) in another language or transliterated (`_COGNATES`), or an initial of such a name."""
    if same_given_name(name, key_name):
        return True
    said, key = _bare(name), _bare(key_name)
    if not said or not key:
        return False
    related: set[str] = set()
    for form in _SAME.get(key, frozenset((key,))):
        for other in _RELATED.get(form, ()):
            related.update(_SAME.get(other, frozenset((other,))))
    if len(said) == 1:
        return _initial_of(said, frozenset(related))
    return said in related or clipped(said, key) or clipped(key, said)


def clipped(short: str, name: str) -> bool:
    """Whether the given name ``short`` is ``name`` clipped (both as the tables write them, see
    the module): its first three letters or more, at least two letters short of it, and no
    name the tables list ("rafa" of "rafael"; never "paul" of "paula", "adrian" of "adriana")."""
    return (
        len(short) >= 3
        and len(name) >= len(short) + 2
        and name.startswith(short)
        and short not in _SAME
        and short not in _RELATED
    )
