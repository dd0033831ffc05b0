"""Corpus loader, `corpus check`, `corpus new` and the finance corpus."""

import orjson
import pytest

from corpora.check import check_keys
from corpora.loader import CorpusInvalid, load_corpus
from corpora.places import list_corpora, new_corpus
from engine.ingest import document_text
from grader.errors import CorpusError
from grader.rules.key import money_key
from tests.conftest import ROOT
from tui.cli import main

FINANCE = ROOT / "corpora" / "finance"


def make_corpus(tmp_path, questions, documents=None, configs=""):
    folder = tmp_path / "c1"
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "a.txt").write_text("Amount due $42.99. Policy HO-1.", encoding="utf-8")
    documents = documents if documents is not None else [("a", "docs/a.txt")]
    toml = ['name = "c1"', configs]
    for doc_id, file in documents:
        toml += ["[[documents]]", f'id = "{doc_id}"', f'file = "{file}"', ""]
    (folder / "corpus.toml").write_text("\n".join(toml), encoding="utf-8")
    lines = [q if isinstance(q, bytes) else orjson.dumps(q) for q in questions]
    (folder / "questions.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    return folder


def q(qid="q1", kind="answerable", question="How much?", key="$42.99", docs=("a",)):
    return {
        "qid": qid,
        "kind": kind,
        "question": question,
        "gold": {"key": key, "golden_docs": list(docs)},
    }


def test_a_valid_corpus_loads(tmp_path):
    corpus = load_corpus(make_corpus(tmp_path, [q()]))
    assert [d.id for d in corpus.documents] == ["a"]
    assert corpus.questions[0].gold.key == "$42.99"
    assert corpus.config() == (
        "default",
        {"top_k": 5, "chunk_chars": 1200, "max_tokens": 256, "extractor": "pdfium"},
    )


BAD = [
    (
        "unknown-kind",
        [q(kind="maybe")],
        None,
        "questions.jsonl:1: q1: kind must be one of answerable, negative, ambiguous, got 'maybe'",
    ),
    ("duplicate-qid", [q(), q()], None, "questions.jsonl:2: duplicate qid 'q1' (first on line 1)"),
    (
        "golden-doc-missing",
        [q(docs=("zzz",))],
        None,
        "questions.jsonl:1: q1: golden doc 'zzz' is not in the corpus",
    ),
    ("empty-question", [q(question="  ")], None, "questions.jsonl:1: q1: empty question"),
    (
        "gold-key-a-number",
        [{**q(), "gold": {"key": 5}}],
        None,
        "questions.jsonl:1: q1: gold.key must be a string, got int",
    ),
    ("blank-qid", [b"", q(qid="  ")], None, "questions.jsonl:2: qid must not be blank, got '  '"),
    ("not-an-object", [b"[1]"], None, "questions.jsonl:1: expected a JSON object, got list"),
    ("not-json", [b"{oops"], None, "questions.jsonl:1: not valid JSON"),
    (
        "path-leaves-folder",
        [],
        [("a", "../../etc/passwd")],
        "corpus.toml:5: document 'a': path '../../etc/passwd' leaves the corpus folder",
    ),
    (
        "missing-file",
        [],
        [("a", "docs/nope.pdf")],
        "corpus.toml:5: document 'a': missing file 'docs/nope.pdf'",
    ),
]


@pytest.mark.parametrize(
    ("questions", "documents", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD]
)
def test_every_problem_names_file_and_line(tmp_path, questions, documents, message):
    with pytest.raises(CorpusInvalid) as caught:
        load_corpus(make_corpus(tmp_path, questions, documents))
    assert any(message in str(p) for p in caught.value.problems), caught.value.problems


def test_all_problems_are_reported_at_once(tmp_path):
    with pytest.raises(CorpusInvalid) as caught:
        load_corpus(
            make_corpus(
                tmp_path,
                [q(kind="x"), q(qid="q2", question=""), q(qid="q3")],
                [("a", "docs/a.txt"), ("b", "docs/none.txt")],
            )
        )
    assert len(caught.value.problems) == 3


def test_unknown_config_and_bad_knobs(tmp_path):
    corpus = load_corpus(make_corpus(tmp_path, [q()], configs="[configs.k3]\ntop_k = 3\n"))
    assert corpus.config("k3")[1]["top_k"] == 3
    with pytest.raises(CorpusError, match="has no configuration 'k9'"):
        corpus.config("k9")
    with pytest.raises(CorpusInvalid, match="top_k must be a positive integer"):
        load_corpus(make_corpus(tmp_path / "x", [q()], configs="[configs.bad]\ntop_k = -1\n"))


def test_unknown_corpus_names_the_known_ones(tmp_path):
    make_corpus(tmp_path, [q()])
    with pytest.raises(CorpusError, match=r"no corpus named 'nope'.*known: c1"):
        load_corpus("nope", tmp_path)
    # The third-party corpora are never shipped: the error says how to make them.
    with pytest.raises(CorpusError, match=r"make it with: ragtriage corpus import-financebench"):
        load_corpus("financebench", tmp_path)


def test_check_finds_a_key_missing_from_its_golden_document(tmp_path):
    corpus = load_corpus(make_corpus(tmp_path, [q(), q("q2", key="$42.90"), q("q3", key="HO-2")]))
    findings = check_keys(corpus, document_text)
    assert [(f.qid, f.line) for f in findings] == [("q2", 2), ("q3", 3)]
    assert "key amount $42.90 not found in a" in findings[0].reason


def test_finance_corpus_passes_corpus_check(capsys):
    """`corpus check finance` must pass: every key is in its golden documents' text."""
    assert main(["corpus", "check", "finance", "--corpora", str(FINANCE.parent)]) == 0
    assert ": ok" in capsys.readouterr().out


def test_finance_corpus_has_what_the_issue_asks():
    corpus = load_corpus(FINANCE)
    assert len(corpus.documents) >= 12
    assert all(d.path.suffix == ".pdf" for d in corpus.documents)
    kinds = [question.kind for question in corpus.questions]
    money = [
        x for x in corpus.questions if x.kind == "answerable" and money_key(x.gold.key) is not None
    ]
    assert len(corpus.questions) >= 60
    assert len(money) >= 30
    assert any("." in x.gold.key for x in money) and any("." not in x.gold.key for x in money)
    assert kinds.count("negative") >= 8 and kinds.count("ambiguous") >= 6
    assert len(corpus.configs) >= 3
    for needle_kind in ("must_contain", "must_contain_any", "must_not_contain"):
        assert any(getattr(x.gold, needle_kind) for x in corpus.questions), needle_kind


def test_corpus_new_copies_documents(tmp_path, capsys):
    docs = tmp_path / "mine"
    docs.mkdir()
    (docs / "March Bill.pdf").write_bytes((FINANCE / "docs" / "adt-2024-03.pdf").read_bytes())
    (docs / "notes.docx").write_bytes(b"x")
    root = tmp_path / "corpora"
    assert main(["corpus", "new", "mine", "--docs", str(docs), "--corpora", str(root)]) == 0
    corpus = load_corpus("mine", root)
    assert [d.id for d in corpus.documents] == ["March-Bill"]
    assert corpus.questions == ()
    assert "skipped notes.docx" in capsys.readouterr().out
    assert list_corpora(root) == ["mine"]
    assert main(["corpus", "new", "mine", "--docs", str(docs), "--corpora", str(root)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_corpus_new_refuses_a_folder_without_documents(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(CorpusError, match=r"no \.pdf, \.txt or \.md documents"):
        new_corpus("x", tmp_path / "empty", tmp_path / "corpora")


def broken_corpus(tmp_path):
    """A folder of two good documents and five that cannot be read, each for its reason."""
    from tests.test_engine import BAD_DOCUMENTS

    docs = tmp_path / "docs"
    docs.mkdir()
    for name, make, _ in BAD_DOCUMENTS:
        if name != "truncated":
            (docs / f"{name}.pdf").write_bytes(make())
    for name in ("adt-2024-03", "w2-2023"):
        (docs / f"{name}.pdf").write_bytes(
            (ROOT / "corpora" / "finance" / "docs" / f"{name}.pdf").read_bytes()
        )
    return docs


def test_corpus_new_check_and_index_name_every_unreadable_document(tmp_path, capsys, monkeypatch):
    """A folder of broken PDFs and two good ones once checked 'ok'; index was lost."""
    from tui.cli import main

    monkeypatch.setenv("RAGTRIAGE_CACHE", str(tmp_path / "cache"))
    docs = broken_corpus(tmp_path)
    corpora = tmp_path / "corpora"
    assert main(["corpus", "new", "mixed", "--docs", str(docs), "--corpora", str(corpora)]) == 0
    warned = capsys.readouterr().err
    for reason in (
        "empty file",
        "not a PDF",
        "corrupt PDF",
        "encrypted PDF",
        "no extractable text",
    ):
        assert reason in warned, reason
    assert main(["corpus", "check", "mixed", "--corpora", str(corpora)]) == 1
    out = capsys.readouterr().out
    assert "5 of 7 document(s) unreadable" in out and ": ok" not in out
    for doc in ("empty", "not-a-pdf", "corrupt", "encrypted", "no-text"):
        assert f"document {doc}:" in out
    assert main(["corpus", "index", "mixed", "--corpora", str(corpora)]) == 1
    out = capsys.readouterr().out
    assert "indexed 2 of 7 documents" in out and out.count("ERROR") == 5


def test_corpus_new_prints_example_question_lines_that_load(tmp_path, capsys):
    """`corpus new` said "one JSON object per line" and showed none."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "lease.txt").write_text("The rent is 1,450 euros per month.", encoding="utf-8")
    corpora = tmp_path / "corpora"
    assert main(["corpus", "new", "lease", "--docs", str(docs), "--corpora", str(corpora)]) == 0
    out = capsys.readouterr().out
    examples = [line.strip() for line in out.splitlines() if line.strip().startswith("{")]
    assert len(examples) == 2 and '"golden_docs": ["lease"]' in examples[0]
    (corpora / "lease" / "questions.jsonl").write_text("\n".join(examples) + "\n")
    corpus = load_corpus("lease", corpora)
    assert [q.kind for q in corpus.questions] == ["answerable", "negative"]
    assert main(["corpus", "check", "lease", "--corpora", str(corpora)]) == 0


def test_corpus_check_reports_every_problem_at_once(tmp_path, capsys):
    """`corpus check` reported the invalid lines and stopped: the keys not found in their
    documents came only after those were fixed, one round more."""
    folder = make_corpus(
        tmp_path,
        [
            {"qid": "q1", "kind": "answerble", "question": "Due?", "gold": {"key": "$42.99"}},
            {
                "qid": "q2",
                "kind": "answerable",
                "question": "Due?",
                "gold": {"key": "$42.99", "golden_docs": ["zzz", "yyy"]},
            },
            {
                "qid": "q3",
                "kind": "answerable",
                "question": "Policy?",
                "gold": {"key": "HO-9", "golden_docs": ["a"]},
            },
            {
                "qid": "q4",
                "kind": "answerable",
                "question": "Due?",
                "gold": {"key": "$42.99", "golden_docs": ["a"]},
            },
        ],
    )
    assert main(["corpus", "check", str(folder), "--json"]) == 2
    report = orjson.loads(capsys.readouterr().out)
    assert not report["ok"]
    assert [p.split("questions.jsonl:")[1][:2] for p in report["problems"]] == ["1:", "2:", "2:"]
    assert "'yyy'" in report["problems"][2]
    assert [(k["qid"], k["line"]) for k in report["keys"]] == [("q3", 3)]


def test_an_answerable_question_with_no_key_is_refused_naming_the_field_it_ignores(tmp_path):
    """An answerable question with no key was accepted (every answer graded against nothing),
    its `answer` field silently ignored."""
    folder = make_corpus(
        tmp_path,
        [
            {
                "qid": "rent",
                "kind": "answerable",
                "question": "Rent?",
                "answer": "1,450 euros",
                "gold": {"golden_docs": ["a"]},
            },
            {"qid": "pets", "kind": "answerable", "question": "Pets?", "gold": {"key": ""}},
            {
                "qid": "fee",
                "kind": "answerable",
                "question": "Fee?",
                "gold": {"must_contain": ["42.99"]},
            },
            {"qid": "park", "kind": "negative", "question": "Parking?", "gold": {"key": ""}},
        ],
    )
    with pytest.raises(CorpusInvalid) as caught:
        load_corpus(folder)
    problems = [str(p) for p in caught.value.problems]
    assert len(problems) == 2
    assert "rent: an answerable question needs a key" in problems[0]
    assert "the field 'answer' is not read" in problems[0]
    assert "pets: an answerable question needs a key" in problems[1]
    assert "not read" not in problems[1]
    assert [q.qid for q in caught.value.valid.questions] == ["fee", "park"]
