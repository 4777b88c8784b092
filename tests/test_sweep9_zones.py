"""Sweep 9, B11: the zone a document names is its times' zone: a city in the
program's title ("PyData Amsterdam 2026", "DevFest Αθήνα 2026", in a page's <title>:
`mdparts.title_zone`), CLDR's name of a zone ("All times Central", "한국 표준시":
`mdparts._named_zone`), a city in another script beside a word for time joined to a
particle ("بتوقيت الرياض"); a city named in a talk's title or abstract moves no
program's zone; and where a document says something of its zone that is not read,
the warning names it, never "names no time zone" (ingest/detect.py)."""

from __future__ import annotations

import pytest

from ingest.detect import parse_text, zone_assumed
from ingest.formats.mdparts import stated_zone, title_zone
from tests.test_sweep9_rest import META_FIRST


@pytest.fixture(autouse=True)
def _default_zone(monkeypatch):
    monkeypatch.delenv("TALKBASE_TIMEZONE", raising=False)


def _list(title: str, said: str, line: str = "- 09:00–09:45 Opening — Ana Lima") -> str:
    return f"# {title}\n\n{said}\n\n## Saturday 24 October 2026\n\n{line}\n"


def _zones(talks) -> set[str]:
    return {str(getattr(t.start.tzinfo, "key", t.start.tzinfo)) for t in talks}


def _no_zone_warning(warnings) -> bool:
    return not any("names no time zone" in w for w in warnings)


def test_korean_standard_time_and_kst_are_seoul_s():
    text = _list(
        "파이콘 한국 2026 프로그램",
        "모든 시간은 한국 표준시(KST) 기준입니다.",
        "- 오전 10:00–10:40 환영사 — 김민수 (카카오) — 101호",
    )
    _, talks, warnings = parse_text(text, "program.md")
    assert _zones(talks) == {"Asia/Seoul"}
    assert f"{talks[0].start:%H:%M%z}" == "10:00+0900"
    assert not any("zone" in w for w in warnings)


def test_riyadh_time_in_arabic_is_riyadh_s():
    text = _list(
        "ملتقى المطورين العرب ٢٠٢٦ — البرنامج",
        "جميع الأوقات بتوقيت الرياض.",
        "- 09:00–09:45 الكلمة الافتتاحية — سارة العتيبي",
    )
    _, talks, warnings = parse_text(text, "barnamij.md")
    assert _zones(talks) == {"Asia/Riyadh"}
    assert not any("zone" in w for w in warnings)


@pytest.mark.parametrize(
    ("said", "zone"),
    [
        ("All times Central.", "America/Chicago"),
        ("All times are Eastern Time.", "America/New_York"),
        ("Times are Pacific time.", "America/Los_Angeles"),
        ("All times Mountain.", "America/Denver"),
    ],
)
def test_a_us_zone_said_by_its_name_is_read(said, zone, monkeypatch):
    # (a default elsewhere, so that Pacific is told from the default)
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Asia/Tokyo")
    _, talks, _ = parse_text(_list("Strange Loop Revival 2026 — St. Louis", said), "s.md")
    assert _zones(talks) == {zone}


def test_central_elsewhere_is_no_zone():
    assert stated_zone(["Meet us at Central Station; lunch time is at noon."]) is None
    assert stated_zone(["Central Park Conference"]) is None
    _, talks, _ = parse_text(_list("Central Conf 2026", "Welcome!"), "s.md")
    assert _zones(talks) == {"America/Los_Angeles"}


