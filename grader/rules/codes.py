"""The rule registry: every outcome the grader writes, by code (ruff's rule registry).

Each label a grade carries is written by one `Rule` here (``WRONG_MONEY.say("asserted $26.99,
key $42.99")`` is ``wrong money: asserted $26.99, key $42.99``), and each rule has a code, a
name (the label's text before its detail, today's wording), the function that decides it, a
definition and examples: answers it fires on and answers it must not fire on (both are graded
by a test). The code's letter is the check's family: E the engine, D declines, M money, K the
key's text, F figures, Y a Yes or No, N needles, C citations, V the verdict's own outcome, and
S the suspicions of a pass (`Grade.suspicious`: reasons to read a correct answer before it is
trusted, which change no verdict), coded and read back as labels are.

A label (or a suspicion) is read back into its code here and nowhere else (`code_of`): the
reading queue, the agreement counts, the scorecard and the review app ask for codes, never for
label text, so a label may be reworded without changing what reads it. The codes are stable: a
rule retired keeps its code unused. `family_of` is the rule of DESIGN 4 a label belongs to
(money, content, declines, citations, engine), as agreement counts disagreements.

Pure data and string work (no I/O): `ragtriage rules` prints it, docs/grading.md renders it
(tools/render_rules.py).

Why one file: the registry is one table, read whole: every rule's entry (some twenty lines: code,
name, function, definition, examples) beside the others, so that a code is given once and the
families read in order, and what reads a label back (`code_of`, the last sixty lines) reads that
table.
"""

from __future__ import annotations

from dataclasses import dataclass

from grader.schema import Answer, Gold, Kind, Source

# The rules of DESIGN 4 the checks belong to.
ENGINE, DECLINES, MONEY, CONTENT, CITATIONS = "engine", "declines", "money", "content", "citations"
FAMILIES = {
    "E": "the engine",
    "D": "declines",
    "M": "money",
    "K": "the key's text",
    "F": "figures",
    "Y": "a Yes or No",
    "N": "needles",
    "C": "citations",
    "V": "the verdict",
    "S": "suspicions of a pass",
}


@dataclass(frozen=True, slots=True)
class Example:
    """An answer to a question, for a rule's examples: graded by a test, printed by
    ``ragtriage rules CODE``. ``sources`` are (document, text), shown as [1], [2], ..."""

    answer: str
    key: str = ""
    question: str = ""
    kind: Kind = "answerable"
    must_contain: tuple[str, ...] = ()
    must_not_contain: tuple[str, ...] = ()
    accepted: tuple[str, ...] = ()
    golden: tuple[str, ...] = ()
    sources: tuple[tuple[str, str], ...] = ()
    error: str | None = None

    def describe(self) -> str:
        """The example on one line: the answer, then what it is graded against."""
        if self.error is not None:
            said = f"(engine error: {self.error})"
        else:
            said = '"' + self.answer.replace("\n", "\\n") + '"'
        gold = [f"asked {self.question!r}"] if self.question else []
        if self.kind != "answerable":
            gold.append(f"{self.kind} question")
        if self.key:
            gold.append(f"key {self.key!r}")
        gold += [f"must contain {needle!r}" for needle in self.must_contain]
        gold += [f"must not contain {needle!r}" for needle in self.must_not_contain]
        if self.golden:
            gold.append(f"golden {', '.join(self.golden)}")
        gold += [f"[{n}] {doc}: {text!r}" for n, (doc, text) in enumerate(self.sources, 1)]
        return f"{said}  ({'; '.join(gold)})" if gold else said

    def record(self) -> Answer:
        """The example as an answer record, to grade."""
        gold = Gold(
            key=self.key,
            accepted=self.accepted,
            must_contain=self.must_contain,
            must_not_contain=self.must_not_contain,
            golden_docs=self.golden,
        )
        sources = [Source(n, doc, text) for n, (doc, text) in enumerate(self.sources, 1)]
        return Answer(
            qid="example",
            kind=self.kind,
            question=self.question,
            gold=gold,
            answer=self.answer,
            sources=sources,
            error=self.error,
        )


@dataclass(frozen=True, slots=True)
class Rule:
    """One outcome the grader writes.

    Attributes:
        code: ``M001``: the family's letter and a number, never reused.
        name: The label's text before its detail ("wrong money").
        family: The rule of DESIGN 4 it belongs to (`MONEY`, `CONTENT`, ...).
        decider: The function that decides it, ``module.function`` (``module.Class.method``).
        definition: One paragraph: when it fires, and what it means for the verdict.
        fires: Answers it fires on.
        spares: Answers it must not fire on.
        joiner: What stands between the name and the detail.
        detail_first: The detail comes before the name ("3 amounts asserted").
    """

    code: str
    name: str
    family: str
    decider: str
    definition: str
    fires: tuple[Example, ...]
    spares: tuple[Example, ...]
    joiner: str = ": "
    detail_first: bool = False

    def say(self, detail: str = "") -> str:
        """The label: the name, and the detail after it (before it, `detail_first`) when there
        is one."""
        if not detail:
            return self.name
        if self.detail_first:
            return f"{detail}{self.joiner}{self.name}"
        return f"{self.name}{self.joiner}{detail}"


ENGINE_ERROR = Rule(
    "E001",
    "engine error",
    ENGINE,
    "grader.rules.verdict.engine_error",
    "The engine failed to answer (the answer record holds an error): the answer is wrong, and "
    "no other rule reads it. The scorecard counts these apart, and a negative question that "
    "errs is not counted as declined.",
    (Example("", key="$42.99", error="timeout after 30 s"),),
    (Example("The fee is $42.99.", key="$42.99"),),
)

DECLINED = Rule(
    "D001",
    "declined",
    DECLINES,
    "grader.rules.decline_check.clean_decline",
    "A question with no answer is answered correctly by an honest decline: the answer "
    "withholds an answer (a decline phrase, or a grounded absence, and nothing that answers) "
    "and asserts no amount that violates ZERO-WRONG-MONEY (DECLINE-PATH 1).",
    (Example("I could not find the wire fee in the sources.", kind="negative"),),
    (
        Example("The wire fee is $25.00.", kind="negative"),
        Example("I could not find it, but it is probably $25.00.", kind="negative"),
    ),
)

DID_NOT_DECLINE = Rule(
    "D002",
    "did not decline",
    DECLINES,
    "grader.rules.decline_check.did_not_decline",
    "A question with no answer whose answer does not withhold one: no part declines (nor "
    "says, grounded, that the thing does not exist), or some part gives an answer beside the "
    "decline. The answer is wrong.",
    (Example("The wire fee is waived for premium accounts.", kind="negative"),),
    (Example("The sources do not mention a wire fee.", kind="negative"),),
)

DECLINED_AMBIGUOUS = Rule(
    "D003",
    "declined (accepted for an ambiguous question)",
    DECLINES,
    "grader.rules.decline_check.clean_decline",
    "An ambiguous question may be declined: an answer that withholds an answer and asserts no "
    "amount that violates is correct (DECLINE-PATH 2), whatever the key says.",
    (
        Example(
            "I cannot determine which account you mean from the sources.",
            key="$42.99",
            kind="ambiguous",
        ),
    ),
    (
        Example("The fee is $42.99.", key="$42.99", kind="ambiguous"),
        Example("I cannot determine which account you mean.", key="$42.99"),
    ),
)

DECLINED_ANSWERABLE = Rule(
    "D004",
    "declined an answerable question",
    DECLINES,
    "grader.rules.decline_check.declined_answerable",
    "An answerable question that the answer declines (it withholds the answer): wrong whatever "
    "the key holds, with the other labels that made it wrong after this one. An answer that "
    "declines and still gives the key (an amount, a figure, a Yes or No, a needle) does not "
    "withhold it. (v4) A key named only inside the question the answer says it cannot answer "
    "is not given: the embedded question is not asserted (grader.rules.declined_questions).",
    (
        Example("I could not find the annual fee in the sources.", key="$95.00"),
        Example(
            "I can't tell you which physician the Heimlich manoeuvre is named after.",
            key="Heimlich",
            question="The Heimlich manoeuvre is named after which physician?",
        ),
    ),
    (
        Example("The annual fee is $95.00.", key="$95.00"),
        Example("I could not find it.", key="$95.00", kind="ambiguous"),
        Example(
            "I can't tell you which physician exactly, but it was Henry Heimlich.",
            key="Heimlich",
            question="The Heimlich manoeuvre is named after which physician?",
        ),
    ),
)

WRONG_MONEY = Rule(
    "M001",
    "wrong money",
    MONEY,
    "grader.rules.money_check.wrong_money_label",
    "ZERO-WRONG-MONEY: the key is an amount of money, the answer asserts an amount, and the "
    "key is not what it concludes (the money conclusion strategy decides among several), or a "
    "later correction, contrast or the answer's own arithmetic supersedes it, or (the default "
    "strategy) another amount is given first as the answer's lead and the key only after it, "
    "in another role (as K006 reads a text key). Amounts the question gives, attributed to a "
    "source, or grounded in a declining part do not count. Fatal: the answer is wrong.",
    (
        Example("The alarm fee is $26.99.", key="$42.99"),
        Example("It is $42.99, sorry, I mean $41.99.", key="$42.99"),
        Example("$52.99 ($42.99 was the old fee).", key="$42.99"),
    ),
    (
        Example("The alarm fee is $42.99.", key="$42.99"),
        Example("The fee is not listed.", key="$42.99"),
        Example("$42.99 ($52.99 from June).", key="$42.99"),
    ),
)

