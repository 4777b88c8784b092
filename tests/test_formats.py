"""The standard schedule formats: frab/pretalx JSON, frab/pentabarf XML, iCalendar,
CSV/TSV/JSON/JSONL tables and Markdown, read from fixtures in the shapes real tools
export (tests/fixtures/formats/)."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from ingest import detect, html, when
from ingest.detect import expand, parse_path, parse_text
from ingest.formats import frab, ical, markdown, table
from talkbase.core.errors import InputError
from talkbase.core.records import Speaker, Talk

FIX = Path(__file__).resolve().parent / "fixtures" / "formats"
PROGRAMS = Path(__file__).resolve().parent.parent / "data" / "programs"


def by_title(talks: tuple[Talk, ...] | list[Talk]) -> dict[str, Talk]:
    return {t.title: t for t in talks}


def at(y: int, mo: int, d: int, h: int, mi: int, tz: str) -> datetime:
    return datetime(y, mo, d, h, mi, tzinfo=ZoneInfo(tz))


# ---- detection ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("frab_schedule.json", "frab"),
        ("pretalx_schedule.json", "frab"),
        ("pretalx_widget.json", "frab"),
        ("fosdem_schedule.xml", "frabxml"),
        ("ccc_legacy.xml", "frabxml"),
        ("sched.ics", "ical"),
        ("outlook.ics", "ical"),
        ("miniconf_papers.csv", "csv"),
        ("no_title.csv", "csv"),
        ("program.tsv", "tsv"),
        ("sessions.json", "json"),
        ("sessionize_all.json", "json"),
        ("talks.jsonl", "jsonl"),
        ("pentabarf.ics", "ical"),
        ("program.md", "markdown"),
        ("tracks.md", "markdown"),
    ],
)
def test_detection_is_by_content(name: str, fmt: str) -> None:
    text = (FIX / name).read_text(encoding="utf-8")
    assert detect.detect(text) == fmt


def test_seed_documents_keep_their_parsers() -> None:
    digest = parse_path(PROGRAMS / "000_3ed018f1c49838da.txt")
    blog = parse_path(PROGRAMS / "001_8fbb4517d0e7d07e.txt")
    assert (digest.format, len(digest.talks)) == ("digest", 19)
    assert (blog.format, len(blog.talks)) == ("blog", 62)


def test_format_override_by_name() -> None:
    text = (FIX / "program.tsv").read_text(encoding="utf-8")
    fmt, talks, _ = parse_text(text, "program.tsv", "tsv")
    assert fmt == "tsv" and len(talks) == 4
    with pytest.raises(InputError, match="unknown format"):
        parse_text(text, "program.tsv", "nonsense")


def test_folders_pick_up_every_schedule_suffix(tmp_path: Path) -> None:
    for name in (
        "a.json",
        "b.jsonl",
        "c.xml",
        "d.ics",
        "e.csv",
        "f.tsv",
        "g.md",
        "README.md",
        "h.png",
    ):
        (tmp_path / name).write_text("x", encoding="utf-8")
    found = {p.name for p in expand([tmp_path])}
    assert found == {"a.json", "b.jsonl", "c.xml", "d.ics", "e.csv", "f.tsv", "g.md"}


def test_every_talk_from_every_fixture_is_complete() -> None:
    """Title, aware times, conference, uid where the source has ids, and provenance."""
    for path in sorted(FIX.iterdir()):
        try:
            doc = parse_path(path)
        except InputError:
            continue
        assert doc.talks, path.name
        for t in doc.talks:
            assert t.title and t.title == t.title.strip(), (path.name, t.title)
            assert t.conference, (path.name, t.title)
            for moment in (t.start, t.end):
                assert moment is None or moment.tzinfo is not None, (path.name, t.title)
            assert t.end is None or (t.start is not None and t.end > t.start)
            src = t.sources[0]
            assert (src.document, src.parser) == (path.name, doc.format)
            assert src.location.startswith(("line ", "event ", "item ")), src.location


# ---- frab / pretalx JSON -----------------------------------------------------------------


def test_frab_json_nested_days_and_rooms() -> None:
    doc = parse_path(FIX / "frab_schedule.json")
    talks = by_title(doc.talks)
    assert len(doc.talks) == 5  # the untitled event is skipped
    t = talks["Über die Sicherheit von Ladesäulen"]
    assert t.start == at(2024, 12, 27, 11, 0, "Europe/Berlin")
    assert str(t.start.tzinfo) == "Europe/Berlin"
    assert t.end - t.start == timedelta(minutes=40)
    assert (t.room, t.track, t.format) == ("Saal 1", "Sicherheit", "lecture")
    assert t.abstract == (
        "Ladesäulen sind überall & vernetzt.\n\nWir zeigen Schwächen.\n\n"
        "Ein ausführlicher Bericht über Lücken in der Ladeinfrastruktur."
    )
    assert t.speakers == (Speaker("Jana Müller"), Speaker("Sébastien Lefèvre"))
    assert t.conference == "Datenkonferenz 2024"
    assert t.uid == "0b5c3c8a-1111-4c1a-9a5e-000000000001"
    assert t.note("Subtitle") == "Wie man Stromtankstellen übernimmt"
    assert t.note("Language") == "de"
    src = t.sources[0]
    assert (src.parser, src.location, src.section) == (
        "frab",
        "event 0b5c3c8a-1111-4c1a-9a5e-000000000001",
        "2024-12-27",
    )


def test_frab_json_after_midnight_missing_fields_and_dateless_events() -> None:
    talks = by_title(parse_path(FIX / "frab_schedule.json").talks)
    late = talks["La protection des données en pratique"]
    assert late.start == at(2024, 12, 28, 0, 30, "Europe/Berlin")
    assert late.sources[0].section == "2024-12-27"  # the program day it belongs to
    lightning = talks["Lightning Talks"]
    assert (lightning.track, lightning.abstract, lightning.speakers) == (None, "", ())
    dateless = talks["No date field, only a start time"]
    assert dateless.start == at(2024, 12, 28, 13, 30, "Europe/Berlin")
    assert dateless.duration_minutes == 20


def test_frab_json_duplicate_guid_and_untitled_event_are_warned_by_line() -> None:
    doc = parse_path(FIX / "frab_schedule.json")
    dup = by_title(doc.talks)["Same guid, different talk (a duplicate UID)"]
    assert dup.uid == "0b5c3c8a-1111-4c1a-9a5e-000000000001#2"
    assert any(w.startswith("frab_schedule.json line 106: the id") for w in doc.warnings)
    assert any(
        w.startswith("frab_schedule.json line 84: an event without a title") for w in doc.warnings
    )


def test_pretalx_export_keeps_the_offset_when_no_zone_is_named() -> None:
    talks = by_title(parse_path(FIX / "pretalx_schedule.json").talks)
    t = talks["Fundamental web-enabled application"]
    assert t.start == datetime(2020, 4, 17, 9, 30, tzinfo=timezone(timedelta(hours=2)))
    assert t.duration_minutes == 90
    assert [s.name for s in t.speakers] == ["Dr. Steve Harris MD", "Desiree Bradshaw"]
    assert t.abstract.startswith("Integrate wireless infrastructures!\n\nRelate media")
    assert t.conference == "DemoCon" and t.format == "Workshop"


def test_pretalx_widget_resolves_rooms_tracks_and_speakers() -> None:
    talks = by_title(parse_path(FIX / "pretalx_widget.json").talks)
    t = talks["Scaling Postgres"]
    assert (t.room, t.track, t.uid) == ("Hall A", "Databases", "ABC123")
    assert [s.name for s in t.speakers] == ["Ana Pereira", "Björn Ås"]
    assert t.start == at(2025, 5, 14, 10, 0, "Europe/Berlin") and t.duration_minutes == 45
    assert "Coffee break" in talks


def test_pretalx_api_results() -> None:
    text = json.dumps(
        {
            "count": 1,
            "next": None,
            "results": [
                {
                    "code": "XYZ",
                    "title": "API talk",
                    "abstract": "From the API.",
                    "submission_type": {"en": "Talk"},
                    "track": {"en": "Web"},
                    "duration": 25,
                    "speakers": [{"code": "S1", "name": "Noor Haddad", "biography": "..."}],
                    "slot": {
                        "room": {"en": "Room 1"},
                        "start": "2025-01-02T10:00:00+00:00",
                        "end": "2025-01-02T10:25:00+00:00",
                    },
                }
            ],
        }
    )
    fmt, talks, _ = parse_text(text, "talks.json")
    assert fmt == "frab"
    (t,) = talks
    assert (t.title, t.room, t.track, t.format, t.uid) == (
        "API talk",
        "Room 1",
        "Web",
        "Talk",
        "XYZ",
    )
    assert t.duration_minutes == 25 and t.speakers == (Speaker("Noor Haddad"),)


def test_frab_json_errors_name_the_place() -> None:
    with pytest.raises(InputError) as err:
        frab.parse('{"schedule": {"conference": {"days": [}}}', "bad.json")
    assert err.value.where == "line 1, column 39"
    with pytest.raises(InputError, match="days is not a list"):
        frab.parse('{"schedule": {"conference": {"title": "X", "days": 3}}}', "bad.json")
    with pytest.raises(InputError, match="nests too deeply|not readable"):
        frab.parse("[" * 100000 + "]" * 100000, "deep.json")


# ---- frab / pentabarf XML ----------------------------------------------------------------


def test_fosdem_xml() -> None:
    doc = parse_path(FIX / "fosdem_schedule.xml")
    talks = by_title(doc.talks)
    assert len(doc.talks) == 4
    w = talks["Welcome to FOSDEM 2024"]
    assert w.start == at(2024, 2, 3, 9, 30, "Europe/Brussels") and w.duration_minutes == 25
    assert (w.room, w.track, w.format, w.conference) == (
        "Janson",
        "Keynotes",
        "keynote",
        "FOSDEM 2024",
    )
    assert w.abstract == "FOSDEM welcome and opening talk.\n\nGrab a coffee & enjoy."
    assert [s.name for s in w.speakers] == ["FOSDEM Staff", 'Richard "RichiH" Hartmann']
    assert w.uid == "9d5f2c1e-0000-4000-8000-000000015790"
    assert w.sources[0].location == "event 9d5f2c1e-0000-4000-8000-000000015790"
    fr = talks["Logiciels libres et souveraineté numérique"]
    assert fr.abstract == "Pourquoi l'État doit-il préférer le logiciel libre ?"  # no script
    assert fr.note("Subtitle") == "Un état des lieux"
    assert talks["Async Rust in the kernel"].abstract == "- futures\n- executors"
    legacy = talks["Pentabarf-style event without a date element"]
    assert legacy.start == at(2024, 2, 4, 14, 0, "Europe/Brussels")
    assert legacy.duration_minutes == 60 and legacy.speakers == (Speaker("Zoë Kowalczyk"),)
    assert any(
        x.startswith("fosdem_schedule.xml line 79: an event without a title") for x in doc.warnings
    )


def test_pentabarf_day_change_puts_late_events_on_the_next_date(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")  # the file names no zone
    talks = by_title(parse_path(FIX / "ccc_legacy.xml").talks)
    before = talks["Spätabends im Saal"]
    after = talks["Nach Mitternacht"]
    assert before.start == at(2014, 12, 27, 23, 45, "Europe/Berlin")
    assert after.start == at(2014, 12, 28, 1, 30, "Europe/Berlin")
    assert after.sources[0].section == "2014-12-27"
    assert before.track == "Hardware & Making"
    assert before.abstract.endswith("A description with real nested markup.")


def test_billion_laughs_is_rejected_quickly() -> None:
    started = time.perf_counter()
    with pytest.raises(InputError) as err:
        parse_path(FIX / "billion_laughs.xml")
    assert time.perf_counter() - started < 2
    assert "entities" in err.value.problem and err.value.where == "line 3"


def test_external_entities_are_refused() -> None:
    with pytest.raises(InputError, match="entities"):
        parse_path(FIX / "external_entity.xml")


def test_malformed_xml_names_line_and_column() -> None:
    with pytest.raises(InputError) as err:
        parse_path(FIX / "malformed.xml")
    assert err.value.where == "line 6, column 38" and "mismatched tag" in err.value.problem


# ---- iCalendar ---------------------------------------------------------------------------


def test_sched_ics_summary_speakers_are_split_conservatively() -> None:
    talks = by_title(parse_path(FIX / "sched.ics").talks)
    key = talks["Keynote: Welcome + Opening Remarks"]  # folded over two lines in the file
    assert key.speakers == (Speaker("Priyanka Sharma", "Cloud Native Computing Foundation"),)
    assert talks["Scaling Kubernetes"].speakers == (
        Speaker("Jane Doe", "Google"),
        Speaker("Max Mustermann", "Beispiel GmbH"),
    )
    assert talks["Supply Chains"].speakers == (Speaker("Ann Lee", "Johnson & Johnson"),)
    assert talks["Sicherheit für Einsteiger"].speakers == (Speaker("Jürgen Groß", "Acme, Inc."),)
    assert talks["Lunch - Hall 5"].speakers == ()
    assert talks["Closing - Part Two"].speakers == ()


def test_sched_ics_fields_times_and_unescaping() -> None:
    doc = parse_path(FIX / "sched.ics")
    talks = by_title(doc.talks)
    key = talks["Keynote: Welcome + Opening Remarks"]
    assert key.start == at(2024, 3, 20, 9, 0, "Europe/Paris")  # 08:00Z shown in Paris time
    assert str(key.start.tzinfo) == "Europe/Paris" and key.duration_minutes == 15
    assert key.room == "Hall 7, Level 1 | Paris Room" and key.track == "KEYNOTE SESSIONS"
    assert key.abstract == (
        "Opening the conference. Welcome to Paris; enjoy the show, everyone. A backslash: \\ stays."
    )
    assert key.conference == "KubeCon + CloudNativeCon Europe 2024"
    assert key.uid == "SCHED-aaa111@kccnceu2024.sched.com" and key.note("URL")
    de = talks["Sicherheit für Einsteiger"]
    assert de.start == at(2024, 3, 21, 14, 0, "Europe/Paris") and de.duration_minutes == 45
    assert de.track == "Security" and de.note("Categories") == "Security, Beginner"
    assert de.sources[0].location == "line 52"


def test_ics_repeated_uid_and_malformed_lines_lose_nothing() -> None:
    doc = parse_path(FIX / "sched.ics")
    assert len(doc.talks) == 7
    talks = by_title(doc.talks)
    repeat = talks["Repeated UID"]
    # two events of other titles under one UID: it names neither (sweep 14 F2), both kept
    assert repeat.uid is None and talks["Sicherheit für Einsteiger"].uid is None
    assert repeat.start == at(2024, 3, 21, 15, 0, "Europe/Paris")  # floating: X-WR-TIMEZONE
    assert (
        "sched.ics line 63: not an iCalendar line ('THIS LINE IS NOT ICALENDAR'); skipped"
        in doc.warnings
    )
    assert any(
        w.startswith("sched.ics: 2 events share the UID 'SCHED-eee555@kccnceu2024.sched.com'")
        for w in doc.warnings
    )


def test_ics_agrees_with_the_icalendar_package() -> None:
    icalendar = pytest.importorskip("icalendar")
    raw = (FIX / "sched.ics").read_bytes().replace(b"THIS LINE IS NOT ICALENDAR\r\n", b"")
    theirs = [c for c in icalendar.Calendar.from_ical(raw).walk("VEVENT")]
    ours = parse_path(FIX / "sched.ics").talks
    assert len(ours) == len(theirs)
    for mine, other in zip(ours, theirs, strict=True):
        start = other.decoded("DTSTART")
        if start.tzinfo is None:
            start = start.replace(tzinfo=ZoneInfo("Europe/Paris"))
        assert mine.start == start
        assert str(other.get("SUMMARY")).startswith(mine.title)


def test_outlook_ics_zones_alarms_and_broken_structure() -> None:
    doc = parse_path(FIX / "outlook.ics")
    talks = by_title(doc.talks)
    # the unclosed and the interrupted events are kept; the all-day one is no session
    assert len(doc.talks) == 3
    custom = talks["Custom zone name"]
    assert custom.start.utcoffset() == timedelta(hours=1) and custom.abstract == ""  # not VALARM
    win = talks["Windows zone name"]
    assert win.start == at(2024, 1, 16, 9, 0, "America/Los_Angeles")
    assert win.abstract == "HTML only description"
    assert talks["Never closed"].start is None
    text = "\n".join(doc.warnings)
    assert "line 29: END:VTODO without BEGIN" in text
    assert "line 36: a VEVENT begins before the one at line 30 ended" in text
    assert "line 41: the VEVENT is not closed" in text
    assert "line 36: 'Started before the previous event ended' is an all-day event" in text


def test_pentabarf_ics_attendees_and_event_zone() -> None:
    (t,) = parse_path(FIX / "pentabarf.ics").talks
    assert t.speakers == (Speaker("FOSDEM Staff"), Speaker("Zoë Kowalczyk"))
    assert t.start == at(2023, 2, 4, 9, 30, "Europe/Brussels")  # TZID:Europe-Brussels
    assert str(t.start.tzinfo) == "Europe/Brussels" and t.duration_minutes == 25
    assert (t.room, t.track, t.format, t.abstract) == (
        "Janson",
        None,  # CATEGORIES:Keynotes names a session kind: the format, not a track
        "Keynote",
        "FOSDEM welcome and opening talk.",
    )


def test_ics_unescape_and_unfold() -> None:
    assert ical.unescape(r"a\, b\; c\n d\\e\N") == "a, b; c\n d\\e\n"
    lines = ical.unfold("SUMMARY:Lo\r\n ng\r\n\tTitle\r\nUID:1")
    assert lines == [(1, "SUMMARY:LongTitle"), (4, "UID:1")]


@pytest.mark.parametrize(
    ("summary", "style", "title", "speakers"),
    [
        ("Rust - Past, Present", "sched", "Rust - Past, Present", ()),
        ("Cloud - Native Computing", "", "Cloud - Native Computing", ()),
        ("Talk - Jane Doe, Red Hat", "sched", "Talk", (Speaker("Jane Doe", "Red Hat"),)),
        (
            "Talk - Jane Doe, John Roe",
            "pretalx",
            "Talk",
            (Speaker("Jane Doe"), Speaker("John Roe")),
        ),
        ("Talk - Jane Doe, John Roe", "", "Talk", (Speaker("Jane Doe"), Speaker("John Roe"))),
        (
            "Talk - Priyanka Sharma, Executive Director, Cloud Native Computing Foundation",
            "",
            "Talk",
            (Speaker("Priyanka Sharma", "Cloud Native Computing Foundation"),),
        ),
        ("A - B - Kim Park", "pretalx", "A - B", (Speaker("Kim Park"),)),
        ("Nobody speaks - ", "pretalx", "Nobody speaks", ()),
    ],
)
def test_summary_speakers_by_producer(
    summary: str, style: str, title: str, speakers: tuple[Speaker, ...]
) -> None:
    assert ical.split_summary(html.inline(summary), style) == (title, speakers)


def test_pretalx_ics_and_labelled_descriptions() -> None:
    text = "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "PRODID:-//pretalx//democon//EN",
            "BEGIN:VEVENT",
            "SUMMARY:Open-source executive info-mediaries - Thomas Grimes\\, Anna Ross",
            "DTSTART;TZID=Europe/Berlin:20200417T100000",
            "DTEND;TZID=Europe/Berlin:20200417T103000",
            "UID:pretalx-democon-RC3CXU@pretalx.example",
            "LOCATION:Magenta Room",
            "DESCRIPTION:Incentivize turn-key schemas!",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "SUMMARY:Exported by talkbase",
            "DTSTART:20261020T232000Z",
            "DTEND:20261020T235000Z",
            "UID:talk-7@talkbase",
            "DESCRIPTION:Speakers: Ada Byron (Engines)\\; Bo\\n\\nTrack: Compilers\\n\\nThe abstract.",
            "END:VEVENT",
            "END:VCALENDAR",
        ]
    )
    talks = by_title(ical.parse(text, "x.ics")[0])
    p = talks["Open-source executive info-mediaries"]
    assert p.speakers == (Speaker("Thomas Grimes"), Speaker("Anna Ross"))
    assert p.start == at(2020, 4, 17, 10, 0, "Europe/Berlin") and p.room == "Magenta Room"
    t = talks["Exported by talkbase"]
    assert t.speakers == (Speaker("Ada Byron", "Engines"), Speaker("Bo"))
    assert (t.track, t.abstract) == ("Compilers", "The abstract.")


def test_ics_without_events_is_an_input_error() -> None:
    with pytest.raises(InputError, match="no VEVENT"):
        ical.parse("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n", "empty.ics")


# ---- tables ------------------------------------------------------------------------------


def test_miniconf_csv() -> None:
    doc = parse_path(FIX / "miniconf_papers.csv")
    talks = by_title(doc.talks)
    assert len(doc.talks) == 4
    snn = talks["Enabling Deep Spiking Neural Networks with Hybrid Conversion"]
    assert [s.name for s in snn.speakers] == [
        "Nitin Rathi",
        "Gopalakrishnan Srinivasan",
        "Priyadarshini Panda",
        "Kaushik Roy",
    ]
    assert snn.abstract.endswith('with "quotes" inside.')  # a quoted multi-line cell
    assert snn.note("Keywords") == "imagenet, spiking networks"
    assert snn.track == "Mon Session 1" and snn.uid == "B1xSperKvH"
    assert snn.sources[0].location == "line 2"
    fr = talks["Apprentissage profond économe en énergie"]
    assert fr.speakers == (Speaker("Léa Dubois"), Speaker("Jürgen Groß"))
    assert fr.sources[0].location == "line 4" and fr.track is None
    assert talks["Duplicate UID row"].uid == "SJlbGJrtDB#2"
    assert "miniconf_papers.csv line 6: a row without a title; skipped" in doc.warnings


def test_csv_without_a_title_column_names_the_header_line() -> None:
    with pytest.raises(InputError) as err:
        parse_path(FIX / "no_title.csv")
    assert err.value.path.endswith("no_title.csv") and err.value.where == "line 1"
    assert "no title column" in err.value.problem


def test_explicit_column_mapping() -> None:
    text = "Paper Name;Presenter;Salle\nGraphes et réseaux;Inès Roy;Amphi A\n"
    talks, _ = table.parse(
        text, "p.csv", mapping={"title": "Paper Name", "room": "Salle", "speakers": "Presenter"}
    )
    assert (talks[0].title, talks[0].room, talks[0].speakers) == (
        "Graphes et réseaux",
        "Amphi A",
        (Speaker("Inès Roy"),),
    )
    with pytest.raises(InputError, match="unknown field"):
        table.parse(text, "p.csv", mapping={"colour": "Salle"})
    with pytest.raises(InputError, match="missing from the header"):
        table.parse(text, "p.csv", mapping={"title": "Titre"})


def test_tsv_dates_clock_times_and_affiliations(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_TIMEZONE", "America/Los_Angeles")
    doc = parse_path(FIX / "program.tsv")
    talks = by_title(doc.talks)
    first = talks["Compilers for everyone"]
    assert first.start == at(2026, 10, 20, 16, 20, "America/Los_Angeles")
    assert first.end == at(2026, 10, 20, 16, 50, "America/Los_Angeles")
    assert first.speakers == (Speaker("Ana Pereira", "ACME"), Speaker("Li Wei", "Initech"))
    de = talks["Quantisierung in der Praxis"]
    assert de.start.hour == 16 and de.start.day == 20 and de.duration_minutes == 30
    assert de.room == "Saal Ü" and de.speakers == (Speaker("Jürgen Groß", "TU München"),)
    ranged = talks["Talk with a range"]
    assert (ranged.start.hour, ranged.duration_minutes) == (9, 45)
    assert talks["Unreadable time"].start is None
    assert any("line 5: cannot read the start time 'later'" in w for w in doc.warnings)


def test_json_array_sessionize_groups_and_default_timezone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Oslo")
    talks = by_title(parse_path(FIX / "sessions.json").talks)
    t = talks["Building Résumé Parsers"]
    assert t.start == at(2025, 6, 2, 9, 0, "Europe/Oslo") and t.duration_minutes == 45
    assert (t.room, t.track, t.uid) == ("Auditorium", "Data", "512345")
    assert t.speakers == (Speaker("Chloé Martin"), Speaker("Ola Nordmann"))
    assert t.abstract == "We parse CVs. In two languages."
    assert t.sources[0].location == "line 7"


def test_sessionize_all_data_resolves_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")
    talks = by_title(parse_path(FIX / "sessionize_all.json").talks)
    assert set(talks) == {"Observability für alle", "Zero-trust networking"}
    t = talks["Observability für alle"]
    assert t.speakers == (Speaker("Mia Schäfer"), Speaker("Omar Haddad"))
    assert (t.room, t.track, t.uid) == ("Saal A", "Cloud Native", "601")
    assert t.start == at(2025, 9, 10, 9, 0, "Europe/Berlin") and t.duration_minutes == 40
    assert talks["Zero-trust networking"].sources[0].location == "line 16"


def test_jsonl_skips_bad_lines_and_keeps_going() -> None:
    doc = parse_path(FIX / "talks.jsonl")
    talks = by_title(doc.talks)
    assert set(talks) == {"Vector search at scale", "Floating time"}
    v = talks["Vector search at scale"]
    assert v.speakers == (Speaker("Ada Byron", "Analytical Engines"),)
    assert v.start == datetime(2026, 3, 1, 10, 0, tzinfo=timezone(timedelta(hours=-5)))
    assert v.duration_minutes == 30 and v.abstract == "HNSW & IVF."
    assert v.note("Keywords") == "ann, faiss, hnsw"
    assert talks["Floating time"].speakers == (
        Speaker("Grace Hopper", "Navy"),
        Speaker("Alan Turing"),
    )
    assert any(w.startswith("talks.jsonl line 2: not valid JSON") for w in doc.warnings)
    assert "talks.jsonl line 4: not a JSON object; skipped" in doc.warnings


def _talk() -> Talk:
    return Talk(
        title="Round trip",
        speakers=(Speaker("Ada Byron", "Engines"), Speaker("Bo")),
        start=at(2026, 10, 20, 16, 20, "America/Los_Angeles"),
        end=at(2026, 10, 20, 16, 50, "America/Los_Angeles"),
        room="Room 210",
        track="Compilers",
        format="Talk",
        abstract="Para one.\n\nPara two.",
        notes=(("Why", "Because."),),
        conference="PyTorch Conference 2026",
        uid="u-1",
    )


def test_talkbase_jsonl_export_reads_back() -> None:
    talks, _ = table.parse(
        json.dumps(_talk().to_dict()) + "\n" + json.dumps(_talk().to_dict()) + "\n",
        "export.jsonl",
        parser="jsonl",
    )
    t = talks[0]
    orig = _talk()
    assert (
        t.title,
        t.speakers,
        t.start,
        t.end,
        t.room,
        t.track,
        t.format,
        t.abstract,
        t.conference,
        t.uid,
    ) == (
        orig.title,
        orig.speakers,
        orig.start,
        orig.end,
        orig.room,
        orig.track,
        orig.format,
        orig.abstract,
        orig.conference,
        orig.uid,
    )
    assert t.note("Why") == "Because." and talks[1].uid == "u-1#2"


def test_talkbase_csv_export_reads_back() -> None:
    from talkbase.cli import EXPORT_COLUMNS

    row = _talk().to_dict()
    row["speakers"] = "; ".join(
        f"{s['name']} ({s['affiliation']})" if s["affiliation"] else s["name"]
        for s in row["speakers"]
    )
    row["notes"] = json.dumps(row["notes"])
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=EXPORT_COLUMNS, extrasaction="ignore")
    writer.writeheader()
    writer.writerow(row)
    fmt, (t,), _ = parse_text(out.getvalue(), "export.csv")
    assert fmt == "csv"
    assert t.start == _talk().start and t.end == _talk().end
    assert str(t.start.tzinfo) == "America/Los_Angeles"
    assert t.speakers == _talk().speakers and t.note("Why") == "Because."


def test_large_tables_stream(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.csv"
    rows = ["title,speakers,start,duration,room"] + [
        f"Talk {i},Person {i},2026-01-01T{10 + i % 8}:00:00+00:00,30,R{i % 3}" for i in range(500)
    ]
    data = ("\r\n".join(rows) + "\r\n").encode()
    path.write_bytes(data)
    whole = parse_path(path)
    monkeypatch.setattr(detect, "STREAM_BYTES", 0)
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("read whole"))
    streamed = parse_path(path)
    assert streamed.talks == whole.talks and len(streamed.talks) == 500
    assert streamed.format == "csv"
    assert streamed.sha256 == whole.sha256 == hashlib.sha256(data).hexdigest()
    assert streamed.talks[499].sources[0].location == "line 501"


def test_parse_lines_accepts_any_iterable_of_lines() -> None:
    def lines():
        yield '{"title": "One", "start": "2026-01-01T10:00:00Z"}\n'
        yield '{"title": "Two"}\n'

    talks, warnings = table.parse_lines(lines(), "gen.jsonl", parser="jsonl")
    assert [t.title for t in talks] == ["One", "Two"] and warnings == []
    assert talks[0].start == datetime(2026, 1, 1, 10, 0, tzinfo=UTC)


def test_table_errors() -> None:
    with pytest.raises(InputError) as err:
        table.parse('[{"title": "a"},\n {"title": }]', "bad.json", parser="json")
    assert err.value.where == "line 2, column 12"
    with pytest.raises(InputError, match="no object has a title"):
        table.parse('[{"name_of_thing": 1}]', "x.json", parser="json")
    # a field past the csv module's own limit (131,072 characters) is read, and cut
    # later as every format's long field is (sweep 18 F3): no row is lost
    talks, _ = table.parse('title,room\nok,A\nbad,"' + "x" * 200000 + '"\n', "q.csv")
    assert [t.title for t in talks] == ["ok", "bad"] and len(talks[1].room or "") == 200000


def test_a_huge_time_cell_is_refused_quickly() -> None:
    started = time.perf_counter()
    talks, warnings = table.parse("title,start\nx," + "T " * 20000 + "\n", "p.csv")
    assert talks[0].start is None and "cannot read the start time" in warnings[0]
    assert time.perf_counter() - started < 1


# ---- Markdown ----------------------------------------------------------------------------


def test_markdown_headings_labels_and_days(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_TIMEZONE", "America/Chicago")
    doc = parse_path(FIX / "program.md")
    talks = by_title(doc.talks)
    # the heading's "Keynote: " gives the format and stays in the title (sweep 16, F10)
    assert list(talks) == [
        "Keynote: The State of Rust",
        "Ownership für Anfänger",
        "Lightning talks",
    ]
    k = talks["Keynote: The State of Rust"]
    assert k.format == "Keynote" and k.conference == "RustConf Example 2025"
    assert k.start == at(2025, 9, 9, 9, 0, "America/Chicago") and k.duration_minutes == 45
    assert k.speakers == (Speaker("Niko Matsakis", "AWS"), Speaker("Jane Lusby"))
    assert k.room == "Main Hall"
    assert k.abstract == (
        "Where Rust is going. It spans two lines in one paragraph.\n\n"
        "A second paragraph with a link and code."
    )
    de = talks["Ownership für Anfänger"]
    assert de.speakers == (Speaker("Jürgen Groß", "Ferrous Systems"),)
    assert (de.start.hour, de.duration_minutes, de.room) == (10, 30, "Room B")
    assert talks["Lightning talks"].speakers == (Speaker("Ana Pereira"), Speaker("Li Wei"))
    assert (
        "program.md line 22: the heading 'Empty heading' has nothing under it; "
        "not read as a talk" in doc.warnings
    )


def test_markdown_track_sections_with_descriptions() -> None:
    talks = by_title(parse_path(FIX / "tracks.md").talks)
    mlir = talks["MLIR in practice"]
    assert (mlir.track, mlir.room) == ("Compilers", "Room 210")
    assert mlir.track_description == "Everything between source code and machine code."
    assert mlir.speakers == (Speaker("Alex Chen", "Google"),)
    assert mlir.start.date().isoformat() == "2026-10-20" and mlir.duration_minutes == 10
    triton = talks["Triton kernels"]
    assert (triton.room, triton.start.hour, triton.speakers) == (
        "Room 211",
        17,
        (Speaker("Sam Roe", "OpenAI"),),
    )
    spec = talks["Speculative decoding"]
    assert (spec.track, spec.track_description) == ("Inference", "Serving models.")
    assert spec.sources[0].section == "Inference" and spec.sources[0].location == "line 24"


def test_markdown_without_headings_is_an_input_error() -> None:
    with pytest.raises(InputError, match="no talks found: a text program is read from"):
        markdown.parse("just some text\nwith lines\n", "x.md")


# ---- text and time helpers ---------------------------------------------------------------


def test_html_to_text() -> None:
    assert (
        html.plain("<p>Eins &amp; zwei</p><script>x()</script><p>Drei&nbsp;vier</p>")
        == "Eins & zwei\n\nDrei vier"
    )
    assert html.plain("&lt;p&gt;escaped &amp;amp; twice&lt;/p&gt;") == "escaped & twice"
    assert html.plain("a < b and c > d\r\n\r\nnext") == "a < b and c > d\n\nnext"
    assert html.plain("line one<br>line two") == "line one\nline two"
    assert (
        html.plain("<p>Why the <script> element blocks parsing</p>")
        == "Why the <script> element blocks parsing"
    )  # an unclosed <script> hides nothing
    assert html.inline("  Café\u00a0 crème \n") == "Café crème"


def test_time_helpers() -> None:
    assert when.parse_duration("00:30") == timedelta(minutes=30)
    assert when.parse_duration("1:30:00") == timedelta(minutes=90)
    assert when.parse_duration("PT1H15M") == timedelta(minutes=75)
    assert when.parse_duration(45) == timedelta(minutes=45)
    assert when.parse_duration("1h 30m") == timedelta(minutes=90)
    assert when.parse_duration("soon") is None and when.parse_duration("99999:00") is None
    assert when.zone("+05:30").utcoffset(None) == timedelta(hours=5, minutes=30)
    assert when.zone("Mars/Olympus") is None and when.zone("../../etc/passwd") is None
    assert str(when.parse_clock("4:20 PM")) == "16:20:00"
    assert when.parse_clock("25:00") is None
    assert when.parse_date("Tuesday, October 20th, 2026").isoformat() == "2026-10-20"
    assert when.parse_date("20.10.2026").isoformat() == "2026-10-20"
    assert when.parse_date("13/02/2026").isoformat() == "2026-02-13"


def test_a_json_program_of_unknown_keys_is_refused_naming_its_keys_not_every_name_known():
    # sweep 13: the refusal listed ~80 names talkbase looks for, none of the file's own
    doc = {
        "meetupName": "Berlin Data Night",
        "agenda": [
            {
                "heading": "Streaming joins",
                "presenter": {"fullName": "Klara Vogt"},
                "kickoff": "2026-11-12T18:30:00+01:00",
            },
            {
                "heading": "DuckDB for analysts",
                "presenter": {"fullName": "Omar Haddad"},
                "kickoff": "2026-11-12T19:00:00+01:00",
            },
        ],
    }
    with pytest.raises(InputError) as err:
        parse_text(json.dumps(doc), "meetup.json")
    problem = err.value.problem
    assert "heading, presenter, kickoff" in problem and "--map title=KEY" in problem
    assert "talk_title" not in problem and len(problem) < 200
    _, talks, _ = parse_text(json.dumps(doc), "meetup.json", mapping={"title": "heading"})
    assert [t.title for t in talks] == ["Streaming joins", "DuckDB for analysts"]
