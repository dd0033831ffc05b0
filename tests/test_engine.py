"""Engine: ingestion (including bad PDFs), BM25 retrieval and its cache, runs and resume."""

import io
import os

import orjson
import pytest
from pypdf import PdfWriter

from corpora.loader import Document, load_corpus
from engine import ingest as ingest_module
from engine.ingest import DocumentError, chunk_page, ingest, normalize_page, read_pdf_pages
from engine.retrieve import BM25Retriever, load_index, tokenize
from engine.run import execute, plan_questions, plan_resume, run_corpus, start_run
from grader.records.runfile import read_run
from tests.conftest import ROOT
from tests.fakes import ScriptedGenerator

FINANCE = ROOT / "corpora" / "finance"
REAL_PDFS = ROOT.parent / "shared" / "real-pdfs" / "irs"


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RAGTRIAGE_CACHE", str(tmp_path / "cache"))


def encrypted_pdf() -> bytes:
    writer = PdfWriter(clone_from=str(FINANCE / "docs" / "adt-2024-03.pdf"))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def blank_pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(width=612, height=792)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


BAD_DOCUMENTS = [
    ("empty", lambda: b"", "empty file (0 bytes)"),
    ("not-a-pdf", lambda: b"Dear customer, your bill is attached.\n", "not a PDF"),
    ("corrupt", lambda: b"%PDF-1.7\n" + os.urandom(2000), "corrupt PDF"),
    ("truncated", lambda: (FINANCE / "docs" / "bank-2024-03.pdf").read_bytes()[:700], "PDF"),
    ("encrypted", encrypted_pdf, "encrypted PDF"),
    ("no-text", blank_pdf, "no extractable text"),
]


@pytest.mark.parametrize(
    ("make", "message"), [b[1:] for b in BAD_DOCUMENTS], ids=[b[0] for b in BAD_DOCUMENTS]
)
def test_bad_pdf_names_the_file_and_the_rest_are_ingested(tmp_path, make, message):
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(make())
    good = Document("adt", FINANCE / "docs" / "adt-2024-03.pdf", "ADT")
    result = ingest([Document("bad", bad, "Bad"), good], 800)
    assert "bad" in result.errors and str(bad) in result.errors["bad"]
    assert message in result.errors["bad"]
    assert result.pages == {"adt": 2}
    assert any(c.doc == "adt" for c in result.chunks)


def test_missing_pdf_is_a_document_error(tmp_path):
    with pytest.raises(DocumentError, match="cannot read"):
        read_pdf_pages(tmp_path / "gone.pdf")


def test_normalisation_joins_hyphenation_and_collapses_space():
    assert normalize_page("The exam-\nple   shows\n\n  a  line\r\nbreak") == (
        "The example shows\na line\nbreak"
    )


def test_chunks_respect_the_size_and_name_their_page():
    text = "\n".join(f"Line {i} says the amount is ${i}.00 for the period." for i in range(60))
    chunks = chunk_page("doc", 2, text, 300)
    assert len(chunks) > 5
    assert [c.id for c in chunks[:2]] == ["doc#p2c0", "doc#p2c1"]
    assert all(len(c.text) <= 300 for c in chunks)
    # overlap: each chunk starts with the last unit of the one before
    assert chunks[1].text.split("\n")[0] == chunks[0].text.split("\n")[-1]


def test_text_and_markdown_documents_are_ingested(tmp_path):
    (tmp_path / "a.md").write_text("# Title\n\nThe recall is 71.4%.", encoding="utf-8")
    (tmp_path / "b.txt").write_bytes(b"caf\xe9")
    result = ingest(
        [Document("a", tmp_path / "a.md", "A"), Document("b", tmp_path / "b.txt", "B")], 500
    )
    assert result.pages == {"a": 1}
    assert "not valid UTF-8" in result.errors["b"]


@pytest.mark.skipif(not REAL_PDFS.is_dir(), reason="shared/real-pdfs is not beside this checkout")
def test_real_irs_booklet_and_forms_ingest():
    documents = [Document(p.stem, p, p.stem) for p in sorted(REAL_PDFS.glob("*.pdf"))]
    result = ingest(documents, 1200)
    assert result.errors == {}
    assert result.pages["i1040gi-2018"] == 117
    assert result.pages["f1040-2024"] == 2
    retriever = BM25Retriever(result.chunks)
    top = retriever.search("Amount you owe subtract line 33 from line 24", 5)
    assert any(hit.chunk.doc.startswith("f1040") for hit in top)