GRID = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>PyData Amsterdam 2026 – Thursday</title></head>
<body><h1>PyData Amsterdam 2026</h1><h2>Thursday 17 September 2026</h2>
<table><thead><tr><th>Time</th><th>Ketelhuis</th><th>Zuidhal</th></tr></thead><tbody>
<tr><td>09:00</td><td colspan="2"><b>Opening keynote</b><br>Vincent Warmerdam</td></tr>
<tr><td>10:00</td><td><b>Forecasting with Darts</b><br>Sanne de Vries</td>
<td><b>DuckDB for analysts</b><br>Mark Raasveldt</td></tr>
<tr><td>10:45</td><td colspan="2"><i>Lunch</i></td></tr>
</tbody></table></body></html>"""


def test_a_city_in_a_page_s_title_is_its_zone():
    fmt, talks, warnings = parse_text(GRID, "programme.html")
    assert fmt == "html"
    assert _zones(talks) == {"Europe/Amsterdam"}
    assert not any("zone" in w for w in warnings)


CARDS = META_FIRST  # (the tester's page of cards: tests/test_sweep9_rest.py)


def test_a_city_in_a_page_of_cards_title_is_its_zone():
    _, talks, warnings = parse_text(CARDS, "agenda.html")
    assert _zones(talks) == {"Europe/Oslo"}
    assert f"{talks[0].start:%H:%M%z}" == "09:00+0200"
    assert not any("zone" in w for w in warnings)


def test_a_city_in_another_script_in_the_title_is_its_zone():
    text = (
        "# DevFest Αθήνα 2026 — Πρόγραμμα\n\n## Σάββατο 14 Νοεμβρίου 2026\n\n"
        "| Ώρα | Τίτλος | Ομιλητής | Αίθουσα |\n|-----|--------|----------|---------|\n"
        "| 09:30–10:00 | Καλωσόρισμα | Οργανωτική επιτροπή | Αμφιθέατρο |\n"
        "| 10:00–10:45 | Μηχανική μάθηση | Γιώργος Παπαδόπουλος | Αμφιθέατρο |\n"
    )
    _, talks, _ = parse_text(text, "programma.md")
    assert _zones(talks) == {"Europe/Athens"}


def test_title_cities_where_conferences_name_them():
    assert str(title_zone("PyData Amsterdam 2026")) == "Europe/Amsterdam"
    assert str(title_zone("EuroPython 2026 Prague")) == "Europe/Prague"
    assert str(title_zone("PyCon 2026 — Lisbon")) == "Europe/Lisbon"
    assert title_zone("DevOps North 2026") is None  # (a tz link's name: Australia/North)
    assert title_zone("Amsterdam meets Python: Summit 2026 Online") is None
    assert title_zone("") is None


def test_a_city_in_a_talk_s_title_or_abstract_moves_no_program():
    text = _list(
        "RustConf 2026",
        "Welcome!",
        "- 09:00–09:45 Scaling Berlin transit data — Ana Lima\n\n"
        "## Sunday 25 October 2026\n\n### 10:00–10:45 Amsterdam 2026 in review\n\n"
        "We moved from Tokyo time to Oslo time.\n",
    )
    _, talks, warnings = parse_text(text, "program.md")
    assert _zones(talks) == {"America/Los_Angeles"}
    assert any("names no time zone" in w for w in warnings)


def test_what_a_document_says_of_its_zone_unread_is_named():
    _, talks, warnings = parse_text(_list("Strange Loop 2026", "All times St. Louis time."), "s.md")
    assert _zones(talks) == {"America/Los_Angeles"}
    said = [w for w in warnings if "zone" in w]
    assert len(said) == 1 and "'All times St. Louis time.'" in said[0]
    assert _no_zone_warning(warnings)
    assert zone_assumed(warnings) == "America/Los_Angeles"  # (the index reads it so)


def test_nothing_unread_is_named_where_a_zone_was_read_or_set(monkeypatch):
    _, _, warnings = parse_text(_list("Strange Loop 2026", "All times Central."), "s.md")
    assert warnings == []
    monkeypatch.setenv("TALKBASE_TIMEZONE", "America/Chicago")
    _, _, warnings = parse_text(_list("Strange Loop 2026", "All times St. Louis time."), "s.md")
    assert warnings == []
