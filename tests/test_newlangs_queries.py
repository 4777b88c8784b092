"""Limits said in Persian, Hindi, Vietnamese, Indonesian and Thai (sweep 21, F9, F10,
F13, F15: the programs of /tmp/s20/sweep-newlangs/). Before, "except Saturday" in
these languages was read as "only Saturday" (the day applied, the cue searched as
words), "after 14:00" as "under way at 14:00", and language names, short talks,
ordinal days and Indonesian "sore" (late afternoon) were not read or read as evening."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read import lexicon
from index.search.read.understand import understand
from index.search.read.vocab import Vocab, language_word
from talkbase.core import languages, terms
from talkbase.core.records import Talk

ZONES = {
    "fa": "Asia/Tehran",
    "hi": "Asia/Kolkata",
    "vi": "Asia/Ho_Chi_Minh",
    "id": "Asia/Jakarta",
    "th": "Asia/Bangkok",
}
TITLES = {
    "fa": ("امنیت شبکه", "هوش مصنوعی در کشاورزی", "پایگاه داده"),
    "hi": ("नेटवर्क सुरक्षा", "कृषि में कृत्रिम बुद्धिमत्ता", "डेटाबेस डिज़ाइन"),
    "vi": ("Bảo mật mạng", "Trí tuệ nhân tạo", "Cơ sở dữ liệu"),
    "id": ("Keamanan jaringan", "Kecerdasan buatan", "Basis data"),
    "th": ("ความปลอดภัยเครือข่าย", "ปัญญาประดิษฐ์", "ฐานข้อมูล"),
}


def _vocab(code: str, days: tuple[int, int] = (14, 15)) -> Vocab:
    """Two days of talks in `code` and English (Saturday 14 and Sunday 15 November
    2026, or the days `days`), at 10:00, 14:00 and 16:00, some of 15 minutes."""
    tz = ZoneInfo(ZONES[code])
    talks = []
    for day in days:
        for k, (title, hour) in enumerate(zip(TITLES[code], (10, 14, 16), strict=True)):
            start = datetime(2026, 11, day, hour, tzinfo=tz)
            end = start.replace(minute=15 if k == 0 else 45)
            talks.append(Talk(title=f"{title} {day}", start=start, end=end, language=code))
        start = datetime(2026, 11, day, 11, tzinfo=tz)
        talks.append(Talk(title=f"Zero Trust {day}", start=start, language="en"))
    return Vocab.from_talks(talks)


@pytest.fixture(scope="module")
def vocabs() -> dict[str, Vocab]:
    return {code: _vocab(code) for code in ZONES}


@pytest.mark.parametrize(
    ("code", "query", "day"),
    [
        ("fa", "به جز شنبه", "Sat"),
        ("fa", "غیر از شنبه", "Sat"),
        ("fa", "سخنرانی‌ها به‌جز یکشنبه", "Sun"),
        ("fa", "نه شنبه", "Sat"),
        ("hi", "शनिवार को छोड़कर", "Sat"),
        ("hi", "शनिवार नहीं", "Sat"),
        ("hi", "रविवार के अलावा", "Sun"),
        ("vi", "không phải thứ bảy", "Sat"),
        ("vi", "trừ thứ bảy", "Sat"),
        ("vi", "ngoại trừ chủ nhật", "Sun"),
        ("id", "bukan hari Sabtu", "Sat"),
        ("id", "kecuali hari Minggu", "Sun"),
        ("id", "selain Sabtu", "Sat"),
        ("th", "ไม่ใช่ วันเสาร์", "Sat"),
        ("th", "ยกเว้น วันอาทิตย์", "Sun"),
    ],
)
def test_a_day_said_to_be_left_out_is_left_out(vocabs, code, query, day):
    u = understand(query, vocabs[code])
    assert u.filters.day is None, u.label  # never the opposite of what was asked
    assert [x.active() for x in u.excluded_limits] == [{"day": day}], u.label


def test_every_language_the_reader_has_words_for_says_how_to_leave_out():
    """A language the reader reads limits in (its time cues, ordinals, words for
    talks, lengths, language cues) has its words to leave a limit out: without them,
    its "except Saturday" reads as "Saturday"."""
    tables = (
        lexicon.TIME_CUES,
        lexicon.TIME_CUES_AFTER,
        lexicon.DAY_ORDINALS,
        lexicon.TALK_NOUNS,
        lexicon.LENGTH_WORDS,
        lexicon.LANGUAGE_CUES_IN,
    )
    read = {code for table in tables for code in table}
    assert {"fa", "hi", "vi", "id", "th"} <= read
    # (sweep 22: Bengali, Tamil and Amharic say their limits after them, with words of
    # their own: "শনিবার ছাড়া", "சனி தவிர", "ቅዳሜ በስተቀር")
    assert {"bn", "ta", "uk", "el", "am", "sw"} <= read
    assert read <= set(lexicon.LEAVE_OUT), read - set(lexicon.LEAVE_OUT)
    # ...and so does every language whose programs the product reads (its words for a
    # room: talkbase/core/terms.py), whose weekdays CLDR gives the reader
    assert set(terms.ROOM_WORDS) <= set(lexicon.LEAVE_OUT), set(terms.ROOM_WORDS) - set(
        lexicon.LEAVE_OUT
    )


@pytest.mark.parametrize(
    ("code", "zone", "query"),
    [
        ("pl", "Europe/Warsaw", "nie w sobotę"),
        ("pl", "Europe/Warsaw", "oprócz soboty"),
        ("cs", "Europe/Prague", "ne v sobotu"),
        ("uk", "Europe/Kyiv", "не в суботу"),
        ("bg", "Europe/Sofia", "освен събота"),
        ("sv", "Europe/Stockholm", "inte på lördag"),
        ("fi", "Europe/Helsinki", "ei lauantaina"),
        ("hu", "Europe/Budapest", "szombat kivételével"),
        ("ro", "Europe/Bucharest", "cu excepția zilei de sâmbătă"),
        ("el", "Europe/Athens", "εκτός από το Σάββατο"),
        ("sw", "Africa/Nairobi", "si Jumamosi"),
    ],
)
def test_the_other_languages_programs_are_read_in_leave_out_too(code, zone, query):
    """Before, each of these read as Saturday's talks only (the cue a topic word)."""
    tz = ZoneInfo(zone)
    talks = [
        Talk(title=f"t{d}{h}", start=datetime(2026, 11, d, h, tzinfo=tz), language=code)
        for d in (14, 15)
        for h in (10, 14)
    ]
    u = understand(query, Vocab.from_talks(talks))
    assert u.filters.day is None and [x.active() for x in u.excluded_limits] == [{"day": "Sat"}]


