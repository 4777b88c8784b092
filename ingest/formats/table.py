"""Tables of talks: CSV, TSV, JSON (an array of objects) and JSON Lines.

One row or object is one talk. Columns are found by name (case, spaces and
underscores ignored; see `FIELDS` for the names each field accepts, first match
wins) or named explicitly with `mapping={"title": "Paper Name", ...}`. Only the
title is required: a table without one is an InputError naming its header line.

Values: authors/speakers split on "|" (Mini-Conf), else as speaker lines
("Name (Org), Name; Name — Org"), or lists of names or {name, affiliation}
objects; affiliations from their own column, "|"-aligned with the names;
times as ISO date-times, or a date column plus clock times ("10:00", "4:20 PM",
"16:20–16:30"), end from an end column or a duration ("00:30", "45", "PT45M");
keywords split on "|" ";" or ",". CSV and JSONL are read row by row
(`parse_lines` takes any iterable of lines, so large files stream).
"""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import json
import re
from collections.abc import Iterable, Iterator
from datetime import UTC
from typing import Any

from ingest import when
from ingest.formats import frab, jsontree, registry
from ingest.formats.columns import FIELDS, norm, resolve, said_in_another_language
from ingest.formats.jsonrecords import array_items, located, page_left, records, references
from ingest.html import inline, plain, text_of
from ingest.links import link_pairs
from ingest.speakers import parse_speakers
from talkbase.core.errors import InputError
from talkbase.core.languages import language_code
from talkbase.core.records import Source, Speaker, Talk

# ---- values ------------------------------------------------------------------------------


def speakers_of(value: object, orgs: object = None) -> tuple[Speaker, ...]:
    if isinstance(value, list):
        found = [
            s
            for v in value
            for s in (
                frab.speakers_of([v]) if isinstance(v, dict) else parse_speakers(text_of(v))[:1]
            )
        ]
    else:
        raw = inline(text_of(value))
        found = (
            [Speaker(*_name_org(n)) for n in raw.split("|") if n.strip()]
            if "|" in raw
            else list(parse_speakers(raw))
        )
    org_text = inline(text_of(orgs))
    if org_text and found:
        parts = [p.strip() for p in re.split(r"\s*[|;]\s*", org_text)]
        if len(parts) == len(found) and len(parts) > 1:
            found = [
                Speaker(s.name, s.affiliation or p or None)
                for s, p in zip(found, parts, strict=True)
            ]
        else:
            found = [Speaker(s.name, s.affiliation or org_text) for s in found]
    return tuple(found)


def _name_org(item: str) -> tuple[str, str | None]:
    m = re.match(r"^(.*?)\s*\((.*)\)\s*$", item.strip())
    return (m.group(1), m.group(2) or None) if m and m.group(1) else (item.strip(), None)


# ---- rows to talks -----------------------------------------------------------------------


def _format(value: object, column: str | None) -> str | None:
    """A session type as written; an API's tag of its record under "kind"
    ("calendar#event": Google's) is none ("Talk#1" under "type" is one)."""
    text = inline(text_of(value))
    tagged = norm(column or "") == "kind" and re.fullmatch(r"[a-z]+#[a-z]+", text)
    return None if not text or tagged else text


