"""Plain-word limits in Russian and Arabic (sweep 20, helper ru-ar-read; findings F1,
F2, F4, F6, F12, F13, F16 of the scripts sweep): a negation is read as leaving the limit
out, never as the limit itself; "после 16:00", "بعد 14:00" are after, not at; "первый
день", "اليوم الثاني" are the program's days (never "день" as the afternoon); "на
английском", "по-английски", "باللغة الإنجليزية" are a language; "20 ноября" a date; a
weekday the program does not have is said back; `--day пятница` is Friday; and a cue the
reader cannot read past is said back rather than its limit applied."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from conftest import calendar, program_kb, vevent

from index.search.limits.filters import Filters
from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk

MOSCOW = ZoneInfo("Europe/Moscow")
RIYADH = ZoneInfo("Asia/Riyadh")


def _program(zone: ZoneInfo, days: tuple[int, ...], month: int, talks: list[tuple]) -> Vocab:
    """A program of `talks` (title, abstract, language, room, track) on each of `days`
    of `month` 2026, at 10:00, 14:00 and 17:00."""
    return Vocab.from_talks(
        [
            Talk(
                title=f"{title} {day}-{hour}",
                abstract=abstract,
                language=language,
                room=room,
                track=track,
                start=datetime(2026, month, day, hour, tzinfo=zone),
                end=datetime(2026, month, day, hour, 45, tzinfo=zone),
            )
            for day in days
            for hour in (10, 14, 17)
            for title, abstract, language, room, track in talks
        ]
    )


@pytest.fixture(scope="module")
def devconf() -> Vocab:
    """DevConf Moscow: Thursday 19 and Friday 20 November 2026, Russian and English."""
    return _program(
        MOSCOW,
        (19, 20),
        11,
        [
            ("Безопасность веб-приложений", "Пентест и защита.", "ru", "Зал «Казань»", "Бэкенд"),
            ("Фронтенд без боли", "React и производительность.", "ru", "Зал «Москва»", "Фронтенд"),
            ("Kubernetes at scale", "Operating clusters.", "en", "Зал «Москва»", "Бэкенд"),
        ],
    )


@pytest.fixture(scope="module")
def summit() -> Vocab:
    """An Arab developers' summit: Tuesday 15 and Wednesday 16 December 2026."""
    return _program(
        RIYADH,
        (15, 16),
        12,
        [
            (
                "نماذج اللغة الكبيرة",
                "الذكاء الاصطناعي للغة العربية.",
                "ar",
                "قاعة أ",
                "الذكاء الاصطناعي",
            ),
            ("أمن الشبكات", "حماية الشبكات من الهجمات.", "ar", "قاعة ب", "الأمن"),
            ("Zero Trust Networking", "Security in practice.", "en", "قاعة ب", "الأمن"),
        ],
    )


@pytest.mark.parametrize(
    ("query", "left_out", "kept"),
    [
        ("безопасность не в четверг", {"day": "Thu"}, {}),
        ("доклады не в пятницу", {"day": "Fri"}, {}),
        ("кроме четверга", {"day": "Thu"}, {}),
        ("без четверга", {"day": "Thu"}, {}),
        ("всё кроме пятницы про фронтенд", {"day": "Fri"}, {}),
        ("не в зале Казань", {"room": "Зал «Казань»"}, {}),
        ("доклады не на английском в пятницу", {"language": "en"}, {"day": "Fri"}),
    ],
)
def test_a_russian_negation_leaves_its_limit_out(devconf, query, left_out, kept):
    u = understand(query, devconf)
    assert [f.active() for f in u.excluded_limits] == [left_out], u.label
    assert u.filters.active() == kept, u.label


