"""The rule registry (grader.rules.codes): every label the grader writes, and every suspicion of
a pass, has a code, a rule that decides it, a definition and examples that hold; and no label or
suspicion text is read outside it."""

import ast
import importlib
import importlib.util
import re
from pathlib import Path

import orjson
import pytest

from grader.records.runfile import is_run_file, read_run
from grader.rules import codes
from grader.rules.codes import (
    FAMILIES,
    RULES,
    Rule,
    code_of,
    coded,
    codes_of,
    family_of,
    heading,
)
from grader.rules.verdict import Grader
from tui.cli import main
from tui.commands.rules import where

ROOT = Path(__file__).resolve().parent.parent
GRADER = Grader()

EXAMPLES = [
    pytest.param(rule, example, fires, id=f"{rule.code}-{'fires' if fires else 'spares'}-{n}")
    for rule in RULES.values()
    for fires, examples in ((True, rule.fires), (False, rule.spares))
    for n, example in enumerate(examples)
]


@pytest.mark.parametrize(("rule", "example", "fires"), EXAMPLES)
def test_each_example_fires_or_is_spared_as_the_registry_says(rule, example, fires):
    grade = GRADER.grade(example.record())
    written = (*grade.labels, *grade.suspicious)  # a suspicion is coded as a label is
    assert (rule.code in codes_of(written)) == fires, written


def test_every_rule_has_an_example_it_fires_on_but_the_one_no_default_grader_writes():
    silent = [rule.code for rule in RULES.values() if not rule.fires]
    assert silent == ["M003"]  # written only under the `sole` money conclusion
    sole = Grader(money="sole").grade(RULES["M003"].spares[0].record())
    assert "M003" in codes_of(sole.labels), sole.labels


def test_codes_names_and_families_are_one_each():
    assert all(re.fullmatch(r"[A-Z]\d{3}", code) for code in RULES)
    assert all(code[0] in FAMILIES for code in RULES)
    assert all(rule.code == code for code, rule in RULES.items())
    names = [rule.name for rule in RULES.values()]
    assert len(names) == len(set(names))
    assert all(rule.definition and rule.spares for rule in RULES.values())


def decider_of(rule: Rule) -> tuple[object, str]:
    """The function a rule names, and the file that defines it."""
    parts = rule.decider.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        found: object = module
        for name in parts[cut:]:
            found = getattr(found, name)
        return found, ".".join(parts[:cut])
    raise AssertionError(f"{rule.code}: no module in {rule.decider}")


@pytest.mark.parametrize("rule", RULES.values(), ids=list(RULES))
def test_every_rule_names_a_function_that_exists(rule):
    found, _ = decider_of(rule)
    assert callable(found)


def writers(source: str, module: str) -> dict[str, set[str]]:
    """Where a rules module writes each rule's outcome: the functions (``module.function``,
    ``module.Class.method``, or ``module`` at its top level) that use a rule of the registry
    other than to read its ``.code``, by the rule's code."""
    rules = {name: rule for name, rule in vars(codes).items() if isinstance(rule, Rule)}
    found: dict[str, set[str]] = {}

    def visit(node: ast.AST, outer: tuple[str, ...]) -> None:
        for child in ast.iter_child_nodes(node):
            name = outer
            if isinstance(child, ast.FunctionDef | ast.ClassDef):
                name = (*outer, child.name)
            if isinstance(child, ast.Attribute) and child.attr == "code":
                continue  # a rule's code read to compare: not its outcome written
            used = (
                child.attr
                if isinstance(child, ast.Attribute) and ast.unparse(child.value) == "codes"
                else child.id
                if isinstance(child, ast.Name)
                else None
            )
            if used in rules:
                found.setdefault(rules[used].code, set()).add(".".join((module, *outer)))
            visit(child, name)

    visit(ast.parse(source), ())
    return found