MISSING_KEY_AMOUNT = Rule(
    "M002",
    "missing key amount",
    MONEY,
    "grader.rules.money_check.missing_key_amount",
    "The key is an amount of money and the answer asserts no amount at all (nor the bare "
    "figure a form prints, nor a word for nothing when the key is $0): the key is missing, "
    "which fails the money check without violating ZERO-WRONG-MONEY.",
    (Example("The fee depends on the plan you chose.", key="$42.99"),),
    (
        Example("The fee is 42.99.", key="$42.99"),
        Example("The fee is $26.99.", key="$42.99"),
    ),
)

OTHER_AMOUNTS = Rule(
    "M003",
    "other amounts asserted",
    MONEY,
    "grader.rules.money_check.other_amounts",
    "Under the ``sole`` money conclusion only: the key is found, but other distinct amounts "
    "are asserted beside it. A miss, not a violation: the answer is partial. The default "
    "strategy (``superseding``) never writes it.",
    (),
    (Example("The fee is $42.99, and the deposit $100.00.", key="$42.99"),),
)

INVENTED_AMOUNT = Rule(
    "M004",
    "invented amount",
    MONEY,
    "grader.rules.money_check.negative_money_labels",
    "A question with no answer, and the answer asserts an amount no source holds: an invented "
    "figure, a ZERO-WRONG-MONEY violation whether or not the answer also declines.",
    (Example("The wire fee is $35.00.", kind="negative"),),
    (
        Example(
            "The statement lists a $15.00 fee [1], but no wire fee.",
            kind="negative",
            sources=(("fees", "Paper statement fee: $15.00."),),
        ),
    ),
)

GUESSED_AMOUNT = Rule(
    "M005",
    "guessed amount",
    MONEY,
    "grader.rules.money_check.negative_money_labels",
    "A question with no answer, and the answer gives a hedged amount that a source holds "
    '("probably $15.00"): a guess offered as the answer, a ZERO-WRONG-MONEY violation.',
    (
        Example(
            "I could not find a wire fee; it is probably $15.00 [1].",
            kind="negative",
            sources=(("fees", "Paper statement fee: $15.00."),),
        ),
    ),
    (
        Example(
            "I could not find a wire fee; the statement fee is $15.00 [1].",
            kind="negative",
            sources=(("fees", "Paper statement fee: $15.00."),),
        ),
    ),
)

UNANSWERABLE_AMOUNT = Rule(
    "M006",
    "amount given for a question with no answer",
    MONEY,
    "grader.rules.money_check.negative_money_labels",
    "A question with no answer, and the answer, without declining, asserts an amount a source "
    "holds as if it answered: a ZERO-WRONG-MONEY violation. Beside a decline, the same "
    "grounded amount is context.",
    (
        Example(
            "The wire fee is $15.00 [1].",
            kind="negative",
            sources=(("fees", "Paper statement fee: $15.00."),),
        ),
    ),
    (
        Example(
            "I could not find a wire fee; the statement fee is $15.00 [1].",
            kind="negative",
            sources=(("fees", "Paper statement fee: $15.00."),),
        ),
    ),
)

MISSING_KEY = Rule(
    "K001",
    "missing key",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "A key checked word for word (a short key of a few words, a key with accepted answers, or "
    "a key that says nothing exists) that the answer's asserted text does not say, through "
    "the surface-form families (grader.rules.surface), and whose words it does not hold in "
    "another form either. A miss: wrong when nothing else passed.",
    (
        Example("The deductible applies to the Silver plan.", key="Gold PPO"),
        Example("The usual low dose is 81 g.", key="81 mg"),
        Example("Caesar was killed in 44 AD.", key="44 BC"),
    ),
    (
        Example("You are enrolled in the Gold-PPO plan.", key="Gold PPO"),
        Example("Paris is the capital of France.", key="Paris", question="Capital of France?"),
        Example("The usual low dose is eighty-one milligrams.", key="81 mg"),
        Example("Caesar was killed in 44 B.C.E.", key="44 BC"),
        Example("The 13th.", key="13th Amendment", question="Which amendment abolished slavery?"),
    ),
)

OTHER_WORDS = Rule(
    "K002",
    "needs a reader: the answer may say the key in other words",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "An answer that says none of the accepted answers but holds some of their content words "
    "beyond the question's (a name given shorter or longer, the words in another form), and "
    "does not mention an accepted answer only to reject it: unjudged, a reader decides.",
    (
        Example(
            "War and Peace was written by Leo Tolstoy.",
            key="Lev Tolstoy",
            question="Who wrote War and Peace?",
        ),
    ),
    (
        Example(
            "It was written by J. R. R. Tolkien.",
            key="J. R. R. Tolkien",
            question="Who wrote The Hobbit?",
        ),
        Example("It was written by Tolkien.", key="J. R. R. Tolkien"),  # the surname opens
        Example("It was written by C. S. Lewis.", key="J. R. R. Tolkien"),
    ),
)

NO_CHECKABLE_FACT = Rule(
    "K003",
    "needs a reader: no checkable fact in the key",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "The key holds nothing a rule can check: no amount, no figure, no Yes or No, no needle, "
    "and it is longer than a short key: the answer is unjudged and a reader decides.",
    (
        Example(
            "Revenue grew because of strong cloud demand.",
            key="The growth came mostly from the data center segment, as cloud providers "
            "expanded. Gaming was flat.",
        ),
    ),
    (Example("The fee is $42.99.", key="$42.99"),),
)

MISSING_ITEMS = Rule(
    "K004",
    "missing items of the key",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "A key that names several things (a list key, grader.rules.lists: items joined by commas "
    'and a last "and", asked by a question that asks for several, or by a search query that '
    "counts as many, or items that are each a name of two words or more, every word "
    "capitalised, unless the question names the one thing it asks for) of which the answer "
    "says some and not all, each item read through the surface-form families, and nothing "
    "else: every content word of the answer is the question's or a said item's; or, in a "
    "sentence that holds a word of the question, items with nothing listed beside them but "
    "other items or words that describe them (grader.rules.lists.in_a_sentence), no item "
    "rejected. (v4) One of a pair: a key that names two persons joined by 'and' ('Julius and "
    "Ethel Rosenberg', 'Jayne Torvill and Christopher Dean'; a given name the tables hold on "
    "one side), said by one of them alone, given name and surname, the other unnamed "
    "(grader.rules.lists.one_of_pair); never the pair said ('the Rosenbergs', 'Julius and "
    "Ethel'), another accepted answer that is the one alone, or names of one word ('Procter "
    "and Gamble', 'Lewis and Clark'). (v4) One of two things asked: a question with a second "
    "question word after 'and' (', and how many medals did he win?') and a key in two parts "
    "('Michael Phelps, 28 medals'), answered by the first part alone "
    "(grader.rules.lists.one_thing_of_two); never a question that asks one thing ('Who wrote "
    "and directed ...'), the second part said in another form ('Phelps, with 28'), or an "
    "accepted answer of one part. (v4) A key of several parts answered in part: some "
    "parts given and another thing of the kind in the place of the rest ('Lake Erie and "
    "Lake Huron' for 'Lake Ontario and Lake Erie'), or the answer cut off before them ('the "
    "malleus, the incus and the'); a key of two parts set apart by a semicolon to a question "
    "that asks two things ('Marx; Engels', asked who wrote it and who paid), or written with "
    "commas to one that asks two things together ('Istanbul, Turkey', asked which city and "
    "country; 'sugar into alcohol', asked which is fermented into which) "
    "(grader.rules.lists.in_place_of_missing); never a name with 'and' that is one thing "
    "('Trinidad and Tobago'), another thing that shares a word with a missing part ('the "
    "White Nile and the Blue'), the key's accepted lists mixed ('hammer, anvil and "
    "stapes'), or a name with a comma asked as one thing ('Washington, D.C.'). (v4) A list "
    "written one item a line ('- ', '* ', '1. ') is read as the same list in a sentence, "
    "each line one item (grader.rules.lists.lines_listed); never a part inside a longer "
    "name of another thing ('- hydrogen peroxide'), a line with a sentence's end or a "
    "figure in it, or a key the accepted answers join by a dash ('Bosnia-Herzegovina'), "
    "which is no list. A miss beside a pass: the answer is partial, and the items it misses "
    "are named.",
    (
        Example(
            "Charlotte and Emily Brontë.",
            key="Charlotte, Emily and Anne",
            question="Name the three Brontë sisters who published novels.",
        ),
        Example(
            "Huginn.",
            key="Huginn and Muninn",
            question="What are the names of Odin's two ravens?",
        ),
        Example("Bill Gates.", key="Bill Gates and Paul Allen", question="Who founded Microsoft?"),
        Example(
            "the Senate",
            key="House of Representatives and Senate",
            question="two houses of congress",
        ),
        Example(
            "A triathlon combines swimming and cycling, raced back to back.",
            key="swimming, cycling and running",
            question="Name the three disciplines of a triathlon.",
        ),
        Example(
            "Christopher Dean.",
            key="Jayne Torvill and Christopher Dean",
            question="Which pair won the 1984 Olympic ice dance title?",
        ),
        Example(
            "Leonardo da Vinci painted it.",
            key="Leonardo da Vinci, the Louvre",
            question="Who painted the Mona Lisa, and where does it hang?",
        ),
        Example(
            "Lake Erie and Lake Huron",
            key="Lake Ontario and Lake Erie",
            question="Which two lakes does the Welland Canal connect?",
        ),
        Example(
            "A triathlon combines swimming and rowing.",
            key="swimming, cycling and running",
            question="Name the three disciplines of a triathlon.",
        ),
        Example(
            "The malleus, the incus and the",
            key="malleus, incus and stapes",
            question="Name the three bones of the middle ear.",
        ),
        Example(
            "- hydrogen\n- nitrogen",
            key="hydrogen and oxygen",
            question="Which two elements make up water?",
        ),
    ),
    (
        Example("Simon.", key="Simon & Garfunkel", question="Who sang Mrs Robinson?"),
        Example(
            "Ethel and Julius Rosenberg.",
            key="Julius and Ethel Rosenberg",
            question="Which couple were tried for spying in 1951?",
        ),
        Example(
            "Leonardo da Vinci; it hangs in the Louvre.",
            key="Leonardo da Vinci, the Louvre",
            question="Who painted the Mona Lisa, and where does it hang?",
        ),
        Example(
            "Space Administration",
            key="National Aeronautics and Space Administration",
            question="Which agency flew Apollo 11?",
        ),
        Example(
            "Emily, Anne and Charlotte.",
            key="Charlotte, Emily and Anne",
            question="Name the three Brontë sisters who published novels.",
        ),
        Example("Procter.", key="Procter and Gamble", question="Which company makes Tide?"),
        Example(
            "Trinidad and Jamaica",
            key="Trinidad and Tobago",
            question="Which country's capital is Port of Spain?",
        ),
        Example("It fell on July 14.", key="July 14, 1789", question="When did the Bastille fall?"),
        Example(
            "the White Nile and the Blue",
            key="White Nile and Blue Nile",
            question="Which two rivers meet at Khartoum?",
        ),
        Example(
            "- hydrogen peroxide\n- nitrogen",
            key="hydrogen and oxygen",
            question="Which two elements make up water?",
        ),
    ),
)