@pytest.mark.parametrize(
    ("query", "left_out", "kept"),
    [
        ("الذكاء الاصطناعي ليس يوم الثلاثاء", {"day": "Tue"}, {"track": "الذكاء الاصطناعي"}),
        ("كل شيء ما عدا الأربعاء", {"day": "Wed"}, {}),
        ("غير يوم الثلاثاء", {"day": "Tue"}, {}),
        ("باستثناء الثلاثاء", {"day": "Tue"}, {}),
        ("لا أستطيع الحضور يوم الثلاثاء", {"day": "Tue"}, {}),
        ("ليس في قاعة أ", {"room": "قاعة أ"}, {}),
        ("محاضرات ليست باللغة الإنجليزية", {"language": "en"}, {}),
    ],
)
def test_an_arabic_negation_leaves_its_limit_out(summit, query, left_out, kept):
    u = understand(query, summit)
    assert [f.active() for f in u.excluded_limits] == [left_out], u.label
    assert u.filters.active() == kept, u.label


@pytest.mark.parametrize(
    ("program", "query"),
    [
        ("devconf", "не могу в четверг"),  # "I can't on Thursday": no word for it here
        ("summit", "لا أريد يوم الثلاثاء"),  # "I don't want Tuesday"
        ("summit", "لن أحضر يوم الثلاثاء"),  # "I won't attend on Tuesday"
    ],
)
def test_a_cue_the_reader_cannot_read_past_never_applies_its_limit(request, program, query):
    u = understand(query, request.getfixturevalue(program))
    assert u.filters.day is None and not u.excluded_limits, u.label
    assert u.not_understood and "no limit set" in u.not_understood[0]


def test_not_only_is_no_negation(devconf):
    assert understand("не только в четверг", devconf).filters.day == "Thu"


@pytest.mark.parametrize(
    ("program", "query", "limits"),
    [
        ("devconf", "после 16:00 в пятницу", {"after": "16:00", "day": "Fri"}),
        ("devconf", "до 12:00", {"before": "12:00"}),
        ("devconf", "с 10:00 до 12:00", {"after": "10:00", "before": "12:00"}),
        ("summit", "بعد 14:00 يوم الأربعاء", {"after": "14:00", "day": "Wed"}),
        ("summit", "قبل 12:00", {"before": "12:00"}),
        ("summit", "بعد الساعة 14:00", {"after": "14:00"}),
    ],
)
def test_after_and_before_a_time_are_read(request, program, query, limits):
    u = understand(query, request.getfixturevalue(program))
    assert u.filters.active() == limits, u.label


@pytest.mark.parametrize(
    ("program", "query", "limits"),
    [
        ("devconf", "первый день", {"day": "2026-11-19"}),
        ("devconf", "второй день после 15:00", {"day": "2026-11-20", "after": "15:00"}),
        ("devconf", "доклады в последний день", {"day": "2026-11-20"}),
        ("summit", "اليوم الأول", {"day": "2026-12-15"}),
        ("summit", "اليوم الثاني بعد الساعة 14:00", {"day": "2026-12-16", "after": "14:00"}),
    ],
)
def test_the_programs_first_or_second_day_is_read(request, program, query, limits):
    u = understand(query, request.getfixturevalue(program))
    assert u.filters.active() == limits, u.label


def test_the_russian_word_for_a_day_is_no_afternoon(devconf):
    # CLDR names the afternoon "день" too; said alone it is a day, no time of it
    u = understand("доклады в этот день", devconf)
    assert u.filters.after is None and u.filters.starts_before is None, u.label
    assert understand("в пятницу утром", devconf).filters.starts_before == "12:00"
    # ...its form said after a time still is ("the second half of the day")
    assert understand("во второй половине дня", devconf).filters.after == "12:00"
    assert understand("доклады второго дня", devconf).filters.day == "2026-11-20"


@pytest.mark.parametrize(
    ("program", "query", "day"),
    [
        ("devconf", "доклады на английском", None),
        ("devconf", "доклады на английском языке в пятницу", "Fri"),
        ("devconf", "по-английски", None),
        ("devconf", "английские доклады", None),
        ("summit", "محاضرات باللغة الإنجليزية", None),
        ("summit", "محاضرات بالإنجليزية يوم الأربعاء", "Wed"),
    ],
)
def test_a_language_said_in_russian_or_arabic_is_a_limit(request, program, query, day):
    u = understand(query, request.getfixturevalue(program))
    assert u.filters.language == "en" and u.filters.day == day, u.label


