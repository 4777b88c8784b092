"""The `talkbase` command: the same operations as the app, for terminals and scripts.

Every command asks `talkbase.service` (which imports the index, and with it duckdb,
faiss and the encoder, only when a command needs it, so `--help` stays fast).
Library errors become one plain sentence on stderr and exit 1.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Sequence
from typing import TextIO, cast

from appviews.models.agenda import spreadsheet_cell
from talkbase import output, serve, service
from talkbase.core import settings
from talkbase.core.errors import BadQuery, InputError, TalkbaseError
from talkbase.core.filters import FILTER_NAMES, Filters
from talkbase.core.version import __version__


def _filters(args: argparse.Namespace) -> Filters:
    return Filters(**{name: getattr(args, name, None) for name in FILTER_NAMES})


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
        mapping=_mapping(args.map),
        conference=args.conference,
        engine=args.engine,
        ray_actors=args.ray_actors,
        ray_batch_size=args.ray_batch_size,
        ray_gpus=args.ray_gpus,
        progress=output.Progress(),
    )
    output.print_report(report, args)
    return 1 if report.failed else 0


def cmd_diff(args: argparse.Namespace) -> int:
    report = service.diff(args.paths, args.home, fmt=args.format, mapping=_mapping(args.map))
    output.print_report(report, args)
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    report = service.remove(args.home, args.documents, args.conference)
    output.print_report(report, args)
    return 0


def _batch_queries(path: str) -> list[str]:
    """The queries of a --batch file, one a line, all checked before any runs:
    a line that is not UTF-8 is an error naming the file and the line."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        raise InputError(path, f"cannot read the query file ({exc.strerror})") from exc
    out = []
    for n, raw in enumerate(data.splitlines(), start=1):
        try:
            out.append(raw.decode("utf-8-sig" if n == 1 else "utf-8").strip())
        except UnicodeDecodeError:
            raise InputError(path, "is not UTF-8 text; save it as UTF-8", f"line {n}") from None
    return out


