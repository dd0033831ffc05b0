"""The Open RAG Benchmark adapter, on an invented fixture in the release's exact shape."""

import json

import orjson
import pytest

from corpora.loader import load_corpus
from corpora.openrag import import_openrag, mine_needles, section_text
from engine.ingest import ingest
from grader.errors import CorpusError
from grader.rules.normalize import normalize
from tests.openrag_fixture import QUERIES, write_release
from tui.cli import main


@pytest.fixture
def release(tmp_path):
    return write_release(tmp_path / "download")


def test_import_builds_a_loadable_corpus(release, tmp_path):
    out = tmp_path / "corpora" / "orb"
    report = import_openrag(release, out, golden=3, distractors=1, questions=10, negatives=2)
    corpus = load_corpus(out)
    answerable = [x for x in corpus.questions if x.kind == "answerable"]
    negatives = [x for x in corpus.questions if x.kind == "negative"]
    doc_ids = {d.id for d in corpus.documents}
    assert len(report.golden_docs) == 3 and len(report.distractor_docs) == 1
    assert len(negatives) == report.negatives == 2
    assert all(x.qid in QUERIES for x in corpus.questions), "query ids are the release's own"
    for question in negatives:
        assert QUERIES[question.qid][1] not in doc_ids, "a negative's golden doc is left out"
    for question in answerable:
        assert question.gold.golden_docs[0] in doc_ids
        for needle in question.gold.must_contain_any:
            assert normalize(needle) not in normalize(question.question)
    chunks = ingest(corpus.documents, 400)
    assert chunks.errors == {}
    assert any("| BM25 | 71.4% |" in c.text for c in chunks.chunks), "tables are inlined"
    assert not any("img-0.jpeg" in c.text for c in chunks.chunks)


def test_import_is_deterministic_by_seed(release, tmp_path):
    import_openrag(release, tmp_path / "a", golden=3, distractors=1, seed=7)
    import_openrag(release, tmp_path / "b", golden=3, distractors=1, seed=7)
    assert (tmp_path / "a/questions.jsonl").read_bytes() == (
        tmp_path / "b/questions.jsonl"
    ).read_bytes()
    assert (tmp_path / "a/corpus.toml").read_text().replace('"a"', '"b"') == (
        tmp_path / "b/corpus.toml"
    ).read_text()


def test_needles_are_grounded_and_not_given_away():
    kept, dropped = mine_needles(
        "BM25 reaches 71.4% recall@5, above DenseX and ColBERT.",
        "What recall does BM25 reach?",
        "BM25 reaches 71.4% recall@5 while DenseX reaches 64.2%.",
    )
    assert kept == ["71.4%", "DenseX"]
    assert ("BM25", "appears in the question") in dropped
    assert ("ColBERT", "not in the golden section's text") in dropped


def test_question_without_surviving_needle_is_dropped_and_counted(release, tmp_path):
    report = import_openrag(release, tmp_path / "o", golden=4, distractors=0, questions=10)
    assert ("0a1b2c3d-0000-4000-8000-000000000007", "no needle survived mining") in report.dropped


def test_pdfs_are_used_when_given(release, tmp_path):
    from tests.conftest import ROOT

    pdfs = tmp_path / "pdfs"
    pdfs.mkdir()
    sample = (ROOT / "corpora/finance/docs/adt-2024-03.pdf").read_bytes()
    (pdfs / "2401.00001v1.pdf").write_bytes(sample)
    report = import_openrag(release, tmp_path / "o", golden=4, distractors=1, pdfs=pdfs)
    assert report.pdfs_used == 1
    assert (tmp_path / "o/docs/2401.00001v1.pdf").exists()


def test_section_text_inlines_tables():
    text = section_text(
        {
            "text": "See ![table_0](table_0) and ![img-0.jpeg](img-0.jpeg).",
            "tables": {"table_0": "| a |\n|---|\n| 1 |"},
        }
    )
    assert "| a |" in text and "img-0" not in text


def corrupt(release, name, content):
    (release / name).write_bytes(content)


BAD_RELEASES = [
    ("missing-queries", lambda r: (r / "queries.json").unlink(), "queries.json: missing"),
    (
        "missing-corpus-folder",
        lambda r: [p.unlink() for p in (r / "corpus").iterdir()] and (r / "corpus").rmdir(),
        "corpus: missing",
    ),
    (
        "qrel-to-missing-document",
        lambda r: (r / "corpus" / "2401.00003v1.json").unlink(),
        "golden document '2401.00003v1'",
    ),
    (
        "qrel-to-missing-section",
        lambda r: corrupt(
            r,
            "qrels.json",
            json.dumps(
                {
                    "0a1b2c3d-0000-4000-8000-000000000001": {
                        "doc_id": "2401.00001v1",
                        "section_id": 9,
                    }
                }
            ).encode(),
        ),
        "has no section 9",
    ),
    (
        "duplicate-query-id",
        lambda r: corrupt(r, "queries.json", b'{"q1": {"query": "a"}, "q1": {"query": "b"}}'),
        "queries.json: duplicate id 'q1'",
    ),
    (
        "non-utf8",
        lambda r: corrupt(r, "answers.json", b'{"q1": "caf\xe9"}'),
        "answers.json: not valid UTF-8",
    ),
    ("not-json", lambda r: corrupt(r, "qrels.json", b"{"), "qrels.json: not valid JSON"),
    (
        "doc-id-mismatch",
        lambda r: (r / "corpus" / "2401.00005v3.json").write_text(
            json.dumps({"id": "other", "sections": []})
        ),
        "does not match its file name",
    ),
]


@pytest.mark.parametrize(
    ("damage", "message"), [b[1:] for b in BAD_RELEASES], ids=[b[0] for b in BAD_RELEASES]
)
def test_bad_releases_name_the_file(release, tmp_path, damage, message):
    damage(release)
    with pytest.raises(CorpusError, match=message.replace("(", r"\(").replace(")", r"\)")):
        import_openrag(release, tmp_path / "out")
    assert not (tmp_path / "out").exists(), "nothing is written for a bad release"


def test_cli_reports_counts_and_refuses_existing_out(release, tmp_path, capsys):
    out = tmp_path / "orb"
    assert (
        main(
            [
                "corpus",
                "import-openrag",
                str(release.parent.parent),
                "--out",
                str(out),
                "--golden",
                "3",
                "--distractors",
                "1",
                "--json",
            ]
        )
        == 0
    )
    report = orjson.loads(capsys.readouterr().out)
    assert report["golden_docs"] == 3 and report["needles_kept"] > 0
    assert all({"qid", "needle", "reason"} <= set(d) for d in report["needles_dropped"])
    assert main(["corpus", "import-openrag", str(release), "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