def test_russian_said_in_russian_is_a_limit_with_its_topic(devconf):
    u = understand("на русском языке про безопасность", devconf)
    assert u.filters.language == "ru" and "безопасность" in u.topic, u.label


@pytest.mark.parametrize(
    ("program", "query", "day"),
    [
        ("devconf", "доклады 20 ноября", "2026-11-20"),
        ("summit", "16 ديسمبر", "2026-12-16"),
    ],
)
def test_a_date_with_the_months_name_in_the_programs_language(request, program, query, day):
    u = understand(query, request.getfixturevalue(program))
    assert u.filters.day == day, u.label


@pytest.mark.parametrize(
    ("program", "query"),
    [
        ("devconf", "доклады в субботу"),
        ("devconf", "talks on Saturday"),
        ("summit", "محاضرات يوم السبت"),
        ("devconf", "21 ноября"),
    ],
)
def test_a_day_the_program_does_not_have_is_said_back(request, program, query):
    u = understand(query, request.getfixturevalue(program))
    assert u.filters.day is None
    assert any(s.startswith("no talks on Sat") for s in u.not_understood), u.not_understood
    assert u.said_back_only, u.topic  # (no topic "в субботу" ranked by its meaning)


def test_a_weekdays_name_in_the_programs_language_is_a_day_filter(tmp_path: Path, hashing_embedder):
    zone = "Europe/Moscow"
    text = calendar(
        vevent(
            "a",
            "20261119T100000",
            "20261119T110000",
            "Доклад один",
            zone=zone,
            description="Про базы данных и безопасность.",
        ),
        vevent(
            "b",
            "20261120T100000",
            "20261120T110000",
            "Доклад два",
            zone=zone,
            description="Про фронтенд и производительность.",
        ),
        name="DevConf",
    )
    with program_kb(tmp_path, hashing_embedder, "devconf.ics", text) as kb:
        friday = kb.allowed(Filters(day="Fri"))
        assert friday and kb.allowed(Filters(day="пятница")) == friday
        assert kb.allowed(Filters(day="Пятница")) == friday


RUSSIAN_CSV = (
    "title,abstract,language,start,end,room\n"
    "Безопасность API,Пентест и защита.,ru,2026-11-19T10:00,2026-11-19T10:45,Зал 1\n"
    "Безопасность сетей,Защита периметра.,ru,2026-11-20T10:00,2026-11-20T10:45,Зал 1\n"
    "Базы данных,Репликация.,ru,2026-11-20T14:00,2026-11-20T14:45,Зал 2\n"
)
ARABIC_CSV = (
    "title,abstract,language,start,end,room\n"
    "أمن الشبكات,حماية الشبكات.,ar,2026-12-15T10:00,2026-12-15T10:45,قاعة أ\n"
    "أمن التطبيقات,حماية التطبيقات.,ar,2026-12-16T10:00,2026-12-16T10:45,قاعة أ\n"
    "قواعد البيانات,النسخ المتماثل.,ar,2026-12-16T14:00,2026-12-16T14:45,قاعة ب\n"
)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (the site's search)")
def test_the_offline_site_leaves_the_day_out_as_the_cli_does(tmp_path: Path):
    """The site reads negation by the lexicon's cues the export writes: "не в четверг",
    "ما عدا الأربعاء" leave the day out there too (Arabic's hamza folded as the server
    folds it: "الأربعاء" was never read by the site)."""
    from tests.test_site import _node_read, _site_of

    (tmp_path / "ru").mkdir()
    (tmp_path / "ar").mkdir()
    ru = _node_read(_site_of(tmp_path / "ru", RUSSIAN_CSV), ["безопасность не в четверг"])
    assert ru[0]["said"] == ["not thursday"] and ru[0]["titles"] == ["Безопасность сетей"]
    ar = _node_read(_site_of(tmp_path / "ar", ARABIC_CSV), ["أمن ما عدا الأربعاء", "أمن الأربعاء"])
    assert ar[0]["said"] == ["not wednesday"] and ar[0]["titles"] == ["أمن الشبكات"]
    assert ar[1]["said"] == ["wednesday"] and ar[1]["titles"] == ["أمن التطبيقات"]
