"""Sweep 24 (shapes): program files of real conference tools' shapes."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from ingest.detect import expand_all, parse_path, parse_text
from talkbase.core.errors import InputError

_TALKS = [
    {"id": 1, "title": "Rust for data pipelines", "start": "2026-06-10T09:00:00"},
    {"id": 2, "title": "Graph search at scale", "start": "2026-06-10T10:00:00"},
]
_TABLES = {
    "speakers": [
        {"id": 7, "name": "Ana Lima", "company": "Acme"},
        {"id": 9, "name": "Bo Chen", "organization": "Initech"},
    ],
    "rooms": [{"id": 10, "name": "Hall A"}, {"id": 11, "name": "Hall B"}],
    "tracks": [{"id": 100, "name": "Systems"}, {"id": 101, "name": "Search"}],
}


def _program(keys: tuple[str, str, str]) -> str:
    speaker, room, track = keys
    sessions = [
        {**_TALKS[0], speaker: [7, 9], room: 10, track: 100},
        {**_TALKS[1], speaker: [9], room: 11, track: 101},
    ]
    return json.dumps({"event": {"timezone": "Europe/Berlin"}, "sessions": sessions, **_TABLES})


@pytest.mark.parametrize(
    "keys",
    [
        ("speaker_ids", "room_id", "track_id"),
        ("speakerIds", "roomId", "trackId"),
        ("speakers", "room", "track"),
    ],
)
def test_ids_join_speakers_rooms_and_tracks_with_their_organisation(keys):
    _, talks, warnings = parse_text(_program(keys), "ids.json")
    first = next(t for t in talks if t.title.startswith("Rust"))
    assert [(s.name, s.affiliation) for s in first.speakers] == [
        ("Ana Lima", "Acme"),
        ("Bo Chen", "Initech"),
    ]
    assert (first.room, first.track) == ("Hall A", "Systems")
    assert not [w for w in warnings if "left unread" in w]


def test_an_id_its_table_does_not_hold_is_said():
    body = json.loads(_program(("speaker_ids", "room_id", "track_id")))
    body["sessions"][0]["room_id"] = 99
    _, talks, warnings = parse_text(json.dumps(body), "ids.json")
    assert any("room id '99' is not in rooms" in w for w in warnings)
    assert next(t for t in talks if t.title.startswith("Rust")).room is None


def test_a_top_level_list_no_talk_names_is_warned_of():
    body = json.loads(_program(("presenter_refs", "hall_ref", "stream_ref")))
    _, talks, warnings = parse_text(json.dumps(body), "refs.json")
    assert all(not t.speakers for t in talks)
    unread = [w for w in warnings if "left unread" in w]
    assert any("'speakers'" in w for w in unread), warnings
    assert any("'rooms'" in w for w in unread), warnings


# ---- F2, F13: a folder names what it leaves out; a zip is said to be one ------------------


def _zip(names: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in names.items():
            z.writestr(name, text)
    return buf.getvalue()


def test_a_folder_reads_a_zip_and_an_ods_to_say_why_not_and_names_the_rest(tmp_path):
    (tmp_path / "prog.csv").write_text("title,start\nA talk,2026-06-10 09:00\n")
    (tmp_path / "prog.zip").write_bytes(_zip({"prog.csv": "title\nx\n"}))
    (tmp_path / "old.xls").write_bytes(b"\xd0\xcf\x11\xe0 not really")
    (tmp_path / "map.geojson").write_text("{}")
    (tmp_path / "prog.tab").write_text("title\tstart\nB talk\t2026-06-10 10:00\n")
    notices: list[str] = []
    files, _ = expand_all([tmp_path], notices=notices)
    assert {f.name for f in files} == {"prog.csv", "prog.zip", "old.xls", "prog.tab"}
    assert any("map.geojson" in n and "left out" in n for n in notices), notices


def test_a_zip_is_said_to_be_one_with_what_it_holds(tmp_path):
    path = tmp_path / "prog.zip"
    path.write_bytes(_zip({"prog.csv": "title\nx\n"}))
    with pytest.raises(InputError, match=r"a zip archive \(holding prog.csv\); unpack it"):
        parse_path(path)


# ---- F4, F7: schema.org's and OpenAgenda's statuses --------------------------------------


def _ld(status: str, title: str) -> dict[str, object]:
    return {
        "@type": "Event",
        "name": title,
        "startDate": "2026-06-10T09:00:00+02:00",
        "location": {"@type": "Place", "name": "Hall A"},
        "eventStatus": status,
    }


def test_schema_org_event_statuses_are_read_without_contradicting_warnings():
    said = {
        "Talk scheduled": "https://schema.org/EventScheduled",
        "Talk cancelled": "EventCancelled",
        "Talk cancelled http": "http://schema.org/EventCancelled",
        "Talk rescheduled": "https://schema.org/EventRescheduled",
        "Talk moved online": "https://schema.org/EventMovedOnline",
        "Talk postponed": "https://schema.org/EventPostponed",
    }
    graph = [_ld(v, k) for k, v in said.items()]
    page = (
        '<html><body><script type="application/ld+json">'
        + json.dumps({"@context": "https://schema.org", "@graph": graph})
        + "</script></body></html>"
    )
    _, talks, warnings = parse_text(page, "status.html")
    off = {t.title for t in talks if t.cancelled}
    assert off == {"Talk cancelled", "Talk cancelled http"}
    assert not [w for w in warnings if "no word talkbase knows" in w], warnings
    postponed = [w for w in warnings if "Talk postponed" in w]
    assert len(postponed) == 1 and "may not hold" in postponed[0]
    assert len([w for w in warnings if "status" in w]) == 1, warnings


def test_openagenda_status_codes_are_read():
    def event(uid: int, status: int) -> dict[str, object]:
        return {
            "uid": uid,
            "slug": f"e-{uid}",
            "title": {"en": f"Talk number {uid}"},
            "timings": [{"begin": "2026-06-10T09:00:00+0200", "end": "2026-06-10T09:45:00+0200"}],
            "location": {"name": "Hall A", "timezone": "Europe/Paris"},
            "status": status,
        }

    body = json.dumps({"total": 2, "events": [event(1, 1), event(6, 6)]})
    _, talks, warnings = parse_text(body, "openagenda.json")
    assert {t.title: t.cancelled for t in talks} == {"Talk number 1": False, "Talk number 6": True}
    assert not [w for w in warnings if "status" in w], warnings


def test_a_number_as_status_elsewhere_is_no_openagenda_code():
    body = json.dumps(
        {"talks": [{"title": "A talk here", "start": "2026-06-10T09:00", "status": 6}]}
    )
    _, talks, _ = parse_text(body, "x.json")
    assert not talks[0].cancelled


# ---- F3: a page's JSON-LD and its own program ----------------------------------------------


def test_a_page_whose_table_holds_talks_its_json_ld_does_not_says_so():
    graph = [
        {
            "@type": "Event",
            "name": title,
            "startDate": f"2026-06-10T{h}:00:00+02:00",
            "location": {"@type": "Place", "name": "Hall A"},
        }
        for title, h in (("Rust for data pipelines", "09"), ("Graph search at scale", "10"))
    ]
    page = (
        '<html><head><script type="application/ld+json">'
        + json.dumps({"@context": "https://schema.org", "@graph": graph})
        + "</script></head><body><h2>Wednesday, 10 June 2026</h2><table>"
        "<tr><th>Time</th><th>Title</th><th>Speaker</th><th>Room</th></tr>"
        "<tr><td>09:00-09:45</td><td>Rust for data pipelines</td><td>Ana Lima</td><td>Hall A</td></tr>"
        "<tr><td>16:00-16:30</td><td>Only in the table</td><td>Zed Q</td><td>Hall C</td></tr>"
        "</table></body></html>"
    )
    fmt, talks, warnings = parse_text(page, "ld.html")
    assert fmt == "jsonld" and len(talks) == 2
    said = [w for w in warnings if "Only in the table" in w]
    assert len(said) == 1 and "--format html" in said[0], warnings


# ---- F5: a YAML cut inside its last value ---------------------------------------------------


def test_a_yaml_cut_inside_a_block_scalar_looks_cut_short():
    talk = "    - title: {t}\n      start: 2026-06-10 {h}:00\n      abstract: |\n        {a}\n"
    whole = "talks:\n" + "".join(
        talk.format(t=t, h=h, a=a)
        for t, h, a in (
            ("Rust for data", "09", "Why Rust helps."),
            ("Graph search", "10", "Graphs explained well."),
            ("Testing models", "11", "Drift and canaries."),
            ("The next ten years", "12", "A look ahead."),
        )
    )
    cut = whole[: whole.rindex("ahead.")].rstrip()
    _, talks, warnings = parse_text(cut, "schedule.yml")
    assert len(talks) == 4
    assert any("looks cut short" in w and "'abstract'" in w for w in warnings), warnings
    _, _, whole_warnings = parse_text(whole.rstrip("\n"), "schedule.yml")
    assert not any("cut short" in w for w in whole_warnings)


# ---- F12: Excel's error values ---------------------------------------------------------------


def test_excel_error_values_are_empty_cells_said_with_sheet_row_and_column(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Program"
    sheet.append(["Title", "Speaker", "Start", "Room"])
    sheet.append(["Rust for data pipelines", "Ana Lima", "2026-06-10 09:00", "Hall A"])
    sheet.append(["Testing ML", "Fatima Zahra", "2026-06-10 11:00", "#REF!"])
    path = tmp_path / "prog.xlsx"
    book.save(path)
    doc = parse_path(path)
    testing = next(t for t in doc.talks if t.title == "Testing ML")
    assert testing.room is None
    said = [w for w in doc.warnings if "#REF!" in w]
    assert len(said) == 1 and "'Program' row 3 column D" in said[0], doc.warnings


# ---- F13: a JSON or XML file that ends before it closes -------------------------------------


def test_a_json_or_xml_file_ending_before_it_closes_looks_cut_short():
    talks = [{"title": f"Talk number {n}", "start": f"2026-06-10T{9 + n}:00"} for n in range(3)]
    body = json.dumps({"talks": talks}, indent=1)
    with pytest.raises(InputError, match="the JSON stops before it closes.*looks cut short"):
        parse_text(body[: len(body) * 2 // 3], "cut.json")
    broken = body.replace('"Talk number 1",', '"Talk number 1"')  # (broken mid-file)
    with pytest.raises(InputError, match="not valid JSON"):
        parse_text(broken, "broken.json")
    xml = (
        '<?xml version="1.0"?><schedule><conference><title>C</title></conference>'
        '<day index="1" date="2026-06-10"><room name="A"><event guid="1"><title>T</title>'
        "<abstract>Half of it"
    )
    with pytest.raises(InputError, match="the XML stops before it closes"):
        parse_text(xml, "frab_cut.xml")


# ---- F6: a trailing "(Org)" where the column gives people their own -------------------------


def test_a_trailing_org_is_the_last_persons_where_the_column_gives_people_their_own():
    csv = (
        "title,start,speakers\n"
        'Rust for data,2026-06-10 09:00,"Ana Lima (Acme); José Müller (Uni Köln)"\n'
        'Lightning talks,2026-06-10 10:00,"Dan Brown; Eve Adams (Contoso)"\n'
    )
    _, talks, _ = parse_text(csv, "aff.csv")
    lightning = next(t for t in talks if t.title == "Lightning talks")
    assert [(s.name, s.affiliation) for s in lightning.speakers] == [
        ("Dan Brown", None),
        ("Eve Adams", "Contoso"),
    ]
    shared = (
        'title,start,speakers\nLightning talks,2026-06-10 10:00,"Dan Brown; Eve Adams (Contoso)"\n'
    )
    _, alone, _ = parse_text(shared, "shared.csv")  # (no cell says otherwise: shared, as before)
    assert [s.affiliation for s in alone[0].speakers] == ["Contoso", "Contoso"]


# ---- F14: two named conferences on other dates: no hint to remove either -------------------


def test_two_named_conferences_on_other_dates_are_not_told_to_remove_one(
    tmp_path, hashing_embedder
):
    from index.build.builder import ingest

    head = "Date,Start,End,Title,Speakers,Room\n"
    rows = (
        "2026-04-10,09:00,09:45,The state of WebAssembly,Lin Clark,Auditorium\n"
        "2026-04-10,10:00,10:40,Component model deep dive,Luke Wagner,Room 1\n"
        "2026-04-10,11:00,11:40,Wasm in the browser beyond JS,Surma,Room 1\n"
    )
    a, b = tmp_path / "confA.csv", tmp_path / "confB.csv"
    a.write_text(head + rows)
    b.write_text(head + rows.replace("2026-04-10", "2026-07-15"))
    home = tmp_path / "kb"
    ingest([a], home, hashing_embedder, conference="PyCon DE 2026")
    report = ingest([b], home, hashing_embedder, conference="EuroPython 2026")
    said = [n for n in report.notices if "confA.csv" in n]
    assert said and "names another conference" in said[0], report.notices
    assert not any("talkbase remove" in n for n in report.notices)