class _Reader:
    def __init__(
        self,
        document: str,
        parser: str,
        mapping: dict[str, str] | None,
        default_tz: str,
        conference: str | None,
    ) -> None:
        unknown = sorted(set(mapping or {}) - set(FIELDS))
        if unknown:
            raise InputError(
                document,
                "unknown field(s) in the column mapping: "
                f"{', '.join(unknown)}; known: {', '.join(FIELDS)}",
            )
        self.document, self.parser, self.mapping = document, parser, mapping
        self.fallback = when.zone(default_tz) or UTC
        self.conference = conference or when.document_stem(document)
        self.seen: dict[str, int] = {}
        self.warnings: list[str] = []
        self.columns: dict[frozenset[str], dict[str, str]] = {}

    def talk(
        self, row: dict[str, Any], where: str, cols: dict[str, str] | None = None
    ) -> Talk | None:
        if cols is None:
            key = frozenset(row)
            if key not in self.columns:
                self.columns[key] = resolve(row, self.mapping)
            cols = self.columns[key]

        def get(fld: str) -> Any:
            return row.get(cols[fld]) if fld in cols else None

        title = inline(text_of(get("title")))
        if not title:
            if any(text_of(v).strip() for v in row.values()):
                self.warnings.append(f"{self.document} {where}: a row without a title; skipped")
            return None
        # a date-time may be an object ({"date", "time", "tz"}): its text, its zone
        moments = {f: when.moment_text(get(f)) for f in ("date", "start", "end")}
        said = {f: m[0] if m else text_of(get(f)) for f, m in moments.items()}
        named = next((m[1] for m in moments.values() if m and m[1]), "")
        tz = when.zone(text_of(get("timezone"))) or when.zone(named)
        # headers in another language: "03/02/2024" is 3 February there
        first = any(said_in_another_language(cols.get(f, ""), f) for f in ("date", "start"))
        day, _ = when.parse_when(said["date"], tz, self.fallback, None, first)
        on = day.date() if day else None
        start, end = when.parse_when(said["start"], tz, self.fallback, on, first)
        if start is None and not said["start"].strip():
            start = day  # only a date
        elif start is None:
            self.warnings.append(
                f"{self.document} {where}: cannot read the start time "
                f"{said['start'][:40]!r} of {title!r}; kept without one"
            )
        if start is not None:  # (an end written with its own zone is read in it)
            own = when.zone(moments["end"][1]) if moments["end"] else None
            end_at, _ = when.parse_when(said["end"], own or tz, self.fallback, start.date(), first)
            end_at = end_at.astimezone(start.tzinfo) if end_at and own else end_at
            length = when.parse_duration(get("duration"))
            end, problem = when.talk_end(start, end_at or end, length)
            if problem:
                self.warnings.append(f"{self.document} {where}: {title!r} {problem}")
        else:
            end = None
        ident = inline(text_of(get("uid")))
        uid, repeated = when.unique_uid(ident, self.seen)
        if repeated:
            self.warnings.append(
                f"{self.document} {where}: the id {ident!r} is used again; kept as {uid!r}"
            )
        keywords = re.split(r"\s*[|;,]\s*", inline(text_of(get("keywords"))))
        notes = [
            (label, value)
            for label, value in (
                ("Subtitle", inline(text_of(get("subtitle")))),
                ("Keywords", ", ".join(k for k in keywords if k)),
                ("URL", inline(text_of(get("url")))),
            )
            if value
        ]
        old = get("notes")  # talkbase's own export: {"Why": ..., "What": ...}
        if isinstance(old, str) and old.startswith("{"):
            with contextlib.suppress(ValueError, RecursionError):
                old = json.loads(old)
        if isinstance(old, dict):
            notes = [(str(k), plain(v)) for k, v in old.items() if plain(v)] + notes
        track = inline(text_of(get("track"))) or None
        # "Session 1|Session 3" (paper lists): the first is the track, all are kept
        parts = [p for p in (inline(x) for x in re.split(r"\s*\|\s*", text_of(get("track")))) if p]
        track = parts[0] if len(parts) > 1 else track
        sessions = (parts if len(parts) > 1 else []) + [  # a session column besides the track
            inline(text_of(v))
            for k, v in row.items()
            if norm(k) in ("session", "sessions") and k not in cols.values()
        ]
        sessions = list(dict.fromkeys(x for x in sessions if x))
        if sessions:
            notes.append(("Sessions", ", ".join(sessions)))
        section = track or (start.date().isoformat() if start else None)
        links, refused = link_pairs(_links(get("url"), get("links")))
        if refused:
            self.warnings.append(
                f"{self.document} {where}: {refused} link(s) of {title!r} not a web address "
                "(http/https); left out"
            )
        return Talk(
            title=title,
            speakers=speakers_of(get("speakers"), get("affiliation")),
            start=start,
            end=end,
            room=inline(text_of(get("room"))) or None,
            track=track,
            format=_format(get("format"), cols.get("format")),
            abstract=plain(text_of(get("abstract"))),
            notes=tuple(notes),
            conference=inline(text_of(get("conference"))) or self.conference,
            sources=(Source(self.document, self.parser, where, section),),
            uid=uid,
            language=language_code(inline(text_of(get("language")))),
            links=links,
        )


def _links(url: object, listed: object) -> list[tuple[object, object]]:
    """(label, address) pairs of a url column and a links column: talkbase's own
    export ([{"label", "url"}]), frab's ([{"title", "url"}]), a list of addresses,
    or addresses in one cell separated by "|" or whitespace."""
    found: list[tuple[object, object]] = [("Program page", text_of(url).strip() or None)]
    if isinstance(listed, str):
        with contextlib.suppress(ValueError, RecursionError):
            listed = json.loads(listed) if listed.lstrip().startswith("[") else listed
    if isinstance(listed, str):
        return found + [("Link", u) for u in re.split(r"[|\s]+", listed) if u]
    for item in listed if isinstance(listed, list) else []:
        if isinstance(item, dict):
            address = item.get("url") or item.get("href")
            found.append((text_of(item.get("label") or item.get("title")), address))
        elif isinstance(item, str):
            found.append(("Link", item))
    return found


