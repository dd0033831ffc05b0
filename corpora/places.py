"""Where corpora live, and a new one made: the corpora shipped with the package (read only),
the workspace's (``--corpora DIR``, ``$RAGTRIAGE_CORPORA`` or ``./corpora``: the only ones
written), a corpus found by its name or its folder, and a corpus made from a folder of documents
(`new_corpus`) or by an importer (`IMPORTED_CONFIGS`). What a corpus folder holds, and its
checks, is `corpora.loader`'s.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from grader.errors import CorpusError

if TYPE_CHECKING:
    from corpora.loader import Corpus

CORPORA_DIR = Path(__file__).resolve().parent
DOCUMENT_SUFFIXES = (".pdf", ".txt", ".md")
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")  # a corpus's or a document's name


# The question configurations an imported corpus starts with (corpus.toml lines).
IMPORTED_CONFIGS = (
    "[configs.k5]",
    "top_k = 5",
    "chunk_chars = 1200",
    "max_tokens = 256",
    "",
    "[configs.k8]",
    "top_k = 8",
    "chunk_chars = 900",
    "max_tokens = 256",
    "",
)


def default_root() -> Path:
    """Where corpora are read from: ``$RAGTRIAGE_CORPORA``, else ``./corpora``, else the
    shipped ones (read only: see `workspace_root`)."""
    return workspace_root(required=False) or CORPORA_DIR


def workspace_root(root: Path | None = None, *, required: bool = True) -> Path | None:
    """The corpora folder of the workspace, the only one corpora are written to: ``root``
    (``--corpora DIR``), else ``$RAGTRIAGE_CORPORA``, else ``./corpora``. A folder named by the
    first two is the workspace even before it exists (a writer makes it); without either, the
    corpora shipped inside the installed package are read, never written.

    Args:
        required: Raise when there is no workspace (for a write); with False, return None.

    Raises:
        CorpusError: with ``required``, when nothing names a folder and ``./corpora`` does not
            exist, saying how to make one.
    """
    if root is not None:
        return Path(root)
    if os.environ.get("RAGTRIAGE_CORPORA"):
        return Path(os.environ["RAGTRIAGE_CORPORA"])
    local = Path.cwd() / "corpora"
    if local.is_dir():
        return local
    if not required:
        return None
    raise CorpusError(
        "no corpora workspace here: corpora are written to ./corpora, --corpora DIR or "
        "$RAGTRIAGE_CORPORA, never into the installed package; make one with `mkdir corpora` "
        f"(a shipped corpus to change: `cp -r {CORPORA_DIR / 'finance'} corpora/`)"
    )


def writable(corpus: Corpus, root: Path | None = None) -> bool:
    """Whether ``corpus`` lies in the workspace's corpora folder (and may be written)."""
    found = workspace_root(root, required=False)
    if found is None or not found.is_dir():
        return False
    return Path(corpus.root).resolve().is_relative_to(found.resolve())


def slug(name: str) -> str:
    """A document id from a file name: letters, digits, '.', '_' and '-' only."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-._")
    return cleaned or "document"


def new_corpus(
    name: str, docs: Path, root: Path | None = None
) -> tuple[Path, list[str], list[str]]:
    """Make ``root/name`` from a folder of documents (copied, never moved).

    Returns:
        (the corpus folder, the document ids written, the file names skipped).

    Raises:
        CorpusError: for a bad name, an existing corpus, or a folder without documents.
    """
    if not NAME.match(name):
        raise CorpusError(f"corpus name {name!r}: use letters, digits, '.', '_' or '-'")
    docs = Path(docs)
    if not docs.is_dir():
        raise CorpusError(f"{docs}: not a folder")
    folder = workspace_root(root) / name  # type: ignore[operator]  # required: never None
    if folder.exists():
        raise CorpusError(f"{folder}: a corpus named {name!r} already exists")
    files = sorted(p for p in docs.iterdir() if p.is_file())
    usable = [p for p in files if p.suffix.lower() in DOCUMENT_SUFFIXES]
    skipped = [p.name for p in files if p not in usable]
    if not usable:
        raise CorpusError(f"{docs}: no .pdf, .txt or .md documents in this folder")
    (folder / "docs").mkdir(parents=True)
    ids: list[str] = []
    lines = [f"name = {json.dumps(name)}", f"title = {json.dumps(name)}", ""]
    lines += ["[configs.k5]", "top_k = 5", "chunk_chars = 1200", "max_tokens = 256", ""]
    for path in usable:
        doc_id = slug(path.stem)
        while doc_id in ids:
            doc_id += "-2"
        ids.append(doc_id)
        target = folder / "docs" / f"{doc_id}{path.suffix.lower()}"
        shutil.copyfile(path, target)
        lines += [
            "[[documents]]",
            f"id = {json.dumps(doc_id)}",
            f"file = {json.dumps('docs/' + target.name)}",
            f"title = {json.dumps(path.stem)}",
            "",
        ]
    (folder / "corpus.toml").write_text("\n".join(lines), encoding="utf-8")
    (folder / "questions.jsonl").write_bytes(b"")
    return folder, ids, skipped


def corpus_dir(name_or_path: str | Path, root: Path | None = None) -> Path:
    """Resolve a corpus name (a folder under ``root``) or a path to a corpus folder."""
    candidate = Path(name_or_path)
    if candidate.is_dir() and (candidate / "corpus.toml").exists():
        return candidate
    root = Path(root) if root else default_root()
    by_name = root / str(name_or_path)
    if (by_name / "corpus.toml").exists():
        return by_name
    known = ", ".join(list_corpora(root)) or "none"
    hint = {
        "financebench": "; make it with: ragtriage corpus import-financebench "
        "FINANCEBENCH_DIR --out corpora/financebench",
        "openrag": "; make one with: ragtriage corpus import-openrag DIR --out corpora/openrag",
    }.get(str(name_or_path), "")
    raise CorpusError(f"no corpus named {str(name_or_path)!r} in {root} (known: {known}){hint}")


def list_corpora(root: Path | None = None) -> list[str]:
    """The names of the corpus folders under ``root``."""
    root = Path(root) if root else default_root()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "corpus.toml").is_file())