def test_each_outcome_is_written_by_the_function_its_rule_names():
    """A check returns its own outcomes: each label and suspicion is written in the one
    function the registry names as its decider (so `ragtriage rules CODE` leads to where it is
    written), never inline in the combiner."""
    written: dict[str, set[str]] = {}
    for path in sorted((ROOT / "grader" / "rules").glob("*.py")):
        if path.name == "codes.py":
            continue
        module = f"grader.rules.{path.stem}"
        for code, places in writers(path.read_text(encoding="utf-8"), module).items():
            written.setdefault(code, set()).update(places)
    assert {code: sorted(places) for code, places in written.items()} == {
        code: [rule.decider] for code, rule in RULES.items()
    }


@pytest.mark.parametrize(
    ("source", "places"),
    [
        ("def rule():\n    return codes.WRONG_MONEY.say('x')", {"M001": {"m.rule"}}),
        ("def rule():\n    return WRONG_MONEY.say()", {"M001": {"m.rule"}}),
        ("LABEL = codes.WRONG_MONEY.say()", {"M001": {"m"}}),
        (
            "class C:\n    def f(self):\n        return (A if x else DECLINED).say()",
            {"D001": {"m.C.f"}},
        ),
        ("def rule():\n    return fired == codes.WRONG_FIGURE.code", {}),
    ],
    ids=["through codes", "imported", "at the top level", "in a method", "a code read"],
)
def test_where_an_outcome_is_written_is_found(source, places):
    assert writers(source, "m") == places


@pytest.mark.parametrize("rule", RULES.values(), ids=list(RULES))
def test_a_label_reads_back_into_its_code(rule):
    assert code_of(rule.say()) == rule.code
    assert code_of(rule.say("$42.99")) == rule.code
    assert coded(rule.say("$42.99")) == f"{rule.code} {rule.say('$42.99')}"
    assert heading(rule.say("$42.99")) == f"{rule.code} {rule.name}"


def test_a_label_no_rule_writes_has_no_code():
    for label in ("judge: the key is named", "score 0.4 below 0.5", "", "declinedx", "wrong"):
        assert code_of(label) == ""
        assert family_of(label) == "other"
        assert coded(label) == label
    assert heading("judge: the key is named") == "judge"


def test_the_longest_name_wins():
    assert code_of("declined") == "D001"
    assert code_of("declined an answerable question") == "D004"
    assert code_of("declined (accepted for an ambiguous question)") == "D003"
    assert code_of("needs a reader: the answer takes no side") == "Y002"
    assert code_of("needs a reader: no checkable fact in the key") == "K003"
    assert code_of("needs a reader: the answer states no figure to check against 90%") == "F003"
    assert code_of("missing key figure: 0.83") == "F002"
    assert code_of('missing key: "Gold PPO"') == "K001"
    assert code_of("missing key amount: $5.00") == "M002"


def test_a_label_is_read_by_at_most_one_rule_found_by_its_first_word():
    """A label is its rule's name and joiner and a detail: no rule's name and joiner begin
    another's, so at most one rule reads a label; and a joiner opens with a space or a colon, so
    the label's first word is its rule's. The lookup's index by first word and its longest-first
    order only make it faster (`bench/mutate.py`'s EQUIVALENT argues from this)."""
    leads = {rule.code: rule.name + rule.joiner for rule in RULES.values() if not rule.detail_first}
    for code, lead in leads.items():
        rule = RULES[code]
        assert rule.joiner[:1] in (" ", ":"), code
        assert all(other == code or not again.startswith(lead) for other, again in leads.items())
        label = rule.say("detail")
        assert label.split(" ", 1)[0].split(":", 1)[0] == rule.name.split(" ", 1)[0].split(":")[0]


@pytest.mark.parametrize(
    ("reason", "code"),
    [
        ("3 amounts asserted", "S001"),
        ("12 amounts asserted", "S001"),
        ("other amounts asserted: $5.00", "M003"),
        ("3 other amounts asserted", ""),
        (" amounts asserted", ""),
        ("the key also sits in an attributed clause", "S002"),
        ('a decline phrase in a passing answer ("i could not find")', "S003"),
        ("a hedged figure", "S004"),
        ("a hedged figures", ""),
    ],
    ids=lambda value: value if len(value) < 30 else value[:30],
)
def test_a_suspicion_reads_back_into_its_code_as_a_label_does(reason, code):
    """A reason the rules give to suspect a pass (`Grade.suspicious`) has a code, its count
    before its name ("3 amounts asserted") or its detail after it."""
    assert code_of(reason) == code