def _delimited(lines: Iterable[str], reader: _Reader, delimiter: str | None) -> list[Talk]:
    it = iter(lines)
    first, line_no = "", 0
    for raw in it:
        line_no += 1
        if raw.strip():
            first = raw
            break
    if not first:
        raise InputError(reader.document, "the table is empty", "line 1")
    if m := re.match(r"^\s*sep=(.)\s*$", first):
        delimiter, first = m.group(1), next(it, "")
        line_no += 1
    if delimiter is None:
        counts = {d: first.count(d) for d in (",", ";", "\t")}
        delimiter = max(counts, key=lambda d: counts[d])
    header_line = line_no
    record: list[str] = []  # the raw lines of the row being read

    def kept(source: Iterable[str]) -> Iterator[str]:
        for raw in source:
            record.append(raw)
            yield raw

    rows = csv.reader(kept(itertools.chain([first], it)), delimiter=delimiter)
    talks: list[Talk] = []
    try:
        header = [h.strip() for h in next(rows)]
        cols = resolve(header, reader.mapping)
        if "title" not in cols:
            raise InputError(
                reader.document,
                "no title column (looked for: "
                + ", ".join(FIELDS["title"])
                + "); header: "
                + ", ".join(header)[:200]
                + ". Name the column with a mapping.",
                f"line {header_line}",
            )
        missing = [c for c in (reader.mapping or {}).values() if c not in header]
        if missing:
            raise InputError(
                reader.document,
                f"the mapping names column(s) missing from the header: {', '.join(missing)}",
                f"line {header_line}",
            )
        done = rows.line_num
        last: list[str] = []
        last_where, last_kept = "", False
        for cells in rows:
            last, last_where = record[:], f"line {header_line + done}"
            record.clear()
            where = last_where
            done = rows.line_num
            last_kept = False
            if not any(c.strip() for c in cells):
                continue
            row: dict[str, str] = {}
            for name, cell in zip(header, cells, strict=False):
                row.setdefault(name, cell)
            talk = reader.talk(row, where, cols)
            if talk is not None:
                talks.append(talk)
                last_kept = True
        if last and _unclosed_quote(last, delimiter):
            if last_kept:
                talks.pop()
            spans = f" (it runs over {len(last)} lines to the end)" if len(last) > 1 else ""
            reader.warnings.append(
                f"{reader.document} {last_where}: a quoted field opened in this row is never "
                f"closed{spans}; the file looks cut short, so the row is dropped"
            )
    except csv.Error as exc:
        raise InputError(
            reader.document,
            f"malformed {reader.parser.upper()} ({exc})",
            f"line {header_line + rows.line_num - 1}",
        ) from exc
    return talks


def _unclosed_quote(lines: list[str], delimiter: str) -> bool:
    """Does this row end inside a quoted field (a file cut in the middle of a row,
    or a quote never closed)? The lenient reader would keep it silently."""
    try:
        list(csv.reader(lines, delimiter=delimiter, strict=True))
    except csv.Error as exc:
        return "unexpected end of data" in str(exc)
    return False


def _jsonl(lines: Iterable[str], reader: _Reader) -> list[Talk]:
    talks: list[Talk] = []
    titled = False
    for no, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            reader.warnings.append(f"{reader.document} line {no}: not valid JSON ({exc}); skipped")
            continue
        if not isinstance(obj, dict):
            reader.warnings.append(f"{reader.document} line {no}: not a JSON object; skipped")
            continue
        titled = titled or _has_title(obj, reader.mapping)
        talk = reader.talk(obj, f"line {no}")
        if talk is not None:
            talks.append(talk)
    if not titled:
        raise InputError(
            reader.document,
            "no record has a title field (looked for: " + ", ".join(FIELDS["title"]) + ")",
            "line 1",
        )
    return talks


def _has_title(obj: object, mapping: dict[str, str] | None = None) -> bool:
    return isinstance(obj, dict) and resolve(obj, mapping).get("title") in obj


def _json(text: str, reader: _Reader) -> list[Talk]:
    body = text.lstrip("\ufeff")
    items: list[tuple[str, object]]
    if body.lstrip().startswith("["):
        items = list(array_items(body, reader.document))
        if items and not any(_has_title(o, reader.mapping) for _, o in items):
            # Sessionize's groups ([{"groupName", "sessions": [...]}]) or its grid
            # ([{"date", "rooms": [{"name", "sessions": [...]}], "timeSlots": [...]}]):
            # talks deeper in a tree (`jsontree`)
            return _objects(_tree(body, reader), reader)
        if not reader.mapping:  # a list of rooms or people is no program
            gate = jsontree.find([o for _, o in items], _other_formats())
            if gate.refused:
                raise InputError(reader.document, gate.refused, "line 1")
    else:
        items = _tree(body, reader)
    return _objects(items, reader)


