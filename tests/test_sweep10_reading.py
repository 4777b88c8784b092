"""Documents an outside tester read wrong after the ninth session, each reduced to
what it showed: a language named in traditional Chinese characters, the half of the
day written before both clocks of a Korean cell's range, ..."""

from __future__ import annotations

import pytest

from ingest.formats import table
from talkbase.core.languages import language_code


@pytest.mark.parametrize(
    ("said", "code"),
    [
        ("英文", "en"),
        ("英語", "en"),
        ("日本語", "ja"),
        ("中文", "zh"),
        ("영어", "en"),
        ("한국어", "ko"),
    ],
)
def test_a_language_column_written_in_another_script_is_its_code(said: str, code: str) -> None:
    """A language column's "英文" (English as Chinese in traditional characters writes
    it: CLDR's zh_Hant) was no language."""
    assert language_code(said) == code


def test_a_korean_cell_with_the_half_of_the_day_before_both_clocks_is_a_range() -> None:
    text = (
        "제목,발표자,날짜,시간,장소\n"
        "기조연설,김민준,2026-10-17,오전 10:00~오전 11:30,그랜드볼룸\n"
        "Rust 입문,이서연,2026-10-17,오후 2:00 - 오후 3:00,세미나실 1\n"
        "오후 세션,박지훈,2026-10-17,오전 11:30 - 오후 12:30,세미나실 1\n"
    )
    talks, _ = table.parse(text, "seoul.csv", "csv", default_tz="Asia/Seoul")
    got = [(t.start.strftime("%H:%M"), t.end.strftime("%H:%M")) for t in talks]
    assert got == [("10:00", "11:30"), ("14:00", "15:00"), ("11:30", "12:30")]


def _day(text: str, name: str = "p.md", tz: str = "UTC") -> list[tuple[str, str, str | None]]:
    from ingest.formats import markdown

    talks, _ = markdown.parse(text, name, tz)
    return [(t.title, t.start.isoformat(), t.end.isoformat() if t.end else None) for t in talks]


def test_a_zone_after_a_ranges_end_or_a_lone_clock_is_read_where_the_shape_says_so() -> None:
    """ "- 11:00–11:45 JST  Title" was titled "JST  Title" and read in the default zone:
    a zone after a range's end or a lone clock is read where most lines of its
    section name it there."""
    text = (
        "# DevFest Kyoto 2026\n\n## Saturday, 17 October 2026\n\n"
        "- 10:00–10:45 JST  Opening keynote — Haruka Sato\n"
        "- 11:00–11:45 JST Building offline-first apps — Kenji Watanabe\n"
        "- 13:00 JST | Lightning talks\n"
    )
    assert _day(text) == [
        ("Opening keynote", "2026-10-17T10:00:00+09:00", "2026-10-17T10:45:00+09:00"),
        ("Building offline-first apps", "2026-10-17T11:00:00+09:00", "2026-10-17T11:45:00+09:00"),
        ("Lightning talks", "2026-10-17T13:00:00+09:00", None),
    ]


def test_a_word_that_begins_a_few_titles_is_no_zone() -> None:
    """Review: "SAST: …" (South Africa), "CAT tools" (Central Africa) and "WIT: …"
    (Jayapura) after a clock were cut from their titles and moved the talks by hours,
    the colon taken for a separator and two lines for the section's zone."""
    text = (
        "# AppSec Day 2026\n\n## Wednesday, 14 October 2026\n\n"
        "- 09:00–09:30 Welcome\n"
        "- 09:30–10:15 SAST: what it finds and what it misses — Ana Lima\n"
        "- 10:30–11:15 CAT tools in the classroom — João Souza\n"
        "- 11:30–12:15 CAT tools and post-editing — Kim Lee\n"
        "- 12:15–13:00 WIT: Women in Tech lunch\n"
        "- 13:30–14:15 Threat modelling — Max Muster\n"
    )
    days = _day(text)
    assert [t for t, _, _ in days][1:5] == [
        "SAST: what it finds and what it misses",
        "CAT tools in the classroom",
        "CAT tools and post-editing",
        "WIT: Women in Tech lunch",
    ]
    assert all(start.endswith("+00:00") for _, start, _ in days)


def test_a_capital_word_after_one_lines_clocks_still_begins_its_title() -> None:
    text = (
        "# Conf 2026\n\n## Tuesday, 2 June 2026\n\n"
        "- 10:00–10:45 UTC Time in Rust — Ana Lima\n"
        "- 11:00 EST-based billing — João Souza\n"
    )
    assert [t for t, _, _ in _day(text)] == ["UTC Time in Rust", "EST-based billing"]