OTHER_NAME = Rule(
    "K005",
    "another name in the key's place",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "An answer that is a name as long as an accepted answer (two to four words), with some of "
    "its words in their places and a word of its own in the place of another, not a form of "
    "it (an abbreviation, another spelling) and not only the first word unless a number "
    "(grader.rules.other_names): something else of the key's kind; so is, in a sentence, "
    "another capitalised name before the head of a name-shaped key that names a kind "
    "('the Davis Cup' for 'Ryder Cup'), not in the question, not rejected, not in the "
    "possessive. Fatal: wrong.",
    (
        Example("Mount Kenya.", key="Mount Kilimanjaro", question="Highest mountain in Africa?"),
        Example(
            "The first Davis Cup was played in 1900.",
            key="Ryder Cup",
            question="Which event was first held at Worcester in 1927?",
        ),
        Example("International Monetary Foundation", key="International Monetary Fund"),
        Example(
            "Lake Tanganyika",
            key="Lake Victoria",
            accepted=("Lake Victoria", "Victoria"),
            question="Which is the largest lake in Africa?",
        ),
    ),
    (
        Example("Mt Kilimanjaro.", key="Mount Kilimanjaro", question="Highest mountain in Africa?"),
        Example("Leo Tolstoy", key="Lev Tolstoy", question="Who wrote War and Peace?"),
        Example("Alexei Pajitnov", key="Alexey Pajitnov", question="Who created Tetris?"),
        Example("It was written by Jimmy Webb.", key="James Webb", question="Who wrote it?"),
    ),
)

GIVEN_FIRST = Rule(
    "K006",
    "another answer given first",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "An answer that opens with a lead (a bare span of one to six words before its first "
    "semicolon, comma, parenthesis, dash or ellipsis, or a first sentence of its own) that says "
    "none of the accepted answers, while the text after it says one: the lead is the answer "
    "given, the key stands after it in another role (grader.rules.leads). Never a lead that "
    "opens rather than answers (Yes or No, a hedge, a preposition, a pronoun, an announcement "
    "of the writer's thinking: 'Let me think.', 'Alright, let me think.', a 'Thinking:' "
    "label), a pleasantry around the answer, which asserts nothing ('Happy to help with "
    "that!', 'Hello and welcome!': grader.rules.pleasantries), (v4) a letter's greeting or "
    "a mail header above its body, set aside with the letter's envelope ('Dear Ms Patel,' on a "
    "line of its own: grader.rules.letters), a clause, a lead "
    "before a comma not written as a name, a figure with its noun or in quotes (unless a "
    "contrast follows: 'The right, unlike the UK ...'), one that restates the question, the "
    "key as a gloss of the lead, a lead taken back (a correction, a 'but', a 'no'), a question "
    "that asks for several. (v4) Also the answer given by a pronoun and a copula ('It was X', "
    "'That was X', 'It's X'), written as a name, then a comma and a relative clause about it "
    "('who', 'whom', 'whose', 'which') that says the key, no later sentence saying it "
    "(grader.rules.leads, given by a pronoun, then described; v4: or an apposition of a "
    "person's relation to the key in its place, 'That was X, the son of <key>', 'It was X, "
    "<key>'s pupil'). Never the key as the answer "
    "given ('It was <key>, who ...', 'That was <key>, the father of X'), the key in "
    "apposition, a cleft, a clause that names the "
    "answer otherwise ('who was born X', 'which was then called X') or places it ('which is "
    "in X'), a lead that is the question's own person ('Titus's father?': 'That was Titus, "
    "the son of <key>'). Fatal: wrong.",
    (
        Example(
            "Mount Kenya; Kilimanjaro is second.",
            key="Mount Kilimanjaro",
            accepted=("Mount Kilimanjaro", "Kilimanjaro"),
            question="What is the highest mountain in Africa?",
        ),
        Example(
            "Julius Caesar, Augustus's great-uncle.",
            key="Augustus",
            question="Who was the first Roman emperor?",
        ),
        Example(
            "That would be Ernest Rutherford, who studied under Thomson.",
            key="J. J. Thomson",
            accepted=("J. J. Thomson", "Thomson"),
            question="Who discovered the electron?",
        ),
    ),
    (
        Example("Paris, France.", key="France", question="In which country is the Louvre?"),
        Example(
            "According to the museum, Claude Monet.",
            key="Claude Monet",
            question="Who painted the Water Lilies?",
        ),
        Example(
            "The Water Lilies, painted by Claude Monet.",
            key="Claude Monet",
            question="Who painted the Water Lilies?",
        ),
        Example(
            "Let me think. Africa's highest is Kilimanjaro, at 5,895 m.",
            key="Mount Kilimanjaro",
            accepted=("Mount Kilimanjaro", "Kilimanjaro"),
            question="What is the highest mountain in Africa?",
        ),
        Example(
            "Happy to help with that! Africa's highest mountain is Kilimanjaro.",
            key="Mount Kilimanjaro",
            accepted=("Mount Kilimanjaro", "Kilimanjaro"),
            question="What is the highest mountain in Africa?",
        ),
        Example(
            "Dear Ms Patel,\n\nAfrica's highest mountain is Kilimanjaro.\n\nKind regards,\n"
            "Tom Okafor",
            key="Mount Kilimanjaro",
            accepted=("Mount Kilimanjaro", "Kilimanjaro"),
            question="What is the highest mountain in Africa?",
        ),
        Example(
            "It was Adrian IV, who was born Nicholas Breakspear.",
            key="Nicholas Breakspear",
            question="Who was the only English pope?",
        ),
    ),
)

LESS_SPECIFIC = Rule(
    "K007",
    "less specific than the key",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "An answer whose only content is the last word of an accepted answer of two to four words "
    'that names a thing of a kind (its head, a common noun: "falcon" of "peregrine falcon") '
    'after "a" or "an", with a preposition before them at most (grader.rules.less_specific): '
    'it names some thing of the key\'s kind, not the key. Not a head with "the" or bare, a '
    "head the question names, a question that asks for a kind, a name's last word, a head "
    "with another modifier, nor a key with a function word. Also the decade that holds the "
    "key's year, in place of the year (a key that is a year or a date in it, an answer that "
    "names that decade and no year: grader.rules.periods.decade_for_year); never a decade "
    "that does not hold it, nor a key that is a decade. A miss beside a pass: the answer is "
    "partial.",
    (
        Example("A falcon.", key="peregrine falcon", question="What is the fastest animal?"),
        Example("By a dance.", key="waggle dance", question="How do honeybees show where food is?"),
        Example("In the early 1990s.", key="1991", question="When was Linux first released?"),
    ),
    (
        Example("A falcon.", key="peregrine falcon", question="Which falcon dives fastest?"),
        Example("A kestrel falcon.", key="peregrine falcon", question="Fastest animal?"),
        Example("In the marrow.", key="bone marrow", question="Where are red blood cells made?"),
        Example("A truck.", key="armoured truck", question="What type of vehicle won the rally?"),
        Example("Fleming.", key="Alexander Fleming", question="Who discovered penicillin?"),
        Example("In the 1990s.", key="1990s", question="In which decade did grunge peak?"),
        Example("In the late 1990s.", key="1991", question="When was Linux first released?"),
    ),
)