def _objects(items: list[tuple[str, object]], reader: _Reader) -> list[Talk]:
    """The talks of a JSON document's talk objects, each with its place."""
    if not any(_has_title(o, reader.mapping) for _, o in items):
        raise InputError(
            reader.document,
            "no object has a title field (looked for: " + ", ".join(FIELDS["title"]) + ")",
            "line 1",
        )
    talks: list[Talk] = []
    for where, obj in items:
        if not isinstance(obj, dict):
            reader.warnings.append(f"{reader.document} {where}: not an object; skipped")
        elif (talk := reader.talk(obj, where)) is not None:
            talks.append(talk)
    return talks


def _other_formats() -> str:
    """What a refusal of a JSON file suggests: the other formats that read JSON files."""
    others = [f.name for f in registry.formats() if ".json" in f.suffixes and f.name != "json"]
    return f"try --format {' or '.join(others)}, or name its title field with --map title=FIELD"


def _tree(body: str, reader: _Reader) -> list[tuple[str, object]]:
    """The talk objects of a JSON object, wherever they sit (`jsontree`), each with
    its line."""
    return _found(frab.load_json(body, reader.document), reader, body)


def _found(root: object, reader: _Reader, body: str | None) -> list[tuple[str, object]]:
    """The talk objects of a tree, each with its line in `body` (its JSON text) or,
    without one (a YAML document's tree), its place in the tree; refused in one
    sentence when what it holds looks like no talks."""
    if reader.mapping or (
        isinstance(root, dict) and _has_title(root) and jsontree.level(root) in ("strong", "weak")
    ):
        # one talk, or fields named by the user: the largest list of records, as told
        refs = references(root)
        found = [
            refs(o) if isinstance(o, dict) else o
            for o in records(root, lambda o: _has_title(o, reader.mapping))
        ]
        if body is None:
            return [(f"item {n}", o) for n, o in enumerate(found, start=1)]
        return located(body, found, "item")
    gate = jsontree.find(root, _other_formats())
    if gate.refused:
        raise InputError(reader.document, gate.refused, "line 1")
    if left := page_left(root, reader.document, len(gate.talks)):
        reader.warnings.append(left)
    refs = references(root)
    tables = jsontree.tables(root)
    locate = frab.id_locator(body) if body is not None else lambda obj, nth: None
    seen: dict[str, int] = {}
    kept: set[tuple[str, ...]] = set()
    out: list[tuple[str, object]] = []
    for path, obj in gate.talks:
        for ev in jsontree.events(path, refs(obj), root, tables):
            cols = resolve(ev)
            same = tuple(
                text_of(ev.get(cols.get(f, ""))) for f in ("uid", "title", "start", "room")
            )
            if same in kept:  # one talk listed twice (a tree and a list of the same talks)
                continue
            kept.add(same)
            ident = next((text_of(obj[k]) for k in ("guid", "code", "id", "uid") if obj.get(k)), "")
            seen[ident] = seen.get(ident, 0) + 1
            line = locate(obj, seen[ident]) if ident else None
            out.append((f"line {line}" if line else jsontree.where(path), ev))
    return out


def parse_tree(
    root: object,
    document: str,
    parser: str,
    mapping: dict[str, str] | None = None,
    default_tz: str = "UTC",
) -> tuple[list[Talk], list[str]]:
    """The talks of a program already read into a tree (YAML's), as of a JSON one."""
    reader = _Reader(document, parser, mapping, default_tz, None)
    try:
        return _objects(_found(root, reader, None), reader), reader.warnings
    except RecursionError as exc:
        raise InputError(document, "a record nests too deeply to read") from exc


def parse_lines(
    lines: Iterable[str],
    document: str,
    parser: str = "csv",
    mapping: dict[str, str] | None = None,
    default_tz: str = "UTC",
    conference: str | None = None,
) -> tuple[list[Talk], list[str]]:
    """Stream a CSV, TSV or JSONL table from any iterable of lines."""
    return parse(lines, document, parser, mapping, default_tz, conference)


def parse(
    text: str | Iterable[str],
    document: str,
    parser: str = "csv",
    mapping: dict[str, str] | None = None,
    default_tz: str = "UTC",
    conference: str | None = None,
) -> tuple[list[Talk], list[str]]:
    """A table's talks and warnings; `text` may be a string or (but for JSON) lines."""
    reader = _Reader(document, parser, mapping, default_tz, conference)
    lines = io.StringIO(text, newline="") if isinstance(text, str) else text
    try:
        if parser == "json":
            talks = _json(text if isinstance(text, str) else "".join(text), reader)
        elif parser == "jsonl":
            talks = _jsonl(lines, reader)
        else:
            talks = _delimited(lines, reader, "\t" if parser == "tsv" else None)
    except RecursionError as exc:
        raise InputError(document, "a record nests too deeply to read") from exc
    return talks, reader.warnings