def test_a_cell_that_names_its_zone_after_its_clock_is_read_in_it() -> None:
    """A CSV's "10:00 JST" start cell was unread: the talk kept no time."""
    text = (
        "Title,Speaker,Date,Start,End\n"
        "Opening keynote,Haruka Sato,2026-10-17,10:00 JST,10:45 JST\n"
        "Offline-first apps,Kenji Watanabe,2026-10-17,11:00–11:45 JST,\n"
    )
    talks, warnings = table.parse(text, "kyoto.csv", "csv", default_tz="UTC")
    got = [(t.start.isoformat(), t.end.isoformat()) for t in talks]
    assert got == [
        ("2026-10-17T10:00:00+09:00", "2026-10-17T10:45:00+09:00"),
        ("2026-10-17T11:00:00+09:00", "2026-10-17T11:45:00+09:00"),
    ]
    assert not warnings


def test_a_zone_a_title_row_or_heading_states_is_the_programs() -> None:
    """ "(all times EAT)" above a CSV's header and "All times in EAT" under a Markdown
    program's title were not applied: EAT (Nairobi's, as the tz database writes it) was
    no zone, and a CSV's title rows stated none."""
    csv_text = (
        "Nairobi DevConf 2026 (all times EAT)\n"
        "Title,Speaker,Date,Start,End\n"
        "Welcome keynote,Wanjiru Kamau,2026-11-06,09:00,09:45\n"
    )
    (talk,), _ = table.parse(csv_text, "nairobi.csv", "csv", default_tz="UTC")
    assert talk.start.isoformat() == "2026-11-06T09:00:00+03:00"
    md = (
        "# PyCon Kenya 2026 (all times EAT)\n\n## Friday, 6 November 2026\n\n"
        "- 09:00–09:45 Welcome and keynote — Wanjiru Kamau\n"
        "- 10:00–10:45 Django at scale — Otieno Ouma\n"
    )
    from ingest.formats import markdown

    talks, _ = markdown.parse(md, "pyke.md", "UTC")
    assert [t.start.isoformat() for t in talks] == [
        "2026-11-06T09:00:00+03:00",
        "2026-11-06T10:00:00+03:00",
    ]
    assert {t.conference for t in talks} == {"PyCon Kenya 2026"}
    md = md.replace(" (all times EAT)", "\n\nAll times in CEST")
    talks, _ = markdown.parse(md, "pyke.md", "UTC")
    assert talks[0].start.isoformat() == "2026-11-06T09:00:00+01:00"