def test_every_label_on_the_committed_runs_has_a_code():
    labels = set()
    for path in sorted((ROOT / "runs").glob("*.jsonl")):
        if not is_run_file(path):
            continue
        for answer in read_run(path).answers:
            labels.update(GRADER.grade(answer).labels)
    assert labels and all(code_of(label) for label in labels), labels


# --- no label text read outside the registry --------------------------------------------------

NAMES = sorted({rule.name for rule in RULES.values()}, key=len, reverse=True)


def names_a_label(text: str) -> bool:
    """Whether a string is a label's name (with or without its detail), the start of one
    ("missing ", "wrong figure"), or, for a name its detail comes before, its end (" amounts
    asserted")."""
    for name in NAMES:
        if len(text.strip()) >= 4 and text.startswith(" ") and name.endswith(text.strip()):
            return True
        if text.startswith(name) and text[len(name) :][:1] in ("", ":", " "):
            return True
        if (
            len(text.strip()) >= 4
            and name.startswith(text)
            and (text.endswith(" ") or name[len(text) :][:1] in ("", " "))
        ):
            return True
    return False


def _strings(node: ast.AST, constants: dict[str, list[str]]) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [text for element in node.elts for text in _strings(element, constants)]
    if isinstance(node, ast.Name):
        return constants.get(node.id, [])
    return []


_NAMED_FOR_LABELS = re.compile(r"label|reason|suspici")


def label_reads(source: str) -> list[tuple[int, str]]:
    """Where a source reads label text: a label's name (or the start of one, directly or through
    a module constant) given to ``startswith``/``endswith``, or compared (``in``, ``==``) with
    something named for labels or suspicions (a ``reason``); or a label split at its colon."""
    tree = ast.parse(source)
    constants: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    constants[target.id] = _strings(node.value, {})
    found = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("startswith", "endswith"):
                texts = [text for arg in node.args for text in _strings(arg, constants)]
            elif node.func.attr in ("split", "partition") and "label" in ast.unparse(
                node.func.value
            ):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Compare) and _NAMED_FOR_LABELS.search(ast.unparse(node)):
            sides = (node.left, *node.comparators)
            texts = [text for side in sides for text in _strings(side, constants)]
        found += [(node.lineno, text) for text in texts if names_a_label(text)]
    return found


def test_no_label_text_is_read_outside_the_registry():
    registry = ROOT / "grader" / "rules" / "codes.py"
    reads = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for folder in ("grader", "tui", "engine")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != registry
        for line, text in label_reads(path.read_text(encoding="utf-8"))
    ]
    assert reads == []


@pytest.mark.parametrize(
    ("source", "read"),
    [
        ('passed = any(label.startswith("declined") for label in grade.labels)', True),
        ('engine = grade.labels == ("engine error",)', True),
        (
            '_ABSENT = ("missing ", "no yes or no")\nall(label.startswith(_ABSENT) for label in x)',
            True,
        ),
        (
            'notes = [label for label in citation if label.startswith(_NO)]\n_NO = "cited nothing"',
            True,
        ),
        ('per_label[label.split(":")[0]] += 1', True),
        ('if "engine error" in grade.labels: pass', True),
        ('_OWN = ("a decline phrase", "a hedged")\nany(r.startswith(_OWN) for r in x)', True),
        ('several = any(reason.endswith(" amounts asserted") for reason in reasons)', True),
        ('if "a hedged figure" in grade.suspicious: pass', True),
        ('if reason == "a hedged figure": pass', True),
        ("hedged = any(item.hedged for item in reading.figures)", False),
        ('if name == "declined": pass', False),
        ('ok = grade.verdict == "wrong"', False),
        ("ok = any(code in DECLINED for code in codes_of(grade.labels))", False),
    ],
)
def test_a_label_read_is_caught(source, read):
    assert bool(label_reads(source)) == read