AMONG_CANDIDATES = Rule(
    "K010",
    "the key among candidates",
    CONTENT,
    "grader.rules.content_check.content_rule",
    'An answer that names an accepted answer only as one side of "x or y" it does not choose '
    'between (grader.rules.candidates.uncommitted): the whole answer "x or y", "either x or '
    'y", or "x or y" in a sentence beside a hedge ("maybe", "I think", "depending on") or '
    'between two figures. Never an "or" after a naming word ("called x or y"), after a '
    'comma with no hedge, nor one with no second candidate ("or so", "or more"), nor a key '
    'rejected. A miss beside a pass: the answer is partial. (v4) A hedged "either x ..., or '
    "maybe y ...\" is a pair whatever its sides' length, open until a later sentence names one "
    'candidate alone without a lean ("probably x" leans, and does not choose; '
    "grader.rules.candidates.open_between). (v4) The answer's last clause that names the key "
    "gives it as a side of 'x or y' after a phrase that gives the answer or a hedge ('So the "
    "answer is Libya or Tunisia.', 'I would say 1889 or 1891.'), or states it and the next "
    "sentence opens with 'Or' and another candidate ('So the answer is one. Or two if you "
    "count Curie.'): the answer concludes open whatever it said before; never a pair a later "
    "clause chooses from, one that is no conclusion, an 'or' that refines ('or more "
    "precisely', 'or rather') (grader.rules.candidates.open_at_end). (v4) A hedge right after "
    "the 'or' is beside the pair ('Banting or perhaps Macleod'); a side written with initials is "
    "one side ('either A. Hamilton or James Madison'); never 'or maybe earlier'. (v4) A pair "
    "after a doubt that opens its sentence, set off by a dash, a comma, a colon or a semicolon "
    "('I cannot confirm this: insulin or glucagon', 'Hard to say, Chelsea or Leeds United'), "
    "and the key's shorter form opening a side ('Victoria' of 'Victoria Falls or the Kariba "
    "Gorge'); never a choice the writer then makes ('Chelsea or Leeds - Chelsea, after the "
    "replay'), 'either' as 'also' before a dash ('Leeds did not win it either - ...'), a key "
    "that itself holds 'or', said whole. (v4) Candidates listed under a header that calls them "
    "candidates ('Possible hormones:' over a list, 'Candidates: A, B or C.', 'It could be any "
    "of: ...'), none marked chosen, read as 'Either A or B or C.' "
    "(grader.rules.candidates.listed_candidates); never a list the question asks for ('Name "
    "three ...', 'What are the possible ...?'), a header naming the answer, one candidate "
    "marked or chosen later. (v4) A pair followed by not knowing which ('x or y, I forget "
    "which', 'one or the other', 'one of that group anyway'); never 'which' that asks its own "
    "question, 'one of' that describes.",
    (
        Example("It opened in 1997 or 1998, I think.", key="1998", question="When did it open?"),
        Example(
            "Possible hormones:\n- glucagon\n- insulin\n- cortisol",
            key="insulin",
            question="Which hormone lowers blood sugar?",
        ),
        Example(
            "Oxygen or nitrogen, I forget which.",
            key="nitrogen",
            question="Which gas makes up most of the air?",
        ),
        Example(
            "Burrata is made from cow or buffalo milk, depending on the farm.",
            key="buffalo milk",
            question="What milk is burrata made from?",
        ),
        Example(
            "It is either the Tagus, which flows to Lisbon, or perhaps the Ebro in the north-east."
            " I think it is probably the Tagus.",
            key="Tagus",
            question="What is the longest river in Spain?",
        ),
        Example(
            "The first ascent was in 1953 by Hillary and Tenzing. So the answer is 1953 or 1952.",
            key="1953",
            question="In what year was Everest first climbed?",
        ),
        Example(
            "I cannot confirm this from the records: the Douro or the Tagus.",
            key="Tagus",
            question="What is the longest river in Spain?",
        ),
    ),
    (
        Example("It is called evaporation or vaporization.", key="evaporation"),
        Example(
            "Possible hormones: glucagon, insulin or cortisol. It is insulin.",
            key="insulin",
            question="Which hormone lowers blood sugar?",
        ),
        Example(
            "Hard to say, the Douro or the Tagus - the Tagus, at about 1,000 km.",
            key="Tagus",
            question="What is the longest river in Spain?",
        ),
        Example("It opened in 1998 or so.", key="1998", question="When did it open?"),
        Example("It opened in 1997, not 1998.", key="1998", question="When did it open?"),
        Example(
            "It is either the Tagus, which flows to Lisbon, or perhaps the Ebro in the north-east."
            " I think it is the Tagus.",
            key="Tagus",
            question="What is the longest river in Spain?",
        ),
        Example(
            "1952 or 1953: it was first climbed in 1953.",
            key="1953",
            question="In what year was Everest first climbed?",
        ),
    ),
)

OTHER_PERSON = Rule(
    "K011",
    "another person of the key's surname",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "A question that asks for a person, a key that lists the person's surname alone beside "
    "the full name ('Serena Williams', 'Williams'), or (v4) whose accepted answers all give a "
    "given name ('John A. Roebling', 'John Roebling': the surname they end with), and an "
    "answer whose only mentions of the "
    "surname have another given name before them: none of the full names' given and middle "
    "names, no form of one ('Bill' of 'William', 'Ivan' of 'John', 'Rafa' of 'Rafael': "
    "grader.rules.given_names), no spelling one letter apart ('Phillip' of 'Philip'), and no "
    "initial of one, nor a name "
    "of the letter of an initial the key gives ('Joseph Kennedy' for 'John F. Kennedy' is "
    "another person; 'J. Kennedy', 'Fitzgerald Kennedy' are not). The answer names another "
    "person of the key's "
    "surname (grader.rules.surnames). Never a title or a role alone before the surname "
    "('Justice Marshall', 'President Nixon'), the surname alone, plural or possessive, a word "
    "in capitals or in lower case (a surname's particle aside: 'Theo van Gogh' is another "
    "person), a key with no full name, a question for no person, nor an "
    "answer that says the key elsewhere. Fatal: wrong.",
    (
        Example(
            "The 2002 title went to Venus Williams.",
            key="Serena Williams",
            accepted=("Serena Williams", "Williams"),
            question="Who won the women's singles at Wimbledon in 2002?",
        ),
        Example(
            "Frankenstein was written by Percy Bysshe Shelley.",
            key="Mary Shelley",
            accepted=("Mary Shelley", "Shelley"),
            question="Who wrote Frankenstein?",
        ),
        Example(
            "Mercer Ellington.",
            key="Duke Ellington",
            accepted=("Duke Ellington", "Edward Kennedy Ellington"),
            question="Who composed Mood Indigo?",
        ),
    ),
    (
        Example(
            "Ted Kennedy.",
            key="Edward Kennedy",
            accepted=("Edward Kennedy", "Kennedy"),
            question="Which senator drove off the bridge at Chappaquiddick?",
        ),
        Example(
            "Justice Marshall.",
            key="Thurgood Marshall",
            accepted=("Thurgood Marshall", "Marshall"),
            question="Who was the first African American justice of the Supreme Court?",
        ),
        Example(
            "Serena Williams beat her sister Venus Williams.",
            key="Serena Williams",
            accepted=("Serena Williams", "Williams"),
            question="Who won the women's singles at Wimbledon in 2002?",
        ),
        Example(
            "Venus Williams.",
            key="Williams",
            question="Who won the women's singles at Wimbledon in 2002?",
        ),
        Example(
            "Maynard Keynes.",
            key="John Maynard Keynes",
            question="Which economist wrote the General Theory?",
        ),
    ),
)

OTHER_KIND = Rule(
    "K012",
    "another kind of the key's head",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "A key that lists a common noun bare and after a qualifier written as a name ('mosquito / "
    "Anopheles mosquito', 'goat / Angora goat'), and an answer whose every mention of that head "
    "comes after another qualifier of the same shape (as many capitalised words, possessive "
    "or not as the key's): 'Aedes mosquito', 'Aedes mosquitoes' name another kind "
    "(grader.rules.other_kinds; the head's plural read as the inflection family reads it). "
    "Never the key's qualifier inside a longer one ('the female Anopheles mosquito'), an "
    "adjective in lower case ('a tiny mosquito'), a capital that opens a sentence, a key with "
    "no qualified form or whose head is a name, a qualified head the question names or the "
    "answer rejects. Fatal: wrong.",
    (
        Example(
            "Aedes mosquito",
            key="mosquito",
            accepted=("mosquito", "Anopheles mosquito"),
            question="Which insect transmits malaria?",
        ),
        Example(
            "Mohair comes from the Cashmere goat.",
            key="goat",
            accepted=("goat", "Angora goat"),
            question="Which animal gives mohair?",
        ),
    ),
    (
        Example(
            "The female Anopheles mosquito.",
            key="mosquito",
            accepted=("mosquito", "Anopheles mosquito"),
            question="Which insect transmits malaria?",
        ),
        Example(
            "A tiny mosquito.",
            key="mosquito",
            accepted=("mosquito", "Anopheles mosquito"),
            question="Which insect transmits malaria?",
        ),
        Example(
            "Aedes mosquito",
            key="mosquito",
            accepted=("mosquito",),
            question="Which insect transmits malaria?",
        ),
    ),
)