@pytest.mark.parametrize(
    ("code", "query", "limits"),
    [
        ("fa", "بعد از 14:00", {"after": "14:00"}),
        ("fa", "بعد از ساعت ۱۴:۰۰", {"after": "14:00"}),
        ("fa", "بعد از ۱۴", {"after": "14:00"}),
        ("fa", "قبل از 14:00", {"before": "14:00"}),
        ("hi", "14:00 के बाद", {"after": "14:00"}),
        ("hi", "14:00 से पहले", {"before": "14:00"}),
        ("hi", "14 बजे के बाद", {"after": "14:00"}),
        ("th", "หลัง 14:00", {"after": "14:00"}),
        ("th", "ก่อน 14:00", {"before": "14:00"}),
        ("vi", "sau 14:00", {"after": "14:00"}),
        ("vi", "sau 14 giờ", {"after": "14:00"}),
        ("vi", "trước 14:00", {"before": "14:00"}),
        ("id", "setelah jam 14:00", {"after": "14:00"}),
        ("id", "setelah pukul 13.00", {"after": "13:00"}),
        ("id", "sebelum jam 14:00", {"before": "14:00"}),
    ],
)
def test_after_and_before_a_time(vocabs, code, query, limits):
    u = understand(query, vocabs[code])
    assert u.filters.active() == limits, u.label
    assert u.topic == "", u.topic


def test_the_words_the_reader_reads_a_language_by_are_no_typos(vocabs):
    """ "ساعت" (the hour) was "corrected" to "ساخت" (build): a word the reader reads
    Persian by is a word of the language."""
    assert language_word("ساعت", vocabs["fa"], {"fa"})
    assert language_word("جز", vocabs["fa"], {"fa"})
    assert not language_word("ساغت", vocabs["fa"], {"fa"})


