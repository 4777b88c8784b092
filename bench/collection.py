"""The public CACM collection (../shared/collections) as a talkbase program.

`program(n, folder)` writes the first `n` documents as a JSON-lines program
(uid, title, authors as speakers, abstract; one conference "CACM"), and
`queries()` gives the judged queries (judged by uid, which `talkbase eval` reads).
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" if (ROOT.parent / "shared").is_dir() else Path("/work/shared")
CACM = SHARED / "collections" / "cacm.jsonl"
CACM_QUERIES = SHARED / "collections" / "cacm_queries.json"


def documents(n: int | None = None) -> list[dict]:
    with CACM.open(encoding="utf-8") as fh:
        docs = [json.loads(line) for line in fh if line.strip()]
    return docs[:n] if n else docs


def program(n: int | None, folder: Path) -> Path:
    """The first `n` CACM documents as `folder/cacm.jsonl`, in talkbase's table format."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "cacm.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for d in documents(n):
            out.write(
                json.dumps(
                    {
                        "uid": d["UID"],
                        "title": d["title"],
                        "abstract": d.get("abstract", ""),
                        "authors": d.get("authors", ""),
                        "conference": "CACM",
                    },
                    ensure_ascii=False,
                )
                + "\n"
            )
    return path


def text(d: dict) -> str:
    """What a generic engine (txtai) indexes for one document."""
    authors = (d.get("authors") or "").replace("|", "; ")
    return f"{d['title']}\n{authors}\n{d.get('abstract', '')}".strip()


def queries(n_docs: int | None = None) -> list[dict]:
    """The judged queries; with `n_docs`, judgments restricted to those documents
    and queries left with none dropped."""
    data = json.loads(CACM_QUERIES.read_text(encoding="utf-8"))
    if not n_docs:
        return data
    keep = {d["UID"] for d in documents(n_docs)}
    out = []
    for q in data:
        rel = {u: g for u, g in q["relevant"].items() if u in keep}
        if rel:
            out.append({"query": q["query"], "relevant": rel, "by": "uid"})
    return out