LISTED_WITH_OTHERS = Rule(
    "K013",
    "the key listed with others",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "An answer that is nothing but a bare list of two to four short items joined by 'and', '&' "
    "or commas, one an accepted answer and another none, to a question that does not ask for "
    "several ('Tigris and Euphrates', asked which river flows through Baghdad): it does not "
    "choose between them (grader.rules.list_answers). Never a question that asks for several, "
    "an accepted answer that holds 'and', '&' or a comma itself ('Marks and Spencer'), another "
    "item with a word of the key, two names joined by a comma alone ('Oslo, Norway') unless "
    "(v4) both are persons' full names opened by a given name the tables hold, asked for one "
    "person ('Geoff Hurst, Martin Peters'; never 'Geoff Hurst, West Ham', 'Hurst, Geoff'), "
    "words around the list or a figure, (v4) a thing and its name joined by a comma ('A "
    "woodwind, the Saxophone', 'Everest, the highest peak': one a description after an "
    "article, the other a name), (v4) the question's own words restated beside the key, a "
    "transcribed answer's 'yeah' aside ('yeah copper and zinc', asked what brass is besides "
    "copper, names zinc alone; 'copper, tin and zinc' still lists tin beside it). A miss "
    "beside a pass: the answer is partial.",
    (
        Example(
            "Tigris and Euphrates",
            key="Tigris",
            accepted=("Tigris", "Tigris River"),
            question="Which river flows through Baghdad?",
        ),
        Example("bishop, queen", key="bishop", question="Which chess piece moves only diagonally?"),
        Example(
            "Jimmy Connors, John McEnroe",
            key="John McEnroe",
            question="Who won the 1981 Wimbledon men's title?",
        ),
    ),
    (
        Example(
            "Tigris and Euphrates",
            key="Tigris and Euphrates",
            question="Which two rivers flow through Iraq?",
        ),
        Example(
            "Marks and Spencer", key="Marks & Spencer", question="Which store sells Percy Pig?"
        ),
        Example("Oslo, Norway", key="Oslo", question="In which city is the Munch Museum?"),
        Example(
            "Geoff Hurst, West Ham",
            key="Geoff Hurst",
            question="Who scored a hat-trick in the 1966 World Cup final?",
        ),
        Example(
            "yeah copper and zinc",
            key="zinc",
            question="brass is made of copper and what other metal",
        ),
    ),
)

OTHER_ANSWER = Rule(
    "K008",
    "restated with another answer",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "A question that asks for its subject (who, what or which, then its verb; v4: or in quiz "
    "order, its question phrase last after a copula or a passive's by, after or as, 'The "
    "capital of Mongolia is which city?', 'was written by whom?'), and an asserted "
    "part that restates it and fills its gap with something that is none of the accepted "
    "answers ('The hottest planet is Mercury', 'Dynamite was invented by Sobrero', 'X crossed "
    "the Alps'; v4: a thing named in lower case where the key is a thing's word, 'The largest "
    "fish is the blue whale' for 'whale shark'), while the key is said only elsewhere, in "
    "another role ('His son was "
    "Hannibal'; v4: or only as the possessor of the filler's relation, 'Hamilcar's son, "
    "Hannibal, crossed the Alps' asked for Hamilcar); or the key put forward as what is "
    "credited, attributed or confused, and "
    "a contrast that gives another name ('Jefferson is often credited, but the main author "
    "was Adams') (grader.rules.answering). Never a filler that says the key (in any surface "
    "form or in other words), a description, the question's own words, a restatement in "
    "another role ('the second largest', 'the largest hot desert'), an answer that gives the "
    "key first or takes the other back with a correction that says the key (v4: or a "
    "retraction in K014's words whose clause says it, 'X... no, it was written by Y', 'On "
    "second thought, it was Y'; never 'no, it was not Y', 'no one'), or (v4) "
    "concludes with it ('... so it was owned by Murdoch': a last answering clause opened by "
    "so, thus, therefore or hence), another question word (when, where, in which; in quiz "
    "order a question phrase after another preposition, 'is in which city?', 'was married "
    "to whom?'). (v4) Also a question that names two options after a comma or a colon "
    "('Which is longer, the Nile or the Amazon?'), the key one of them, and an answer whose "
    "first clause opens with the other option, gives it a word of the asked predicate and "
    "none that denies it, and names the key only after it (compared to it, or denied the "
    "predicate: grader.rules.options). Never the key named first, the other option denied "
    "the predicate or given another ('The Amazon is shorter than the Nile'), 'both' or "
    "'neither', the key given the predicate too, a correction after, a hedge before the "
    "option, a question with no options or more than two. (v4) Also a question that names "
    "the key inside its own subject and asks for a preposition's object ('Cheddar cheese takes "
    "its name from which village?'), and an answer that says the key only inside that phrase "
    "and gives another name after the question's verb and preposition ('Cheddar cheese takes "
    "its name from Wells'; grader.rules.answering.in_question_phrase_only). Never the key "
    "said outside the phrase too, a question that asks no preposition's object ('Which "
    "village gives its name to Cheddar cheese?'), another thing's clause ('..., which is run "
    "in ...'), a description after the preposition. Fatal: wrong.",
    (
        Example(
            "The koala lays eggs; the platypus only suckles its young.",
            key="platypus",
            question="Which lays eggs: the platypus or the koala?",
        ),
        Example(
            "The hottest planet is Mercury. Venus is also very hot.",
            key="Venus",
            question="What is the hottest planet?",
        ),
        Example(
            "Penicillin was discovered in 1928 by Howard Florey, whose team later worked with "
            "Alexander Fleming.",
            key="Alexander Fleming",
            question="Who discovered penicillin?",
        ),
        Example(
            "The telephone is often credited to Bell, but it was invented by Antonio Meucci.",
            key="Alexander Graham Bell",
            accepted=("Alexander Graham Bell", "Bell"),
            question="Who invented the telephone?",
        ),
        Example(
            "The largest organ is the liver, though the skin covers more area.",
            key="skin",
            question="What is the largest organ of the human body?",
        ),
        Example(
            "The Statue of Liberty's frame was designed by Frédéric Bartholdi; Gustave Eiffel "
            "built the tower in Paris.",
            key="Gustave Eiffel",
            accepted=("Gustave Eiffel", "Eiffel"),
            question="The Statue of Liberty's frame was designed by whom?",
        ),
        Example(
            "The Melbourne Cup is run in Sydney, at Randwick.",
            key="Melbourne",
            question="The Melbourne Cup is run in which city?",
        ),
    ),
    (
        Example(
            "The koala does not lay eggs; the platypus does.",
            key="platypus",
            question="Which lays eggs: the platypus or the koala?",
        ),
        Example(
            "The hottest planet is Venus; Mercury is closer to the Sun.",
            key="Venus",
            question="What is the hottest planet?",
        ),
        Example(
            "Before Saul, Israel was led by judges; Saul was the first king.",
            key="Saul",
            question="Who was the first king of Israel?",
        ),
        Example(
            "The first king was Saul's successor David. No, actually it was Saul.",
            key="Saul",
            question="Who was the first king of Israel?",
        ),
        Example(
            "Penicillin was discovered by Howard Florey... no, it was discovered by Alexander "
            "Fleming, in 1928.",
            key="Alexander Fleming",
            accepted=("Alexander Fleming", "Fleming"),
            question="Who discovered penicillin?",
        ),
        Example(
            "Penicillin was discovered by Ernst Chain, in a sense. But Fleming saw the mould"
            " first, so it was discovered by Fleming.",
            key="Alexander Fleming",
            accepted=("Alexander Fleming", "Fleming"),
            question="Who discovered penicillin?",
        ),
        Example(
            "Joséphine was married to Alexandre de Beauharnais, and in 1796 to Napoleon.",
            key="Napoleon Bonaparte",
            accepted=("Napoleon Bonaparte", "Napoleon"),
            question="Joséphine de Beauharnais was married to whom?",
        ),
        Example(
            "The Melbourne Cup is run in Melbourne, at Flemington.",
            key="Melbourne",
            question="The Melbourne Cup is run in which city?",
        ),
    ),
)

TWO_ANSWERS = Rule(
    "K009",
    "hedged between answers",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "As K008 (grader.rules.answering), but a later part restates the question with the key as "
    "its filler too, and no correction takes the first back: the answer hedges between "
    "another answer and the key. Also the key, then a clause whose subject is other sources "
    "or people ('some sources', 'others', 'some historians') that credits or names another "
    "answer of the key's kind for the same thing ('though some sources also credit X with the "
    "victory', 'although others say it was X', "
    "grader.rules.taken_back.attributed_beside_by_definition); "
    "never the other rejected ('wrongly credit X', 'not X, as some sources claim'), another "
    "deed ('credit his brother X with the flank attack'), another fact ('though X had won at "
    "Stirling Bridge'). A miss beside a pass: the answer is partial.",
    (
        Example(
            "The largest desert is the Sahara. Antarctica is the largest desert too.",
            key="Antarctica",
            question="What is the largest desert?",
        ),
        Example(
            "The pendulum clock was built by Christiaan Huygens, though some historians "
            "attribute it to Galileo Galilei.",
            key="Christiaan Huygens",
            question="Who built the first pendulum clock?",
        ),
    ),
    (
        Example(
            "The largest desert is Antarctica. The Sahara is the largest hot desert.",
            key="Antarctica",
            question="What is the largest desert?",
        ),
        Example(
            "Christiaan Huygens built it, though some sources wrongly credit Galileo Galilei.",
            key="Christiaan Huygens",
            question="Who built the first pendulum clock?",
        ),
        Example(
            "Christiaan Huygens, though some sources credit Salomon Coster with the casing.",
            key="Christiaan Huygens",
            question="Who built the first pendulum clock?",
        ),
    ),
)

