"""How talkbase looks in a terminal: result lines, ingest reports, progress bars."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

SHOWN = 10  # changes listed per kind in a terminal report


def when(t: Any) -> str:
    if not t.start:
        return "time not given"
    return f"{t.start:%a %Y-%m-%d %H:%M}–{t.end:%H:%M}" if t.end else f"{t.start:%a %Y-%m-%d %H:%M}"


def speakers(t: Any) -> str:
    return ", ".join(s.label for s in t.speakers)


def print_hit(n: int, hit: Any, out: TextIO) -> None:
    t = hit.talk
    out.write(f"{n:2d}. {t.title}  [id {t.id}]\n")
    place = " · ".join(x for x in (speakers(t), when(t), t.room, t.track) if x)
    out.write(f"    {place}\n")
    why = hit.why
    bits = []
    if why.matched_terms:
        bits.append("matched " + ", ".join(why.matched_terms))
    ranks = []
    if why.lexical_rank:
        ranks.append(f"words #{why.lexical_rank}")
    if why.dense_rank:
        ranks.append(f"meaning #{why.dense_rank}")
    if ranks:
        bits.append("(" + ", ".join(ranks) + ")")
    if why.best_sentence:
        sentence = why.best_sentence if len(why.best_sentence) < 160 else why.best_sentence[:157] + "..."
        bits.append(f'"{sentence}"')
    if bits:
        out.write("    why: " + " ".join(bits) + "\n")


class Progress:
    """A progress bar on stderr (only on a terminal): files parsed, texts embedded, time left."""

    def __init__(self) -> None:
        self.bars: dict[str, Any] = {}
        self.enabled = sys.stderr.isatty()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        from tqdm import tqdm

        bar = self.bars.get(stage)
        if bar is None:
            unit = "files" if stage == "parse" else "texts"
            label = "parsing" if stage == "parse" else "embedding"
            bar = self.bars[stage] = tqdm(total=total, desc=label, unit=f" {unit}", leave=False)
        bar.update(done - bar.n)
        if done >= total:
            bar.close()


def print_changes(changes: Any, out: TextIO) -> None:
    labels = {"added": "added", "removed": "removed", "retimed": "retimed", "moved": "moved",
              "redescribed": "re-described", "respeakered": "new speakers"}
    for kind, label in labels.items():
        items = getattr(changes, kind)
        if items:
            out.write(f"{label} ({len(items)}):\n")
            for c in items[:SHOWN]:
                out.write(f"  {c.title}  [id {c.id}]{'  ' + c.detail if c.detail else ''}\n")
            if len(items) > SHOWN:
                out.write(f"  ... and {len(items) - SHOWN} more (--json lists them all)\n")


def report_json(report: Any) -> dict[str, Any]:
    return {
        "home": report.home, "talks": report.talks, "merged": report.merged,
        "conflicts": report.conflicts, "embedded": report.embedded, "reused": report.reused,
        "seconds": round(report.seconds, 3), "written": report.written,
        "documents": [{"name": d.name, "format": d.format, "talks": len(d.talks),
                       "warnings": list(d.warnings)} for d in report.documents],
        "removed_documents": report.removed_documents,
        "failed": [e.sentence() for e in report.failed],
        "changes": report.changes.to_dict(),
    }


def print_report(report: Any, args: argparse.Namespace) -> None:
    out = sys.stdout
    if args.json:
        json.dump(report_json(report), out, indent=2)
        out.write("\n")
        return
    for d in report.documents:
        out.write(f"{d.name}: {len(d.talks)} talks ({d.format})\n")
    for name in report.removed_documents:
        out.write(f"{name}: removed\n")
    for w in report.warnings:
        out.write(f"  warning: {w}\n")
    for e in report.failed:
        out.write(f"  skipped: {e.sentence()}\n")
    print_changes(report.changes, out)
    if report.written:
        out.write(
            f"knowledge base: {report.talks} talks, {report.merged} seen in several documents "
            f"and merged, {report.conflicts} conflicts kept; {report.embedded} texts embedded, "
            f"{report.reused} reused; {report.seconds:.1f}s -> {report.home}\n"
        )
    elif report.changes.empty:
        out.write("no changes\n")
