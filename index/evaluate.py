"""Search quality against graded judgments: nDCG@k and Recall@k (pure functions).

Judgments file: a JSON list of {"query": str, "relevant": {title: grade}}, grades
2 (squarely on topic) and 1 (partly relevant), titles matched by `title_key`.
Public collections judge by document id instead (titles repeat there): an entry
that also has "relevant_titles", or "by": "uid", names talks by their `uid`
(e.g. the CACM file: {"relevant": {"cacm-1410": 1}, "relevant_titles": {...}}).
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
    relevant: dict[str, int]  # title_key (or uid) -> grade
    by: str = "title"  # how `relevant` names talks: "title" or "uid"

    def key(self, talk: Any) -> str:
        """The name `relevant` would give this talk."""
        return (talk.uid or "") if self.by == "uid" else title_key(talk.title)


def load_judgments(path: str | Path) -> list[Judged]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(str(path), f"cannot read judgments ({exc})") from exc
    out = []
    for i, item in enumerate(data):
        if not isinstance(item, dict) or "query" not in item or "relevant" not in item:
            raise InputError(str(path), "each entry needs 'query' and 'relevant'", f"entry {i}")
        if item.get("by") == "uid" or "relevant_titles" in item:
            out.append(
                Judged(item["query"], {str(u): int(g) for u, g in item["relevant"].items()}, "uid")
            )
        else:
            out.append(
                Judged(item["query"], {title_key(t): int(g) for t, g in item["relevant"].items()})
            )
    return out


def evaluate(
    kb: Any, judged: Sequence[Judged], modes: Sequence[str], k: int = 10
) -> list[dict[str, Any]]:
    """nDCG@k and Recall@5 per search mode: one row per mode."""
    rows = []
    for mode in modes:
        nd, rc = [], []
        for j in judged:
            ranked = [j.key(h.talk) for h in kb.search(j.query, k, mode=mode)]
            nd.append(ndcg_at(ranked, j.relevant, k))
            rc.append(recall_at(ranked, j.relevant, 5))
        rows.append(
            {
                "mode": mode,
                f"ndcg@{k}": sum(nd) / len(nd),
                "recall@5": sum(rc) / len(rc),
                "queries": len(judged),
            }
        )
    return rows


def dcg(gains: Sequence[float]) -> float:
    return sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(gains))


def ndcg_at(ranked: Sequence[str], relevant: Mapping[str, int], k: int = 10) -> float:
    ideal = dcg(sorted(relevant.values(), reverse=True)[:k])
    if ideal == 0:
        return 0.0
    return dcg([relevant.get(r, 0) for r in ranked[:k]]) / ideal


def recall_at(ranked: Sequence[str], relevant: Mapping[str, int], k: int = 5) -> float:
    if not relevant:
        return 0.0
    return len(set(ranked[:k]) & set(relevant)) / len(relevant)