KEY_TAKEN_BACK = Rule(
    "K014",
    "the key taken back",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "An answer that says the key, then a retraction that opens a clause ('I misspoke', "
    "'correction', 'sorry', 'I mean', 'make that', 'wait,', 'on second thought', 'actually', "
    "'in fact', 'but actually'; v4: 'no,' 'no -', never 'no one' nor a 'no' that confirms a "
    "negation) right after the key's sentence or in it (it takes back what it follows) "
    "and gives another answer of the key's kind in its place: a "
    "number of the key's kind (a year for a year), or a name where the key is one, that the "
    "retraction opens with or that its clause gives last (after a copula, 'by', 'in', 'on', "
    "'at') naming what the question asks or restating the sentence that said the key ('The "
    "games were held in X. Actually, they were in Y'), with the key not said again after it "
    "(grader.rules.taken_back.taken_back_by_definition). As DESIGN 4.5 "
    "reads a correction of an amount. Never a retraction that gives the key, a correction of "
    "another thing (another kind, a month for a place, a clause that names nothing the "
    "question asks, a name not in the key's place), a pronoun for the key ('X. In fact, it is "
    "in Y': where the key is), a clause that adds to the key, one that follows another figure "
    "than the key, nor 'actually' inside a clause ('It was actually 1066'). (v4) Also the "
    "key, then a conclusion ('so', 'thus', 'therefore', 'hence' opening a clause) that gives "
    "another answer in its place the same way, or names one as the answer ('So the answer is "
    "geologist'), with the key not said in it nor after it "
    "(grader.rules.taken_back.concluded_otherwise_by_definition): the answer's last word is "
    "another answer. Never a conclusion that gives the key or no answer ('so it is often "
    "confused with X', 'So yes'), another quantity ('so he was 36' for a year), another role "
    "('So the second man on the Moon was X', 'So the poem was published by X' asked who wrote "
    "it, 'So it is in the Louvre' asked who). (v4) Also the key, then a contrast ('but', "
    "'however', 'though') opening a clause where a word of truth ('actually', 'really', "
    "'properly', 'in fact', 'the correct answer is') stands right before another answer of the "
    "key's kind that closes it ('It sounds like X, but it was actually Y'; v4: or a word of "
    "checking, 'but having checked, it was Y', 'but on checking it was Y'), or after a "
    "description of the true one whose relative holds the word of truth and the question's "
    "verb, its head the question's or no role ('..., but the knight who actually found it was "
    "his cousin, Y', '..., but the deficiency that really causes it is Y'), with the key not "
    "said after the contrast (grader.rules.taken_back.contradicted_by_definition). Never the "
    "key after the contrast ('Many think Y, but it is actually X'), a detail added ('X, but it "
    "was actually finished in 1642', 'X won it, but only just', 'X, but he was helped by Y'), "
    "two roles ('X designed it, but Y finished it', 'but the team that actually turned it into "
    "a drug was Y', 'but the second man who actually walked on it was Y'), a pronoun for the "
    "key's person, a figure's key. (v4) Also the key named only as others' "
    "view the answer sets aside ('Some would say X', 'Many think X', 'You may be thinking of "
    "X'), then a contrast whose clause gives another answer as the true one: after a word of "
    "truth, named as the answer ('..., so the answer is Y', '..., but the answer is Y') or "
    "after 'it is' opening it, closing it; the key said nowhere after the view "
    "(grader.rules.taken_back.view_rejected). The same across two sentences, the view in one "
    "of its own and the rejection opening the next ('Many say X. But the answer is Y.', 'You "
    "may be thinking of X. The correct answer is Y.'), or after the answer ('It is Y, although "
    "many assume X', 'Y, not X as is often claimed'). Never the view endorsed ('..., and they "
    "would be right', 'Many say X. They are right.'; the key said after the contrast), a "
    "detail added ('Many say X. But it was rebuilt in 1950.'), another answer that is part of "
    "the key or says it, one under a condition ('but by volume the answer is Y'), the key "
    "given first ('It is X, although many assume Y'). Fatal: wrong.",
    (
        Example(
            "1789. Sorry, I misspoke: the Bastille was stormed in 1791.",
            key="1789",
            question="In what year was the Bastille stormed?",
        ),
        Example(
            "The Bastille was stormed on 14 July 1789 by a Paris crowd. So the Bastille was "
            "stormed in 1790.",
            key="1789",
            question="In what year was the Bastille stormed?",
        ),
        Example(
            "Ludwig van Beethoven - correction: it was written by Franz Schubert.",
            key="Ludwig van Beethoven",
            question="Who wrote the Moonlight Sonata?",
        ),
        Example(
            "The charter was sealed at Runnymede. In fact, it was sealed at Windsor.",
            key="Runnymede",
            question="Where was Magna Carta agreed?",
        ),
        Example(
            "It sounds like Canberra, but it was actually Sydney.",
            key="Canberra",
            question="What is the capital of Australia?",
        ),
        Example(
            "Some would say Ottawa, but it is a government town, so the answer is Toronto.",
            key="Ottawa",
            question="What is the capital of Canada?",
        ),
        Example(
            "Many fans say England. But the answer is West Germany.",
            key="England",
            question="Which country won the 1966 FIFA World Cup?",
        ),
    ),
    (
        Example(
            "1791 - sorry, I mean 1789.",
            key="1789",
            question="In what year was the Bastille stormed?",
        ),
        Example(
            "It was actually 1789.",
            key="1789",
            question="In what year was the Bastille stormed?",
        ),
        Example(
            "1789. Correction: it was stormed in the afternoon, not the morning.",
            key="1789",
            question="In what year was the Bastille stormed?",
        ),
        Example(
            "Runnymede. In fact, it is in Surrey.",
            key="Runnymede",
            question="Where was Magna Carta agreed?",
        ),
        Example(
            "The Bastille was stormed in 1789 by a Paris crowd. So, in 1789, the Revolution "
            "began, and the fortress was demolished in 1790.",
            key="1789",
            question="In what year was the Bastille stormed?",
        ),
        Example(
            "Many think Sydney, but it is actually Canberra.",
            key="Canberra",
            question="What is the capital of Australia?",
        ),
        Example(
            "Some would say Ottawa, and they would be right.",
            key="Ottawa",
            question="What is the capital of Canada?",
        ),
        Example(
            "Many say London. But it was rebuilt in 1997.",
            key="London",
            question="In which city was the Globe Theatre built?",
        ),
    ),
)

OTHER_OPTION = Rule(
    "K017",
    "another option chosen",
    CONTENT,
    "grader.rules.choices.multiple_choice",
    "(v4) A question that lists lettered options ('... A) vermilion B) ultramarine C) ochre', "
    "'(A) ...', 'A. ...', 'a) ...', one a line, or numbered 1-5), a key that names one of them "
    "by its letter or its text, and an answer whose choice is one letter: a letter standing as "
    "a choice (alone, in parentheses, opening its sentence before ')' '.' ':' or a dash, after "
    "'the answer is', 'Answer:', 'so', 'I'd say', a dash or a retraction), the last concluding "
    "one deciding ('2 + 3 + ... = 27, so the answer is C' answers C). It fires when the letter "
    "names another option than the key's, or when the text beside the letter (after it, set "
    "off by ')', ',', ':' or a dash; before a dash or parentheses around the letter) names "
    "another option than the letter's own: a letter and a text that name two options "
    "contradict themselves ('The answer is A, tubular bells.' where A is celesta; 'C) zinc "
    "white' where C is titanium white), and whichever is the key the answer gives another "
    "(grader.rules.choices). Never a question with no options (a lone capital is an ordinary "
    "answer: 'Plan B', 'Vitamin A'), a key that names no option, a letter glued to a word "
    "('Vitamin C'), followed by one ('A dado'), or negated ('not A'), working before the "
    "concluding letter. Fatal: wrong.",
    (
        Example(
            "The answer is C.",
            key="B / ultramarine",
            accepted=("B", "ultramarine"),
            question="Which pigment is made from lapis lazuli? A) vermilion B) ultramarine "
            "C) ochre D) malachite",
        ),
        Example(
            "B) Mercury",
            key="B / Venus",
            accepted=("B", "Venus"),
            question="Which planet is the hottest?\n(A) Mercury\n(B) Venus\n(C) Mars",
        ),
        Example(
            "Mercury is closest to the Sun, so the answer is A.",
            key="Venus",
            question="Which planet is the hottest? A. Mercury B. Venus C. Mars",
        ),
    ),
    (
        Example(
            "(B) Venus",
            key="B / Venus",
            accepted=("B", "Venus"),
            question="Which planet is the hottest?\n(A) Mercury\n(B) Venus\n(C) Mars",
        ),
        Example(
            "Mercury is closest to the Sun, but Venus is hotter. Answer: B",
            key="Venus",
            question="Which planet is the hottest? A. Mercury B. Venus C. Mars",
        ),
        Example("Plan B.", key="Plan B", question="What is the backup plan called?"),
    ),
)