def test_tokenizer_keeps_amounts_and_numbers():
    tokens = tokenize("Transfer of -$10,020.00 and a $20.00 fee; 44,322 owed (24.99%)")
    assert {
        "$10,020.00",
        "10,020.00",
        "10020.00",
        "$20.00",
        "20.00",
        "44,322",
        "44322",
        "24.99%",
    } <= set(tokens)
    assert "and" not in tokens


@pytest.mark.parametrize(
    ("question", "doc"),
    [
        (
            "What overdraft fee did Buckeye Federal Credit Union charge in March 2024?",
            "bank-2024-03",
        ),
        ("How much is due on the SafeHaven alarm monitoring statement?", "adt-2024-03"),
        ("What is the Coverage A dwelling limit on the homeowners policy?", "ins-home-2024"),
        (
            "What was Casey's net pay on the March 15, 2024 earnings statement?",
            "paystub-2024-03-15",
        ),
    ],
)
def test_bm25_finds_the_golden_document(question, doc):
    corpus = load_corpus(FINANCE)
    index = load_index(corpus, 1200)
    assert index.retriever.search(question, 3)[0].chunk.doc == doc


def test_index_is_cached_and_second_load_reads_no_pdf(monkeypatch):
    corpus = load_corpus(FINANCE)
    first = load_index(corpus, 900)
    assert not first.cached and first.path.exists()
    assert load_index(corpus, 700).path != first.path, "chunking knobs are part of the key"

    def no_reading(*_args, **_kwargs):
        raise AssertionError("a cached index must not re-read documents")

    monkeypatch.setattr(ingest_module, "read_pages", no_reading)
    second = load_index(corpus, 900)
    assert second.cached
    assert [c.id for c in second.ingested.chunks] == [c.id for c in first.ingested.chunks]


def test_run_writes_header_and_answers_and_records_errors(tmp_path):
    corpus = load_corpus(FINANCE)
    generator = ScriptedGenerator(fail_on="How much is due on the SafeHaven")
    result = run_corpus(corpus, "k3-small", 10, generator, tmp_path / "runs")
    run = read_run(result.path)
    assert run.problems == []
    assert run.header["plan"]["qids"] == [q.qid for q in corpus.questions[:10]]
    assert run.header["config"] == {
        "name": "k3-small",
        "top_k": 3,
        "chunk_chars": 700,
        "max_tokens": 192,
        "extractor": "pdfium",
    }
    assert [a.qid for a in run.answers] == run.header["plan"]["qids"]
    failed = [a for a in run.answers if a.error]
    assert [a.qid for a in failed] == ["fin-adt-amount-due"]
    assert failed[0].error == "scripted failure"
    assert all(len(a.sources) == 3 and a.sources[0].n == 1 for a in run.answers)


def test_shared_prefix_is_identical_for_every_question(tmp_path):
    corpus = load_corpus(FINANCE)
    generator = ScriptedGenerator()
    run_corpus(corpus, None, 5, generator, tmp_path)
    assert len({p.prefix for p in generator.prompts}) == 1
    assert all(p.text.startswith(p.prefix) for p in generator.prompts)


def test_resume_after_torn_line_answers_each_question_once(tmp_path):
    corpus = load_corpus(FINANCE)
    generator = ScriptedGenerator()
    path, _ = start_run(corpus, "k3-small", 6, generator, tmp_path)
    questions = plan_questions(corpus, 6)
    _, config = corpus.config("k3-small")
    execute(path, questions[:2], corpus, config, generator)
    with open(path, "ab") as handle:  # a kill in the middle of writing the third answer
        handle.write(orjson.dumps({"type": "answer", "qid": questions[2].qid})[:25])
    plan = plan_resume(path, FINANCE.parent)
    assert plan.torn_tail and plan.done == 2
    assert [q.qid for q in plan.remaining] == [q.qid for q in questions[2:]]
    execute(path, plan.remaining, plan.corpus, plan.config, generator, already_done=plan.done)
    run = read_run(path)
    assert sorted(a.qid for a in run.answers) == sorted(q.qid for q in questions)
    assert len(run.problems) == 1 and "not valid JSON" in run.problems[0].reason
    assert plan_resume(path, FINANCE.parent).remaining == []


