"""The `talkbase` command: the same operations as the app, for terminals and scripts.

Every command asks `talkbase.service` (which imports the index, and with it duckdb,
faiss and the encoder, only when a command needs it, so `--help` stays fast).
Library errors become one plain sentence on stderr and exit 1.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO, cast

from talkbase import cliargs, output, serve, service
from talkbase.core import settings, timetable
from talkbase.core.errors import BadQuery, InputError, TalkbaseError
from talkbase.core.exportcsv import EXPORT_COLUMNS, speakers_cell
from talkbase.core.filters import FILTER_NAMES, Filters
from talkbase.core.present import spreadsheet_cell
from talkbase.core.records import Talk

# the filters an option may be given several times for, a talk passing by any one
# value (`--room "Room 2" --room "Room 3"`: the query's "in room 2 or room 3")
REPEATED = ("room",)


def _filters(args: argparse.Namespace) -> Filters:
    """The filters given once (a repeated option given once is that filter)."""
    said = {name: getattr(args, name, None) for name in FILTER_NAMES}
    for name in REPEATED:
        values = _listed(args, name)
        said[name] = values[0] if len(values) == 1 else None
    return Filters(**said)


def _any_of(args: argparse.Namespace) -> dict[str, list[str]]:
    """The repeated options given more than once: a talk passing by any one value."""
    return {name: values for name in REPEATED if len(values := _listed(args, name)) > 1}


def _listed(args: argparse.Namespace, name: str) -> list[str]:
    values = getattr(args, name, None) or []
    return list(dict.fromkeys([values] if isinstance(values, str) else values))


def _open(args: argparse.Namespace) -> service.Service:
    """The knowledge base of --home, opened now (a missing one is the first error)."""
    return service.Service(args.home).open()


def _mapping(pairs: list[str] | None) -> dict[str, str] | None:
    """--map title="Paper Name" --map speakers=Authors -> {"title": "Paper Name", ...}"""
    if not pairs:
        return None
    out = {}
    for pair in pairs:
        field, sep, column = pair.partition("=")
        if not sep or not field.strip() or not column.strip():
            raise TalkbaseError(f"--map wants FIELD=COLUMN, like title='Paper Name', not {pair!r}")
        out[field.strip()] = column.strip()
    return out


def cmd_ingest(args: argparse.Namespace) -> int:
    report = service.ingest(
        args.paths,
        args.home,
        fmt=args.format,
        rebuild=args.rebuild,
        replace=args.replace,
        shrink=args.shrink,
        mapping=_mapping(args.map),
        conference=args.conference,
        engine=args.engine,
        ray_actors=args.ray_actors,
        ray_batch_size=args.ray_batch_size,
        ray_gpus=args.ray_gpus,
        progress=output.Progress(),
        waiting=output.waiting(args.home),
    )
    output.print_report(report, args)
    if report.failed and report.documents and not args.json:  # a partial ingest: said whole
        sys.stderr.write(output.partial(report) + "\n")
    return 1 if report.failed else 0


def cmd_diff(args: argparse.Namespace) -> int:
    report = service.diff(
        args.paths,
        args.home,
        fmt=args.format,
        mapping=_mapping(args.map),
        conference=args.conference,
        shrink=args.shrink,
    )
    output.print_report(report, args)
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    report = service.remove(
        args.home, args.documents, args.conference, waiting=output.waiting(args.home)
    )
    output.print_report(report, args)
    return 0


def _batch_lines(path: str) -> list[str | None]:
    """The lines of a --batch file, one query a line; a line that is not UTF-8 is
    None (answered with an error line of its own, never the whole batch refused)."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        raise InputError(path, f"cannot read the query file ({exc.strerror})") from exc
    out: list[str | None] = []
    for n, raw in enumerate(data.splitlines(), start=1):
        try:
            out.append(raw.decode("utf-8-sig" if n == 1 else "utf-8").strip())
        except UnicodeDecodeError:
            out.append(None)
    return out


def _batch(tb: service.Service, args: argparse.Namespace, filters: Filters) -> int:
    """One JSON line per query line, in order: its answer, or (for a line no search can
    run) `{"line": N, "query": ..., "error": "..."}`; blank lines are skipped. Exit 1
    when some line failed, after every other line was answered."""
    failed = 0
    for n, line_text in enumerate(_batch_lines(args.batch), start=1):
        if line_text == "":
            continue
        # echoed as read: an over-long line as far as a search reads it (`cut_from`)
        query = service.read_query(line_text) if line_text is not None else None
        try:
            if line_text is None:
                raise BadQuery("the line is not UTF-8 text; save the file as UTF-8")
            answer = tb.answer(
                line_text, args.limit, filters, args.mode, args.literal, _any_of(args)
            )
            line: dict[str, object] = {"line": n, "query": query, **answer.to_dict()}
        except TalkbaseError as exc:
            failed += 1
            line = {"line": n, "query": query, "error": exc.sentence()}
            sys.stderr.write(f"talkbase: {args.batch}, line {n}: {exc.sentence()}\n")
        sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    if failed:
        sys.stderr.write(f"talkbase: {failed} of the lines in {args.batch} could not be searched\n")
    return 1 if failed else 0