OPTIONS_OPEN = Rule(
    "K018",
    "options left open",
    CONTENT,
    "grader.rules.choices.multiple_choice",
    "(v4) As K017 (a question that lists lettered options, a key that names one), an answer "
    "whose choice is two letters or more: joined by 'or', 'and', '/', ',' ('B and C', "
    "'Answer: A/B', 'it could be A or B', 'C - or possibly D'), or lettered items with no "
    "concluding choice ('A) djinn, B) ghoul'). The exam asks for one letter and marks two as "
    "none: wrong, unlike free-text candidates (K010, partial). Never one concluding letter "
    "after others in working ('A and B are out, so C'), a letter negated ('B, not C'), letters "
    "followed by a word ('A is wrong, B is right'). Fatal: wrong.",
    (
        Example(
            "Answer: A/B",
            key="B / Venus",
            accepted=("B", "Venus"),
            question="Which planet is the hottest? A) Mercury B) Venus C) Mars",
        ),
        Example(
            "It could be a or b.",
            key="b / Venus",
            accepted=("b", "Venus"),
            question="Which planet is the hottest? a) Mercury b) Venus c) Mars",
        ),
    ),
    (
        Example(
            "B, not C.",
            key="B / Venus",
            accepted=("B", "Venus"),
            question="Which planet is the hottest? A) Mercury B) Venus C) Mars",
        ),
        Example(
            "A is too small and C too cold, so B.",
            key="B / Venus",
            accepted=("B", "Venus"),
            question="Which planet is the hottest? A) Mercury B) Venus C) Mars",
        ),
    ),
)

OTHER_LANGUAGE = Rule(
    "K021",
    "needs a reader: the answer is in another language",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "(v4) An answer shown to be in another language (`grader.rules.languages.needs_a_reader`: "
    "its 'Answer:' label in French, German, "
    "Dutch, Spanish, Italian, Portuguese or a Scandinavian language, set aside and read as "
    "'Answer:'; a tag that says it was translated; a word in a script other than the key's) "
    "that says none of the accepted answers may say the key in its own language: unjudged, a "
    "reader decides. Never where it plainly names another thing the grader can read: a word "
    "written as a name, or a figure where the key holds one, unless a word of it looks like a "
    "word of an accepted answer ('Chili' for Chile: at least half their pairs of letters "
    "shared). Never an English answer that quotes another language, nor a name that only looks "
    "foreign ('Réunion'): nothing shows the answer in another language, and a missing key stays "
    "wrong (K001).",
    (
        Example("Réponse : une grenouille.", key="Frog", question="What did the princess kiss?"),
        Example("Risposta: il formaggio", key="Cheese", question="What is made from curds?"),
        Example("Москва", key="Moscow", question="What is the capital of Russia?"),
    ),
    (
        Example("Réponse : Yémen.", key="Ethiopia", question="Where is coffee from?"),
        Example(
            "The motto is 'Liberté, égalité, fraternité'.",
            key="Unity, Justice and Freedom",
            question="What is Germany's motto?",
        ),
        Example("Bergen.", key="Oslo", question="What is the capital of Norway?"),
    ),
)

WRONG_FIGURE = Rule(
    "F001",
    "wrong figure",
    CONTENT,
    "grader.rules.content_check.figure_rule",
    "The key holds a figure that is not money (a percentage, a ratio, a count) and the answer "
    "asserts figures of its kind, none of them the key's. Fatal: the answer is wrong.",
    (Example("The quick ratio was 0.71.", key="0.54"),),
    (
        Example("The quick ratio was 0.54.", key="0.54"),
        Example("Margins improved.", key="7.9%"),
    ),
)

MISSING_KEY_FIGURE = Rule(
    "F002",
    "missing key figure",
    CONTENT,
    "grader.rules.content_check.figure_rule",
    'The key is its figure and nothing more ("0.83", "7.9%") and the answer asserts no '
    "figure of its kind, nor says the figure in words. A miss: wrong when nothing else passed.",
    (Example("Margins improved over the year.", key="7.9%"),),
    (
        Example("The margin was 7.9%.", key="7.9%"),
        Example("The margin was 8.4%.", key="7.9%"),
    ),
)

UNSTATED_FIGURE = Rule(
    "F003",
    "needs a reader: the answer states no figure to check against",
    CONTENT,
    "grader.rules.content_check.content_rule",
    'The key says more than its figure ("Las Vegas resorts contributed ~90%") and the answer '
    "states no figure of its kind: it may answer in words, so, with nothing else to check, a "
    "reader decides. The detail names the key's figures.",
    (
        Example(
            "Most of it came from the Las Vegas resorts.",
            key="Las Vegas resorts contributed about 90% of revenue.",
        ),
    ),
    (
        Example(
            "The Las Vegas resorts contributed 90% of revenue.",
            key="Las Vegas resorts contributed about 90% of revenue.",
        ),
    ),
    joiner=" ",
)

WRONG_POLARITY = Rule(
    "Y001",
    "wrong polarity",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "The key opens with Yes or No and the answer takes the other side (read however worded, "
    "grader.rules.stance; on a money key, only a Yes or No the answer opens with). Fatal: the "
    "answer is wrong.",
    (
        Example("Yes, it did.", key="No.", question="Did the company pay a dividend?"),
        Example(
            "It returns a lazy range object rather than a list.",
            key="Yes.",
            question="Does range() return a list?",
        ),
    ),
    (
        Example("No, it did not.", key="No.", question="Did the company pay a dividend?"),
        Example("The sources are mixed.", key="No.", question="Did the company pay a dividend?"),
        Example(
            "It returns a list rather than a tuple.",
            key="Yes.",
            question="Does range() return a list?",
        ),
    ),
)

TAKES_NO_SIDE = Rule(
    "Y002",
    "needs a reader: the answer takes no side",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "The key answers Yes or No and the answer takes neither side, with no needle to judge it "
    "by and no other check that found it wrong: unjudged, a reader decides.",
    (
        Example(
            "The filing discusses dividends at length.",
            key="No.",
            question="Did the company pay a dividend?",
        ),
    ),
    (Example("No, it did not.", key="No.", question="Did the company pay a dividend?"),),
)

MISSING_NEEDLE = Rule(
    "N001",
    "missing needle",
    CONTENT,
    "grader.rules.content_check.content_rule",
    "A ``must_contain`` needle that does not occur, as words, in the asserted text, or none of "
    "the ``must_contain_any`` needles does (the detail then lists them). A miss: partial when "
    "another check passed, wrong when none did.",
    (Example("Send it to the county office.", must_contain=("City of Evanston",)),),
    (
        Example("Send it to the City of Evanston.", must_contain=("City of Evanston",)),
        Example("Send it to the city of evanston.", must_contain=("City of Evanston",)),
    ),
)

FORBIDDEN_NEEDLE = Rule(
    "N002",
    "forbidden needle",
    CONTENT,
    "grader.rules.content_check.forbidden_needles",
    'A ``must_not_contain`` needle occurs in the asserted text other than negated ("not X", '
    '"rather than X", "unlike X", across an aside set off by commas, not past a contrast). '
    "Fatal: the answer is wrong.",
    (
        Example(
            "Pay the Water Department.",
            must_contain=("City of Evanston",),
            must_not_contain=("Water Department",),
        ),
    ),
    (
        Example(
            "Pay the City of Evanston, not the Water Department.",
            must_contain=("City of Evanston",),
            must_not_contain=("Water Department",),
        ),
    ),
)

CITED_GOLDEN = Rule(
    "C001",
    "cited golden document",
    CITATIONS,
    "grader.rules.citation_check.cited_golden",
    "Every content check passed and the answer cites a golden document (the detail names "
    "them): the answer is correct, and this is its label.",
    (
        Example(
            "The fee is $42.99 [1].",
            key="$42.99",
            golden=("fees",),
            sources=(("fees", "Alarm fee: $42.99."),),
        ),
    ),
    (
        Example(
            "The fee is $42.99 [1].",
            key="$42.99",
            golden=("fees",),
            sources=(("faq", "Alarm fee: $42.99."),),
        ),
    ),
)

CITED_NOTHING = Rule(
    "C002",
    "cited nothing",
    CITATIONS,
    "grader.rules.citation_check.citation_rule",
    "The gold names golden documents and the answer cites no source at all: a correct answer "
    "is partial (the citations are not in order).",
    (Example("The fee is $42.99.", key="$42.99", golden=("fees",)),),
    (
        Example(
            "The fee is $42.99 [1].",
            key="$42.99",
            golden=("fees",),
            sources=(("fees", "Alarm fee: $42.99."),),
        ),
    ),
)

CITED_NO_GOLDEN = Rule(
    "C003",
    "cited no golden document",
    CITATIONS,
    "grader.rules.citation_check.citation_rule",
    "The gold names golden documents and the answer cites sources, none of them golden: a "
    "correct answer is partial.",
    (
        Example(
            "The fee is $42.99 [1].",
            key="$42.99",
            golden=("fees",),
            sources=(("faq", "Alarm fee: $42.99."),),
        ),
    ),
    (
        Example(
            "The fee is $42.99 [1].",
            key="$42.99",
            golden=("fees",),
            sources=(("fees", "Alarm fee: $42.99."),),
        ),
    ),
)