def test_a_bad_document_is_named_in_the_run_header(tmp_path):
    folder = tmp_path / "c"
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "good.pdf").write_bytes((FINANCE / "docs" / "adt-2024-03.pdf").read_bytes())
    (folder / "docs" / "bad.pdf").write_bytes(b"not a pdf at all")
    (folder / "corpus.toml").write_text(
        'name = "c"\n[[documents]]\nid = "good"\nfile = "docs/good.pdf"\n'
        '[[documents]]\nid = "bad"\nfile = "docs/bad.pdf"\n'
    )
    (folder / "questions.jsonl").write_bytes(
        orjson.dumps(
            {
                "qid": "q",
                "kind": "answerable",
                "question": "How much is due?",
                "gold": {"key": "$42.99", "golden_docs": ["good"]},
            }
        )
        + b"\n"
    )
    result = run_corpus(load_corpus(folder), None, None, ScriptedGenerator(), tmp_path / "runs")
    header = read_run(result.path).header
    assert header["documents"]["ingested"] == 1
    assert "bad.pdf: not a PDF" in header["documents"]["errors"]["bad"]
    assert {s.doc for s in read_run(result.path).answers[0].sources} == {"good"}


def test_warming_up_is_recorded_in_the_header_not_in_the_first_latency(tmp_path):
    """The first answer of every run once reported 35-85 s: loading the model."""
    import time

    class Warmed(ScriptedGenerator):
        def warm_up(self, prompt):
            time.sleep(0.5)  # paging the weights in, the shared prefix
            return 0.5

    corpus = load_corpus("finance", ROOT / "corpora")
    result = run_corpus(corpus, "k3-small", 2, Warmed(), tmp_path / "runs")
    run = read_run(result.path)
    assert run.header["model"]["warm_up_seconds"] == 0.5
    assert all(answer.latency_ms < 400 for answer in run.answers)


@pytest.mark.parametrize("limit", [0, -1])
def test_a_limit_under_one_is_refused(tmp_path, limit):
    """--limit 0 once wrote an empty run that passed; --limit -1 ran the whole corpus."""
    from grader.errors import RunFileError

    corpus = load_corpus("finance", ROOT / "corpora")
    with pytest.raises(RunFileError, match="1 or more"):
        plan_questions(corpus, limit)


@pytest.mark.parametrize("limit", ["0", "-1", "x", "1.5"])
def test_run_limit_takes_positive_integers_only(limit, capsys):
    from tui.cli import main

    assert main(["run", "--corpus", "finance", "--limit", limit]) == 2
    assert "--limit" in capsys.readouterr().err


def test_after_ctrl_c_the_summary_starts_on_its_own_line():
    from engine.run import Progress
    from tui.commands.run import ProgressLine

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    line = ProgressLine(stream)
    line(Progress(1, 5, 1.0, None))  # drawn in place, no line end yet
    assert not stream.getvalue().endswith("\n")
    line.close()  # what `ragtriage run` does after an interruption
    assert stream.getvalue().endswith("\n")


def empty_password_aes_pdf() -> bytes:
    """Encrypted with AES and an empty user password, as many filings are."""
    writer = PdfWriter(clone_from=str(FINANCE / "docs" / "adt-2024-03.pdf"))
    writer.encrypt(user_password="", owner_password="owner", algorithm="AES-256")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize("extractor", ["pdfium", "pypdf"])
def test_an_aes_pdf_with_an_empty_password_opens(tmp_path, extractor):
    """A real filing (Adobe's 2022 10-K) is AES-encrypted with an empty password; without the
    cryptography package pypdf raised DependencyError and the run died with a traceback."""
    path = tmp_path / "aes.pdf"
    path.write_bytes(empty_password_aes_pdf())
    pages = read_pdf_pages(path, extractor)
    assert "Amount due" in " ".join(pages)


