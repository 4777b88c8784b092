"""The `talkbase` command's arguments: every command, its options and their help.

`talkbase.cli` runs them (its COMMANDS maps each command name to a function);
this module only describes them, so `--help` needs no library import.
"""

from __future__ import annotations

import argparse

from talkbase import serve, service
from talkbase.core import settings
from talkbase.core.version import __version__


def _add_filters(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("filters (applied before ranking)")
    g.add_argument("--day", help="date (2026-10-20) or weekday (Tue)")
    g.add_argument("--after", help="starting at or after HH:MM")
    g.add_argument("--before", help="ending at or before HH:MM")
    g.add_argument("--starts-before", help="starting before HH:MM (what 'morning' means)")
    g.add_argument("--at", help="under way at HH:MM: started by then, not yet over")
    g.add_argument("--track", help="track name contains this")
    g.add_argument("--speaker", help="a speaker's name contains this")
    g.add_argument("--org", help="a speaker's organization contains this")
    g.add_argument(
        "--room",
        action="append",
        help="room name contains this; give it again for any of several rooms "
        "(--room 'Room 2' --room 'Room 3': a talk in either)",
    )
    g.add_argument("--conference", help="conference name contains this")
    g.add_argument("--max-minutes", help="lasting at most this many minutes ('short talks': 20)")
    g.add_argument("--min-minutes", help="lasting at least this many minutes ('long talks': 50)")
    g.add_argument("--language", help="held in this language: a code (de) or a name (German)")


def parser() -> argparse.ArgumentParser:
    """Every command and its options; `talkbase.cli.COMMANDS` runs them."""
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
    s.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="files or folders; a file compressed with gzip, bzip2 or xz (p.csv.gz) is "
        "read as the document inside; '-' reads standard input, stored as the document "
        "'stdin' (with --conference NAME: 'stdin (NAME)'), which a later program piped "
        "in replaces where most of its talks are the same, and is kept beside otherwise",
    )
    s.add_argument("--format", help="skip detection and read every file in this format")
    s.add_argument(
        "--rebuild",
        action="store_true",
        help="embed every text again (needed after changing TALKBASE_MODEL)",
    )
    s.add_argument(
        "--replace",
        action="store_true",
        help="keep only the documents given now, forgetting the others; a file given "
        "that cannot be read keeps its stored version, and one that would be refused "
        "without --replace (cut short, far fewer talks...) is refused with it too: "
        "only --shrink accepts the loss",
    )
    s.add_argument(
        "--shrink",
        action="store_true",
        help="accept a new version of a program that holds far fewer talks than the "
        "stored one (at least 3 talks fewer and under 70%% of them: 5 -> 2, 10 -> 6; "
        "one or two fewer are never far fewer), or that looks cut short (a "
        "last row left incomplete) and would remove stored talks, or that has a record "
        "it could not read (a line that is no JSON, a record without a title, a CSV row "
        "a stray quote broke) and would remove stored talks, or that gives no "
        "talk a speaker, room, track, description or time where the stored one did, "
        "or that is one page of a paginated list saved over another page of it "
        "(each is refused otherwise, with or without --replace, and the stored "
        "program kept)",
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

    s = sub.add_parser("diff", help="what ingesting these files would change (writes nothing)")
    s.add_argument("paths", nargs="+", metavar="PATH", help="as for ingest ('-': standard input)")
    s.add_argument("--format", help="skip detection and read every file in this format")
    s.add_argument("--map", action="append", metavar="FIELD=COLUMN", help="as for ingest")
    s.add_argument("--conference", metavar="NAME", help="as for ingest")
    s.add_argument("--shrink", action="store_true", help="as for ingest")
    s.add_argument("--json", action="store_true")

    s = sub.add_parser("remove", help="remove documents or a whole conference")
    s.add_argument("documents", nargs="*", metavar="DOCUMENT", help="document file names")
    s.add_argument("--conference", help="remove every talk of this conference")
    s.add_argument("--json", action="store_true")

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

    s = sub.add_parser("similar", help="talks like a given one (never itself)")
    s.add_argument("talk", help="talk id or title (a unique prefix or close match is fine)")
    s.add_argument("--limit", "-n", type=int, default=5)
    s.add_argument("--json", action="store_true")
    _add_filters(s)

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

    s = sub.add_parser("show", help="everything about one talk")
    s.add_argument("talk", help="talk id or title")
    s.add_argument("--json", action="store_true")

    s = sub.add_parser("stats", help="what the knowledge base holds")
    s.add_argument("--json", action="store_true")

    s = sub.add_parser(
        "export", help="every talk with all its fields, or the program as a static site"
    )
    s.add_argument(
        "--format",
        choices=("jsonl", "csv", "site"),
        default="jsonl",
        help="site: a static site that searches by words and meaning offline (-o FOLDER)",
    )
    s.add_argument(
        "--output", "-o", help="file (a folder for site) to write (default, or '-': stdout)"
    )

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

    s = sub.add_parser("check", help="verify every file of the knowledge base; say how to recover")
    s.add_argument(
        "--repair",
        action="store_true",
        help="recover: rebuild from the stored documents, or go back to the previous build",
    )
    s.add_argument("--json", action="store_true")

    s = sub.add_parser("settings", help="list settings, their environment variables and values")

    s = sub.add_parser("app", help="start the web app (Streamlit) on localhost")
    serve.add_arguments(s)
    return p