@pytest.mark.parametrize(
    ("code", "query", "limits"),
    [
        ("fa", "سخنرانی به زبان انگلیسی", {"language": "en"}),
        ("fa", "سخنرانی‌های فارسی", {"language": "fa"}),
        ("hi", "अंग्रेज़ी में वार्ता", {"language": "en"}),
        ("hi", "हिंदी में वार्ता", {"language": "hi"}),
        ("vi", "bài nói bằng tiếng Anh", {"language": "en"}),
        ("id", "sesi dalam bahasa Inggris", {"language": "en"}),
        ("fa", "سخنرانی‌های کوتاه", {"max_minutes": "20"}),
        ("hi", "छोटी वार्ता", {"max_minutes": "20"}),
        ("vi", "bài nói ngắn", {"max_minutes": "20"}),
        ("id", "sesi singkat", {"max_minutes": "20"}),
        ("fa", "روز دوم", {"day": "2026-11-15"}),
        ("hi", "दूसरे दिन", {"day": "2026-11-15"}),
        ("vi", "ngày thứ hai", {"day": "2026-11-15"}),
        ("id", "hari kedua", {"day": "2026-11-15"}),
        ("id", "hari pertama", {"day": "2026-11-14"}),
    ],
)
def test_languages_short_talks_and_ordinal_days(vocabs, code, query, limits):
    u = understand(query, vocabs[code])
    assert u.filters.active() == limits, u.label


def test_vietnamese_thu_hai_is_monday_alone_and_the_second_day_after_ngay():
    """ "thứ hai" is Monday; "ngày thứ hai" the second day, unless the program has talks
    on a Monday, where it is Monday's (both readings say so; the weekday the program
    holds wins)."""
    weekend = _vocab("vi")  # Saturday and Sunday: no Monday
    assert understand("ngày thứ hai", weekend).filters.day == "2026-11-15"
    assert understand("thứ hai", weekend).filters.day is None  # no talk on a Monday
    monday = _vocab("vi", (15, 16))  # Sunday 15, Monday 16
    assert understand("ngày thứ hai", monday).filters.day == "Mon"
    assert understand("thứ hai", monday).filters.day == "Mon"


def test_indonesian_sore_is_the_afternoon_cldr_says():
    """CLDR's Indonesian "sore" runs from 15:00 to 18:00: an afternoon, not an evening
    from 17:00 (which left out a 16:00 talk)."""
    assert languages.day_part_names("id")["sore"] == "afternoon"
    assert languages.day_part_names("it")["sera"] == "evening"
    u = understand("Sabtu sore", _vocab("id"))
    assert u.filters.day == "Sat" and u.filters.after == "12:00", u.label
    assert u.filters.starts_before == "18:00"


def test_a_word_the_reader_reads_persian_by_is_neither_corrected_nor_searched_near(
    tmp_path, hashing_embedder, monkeypatch
):
    """ "ساعت" (the hour) is near "ساخت" (build), a word of the base: it was "corrected"
    ("did you mean ... ساخت") or searched beside it, so a talk about building a game
    matched "امنیت ساعت"."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    monkeypatch.setenv("TALKBASE_TIMEZONE", "Asia/Tehran")
    program = tmp_path / "program.csv"
    program.write_text(
        "عنوان,سخنران,تاریخ,شروع,پایان,سالن,زبان,چکیده\n"
        "امنیت برنامه‌های موبایل بانکی,سارا محمدی,2026-11-11,۱۰:۳۰,۱۰:۵۰,اتاق ۲,فارسی,"
        "روش‌های جلوگیری از حملات به اپلیکیشن‌های بانکی\n"
        "توسعه بازی با Godot,حسین کاظمی,2026-11-11,۱۴:۰۰,۱۴:۲۰,اتاق ۲,فارسی,"
        "ساخت بازی مستقل با موتور Godot\n"
        "پایگاه داده توزیع‌شده,علی رضایی,2026-11-12,۱۵:۰۰,۱۵:۳۰,اتاق ۳,فارسی,"
        "تکثیر داده در چند مرکز داده\n",
        encoding="utf-8",
    )
    home = tmp_path / "home"
    ingest([program], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        answer = kb.answer("امنیت ساعت", 3, mode="lexical")
        assert answer.suggestions == {} and not answer.corrected
        assert [h.talk.title for h in answer.hits if h.why.matched_terms] == [
            "امنیت برنامه‌های موبایل بانکی"
        ]
        answer = kb.answer("بعد از ساعت ۱۴:۰۰", 3, mode="lexical")
        assert answer.understood.filters.after == "14:00" and answer.did_you_mean is None