def test_an_unexpected_exception_from_the_pdf_libraries_is_a_document_error(tmp_path, monkeypatch):
    import pypdf
    import pypdfium2

    def explode(*args, **kwargs):
        raise RuntimeError("something nobody planned for")

    monkeypatch.setattr(pypdfium2, "PdfDocument", explode)
    monkeypatch.setattr(pypdf, "PdfReader", explode)
    good = FINANCE / "docs" / "adt-2024-03.pdf"
    with pytest.raises(DocumentError, match=r"adt-2024-03\.pdf: unreadable PDF"):
        read_pdf_pages(good)
    result = ingest([Document("adt", good, "ADT")], 800, workers=1)
    assert "adt" in result.errors


def test_parallel_extraction_equals_one_process_and_counts_pages(tmp_path, monkeypatch):
    monkeypatch.setattr(ingest_module, "PARALLEL_MIN_BYTES", 0)
    corpus = load_corpus(FINANCE)
    seen = []
    shared = ingest(corpus.documents, 900, progress=lambda done, total: seen.append((done, total)))
    alone = ingest(corpus.documents, 900, workers=1)
    assert shared.chunks == alone.chunks and shared.pages == alone.pages
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert seen[-1][0] == seen[-1][1] == sum(alone.pages.values())


def test_the_pypdf_extractor_is_kept_as_the_reference():
    corpus = load_corpus(FINANCE)
    pdfium = ingest(corpus.documents, 900, "pdfium", workers=1)
    pypdf = ingest(corpus.documents, 900, "pypdf", workers=1)
    assert pdfium.pages == pypdf.pages
    assert pdfium.errors == pypdf.errors == {}


def test_the_worked_examples_teach_both_cases_on_the_same_sources():
    """An answer where a source states the figure, a decline where none does, on the same
    sources; each answer cites the source holding its figure; the examples end on an answer."""
    import re

    from engine.prompt import DECLINE, EXAMPLES

    outcomes: dict[tuple, set[str]] = {}
    for sources, _question, answer in EXAMPLES:
        outcomes.setdefault(sources, set()).add("declined" if answer == DECLINE else "answered")
        if answer == DECLINE:
            continue
        (figure,) = re.findall(r"\$[\d,.]*\d", answer)
        (cited,) = re.findall(r"\[(\d)\]", answer)
        assert figure in sources[int(cited) - 1][1]
    assert {"answered", "declined"} in outcomes.values()
    assert EXAMPLES[-1][2] != DECLINE
    assert any(re.search(r"\[[2-9]\]", answer) for _, _, answer in EXAMPLES)


def test_a_sample_spreads_over_the_kinds_and_is_seeded():
    """The tour's `--limit 5` asked five money questions of the same form: no question to
    decline, no ambiguous one, on a newcomer's first run."""
    corpus = load_corpus("finance", ROOT / "corpora")
    first = plan_questions(corpus, 5)
    assert {q.kind for q in first} == {"answerable"}
    sample = plan_questions(corpus, None, sample=5)
    kinds = [q.kind for q in sample]
    assert sorted(kinds) == sorted(
        ["answerable", "answerable", "negative", "negative", "ambiguous"]
    )
    order = [q.qid for q in corpus.questions]
    assert [order.index(q.qid) for q in sample] == sorted(order.index(q.qid) for q in sample)
    assert [q.qid for q in plan_questions(corpus, None, sample=5)] == [q.qid for q in sample]
    assert [q.qid for q in plan_questions(corpus, None, sample=5, seed=1)] != [
        q.qid for q in sample
    ]
    assert len(plan_questions(corpus, None, sample=len(corpus.questions) + 9)) == len(
        corpus.questions
    )


def test_run_sample_records_its_plan_and_refuses_a_limit_beside_it(tmp_path, capsys):
    import shutil

    from grader.records.runfile import read_header
    from tests.fakes import ScriptedGenerator
    from tui.cli import main

    assert main(["run", "--corpus", "finance", "--limit", "2", "--sample", "3"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err
    corpora = tmp_path / "corpora"
    shutil.copytree(
        ROOT / "corpora" / "finance", corpora / "finance", ignore=shutil.ignore_patterns("*.py")
    )
    corpus = load_corpus("finance", corpora)
    from engine.run import run_corpus

    result = run_corpus(corpus, "k3-small", None, ScriptedGenerator(), tmp_path, sample=3, seed=7)
    plan = read_header(result.path)["plan"]
    assert plan["sample"] == 3 and plan["seed"] == 7 and plan["limit"] is None
    assert plan["qids"] == [q.qid for q in plan_questions(corpus, None, sample=3, seed=7)]
