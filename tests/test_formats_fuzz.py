"""Property tests: on any input, a parser returns talks and warnings or raises
InputError; nothing else escapes. Inputs are arbitrary text and bytes, and
schedule-shaped documents with arbitrary values in every field."""

from __future__ import annotations

import json
import os
from xml.sax.saxutils import escape, quoteattr

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import detect, html
from ingest.detect import parse_text
from ingest.formats.registry import names as format_names
from talkbase.core.errors import InputError
from talkbase.core.records import Talk

# TALKBASE_FUZZ_EXAMPLES=2000 for a longer hunt; the default keeps the suite fast.
FUZZ = settings(
    max_examples=int(os.environ.get("TALKBASE_FUZZ_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FORMATS = sorted(format_names())


def only_input_errors(text: str, fmt: str | None) -> None:
    try:
        found, talks, warnings = parse_text(text, "fuzz.txt", fmt)
    except InputError as exc:
        assert exc.path == "fuzz.txt"
        return
    assert found in format_names() and talks
    assert all(isinstance(t, Talk) and t.title for t in talks)
    assert all(isinstance(w, str) and w.startswith("fuzz.txt") for w in warnings)
    # everything is valid text: it can be printed and stored (no lone surrogates)
    json.dumps([t.to_dict() for t in talks], ensure_ascii=False).encode("utf-8")
    "\n".join(warnings).encode("utf-8")
    for t in talks:
        for when in (t.start, t.end):
            assert when is None or when.tzinfo is not None


@FUZZ
@given(text=st.text(max_size=400), fmt=st.sampled_from([None, *FORMATS]))
def test_arbitrary_text(text: str, fmt: str | None) -> None:
    only_input_errors(text, fmt)


@FUZZ
@given(data=st.binary(max_size=400))
def test_arbitrary_bytes(data: bytes) -> None:
    try:
        text = detect.decode(data, "fuzz.txt")
    except InputError:
        return
    only_input_errors(text, None)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(
        [
            "2024-02-03T10:00:00+01:00",
            "10:00",
            "00:30",
            "25:99",
            "Europe/Berlin",
            "<p>x &amp; y</p>",
            "2024-13-45",
            "PT30M",
            "+99:00",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
EVENT_KEYS = [
    "guid",
    "id",
    "code",
    "title",
    "subtitle",
    "date",
    "start",
    "end",
    "duration",
    "room",
    "track",
    "type",
    "language",
    "abstract",
    "description",
    "persons",
    "speakers",
    "url",
    "slot",
    "uid",
    "authors",
    "keywords",
    "timezone",
    "day",
    "roomId",
    "categoryItems",
    "startsAt",
    "notes",
]
events = st.dictionaries(st.sampled_from(EVENT_KEYS), json_values, max_size=10)


@FUZZ
@given(
    title=json_values,
    tz=json_values,
    day=json_values,
    room=st.text(max_size=10),
    evs=st.lists(events | json_values, max_size=4),
    shape=st.sampled_from(["frab", "widget", "api", "sessionize", "table"]),
)
def test_schedule_shaped_json(
    title: object, tz: object, day: object, room: str, evs: list[object], shape: str
) -> None:
    if shape == "frab":
        doc: object = {
            "schedule": {
                "conference": {
                    "title": title,
                    "time_zone_name": tz,
                    "days": [{"date": day, "rooms": {room: evs}}],
                }
            }
        }
    elif shape == "widget":
        doc = {
            "talks": evs,
            "rooms": [{"id": 1, "name": title}],
            "speakers": evs,
            "tracks": [],
            "timezone": tz,
        }
    elif shape == "api":
        doc = {
            "count": len(evs),
            "results": [
                dict(e, slot={"room": room, "start": day}) if isinstance(e, dict) else e
                for e in evs
            ],
        }
    elif shape == "sessionize":
        doc = {
            "sessions": evs,
            "speakers": title,
            "rooms": [tz, {"id": day}],
            "categories": [{"items": day}, room],
        }
    else:
        doc = evs
    only_input_errors(json.dumps(doc), None)
    lines = "\n".join(json.dumps(e) for e in evs)
    only_input_errors(lines, "jsonl")


xml_text = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=30
)


@FUZZ
@given(
    fields=st.dictionaries(st.sampled_from(EVENT_KEYS), xml_text, max_size=8),
    attrs=st.dictionaries(st.sampled_from(["id", "guid", "date", "name"]), xml_text, max_size=3),
    junk=st.sampled_from(["", "<", "&", "&bogus;", "<![CDATA[x", "</event>", "<!DOCTYPE x>"]),
)
def test_schedule_shaped_xml(fields: dict[str, str], attrs: dict[str, str], junk: str) -> None:
    body = "".join(f"<{k}>{escape(v)}</{k}>" for k, v in fields.items())
    attr = "".join(f" {k}={quoteattr(v)}" for k, v in attrs.items())
    tz, person = escape(fields.get("timezone", "")), escape(fields.get("id", ""))
    doc = (
        f"<schedule><conference><title>{escape(fields.get('title', ''))}</title>"
        f"<time_zone_name>{tz}</time_zone_name></conference>"
        f"<day{attr}><room{attr}><event{attr}>{body}<persons><person>{person}"
        f"</person></persons></event>{junk}</room></day></schedule>"
    )
    only_input_errors(doc, None)
    only_input_errors(doc, "frabxml")


ics_names = st.sampled_from(
    [
        "BEGIN",
        "END",
        "SUMMARY",
        "DTSTART",
        "DTEND",
        "DURATION",
        "UID",
        "LOCATION",
        "CATEGORIES",
        "DESCRIPTION",
        "X-WR-TIMEZONE",
        "TZID",
        "TZOFFSETTO",
        "RRULE",
        "",
    ]
)
ics_values = st.sampled_from(
    [
        "VEVENT",
        "VCALENDAR",
        "VTIMEZONE",
        "STANDARD",
        "VALARM",
        "20240203T100000Z",
        "20240203",
        "2024-02-03T10:00",
        "PT1H",
        "Title - Jane Doe\\, Acme & John Roe\\, Beta",
        "\\n\\,\\;\\\\",
        "Mars/Olympus",
        "+2500",
    ]
) | st.text(max_size=20)
ics_params = st.sampled_from(
    [
        "",
        ";TZID=Europe/Berlin",
        ';TZID="(UTC+01:00) X"',
        ";VALUE=DATE",
        ";TZID=Pacific Standard Time",
        ';X="unclosed',
        ";=;",
    ]
)


@FUZZ
@given(
    lines=st.lists(st.tuples(ics_names, ics_params, ics_values), max_size=25),
    sep=st.sampled_from(["\n", "\r\n", "\r"]),
    fold=st.booleans(),
)
def test_calendar_shaped_text(lines: list[tuple[str, str, str]], sep: str, fold: bool) -> None:
    body = [f"{n}{p}:{v}" for n, p, v in lines]
    if fold:
        body = [b[:10] + sep + " " + b[10:] for b in body]
    text = sep.join(["BEGIN:VCALENDAR", "BEGIN:VEVENT", *body])
    only_input_errors(text, None)


table_headers = st.lists(
    st.sampled_from(
        [
            "title",
            "authors",
            "abstract",
            "start",
            "end",
            "date",
            "duration",
            "room",
            "track",
            "keywords",
            "UID",
            "timezone",
            "affiliation",
            "notes",
            "x",
        ]
    ),
    min_size=1,
    max_size=6,
)
cells = st.sampled_from(
    [
        "",
        "a|b",
        "Jane Doe (Acme); Bo",
        "2026-10-20",
        "16:20–16:30",
        "4:20 PM",
        "Tue 20 Oct 2026",
        "45",
        "PT1H",
        "Mars/Olympus",
        '"',
        "{",
        '{"Why": "x"}',
        "13/13/2026",
    ]
) | st.text(max_size=15)


@FUZZ
@given(
    header=table_headers,
    rows=st.lists(st.lists(cells, max_size=7), max_size=5),
    delim=st.sampled_from([",", ";", "\t"]),
)
def test_table_shaped_text(header: list[str], rows: list[list[str]], delim: str) -> None:
    text = "\n".join(delim.join(r) for r in [header, *rows])
    only_input_errors(text, None)
    only_input_errors(text, "csv")
    only_input_errors(json.dumps([dict(zip(header, r, strict=False)) for r in rows]), "json")


md_lines = st.sampled_from(
    [
        "# Conf 2026",
        "## Tuesday, 20 October 2026",
        "## Track",
        "### 10:00–10:30 Keynote: A talk",
        "### Talk",
        "Title",
        "=====",
        "-----",
        "Jane Doe (Acme), Bo Li",
        "**When:** 25:99",
        "```",
        "**Speakers:**",
        "Tue 20 Oct, 16:20–16:30, Room 1",
        "- item",
        "",
        "#### Abstract",
        "---",
        "title: x",
    ]
) | st.text(max_size=20)


@FUZZ
@given(lines=st.lists(md_lines, max_size=20))
def test_markdown_shaped_text(lines: list[str]) -> None:
    text = "\n".join(lines)
    only_input_errors(text, None)
    only_input_errors(text, "markdown")


@FUZZ
@given(
    markup=st.text(max_size=200)
    | st.lists(
        st.sampled_from(
            [
                "<p>",
                "</p>",
                "<br>",
                "<li>",
                "<script>",
                "</script>",
                "&amp;",
                "&#0;",
                "&#x110000;",
                "<!--",
                "<![CDATA[",
                "<!",
                "<a href='",
                "x",
            ]
        ),
        max_size=20,
    ).map("".join)
)
def test_html_to_text_never_fails(markup: str) -> None:
    out = html.plain(markup)
    assert isinstance(out, str) and "\x00" not in out


# Arbitrary Unicode in every field of every format: lone surrogates, combining marks,
# bidi and zero-width controls, every kind of punctuation, currency, other scripts.
HOSTILE_CHARS = st.characters(
    categories=(
        "Cs",
        "Mn",
        "Me",
        "Cf",
        "Pd",
        "Ps",
        "Pe",
        "Pi",
        "Pf",
        "Po",
        "Sc",
        "Sk",
        "Zs",
        "Zl",
        "Zp",
        "Lo",
        "Lu",
        "Nd",
    )
)
hostile = st.text(
    HOSTILE_CHARS
    | st.sampled_from(
        [
            "\u202e",
            "\u200f",
            "\u2066",
            "\u2069",
            "\u0301",
            "\u200b",
            "\ufeff",
            "\ud800",
            "\udfff",
            "\u2019",
            "\u2013",
            "\u00b7",
            "\u20ac",
            "\\",
            '"',
            "'",
            "<",
            "&",
            ",",
            ";",
            "|",
            "#",
            ":",
            "\n",
            "\t",
        ]
    ),
    max_size=40,
)


def _documents(title: str, name: str, org: str, abstract: str, room: str) -> dict[str, str]:
    """One small document per format, the hostile values in its fields."""
    xml = escape(title.replace("\x00", ""))
    ev = {
        "guid": "g1",
        "id": 1,
        "title": title,
        "room": room,
        "start": "10:00",
        "duration": "00:30",
        "abstract": abstract,
        "persons": [{"public_name": name, "organization": org}],
    }
    frab_doc = {
        "schedule": {
            "conference": {
                "title": title,
                "days": [{"index": 1, "date": "2024-02-03", "rooms": {room or "R": [ev]}}],
            }
        }
    }
    row = {"title": title, "speakers": f"{name} ({org})", "abstract": abstract, "room": room}
    ics_title = title.replace("\n", " ").replace("\r", " ")
    return {
        "frab": json.dumps(frab_doc),
        "frabxml": (
            f"<schedule><conference><title>{xml}</title></conference>"
            f'<day date="2024-02-03"><room name={quoteattr(room)}><event guid="g">'
            f"<title>{xml}</title><start>10:00</start><abstract>"
            f"{escape(abstract)}</abstract><persons><person>{escape(name)}</person>"
            "</persons></event></room></day></schedule>"
        ),
        "ical": (
            f"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nSUMMARY:{ics_title} - "
            f"{name}\r\nORGANIZER;CN={org}:mailto:x@y\r\nDTSTART:20240203T100000Z"
            f"\r\nLOCATION:{room}\r\nDESCRIPTION:{abstract}\r\nEND:VEVENT\r\n"
            "END:VCALENDAR\r\n"
        ),
        "jsonl": json.dumps(row) + "\n" + json.dumps(row) + "\n",
        "json": json.dumps([row]),
        "digest": f"{title}#\nCore#\n{title} talk#\n{name} — {org}\n- Why: {abstract}\n",
        "blog": (
            f"Conf 2026 {title} Talks {name} ({org}) Tue 20 Oct, 16:20–16:30, {room} {abstract}"
        ),
        "tsv": "title\tspeakers\tabstract\n"
        + "\t".join(x.replace("\t", " ") for x in (title, f"{name} ({org})", abstract))
        + "\n",
        "csv": "title,speakers,abstract\n"
        + ",".join('"' + x.replace('"', '""') + '"' for x in (title, f"{name} ({org})", abstract))
        + "\n",
        "yaml": (
            f"talks:\n  - title: {json.dumps(title)}\n    speakers: [{json.dumps(name)}]\n"
            f"    room: {json.dumps(room)}\n    start: 2024-02-03 10:00\n"
            f"    abstract: {json.dumps(abstract)}\n"
        ),
        "toml": (
            f"[conference]\nname = {json.dumps(title)}\n\n[[talks]]\n"
            f"title = {json.dumps(title)}\nspeakers = [{json.dumps(name)}]\n"
            f"room = {json.dumps(room)}\nstart = 2024-02-03T10:00:00\n"
            f"abstract = {json.dumps(abstract)}\n"
        ),
        "jsonld": (
            '<html><head><script type="application/ld+json">'
            + json.dumps(
                [
                    {
                        "@type": "Event",
                        "name": title,
                        "startDate": f"2024-02-03T{h}:00:00+01:00",
                        "performer": {"@type": "Person", "name": name},
                        "location": {"@type": "Place", "name": room},
                        "description": abstract,
                    }
                    for h in (10, 11)
                ]
            ).replace("</", "<\\/")
            + "</script></head><body></body></html>"
        ),
        "html": (
            f"<!DOCTYPE html><html><body><h1>{escape(title)}</h1><h2>{escape(title)}</h2>"
            f"<p><strong>Speakers:</strong> {escape(name)} ({escape(org)})</p>"
            f"<p><strong>Room:</strong> {escape(room)}</p><p>{escape(abstract)}</p>"
            "</body></html>"
        ),
        "markdown": f"# {title}\n\n## {title}\n**Speakers:** {name} ({org})\n"
        f"**Room:** {room}\n\n{abstract}\n",
    }


@FUZZ
@given(
    title=hostile,
    name=hostile,
    org=hostile,
    abstract=hostile,
    room=hostile,
    fmt=st.sampled_from(FORMATS),
)
def test_arbitrary_unicode_in_every_field_of_every_format(
    title: str, name: str, org: str, abstract: str, room: str, fmt: str
) -> None:
    docs = _documents(title, name, org, abstract, room)
    # a new parser gets a document here too (a binary one, its own: an Excel workbook's
    # cells are fuzzed in tests/test_xlsx.py)
    assert set(docs) == set(FORMATS) - {"xlsx"}
    if fmt in docs:
        only_input_errors(docs[fmt], fmt)
        only_input_errors(docs[fmt], None)


@FUZZ
@given(text=hostile)
def test_organisation_names_take_any_text(text: str) -> None:
    from talkbase.core.orgs import aliases, canonical_org, orgs_of

    org = canonical_org(text)
    assert org.original == text and isinstance(org.name, str)
    assert all(isinstance(o.name, str) and o.name for o in orgs_of(text))
    assert isinstance(aliases(text), tuple)


def test_a_heading_of_a_clock_alone_keeps_it_as_its_title() -> None:
    """Found by the fuzz test above: a web page's or Markdown heading that is only a
    clock ("17:00") gave a talk with an empty title."""
    docs = _documents("17:00", "Ann Lee", "Acme", "An abstract.", "Room 1")
    for fmt in ("html", "markdown"):
        _, talks, _ = parse_text(docs[fmt], "fuzz.txt", fmt)
        assert [t.title for t in talks] == ["17:00"], fmt
