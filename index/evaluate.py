"""Search quality against graded judgments: nDCG@k and Recall@k (pure functions).

Three judgment formats, told apart per entry:

- by title: {"query": str, "relevant": {title: grade}}, grades 2 (squarely on topic)
  and 1 (partly relevant), titles matched by `title_key`;
- by id: an entry that also has "relevant_titles", or "by": "uid", names talks by
  their `uid` (public collections, where titles repeat; e.g. the CACM file);
- by slot: "relevant" is a list of {"title", "day", "start", "grade"} (the FOSDEM
  attendee queries): a talk is named by its title key, day (YYYY-MM-DD) and start
  (HH:MM, local), since titles repeat within one program.

An entry may carry a "kind" (topical, constraint, person, vague, typo...):
`evaluate` then also scores each kind apart.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.text import title_key
from talkbase.core.errors import InputError


@dataclass(frozen=True)
class Judged:
    query: str
    relevant: dict[str, int]  # title_key (or uid, or slot) -> grade
    by: str = "title"  # how `relevant` names talks: "title", "uid" or "slot"
    kind: str = ""

    def key(self, talk: Any) -> str:
        """The name `relevant` would give this talk."""
        if self.by == "uid":
            return talk.uid or ""
        if self.by == "slot":
            return slot_key(
                talk.title,
                talk.start.date().isoformat() if talk.start else "",
                talk.start.strftime("%H:%M") if talk.start else "",
            )
        return title_key(talk.title)


def slot_key(title: str, day: str, start: str) -> str:
    return f"{title_key(title)}|{day}|{start}"


def _entry(item: dict[str, Any]) -> Judged:
    kind = str(item.get("kind") or "")
    rel = item["relevant"]
    if isinstance(rel, list):
        return Judged(
            item["query"],
            {
                slot_key(r["title"], r.get("day") or "", r.get("start") or ""): int(r["grade"])
                for r in rel
            },
            "slot",
            kind,
        )
    if item.get("by") == "uid" or "relevant_titles" in item:
        return Judged(item["query"], {str(u): int(g) for u, g in rel.items()}, "uid", kind)
    return Judged(item["query"], {title_key(t): int(g) for t, g in rel.items()}, "title", kind)


def load_judgments(path: str | Path) -> list[Judged]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(str(path), f"cannot read judgments ({exc})") from exc
    out = []
    for i, item in enumerate(data):
        if not isinstance(item, dict) or "query" not in item or "relevant" not in item:
            raise InputError(str(path), "each entry needs 'query' and 'relevant'", f"entry {i}")
        try:
            out.append(_entry(item))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InputError(str(path), f"cannot read a judgment ({exc})", f"entry {i}") from exc
    return out


def per_query(kb: Any, judged: Sequence[Judged], mode: str, k: int = 10) -> list[dict[str, Any]]:
    """One row per query: its kind, nDCG@k and Recall@5 (grade-2 talks) in `mode`."""
    rows = []
    for j in judged:
        ranked = [j.key(h.talk) for h in kb.search(j.query, k, mode=mode)]
        rows.append(
            {
                "query": j.query,
                "kind": j.kind,
                f"ndcg@{k}": ndcg_at(ranked, j.relevant, k),
                "recall@5": recall_at(ranked, j.relevant, 5, graded=True),
            }
        )
    return rows


def evaluate(
    kb: Any, judged: Sequence[Judged], modes: Sequence[str], k: int = 10
) -> list[dict[str, Any]]:
    """nDCG@k and Recall@5 per search mode: one row per mode, with "kinds": the
    same two means for each kind the judgments name (empty when they name none)."""
    rows = []
    for mode in modes:
        each = per_query(kb, judged, mode, k)
        row = _means(each, k)
        row["mode"] = mode
        kinds = sorted({r["kind"] for r in each if r["kind"]})
        row["kinds"] = {kd: _means([r for r in each if r["kind"] == kd], k) for kd in kinds}
        rows.append({"mode": mode, **{key: v for key, v in row.items() if key != "mode"}})
    return rows


def _means(rows: Sequence[dict[str, Any]], k: int) -> dict[str, Any]:
    n = max(len(rows), 1)
    return {
        f"ndcg@{k}": sum(r[f"ndcg@{k}"] for r in rows) / n,
        "recall@5": sum(r["recall@5"] for r in rows) / n,
        "queries": len(rows),
    }


def dcg(gains: Sequence[float]) -> float:
    return sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(gains))


def ndcg_at(ranked: Sequence[str], relevant: Mapping[str, int], k: int = 10) -> float:
    ideal = dcg(sorted(relevant.values(), reverse=True)[:k])
    if ideal == 0:
        return 0.0
    return dcg([relevant.get(r, 0) for r in ranked[:k]]) / ideal


def recall_at(
    ranked: Sequence[str], relevant: Mapping[str, int], k: int = 5, graded: bool = False
) -> float:
    """Share of the relevant talks in the first `k`; `graded`: of the grade-2 talks
    when the judgments give any grade 2 (else of all listed)."""
    if not relevant:
        return 0.0
    wanted = ({r for r, g in relevant.items() if g >= 2} if graded else set()) or set(relevant)
    return len(set(ranked[:k]) & wanted) / len(wanted)