def cmd_search(args: argparse.Namespace) -> int:
    tb = _open(args)
    filters = _filters(args)
    if args.batch:
        return _batch(tb, args, filters)
    if args.query is None:
        raise TalkbaseError("Give a query, or --batch FILE with one query per line")
    answer = tb.answer(args.query, args.limit, filters, args.mode, args.literal, _any_of(args))
    hits = answer.hits
    if args.json:  # a list of results, as before; what was understood goes to stderr
        if answer.understood.label:
            sys.stderr.write(f"understood: {answer.understood.label}\n")
        if answer.relaxed:  # which limits were dropped ("showing results without Sunday")
            sys.stderr.write(answer.notes()[0] + "\n")
        for note in answer.understood.not_understood:
            sys.stderr.write(note[:1].upper() + note[1:] + ".\n")
        if answer.newcomers_note:
            sys.stderr.write(answer.newcomers_note + "\n")
        if answer.cut_note:
            sys.stderr.write(answer.cut_note + "\n")
        for note in answer.unheld_notes(STATS_LISTS):  # a filter no talk holds at all
            sys.stderr.write(note + "\n")
        for note in answer.none_left_out_notes:  # "not X" where no talk is X
            sys.stderr.write(note + "\n")
        if answer.searched_instead:
            sys.stderr.write(answer.notes()[-1] + "\n")
        json.dump([h.to_dict() for h in hits], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not hits:
        given = [
            *filters.active().items(),
            *((k, v) for k, vs in _any_of(args).items() for v in vs),
        ]
        active = ", ".join(f"--{k.replace('_', '-')} {v}" for k, v in given)
        if args.mode == "lexical" and tb.allowed(filters) != []:
            sys.stdout.write(
                f"No talk{' with ' + active if active else ''} contains these words; "
                "try --mode hybrid.\n"
            )
        else:
            sys.stdout.write(f"No talks match{' with ' + active if active else ''}.\n")
            for note in answer.unheld_notes(STATS_LISTS):  # (a value no talk holds at all)
                sys.stdout.write(note + "\n")
        return 0
    output.print_answer(answer, sys.stdout, sys.stderr, output.Naming.of(tb))
    return 0


# the filters whose values `talkbase stats` lists, as an empty result's note says
STATS_LISTS = {name: "'talkbase stats' lists them" for name in ("room", "track")}


def cmd_similar(args: argparse.Namespace) -> int:
    tb = _open(args)
    seed = tb.talk(args.talk)
    hits = tb.similar(seed, args.limit, _filters(args), any_of=_any_of(args))
    if args.json:
        json.dump(
            {"talk": seed.to_dict(), "results": [h.to_dict() for h in hits]},
            sys.stdout,
            ensure_ascii=False,
            indent=2,
        )
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(f"Talks like: {seed.title}  [id {seed.id}]\n")
    naming = output.Naming.of(tb)
    for n, hit in enumerate(hits, start=1):
        output.print_hit(n, hit, sys.stdout, naming)
    return 0


def _talk_refs(values: list[str] | None) -> list[str]:
    """--saved A,B --saved C -> ["A", "B", "C"] (ids or titles; a title holding a
    comma is given by its id)."""
    return [part.strip() for value in values or () for part in value.split(",") if part.strip()]


def cmd_recommend(args: argparse.Namespace) -> int:
    saved = _talk_refs(args.saved)
    if not saved:
        raise TalkbaseError("Name the saved talks: --saved ID,ID,... (ids or titles)")
    tb = _open(args)
    avoid = _talk_refs(args.avoid)
    hits = tb.recommend(saved, avoid, args.limit, fits=args.fits)
    gone = tb.not_held([*saved, *avoid])  # (ids of a saved agenda no longer in the program)
    if gone:
        sys.stderr.write(service.not_held_note(gone) + "\n")
    if args.json:
        json.dump([h.to_dict() for h in hits], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not hits:
        sys.stdout.write("No more talks to recommend for these.\n")
        return 0
    n_saved = len(set(saved) - set(gone))
    sys.stdout.write(f"For you, from {n_saved} saved talk{'s' * (n_saved != 1)}:\n")
    naming = output.Naming.of(tb)
    for n, hit in enumerate(hits, start=1):
        output.print_hit(n, hit, sys.stdout, naming)
        output.print_reason(hit, sys.stdout)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    tb = _open(args)
    t = tb.talk(args.talk)
    if args.json:
        json.dump(
            {**t.to_dict(), "cancelled": t.cancelled}, sys.stdout, ensure_ascii=False, indent=2
        )
        sys.stdout.write("\n")
        return 0
    w = sys.stdout.write
    w(f"{t.title}  [id {t.id}]\n")
    if t.cancelled:
        w(f"  {output.CANCELLED} the program says this talk will not take place\n")
    w(
        f"  speakers: {output.speakers(t) or '-'}\n  when: {output.when(t, output.Naming(tb.nights))}\n  room: {t.room or '-'}\n"
    )
    w(f"  track: {t.track or '-'}\n  format: {t.format or '-'}\n")
    if language := output.language_name(t.language):
        w(f"  language: {language}\n")
    w(f"  conference: {t.conference}\n")
    w(f"\n{t.abstract}\n")
    for label, text in t.notes:
        w(f"\n{label}: {text}\n")
    if t.abstract_only:
        w("\n(The digest's notes were written from the abstract only.)\n")
    w(
        "\nsources: "
        + "; ".join(f"{s.document} ({s.parser}, {s.location})" for s in t.sources)
        + "\n"
    )
    for c in t.conflicts:
        w(f"conflict in {c.field}:\n")
        for doc, value in c.values:
            w(f"  {doc}: {value}\n")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    stats = _open(args).stats()
    if args.json:
        json.dump(stats, sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
        return 0
    w = sys.stdout.write
    w(
        f"{stats['talks']} talks, {stats['speakers']} speakers, {stats['merged']} merged from "
        f"several documents, {stats['conflicts']} conflicts\n"
    )
    w(f"model {stats['model']} ({stats['dimension']} dims), built {stats['built_at']}\n")
    w(f"home {stats['home']}\n\ndocuments:\n")
    for d in stats["documents"]:
        w(f"  {d['name']}: {d['talks']} talks ({d['format']})\n")
    w("days: " + ", ".join(stats["days"]) + "\n")
    w("rooms: " + ", ".join(stats["rooms"]) + "\n\ntracks:\n")
    # under each conference where there are several (two may each have a "Systems")
    conferences = sorted({tr["conference"] or "" for tr in stats["tracks"]})
    grouped = len(conferences) > 1
    for conference in conferences:
        if grouped:
            w(f"  {conference or '(no conference)'}:\n")
        for tr in stats["tracks"]:
            if (tr["conference"] or "") == conference:
                w(f"{'    ' if grouped else '  '}{tr['talks']:3d}  {tr['track']}\n")
    return 0


def _export_target(output: str, home: str | None) -> Path:
    """Where an export may be written: a new or regular file outside the knowledge
    base's folder (never a FIFO, a device, a folder, nor the base's own files)."""
    path = Path(output)
    base = Path(home or settings.home()).expanduser().resolve()
    where = path.expanduser().resolve()
    if where == base or base in where.parents:
        raise InputError(output, "is inside the knowledge base's folder; export somewhere else")
    if where.exists() and not where.is_file():
        raise InputError(output, "is not a regular file (a folder, a device or a pipe)")
    if not where.parent.is_dir():
        raise InputError(output, f"cannot write the file: the folder {where.parent} does not exist")
    return where


def _exported(talk: Talk) -> dict[str, Any]:
    """A talk as export writes it: its record, and whether it is cancelled (as search
    --json says it)."""
    return {**talk.to_dict(), "cancelled": talk.cancelled}


def _write_talks(out: TextIO, talks: Sequence[Talk], fmt: str) -> None:
    if fmt == "jsonl":
        for t in talks:
            out.write(json.dumps(_exported(t), ensure_ascii=False) + "\n")
        return
    writer = csv.DictWriter(out, fieldnames=EXPORT_COLUMNS, extrasaction="ignore")
    writer.writeheader()
    for t in talks:
        row = _exported(t)
        # `day` and `start` give the talk's date and time, as a spreadsheet (and ingest)
        # reads them; the program's day, where it lists a talk after midnight under the
        # day before, is its own column (what ingest reads back)
        row["day"] = row["date"]
        row["program_day"] = t.day if t.day != t.calendar_day else None
        row["speakers"] = speakers_cell(t.speakers)  # (ingest reads it back: `cell_speakers`)
        row["notes"] = json.dumps(row["notes"], ensure_ascii=False)
        row["sources"] = "; ".join(f"{s['document']}:{s['location']}" for s in row["sources"])
        row["conflicts"] = json.dumps(row["conflicts"], ensure_ascii=False)
        row["links"] = json.dumps(row["links"], ensure_ascii=False)  # (read back: `_links`)
        writer.writerow(
            {k: spreadsheet_cell(v) if isinstance(v, str) else v for k, v in row.items()}
        )


def cmd_export(args: argparse.Namespace) -> int:
    if args.format == "site":
        if not args.output:
            raise TalkbaseError("--format site needs -o FOLDER: the folder to write the site into")
        if args.output == "-":  # ("-" is standard output, Unix's way: a site is a folder)
            raise TalkbaseError(
                "--format site writes a folder of files, not standard output: name the "
                "folder with -o FOLDER"
            )
        report = _open(args).export_site(args.output)
        meaning = (
            f"by words and by meaning ({report.model_bytes / 1e6:.0f} MB of model loads "
            "after the first search works)"
            if report.meaning
            else "by words only (the base was not built with the ONNX model)"
        )
        sys.stderr.write(
            f"Wrote the site of {report.talks} talks to {report.out}: it searches {meaning}; "
            f"the first visit loads {report.first_visit_bytes / 1e6:.2f} MB. Serve the folder "
            "from any static host.\n"
        )
        return 0
    talks = sorted(_open(args).talks.values(), key=timetable.program_order)
    if not args.output or args.output == "-":  # ("-": standard output, as Unix tools say)
        _write_talks(sys.stdout, talks, args.format)
        return 0
    target = _export_target(args.output, args.home)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:  # whole or not at all: a full disk leaves no half file, and nothing it replaced lost
        with open(tmp, "w", encoding="utf-8", newline="") as out:
            _write_talks(out, talks, args.format)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):  # (a read-only file system made none)
            tmp.unlink(missing_ok=True)
        raise InputError(args.output, f"cannot write the file ({exc.strerror})") from exc
    sys.stderr.write(
        f"Wrote {len(talks)} talk{'s' * (len(talks) != 1)} ({args.format}) to {args.output}\n"
    )
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    rows = _open(args).evaluate(args.judgments, args.modes)
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(f"{'mode':8s} {'kind':10s} {'nDCG@10':>8s} {'Recall@5':>9s}  queries\n")
        for r in rows:
            each = [("all", r), *r.get("kinds", {}).items()]
            for kind, m in each:
                sys.stdout.write(
                    f"{r['mode']:8s} {kind:10s} {m['ndcg@10']:8.3f} {m['recall@5']:9.3f}"
                    f"  {m['queries']}\n"
                )
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    report = service.repair(args.home) if args.repair else service.check(args.home)
    if args.json:
        json.dump(report.to_dict(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0 if report.ok else 1
    if report.repaired:
        sys.stdout.write(f"Repaired: {report.repaired}.\n")
    for problem in report.problems:
        sys.stdout.write(f"damaged: {problem}\n")
    for b in report.builds:
        state = "whole" if b.whole else "; ".join(b.problems)
        sys.stdout.write(
            f"  build {b.name}{' (in use)' if b.name == report.current else ''}: {state}\n"
        )
    sys.stdout.write(report.advice + "\n")
    return 0 if report.ok else 1


def cmd_settings(args: argparse.Namespace) -> int:
    for _name, s in settings.SETTINGS.items():
        sys.stdout.write(f"{s.env} = {s.value()}\n    {s.help}\n")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "ingest": cmd_ingest,
    "diff": cmd_diff,
    "remove": cmd_remove,
    "search": cmd_search,
    "similar": cmd_similar,
    "recommend": cmd_recommend,
    "show": cmd_show,
    "stats": cmd_stats,
    "export": cmd_export,
    "eval": cmd_eval,
    "check": cmd_check,
    "settings": cmd_settings,
    "app": serve.cmd_app,
}


def parser() -> argparse.ArgumentParser:
    return cliargs.parser()


def _writes_json(args: argparse.Namespace) -> bool:
    """Whether the command's stdout is JSON (its text is then escaped, not stripped)."""
    if args.command == "export":
        return bool(args.format == "jsonl")
    return bool(getattr(args, "json", False) or getattr(args, "batch", None))


def main(argv: Sequence[str] | None = None) -> int:
    # Program text may hold terminal control sequences: whatever this command
    # prints goes through output.clean (JSON through output.clean_json).
    out, err = sys.stdout, sys.stderr
    terminal = output.Terminal(out)
    sys.stdout, sys.stderr = cast(TextIO, terminal), cast(TextIO, output.Terminal(err))
    try:
        args = parser().parse_args(argv)
        terminal.json = _writes_json(args)
        try:
            return int(COMMANDS[args.command](args) or 0)
        except TalkbaseError as exc:
            sys.stderr.write(f"talkbase: {exc.sentence()}\n")
            return 1
        except BrokenPipeError:
            return 0
        except KeyboardInterrupt:  # every write is whole or not at all (docs/design.md)
            sys.stderr.write(
                "talkbase: interrupted; what it was writing is either whole or not there "
                "(`talkbase check` says what the base holds)\n"
            )
            return 130
    finally:
        sys.stdout, sys.stderr = out, err


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