NO_SUCH_SOURCE = Rule(
    "C004",
    "cited a source that does not exist",
    CITATIONS,
    "grader.rules.citation_check.citation_rule",
    "The answer cites a number no source was shown under (the detail lists them). It counts "
    "as no citation: on a passing answer it is a note beside the pass, not a fault.",
    (
        Example(
            "The fee is $42.99 [1][7].",
            key="$42.99",
            golden=("fees",),
            sources=(("fees", "Alarm fee: $42.99."),),
        ),
    ),
    (
        Example(
            "The fee is $42.99 [1].",
            key="$42.99",
            golden=("fees",),
            sources=(("fees", "Alarm fee: $42.99."),),
        ),
    ),
)

SOURCE_DOES_NOT_HOLD = Rule(
    "C005",
    "cited source does not hold",
    CITATIONS,
    "grader.rules.citation_check.golden_source_holds",
    "A money key found, cited to golden sources whose text is known, none of which holds the "
    "amount the answer asserts: the citation does not back the figure, and the answer is "
    "partial. The detail names the amount.",
    (
        Example(
            "The fee is $42.99 [1].",
            key="$42.99",
            golden=("fees",),
            sources=(("fees", "Alarm fee: see the schedule."),),
        ),
    ),
    (
        Example(
            "The fee is $42.99 [1].",
            key="$42.99",
            golden=("fees",),
            sources=(("fees", "Alarm fee: $42.99."),),
        ),
    ),
    joiner=" ",
)

INVENTED_SOURCE_BLOCK = Rule(
    "C006",
    "invented source block",
    CITATIONS,
    "grader.rules.citation_check.invented_source_block",
    "Text after the answer that imitates the prompt's numbered sources (\"[6] (Fee schedule, "
    'page 1) ...", or a new line that starts "Sources:" or "Question:"): the model ran on past '
    "its answer. The block is cut off before anything is read, and labelled; the answer is "
    "graded without it.",
    (
        Example(
            "The fee is $42.99.\nQuestion: What is the late fee?",
            key="$42.99",
        ),
    ),
    (Example("The fee is $42.99 [1].", key="$42.99"),),
)

CONTENT_PASSED = Rule(
    "V001",
    "content checks passed",
    CONTENT,
    "grader.rules.verdict.content_passed",
    "Every content check passed and the gold names no golden document the answer cites (or "
    "citations are not graded): the answer is correct, and this is its label.",
    (Example("The fee is $42.99.", key="$42.99"),),
    (Example("The fee is $26.99.", key="$42.99"),),
)

# --- suspicions of a pass: reasons to read a correct answer before trusting it ---------------

_FEE_SOURCES = (("fees", "Alarm fee: $42.99."), ("faq", "The alarm fee is $42.99."))

SEVERAL_AMOUNTS = Rule(
    "S001",
    "amounts asserted",
    MONEY,
    "grader.rules.suspicions.several_amounts",
    "A correct answer to a money question that asserts more than one amount (the detail, before "
    "the name, counts them): the money conclusion strategy picked the key among them, and a "
    "reader may check it picked the answer's conclusion. The verdict stands.",
    (Example("The alarm fee is $42.99, down from $45.00 last year.", key="$42.99"),),
    (
        Example("The alarm fee is $42.99.", key="$42.99"),
        Example("The alarm fee is $26.99, down from $45.00.", key="$42.99"),
    ),
    joiner=" ",
    detail_first=True,
)

KEY_ATTRIBUTED = Rule(
    "S002",
    "the key also sits in an attributed clause",
    MONEY,
    "grader.rules.suspicions.key_attributed",
    "A correct answer to a money question whose key amount also appears in a clause the answer "
    'attributes to a source ("This is indicated in Source 2, where ..."): what the answer '
    "asserts and what it reports may be mixed up. The verdict stands.",
    (
        Example(
            "The alarm fee is $42.99 [1]. This is indicated in Source 2, where the fee is $42.99.",
            key="$42.99",
            sources=_FEE_SOURCES,
        ),
    ),
    (Example("The alarm fee is $42.99 [1].", key="$42.99", sources=_FEE_SOURCES),),
)

DECLINE_PHRASE = Rule(
    "S003",
    "a decline phrase in a passing answer",
    DECLINES,
    "grader.rules.suspicions.decline_in_pass",
    "A correct answer that holds a decline phrase without withholding the answer (the detail "
    "quotes the phrase): it may decline part of the question. An accepted decline holds its "
    "phrase by being one and is not suspected. The verdict stands.",
    (Example("I could not find a late fee, but the alarm fee is $42.99.", key="$42.99"),),
    (
        Example("The alarm fee is $42.99.", key="$42.99"),
        Example("I could not find the wire fee in the sources.", kind="negative"),
    ),
    joiner=" ",
)

HEDGED_FIGURE = Rule(
    "S004",
    "a hedged figure",
    CONTENT,
    "grader.rules.suspicions.hedged_figure",
    'A correct answer that hedges an amount or a figure it asserts ("probably $42.99", '
    '"roughly 7.9%"): the answer is right, but offered as a guess. The verdict stands.',
    (
        Example("The alarm fee is probably $42.99.", key="$42.99"),
        Example("The margin was roughly 7.9%.", key="7.9%"),
    ),
    (
        Example("The alarm fee is $42.99.", key="$42.99"),
        Example("The alarm fee is probably $26.99.", key="$42.99"),
    ),
)

RULES: dict[str, Rule] = {
    rule.code: rule
    for rule in (
        ENGINE_ERROR,
        DECLINED,
        DID_NOT_DECLINE,
        DECLINED_AMBIGUOUS,
        DECLINED_ANSWERABLE,
        WRONG_MONEY,
        MISSING_KEY_AMOUNT,
        OTHER_AMOUNTS,
        INVENTED_AMOUNT,
        GUESSED_AMOUNT,
        UNANSWERABLE_AMOUNT,
        MISSING_KEY,
        OTHER_WORDS,
        OTHER_LANGUAGE,
        NO_CHECKABLE_FACT,
        MISSING_ITEMS,
        OTHER_NAME,
        GIVEN_FIRST,
        LESS_SPECIFIC,
        OTHER_ANSWER,
        TWO_ANSWERS,
        KEY_TAKEN_BACK,
        AMONG_CANDIDATES,
        OTHER_PERSON,
        OTHER_KIND,
        LISTED_WITH_OTHERS,
        OTHER_OPTION,
        OPTIONS_OPEN,
        WRONG_FIGURE,
        MISSING_KEY_FIGURE,
        UNSTATED_FIGURE,
        WRONG_POLARITY,
        TAKES_NO_SIDE,
        MISSING_NEEDLE,
        FORBIDDEN_NEEDLE,
        CITED_GOLDEN,
        CITED_NOTHING,
        CITED_NO_GOLDEN,
        NO_SUCH_SOURCE,
        SOURCE_DOES_NOT_HOLD,
        INVENTED_SOURCE_BLOCK,
        CONTENT_PASSED,
        SEVERAL_AMOUNTS,
        KEY_ATTRIBUTED,
        DECLINE_PHRASE,
        HEDGED_FIGURE,
    )
}

# A label is its rule's name, or the name, the rule's joiner and a detail. The rules are looked
# up by the name's first word, longest name first ("declined an answerable question" is D004's,
# not D001's "declined" with a detail).


def _first_word(label: str) -> str:
    return label.split(" ", 1)[0].split(":", 1)[0]


_EXACT = {rule.name: rule for rule in RULES.values()}
_BY_FIRST_WORD: dict[str, list[Rule]] = {}
for _rule in sorted(RULES.values(), key=lambda rule: len(rule.name), reverse=True):
    if not _rule.detail_first:
        _BY_FIRST_WORD.setdefault(_first_word(_rule.name), []).append(_rule)
# A rule whose detail comes first ("3 amounts asserted") is found by its ending, the detail one
# word.
_DETAIL_FIRST = tuple(rule for rule in RULES.values() if rule.detail_first)


def rule_of_label(label: str) -> Rule | None:
    """The rule that wrote a label, or None for a label no rule writes (a judge's reason, an
    imported grader's)."""
    found = _EXACT.get(label)
    if found is not None:
        return found
    for rule in _BY_FIRST_WORD.get(_first_word(label), ()):
        if label.startswith(rule.name) and label[len(rule.name) :].startswith(rule.joiner):
            return rule
    for rule in _DETAIL_FIRST:
        ending = rule.joiner + rule.name
        detail = label[: -len(ending)]
        if label.endswith(ending) and detail and " " not in detail:
            return rule
    return None


def code_of(label: str) -> str:
    """The code of the rule that wrote a label (``M001`` for ``wrong money: ...``), or ""."""
    rule = rule_of_label(label)
    return rule.code if rule is not None else ""


def codes_of(labels: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The codes of a grade's labels, in order ("" for a label no rule writes)."""
    return tuple(code_of(label) for label in labels)


def family_of(label: str) -> str:
    """The rule of DESIGN 4 a label belongs to ("money" for ``wrong money: ...``), or
    "other"."""
    rule = rule_of_label(label)
    return rule.family if rule is not None else "other"


def coded(label: str) -> str:
    """A label with its code in front (``M001 wrong money: ...``), as screens show it; a label
    no rule writes as it is."""
    code = code_of(label)
    return f"{code} {label}" if code else label


def heading(label: str) -> str:
    """What a label is counted under: its code and its rule's name (``M001 wrong money``), or,
    for a label no rule writes, its text before a colon."""
    rule = rule_of_label(label)
    return f"{rule.code} {rule.name}" if rule is not None else label.split(":")[0]