def test_each_abbreviated_zone_is_the_one_the_tz_database_writes_for_its_zone() -> None:
    """Where the tz database writes letters for the zone's clocks (not "+08", as for
    Singapore), they are the abbreviation's."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from ingest.when import ABBREVIATED_ZONES

    for said, name in ABBREVIATED_ZONES.items():
        written = {datetime(2026, m, 15, 12, tzinfo=ZoneInfo(name)).tzname() for m in (1, 7)}
        assert said in written or all(w[:1] in "+-" for w in written), (said, name, written)


@pytest.mark.parametrize(
    ("first", "second", "lang"),
    [("Day 1 (Oct 17)", "Day 2 (Oct 18)", "en"), ("Tag 1 (17. Okt)", "Tag 2 (18. Okt)", "de")],
)
def test_a_numbered_day_heading_with_its_date_in_brackets_is_that_day(first, second, lang) -> None:
    """ "## Day 1 (Oct 17)" was a day this reader could not read (a month abbreviated),
    and "## Tag 2 (18. Okt)" in a program with little German text was no day at all."""
    text = (
        "# JS Tage 2026\n\n"
        f"## {first}\n\n- 10:00–10:45 Keynote — Anna Schmidt\n\n"
        f"## {second}\n\n- 10:00–10:45 Bundler — Jonas Weber\n"
    )
    assert [s for _, s, _ in _day(text)] == [
        "2026-10-17T10:00:00+00:00",
        "2026-10-18T10:00:00+00:00",
    ]


@pytest.mark.parametrize(
    "heading", ["Mac OS 9", "Vue 3 in May", "Go 1 (Mar talks)", "Track 2 (Set 3)"]
)
def test_headings_that_are_no_days_stay_none(heading: str) -> None:
    from ingest.formats.mdparts import date_of

    assert date_of(heading, (2026,), ("en",)) is None


def test_a_hugo_sections_talk_pages_are_one_conference_and_its_list_page_no_failure(
    tmp_path,
) -> None:
    """A Hugo site's content/talks/ ingested as a folder: _index.md failed the command
    (exit status 1) and each talk page was a conference of its own."""
    from index.build.builder import Report, parse_all

    talks = tmp_path / "gophercon-lisbon-2026" / "content" / "talks"
    talks.mkdir(parents=True)
    (talks / "_index.md").write_text(
        '---\ntitle: "GopherCon Lisbon 2026"\n---\n\nThe talks of 8 and 9 October.\n'
    )
    for slug, title, hour in (("generics", "Generics in practice", 10), ("pprof", "Profiling", 11)):
        (talks / f"{slug}.md").write_text(
            f'---\ntitle: "{title}"\ndate: 2026-10-08T{hour}:00:00+01:00\nduration: 45\n'
            f'room: "Auditorium 1"\nspeakers: ["Ana Lima"]\n---\n\nText.\n'
        )
    report = Report()
    docs = parse_all([talks], None, report)
    assert not report.failed
    assert {t.conference for d in docs for t in d.talks} == {"GopherCon Lisbon 2026"}
    assert len([t for d in docs for t in d.talks]) == 2
    assert any("_index.md" in n for n in report.notices)
    # a list page titled only by its section's folder names the site's folder instead
    (talks / "_index.md").write_text('---\ntitle: "Talks"\n---\n')
    docs = parse_all([talks], None, Report())
    assert {t.conference for d in docs for t in d.talks} == {"gophercon lisbon 2026"}


def test_language_tags_in_titles_are_the_talks_language_and_come_off_the_title() -> None:
    """ "Scaling Postgres (EN)", "[DE]", "[EN/ES]": the tag stayed in the title and the
    talk had no language."""
    from ingest.detect import parse_text

    text = (
        "Title,Speaker,Date,Start,End\n"
        "Kubernetes の運用 (JA),佐藤 花子,2026-10-17,10:00,10:45\n"
        "Scaling Postgres (EN),Jane Doe,2026-10-17,11:00,11:45\n"
        "[DE] Observability im Alltag,Max Muster,2026-10-17,13:00,13:45\n"
        "Open source in Latin America [EN/ES],Ana Lima,2026-10-17,14:00,14:45\n"
        "Careers in IT,João Souza,2026-10-17,15:00,15:45\n"
    )
    _, talks, _ = parse_text(text, "tokyo.csv")
    assert [(t.title, t.language) for t in talks] == [
        ("Kubernetes の運用", "ja"),
        ("Scaling Postgres", "en"),
        ("Observability im Alltag", "de"),
        ("Open source in Latin America", "en"),
        ("Careers in IT", None),
    ]


def test_country_and_department_tags_are_no_languages() -> None:
    """Review: "(UK)", "(IT)", "(DE)" after English titles (countries), "(IT)", "(HR)"
    (departments) were read as Ukrainian, Italian, German, Croatian and cut from the
    titles; tags are languages only where most tagged talks' words are in them."""
    from ingest.detect import parse_text

    text = (
        "Title,Speaker,Date,Start,End\n"
        "Building GOV.UK Notify (UK),Sarah Jones,2026-06-09,10:00,10:30\n"
        "Open data in Lombardy (IT),Luca Bianchi,2026-06-09,10:30,11:00\n"
        "The Once-Only principle in practice (DE),Jonas Weber,2026-06-09,11:00,11:30\n"
        '"France Connect, five years on (FR)",Pierre Martin,2026-06-09,13:00,13:30\n'
        "Zero trust for the corporate network (HR),Mark Evans,2026-06-09,14:00,14:30\n"
    )
    _, talks, _ = parse_text(text, "forum.csv")
    assert [t.title[-4:] for t in talks] == ["(UK)", "(IT)", "(DE)", "(FR)", "(HR)"]
    assert not {t.language for t in talks} & {"uk", "it", "de", "fr", "hr"}


def test_one_tag_of_one_language_stays_in_the_title() -> None:
    from ingest.detect import parse_text

    text = (
        "Title,Speaker,Date,Start,End\n"
        "Retail in VR and AR (AR),Jane Doe,2026-10-17,11:00,11:45\n"
        "Kernels,Max Muster,2026-10-17,13:00,13:45\n"
    )
    _, talks, _ = parse_text(text, "retail.csv")
    assert [(t.title, t.language) for t in talks][0] == ("Retail in VR and AR (AR)", None)