def cmd_search(args: argparse.Namespace) -> int:
    tb = _open(args)
    filters = _filters(args)
    if args.batch:
        queries = _batch_queries(args.batch)
        for n, query in enumerate(queries, start=1):  # every one checked before any runs
            try:
                service.check_query(query, args.literal)
            except BadQuery as exc:
                raise InputError(args.batch, exc.sentence(), f"line {n}") from None
        for query in queries:
            if query:
                answer = tb.answer(query, args.limit, filters, args.mode, literal=args.literal)
                sys.stdout.write(
                    json.dumps({"query": query, **answer.to_dict()}, ensure_ascii=False) + "\n"
                )
                sys.stdout.flush()
        return 0
    if args.query is None:
        raise TalkbaseError("Give a query, or --batch FILE with one query per line")
    answer = tb.answer(args.query, args.limit, filters, args.mode, literal=args.literal)
    hits = answer.hits
    if args.json:  # a list of results, as before; what was understood goes to stderr
        if answer.understood.label:
            sys.stderr.write(f"understood: {answer.understood.label}\n")
        for note in answer.understood.not_understood:
            sys.stderr.write(note[:1].upper() + note[1:] + ".\n")
        if answer.searched_instead:
            sys.stderr.write(answer.notes()[-1] + "\n")
        json.dump([h.to_dict() for h in hits], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not hits:
        active = ", ".join(f"--{k} {v}" for k, v in filters.active().items())
        if args.mode == "lexical" and tb.allowed(filters) != []:
            sys.stdout.write(
                f"No talk{' with ' + active if active else ''} contains these words; "
                "try --mode hybrid.\n"
            )
        else:
            sys.stdout.write(f"No talks match{' with ' + active if active else ''}.\n")
        return 0
    output.print_answer(answer, sys.stdout, sys.stderr)
    return 0


def cmd_similar(args: argparse.Namespace) -> int:
    tb = _open(args)
    seed = tb.talk(args.talk)
    hits = tb.similar(seed, args.limit, _filters(args))
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
    for n, hit in enumerate(hits, start=1):
        output.print_hit(n, hit, sys.stdout)
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
    hits = tb.recommend(saved, _talk_refs(args.avoid), args.limit, fits=args.fits)
    if args.json:
        json.dump([h.to_dict() for h in hits], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not hits:
        sys.stdout.write("No more talks to recommend for these.\n")
        return 0
    n_saved = len(set(saved))
    sys.stdout.write(f"For you, from {n_saved} saved talk{'s' * (n_saved != 1)}:\n")
    for n, hit in enumerate(hits, start=1):
        output.print_hit(n, hit, sys.stdout)
        output.print_reason(hit, sys.stdout)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    t = _open(args).talk(args.talk)
    if args.json:
        json.dump(t.to_dict(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    w = sys.stdout.write
    w(f"{t.title}  [id {t.id}]\n")
    w(
        f"  speakers: {output.speakers(t) or '-'}\n  when: {output.when(t)}\n  room: {t.room or '-'}\n"
    )
    w(f"  track: {t.track or '-'}\n  format: {t.format or '-'}\n  conference: {t.conference}\n")
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
    for tr in stats["tracks"]:
        w(f"  {tr['talks']:3d}  {tr['track']}\n")
    return 0


EXPORT_COLUMNS = (
    "id",
    "title",
    "speakers",
    "day",
    "start",
    "end",
    "timezone",
    "room",
    "track",
    "format",
    "conference",
    "abstract",
    "notes",
    "abstract_only",
    "sources",
    "conflicts",
)


def cmd_export(args: argparse.Namespace) -> int:
    talks = sorted(
        _open(args).talks.values(), key=lambda t: (t.start is None, t.start or 0, t.title)
    )
    try:
        out = open(args.output, "w", encoding="utf-8", newline="") if args.output else sys.stdout
    except OSError as exc:
        raise InputError(args.output, f"cannot write the file ({exc.strerror})") from exc
    try:
        if args.format == "jsonl":
            for t in talks:
                out.write(json.dumps(t.to_dict(), ensure_ascii=False) + "\n")
        else:
            writer = csv.DictWriter(out, fieldnames=EXPORT_COLUMNS, extrasaction="ignore")
            writer.writeheader()
            for t in talks:
                row = t.to_dict()
                row["speakers"] = "; ".join(
                    f"{s['name']} ({s['affiliation']})" if s["affiliation"] else s["name"]
                    for s in row["speakers"]
                )
                row["notes"] = json.dumps(row["notes"], ensure_ascii=False)
                row["sources"] = "; ".join(
                    f"{s['document']}:{s['location']}" for s in row["sources"]
                )
                row["conflicts"] = json.dumps(row["conflicts"], ensure_ascii=False)
                writer.writerow(
                    {k: spreadsheet_cell(v) if isinstance(v, str) else v for k, v in row.items()}
                )
    finally:
        if args.output:
            out.close()
    if args.output:  # say what was written where (stdout itself carries the data otherwise)
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


def _add_filters(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("filters (applied before ranking)")
    g.add_argument("--day", help="date (2026-10-20) or weekday (Tue)")
    g.add_argument("--after", help="starting at or after HH:MM")
    g.add_argument("--before", help="ending at or before HH:MM")
    g.add_argument("--track", help="track name contains this")
    g.add_argument("--speaker", help="a speaker's name contains this")
    g.add_argument("--org", help="a speaker's organization contains this")
    g.add_argument("--room", help="room name contains this")
    g.add_argument("--conference", help="conference name contains this")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="talkbase", description="A searchable knowledge base of conference talks."
    )
    p.add_argument("--version", action="version", version=f"talkbase {__version__}")
    p.add_argument(
        "--home",
        help=f"knowledge base folder (env TALKBASE_HOME; default {settings.SETTINGS['home'].default})",
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("ingest", help="read program documents into the knowledge base")
    s.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    s.add_argument("--format", help="skip detection and read every file in this format")
    s.add_argument(
        "--rebuild",
        action="store_true",
        help="embed every text again (needed after changing TALKBASE_MODEL)",
    )
    s.add_argument(
        "--replace",
        action="store_true",
        help="keep only the documents given now, forgetting the others",
    )
    s.add_argument(
        "--map",
        action="append",
        metavar="FIELD=COLUMN",
        help="for tables: which column holds a field, e.g. --map title='Paper Name'",
    )
    s.add_argument(
        "--conference",
        metavar="NAME",
        help="the conference these files are the program of (over the name a file "
        "gives, or its file name)",
    )
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument(
        "--engine",
        choices=service.ENGINES,
        default="local",
        help="embed in this process (local) or on Ray workers (ray: a local Ray, "
        "or the cluster named by RAY_ADDRESS; needs the [ray] extra)",
    )
    s.add_argument(
        "--ray-actors",
        type=int,
        metavar="N",
        help="Ray workers that each load the encoder (default: one per CPU)",
    )
    s.add_argument(
        "--ray-batch-size",
        type=int,
        default=64,
        metavar="N",
        help="texts one Ray worker embeds at a time (default 64, as the local "
        "engine: the same batches give the same vectors)",
    )
    s.add_argument(
        "--ray-gpus",
        type=float,
        default=0.0,
        metavar="G",
        help="GPUs each Ray worker takes (default 0: CPU only)",
    )
    s.set_defaults(func=cmd_ingest)

    s = sub.add_parser("diff", help="what ingesting these files would change (writes nothing)")
    s.add_argument("paths", nargs="+", metavar="PATH")
    s.add_argument("--format", help="skip detection and read every file in this format")
    s.add_argument("--map", action="append", metavar="FIELD=COLUMN", help="as for ingest")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_diff)

    s = sub.add_parser("remove", help="remove documents or a whole conference")
    s.add_argument("documents", nargs="*", metavar="DOCUMENT", help="document file names")
    s.add_argument("--conference", help="remove every talk of this conference")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_remove)

    s = sub.add_parser("search", help="hybrid search: words and meaning")
    s.add_argument("query", nargs="?", help="what you are looking for, in plain words")
    s.add_argument("--limit", "-n", type=int, default=10, help="how many results (default 10)")
    s.add_argument("--mode", choices=service.MODES, default="hybrid")
    s.add_argument("--json", action="store_true", help="print results as JSON")
    s.add_argument(
        "--batch",
        metavar="FILE",
        help="one query per line ('-' for stdin); writes one JSON line per query",
    )
    s.add_argument(
        "--literal",
        action="store_true",
        help="take the query as typed: do not read days, times, rooms, people or "
        "organisations out of it",
    )
    _add_filters(s)
    s.set_defaults(func=cmd_search)

    s = sub.add_parser("similar", help="talks like a given one (never itself)")
    s.add_argument("talk", help="talk id or title (a unique prefix or close match is fine)")
    s.add_argument("--limit", "-n", type=int, default=5)
    s.add_argument("--json", action="store_true")
    _add_filters(s)
    s.set_defaults(func=cmd_similar)

    s = sub.add_parser(
        "recommend", help="more talks for an agenda: each interest, none saved or hidden"
    )
    s.add_argument(
        "--saved", action="append", metavar="ID,ID,...", help="saved talks (ids or titles)"
    )
    s.add_argument(
        "--avoid", action="append", metavar="ID,ID,...", help="hidden talks: push their like down"
    )
    s.add_argument("--fits", action="store_true", help="only talks that clash with no saved one")
    s.add_argument("--limit", "-n", type=int, default=10)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_recommend)

    s = sub.add_parser("show", help="everything about one talk")
    s.add_argument("talk", help="talk id or title")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_show)

    s = sub.add_parser("stats", help="what the knowledge base holds")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_stats)

    s = sub.add_parser("export", help="every talk with all its fields")
    s.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    s.add_argument("--output", "-o", help="file to write (default: stdout)")
    s.set_defaults(func=cmd_export)

    s = sub.add_parser("eval", help="score search modes against graded judgments")
    s.add_argument(
        "judgments",
        help="JSON file like tests/data/dev_queries.json (talks named by "
        "title), or one naming them by id like ../shared/collections/cacm_queries.json",
    )
    s.add_argument(
        "--modes",
        nargs="+",
        default=["lexical", "dense", "hybrid"],
        choices=service.MODES,
    )
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_eval)

    s = sub.add_parser("check", help="verify every file of the knowledge base; say how to recover")
    s.add_argument(
        "--repair",
        action="store_true",
        help="recover: rebuild from the stored documents, or go back to the previous build",
    )
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_check)

    s = sub.add_parser("settings", help="list settings, their environment variables and values")
    s.set_defaults(func=cmd_settings)

    s = sub.add_parser("app", help="start the web app (Streamlit) on localhost")
    serve.add_arguments(s)
    s.set_defaults(func=serve.cmd_app)
    return p


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
            return int(args.func(args) or 0)
        except TalkbaseError as exc:
            sys.stderr.write(f"talkbase: {exc.sentence()}\n")
            return 1
        except BrokenPipeError:
            return 0
    finally:
        sys.stdout, sys.stderr = out, err


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