# --- the rules' documentation -----------------------------------------------------------------


def _renderer():
    spec = importlib.util.spec_from_file_location(
        "render_rules", ROOT / "tools" / "render_rules.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_grading_renders_the_registry_and_is_current():
    renderer = _renderer()
    text = renderer.DOC.read_text(encoding="utf-8")
    assert renderer.rendered(text) == text, "run python tools/render_rules.py"
    for rule in RULES.values():
        assert f"**`{rule.code}` {rule.name}**" in text


def test_a_stale_section_is_caught():
    renderer = _renderer()
    text = renderer.DOC.read_text(encoding="utf-8")
    stale = text.replace(RULES["M001"].definition[:40], "An older wording", 1)
    assert stale != text and renderer.rendered(stale) == text


# --- ragtriage rules --------------------------------------------------------------------------


def test_rules_lists_every_code_with_its_name(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for rule in RULES.values():
        assert f"  {rule.code}  {rule.name}\n" in out
    assert main(["rules", "--json"]) == 0
    listed = orjson.loads(capsys.readouterr().out)
    assert [(one["code"], one["name"]) for one in listed] == [
        (rule.code, rule.name) for rule in RULES.values()
    ]


@pytest.mark.parametrize(
    "given",
    ["M001", "m001", "M001 wrong money: asserted $26.99, key $42.99", "wrong money: asserted $1"],
    ids=["code", "lower-case", "a-label-as-shown", "a-label-as-written"],
)
def test_rules_prints_one_rule_from_its_code_or_a_label(capsys, given):
    assert main(["rules", given]) == 0
    out = capsys.readouterr().out
    assert out.startswith("M001  wrong money\n")
    file, line = where(RULES["M001"])
    source = (ROOT / file).read_text(encoding="utf-8").splitlines()
    assert f"decided   {file}:{line}  wrong_money_label" in out
    assert source[line - 1].startswith("def wrong_money_label(")
    assert "fires on\n" in out and "not on\n" in out
    assert "-> wrong: M001 wrong money: asserted $26.99, key $42.99" in out


@pytest.mark.parametrize("rule", RULES.values(), ids=list(RULES))
def test_every_rule_is_found_at_its_function(rule):
    file, line = where(rule)
    source = (ROOT / file).read_text(encoding="utf-8").splitlines()
    assert line > 0
    assert re.match(rf"\s*def {rule.decider.rsplit('.', 1)[-1]}\(", source[line - 1])


def test_rules_json_gives_the_page_and_what_the_grader_says_of_each_example(capsys):
    assert main(["rules", "N002", "--json"]) == 0
    page = orjson.loads(capsys.readouterr().out)
    assert page["code"] == "N002" and page["name"] == "forbidden needle"
    assert page["file"] == "grader/rules/content_check.py" and page["line"] > 0
    assert page["definition"] == RULES["N002"].definition
    assert [one["verdict"] for one in page["fires"]] == ["wrong"]
    assert all("N002" in one["codes"] for one in page["fires"])
    assert all("N002" not in one["codes"] for one in page["spares"])


def test_an_unknown_code_is_one_line_with_did_you_mean(capsys):
    assert main(["rules", "M01"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "unknown rule code 'M01'; did you mean 'M001'?" in err


def test_a_rule_page_for_a_widget_leaves_the_definition_to_its_wrapping():
    """The app's rule dialog wraps to its own width: a definition wrapped at 96 columns first
    broke every line in two at 80 ("... and the key is" / "not what it concludes ...")."""
    from tui.commands.rules import rule_page

    rule = RULES["M001"]
    one = " ".join(rule.definition.split())
    assert one in rule_page(rule, width=None)
    assert one not in rule_page(rule) and all(len(line) <= 96 for line in rule_page(rule)[:6])
