"""The query reader after sweep 22's review (/tmp/s21/REPORT-review.md, docs/formats.md
"Sweep 22", "Reader after review"): Swahili hours counted from dawn ("saa 4 asubuhi"
is 10:00, not 16:00 and the morning at once), Polish "piątka" (a five) no Friday,
a room word and a number a room only where the base has such a room (Amharic "ክፍል
2": part 2), Tamil and Bengali hours with a part of the day or glued to their word,
Thai "ยาวนาน" no length, the "of" words out of the topic shown."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk


def _vocab(code: str, zone: str, titles: tuple[str, ...], room: str = "") -> Vocab:
    """Saturday 14 and Sunday 15 November 2026: a talk of each title at 10:00, 14:00
    and 16:00, in `room` 1 to 3 where given."""
    tz = ZoneInfo(zone)
    talks = []
    for day in (14, 15):
        for k, (title, hour) in enumerate(zip(titles, (10, 14, 16), strict=True), 1):
            start = datetime(2026, 11, day, hour, tzinfo=tz)
            talks.append(
                Talk(
                    title=f"{title} {day}",
                    start=start,
                    end=start.replace(minute=45),
                    language=code,
                    room=f"{room} {k}" if room else None,
                )
            )
    return Vocab.from_talks(talks)


@pytest.fixture(scope="module")
def swahili() -> Vocab:
    return _vocab("sw", "Africa/Nairobi", ("Usalama wa mtandao", "Akili bandia", "Hifadhidata"))


@pytest.mark.parametrize(
    ("query", "limits"),
    [
        ("saa 4 asubuhi", {"at": "10:00"}),  # (was at 16:00 and before 12:00: nothing)
        ("saa 8 mchana", {"at": "14:00"}),  # (was at 08:00 and after 12:00)
        ("saa 2 usiku", {"at": "20:00"}),
        ("saa 6 usiku", {"at": "00:00"}),  # (midnight)
        ("saa 4", {"at": "10:00"}),
        ("baada ya saa 9", {"after": "15:00"}),
        ("baada ya saa 15:00", {"after": "15:00"}),  # (the 24-hour clock stays)
        ("saa 10 asubuhi", {"at": "10:00"}),  # (saa 10 is 04:00: before dawn)
    ],
)
def test_swahili_counts_its_hours_from_dawn(swahili, query, limits):
    assert understand(query, swahili).filters.active() == limits


@pytest.fixture(scope="module")
def polish() -> Vocab:
    """Talks in Polish, Tuesday 21 to Friday 24 April 2026."""
    zone = ZoneInfo("Europe/Warsaw")
    return Vocab.from_talks(
        [
            Talk(title=f"Bezpieczeństwo {day}", language="pl", start=start)
            for day in (21, 22, 23, 24)
            for start in [datetime(2026, 4, day, 10, tzinfo=zone)]
        ]
    )


def test_polish_a_five_is_no_friday(polish):
    for query in ("piątka narzędzi devops", "najlepsza piątka", "z najlepszą piątką"):
        assert understand(query, polish).filters.day is None, query
    # the weekday's own forms still are
    for query, day in (("w piątku", "Fri"), ("piątkiem", "Fri"), ("we wtorku", "Tue")):
        assert understand(query, polish).filters.day == day, query


def test_a_room_word_the_talks_use_is_no_other_room(swahili):
    """Amharic "ክፍል" is a room, a part, a class: where the rooms are halls ("አዳራሽ 2")
    and a talk is "part 2", "ክፍል 2" is a topic; the rooms' own word still reads."""
    v = _vocab("am", "Africa/Addis_Ababa", ("የድር ደህንነት ክፍል", "ሰው ሰራሽ", "የመረጃ ቋት"), "አዳራሽ")
    assert understand("ክፍል 2", v).filters.room is None
    assert understand("አዳራሽ 2", v).filters.room == "አዳራሽ 2"
    # (a room word no talk uses still names the base's one room of that number)
    sw = _vocab("sw", "Africa/Nairobi", ("Usalama", "Akili bandia", "Hifadhidata"), "Ukumbi")
    assert understand("chumba 2", sw).filters.room == "Ukumbi 2"


@pytest.mark.parametrize(
    ("code", "zone", "query", "limits"),
    [
        # the part of the day sets the hour's half, as "4 in the evening" (was after 17:00)
        ("ta", "Asia/Kolkata", "மாலை 4 மணிக்கு பிறகு", {"after": "16:00"}),
        ("ta", "Asia/Kolkata", "10 மணிக்கு", {"at": "10:00"}),  # (was not read)
        ("ta", "Asia/Kolkata", "காலை 10 மணி", {"at": "10:00"}),  # (was the morning, "10 மணி")
        ("ta", "Asia/Kolkata", "3 மணி நேரம்", {}),  # (3 hours: a span)
        ("bn", "Asia/Dhaka", "৪টায়", {"at": "16:00"}),  # the hour's word glued to it
        ("bn", "Asia/Dhaka", "বিকেল ৪টায়", {"at": "16:00"}),
        ("bn", "Asia/Dhaka", "১৬টার পরে", {"after": "16:00"}),
        ("bn", "Asia/Dhaka", "৪ টার পরে", {"after": "16:00"}),
        ("bn", "Asia/Dhaka", "৪টা সেশন", {}),  # (4 sessions: a count)
    ],
)
def test_an_hour_with_its_word_and_part_of_the_day(code, zone, query, limits):
    v = _vocab(code, zone, ("নিরাপত্তা", "কৃত্রিম বুদ্ধিমত্তা", "ডেটাবেস"))
    assert understand(query, v).filters.active() == limits


def test_the_bengali_weekdays_said_with_on_come_from_the_weekday_names():
    """One idea in one place: "শনিবারে" (on Saturday) is CLDR's "শনিবার" with "ে"."""
    from index.search.read import lexicon
    from talkbase.core.languages import weekday_names

    assert lexicon.WEEKDAYS_MORE["bn"] == {f"{n}ে": d for n, d in weekday_names("bn").items()}
    assert lexicon.WEEKDAYS_MORE["bn"]["শনিবারে"] == 5


def test_a_thai_length_word_inside_a_longer_word_is_none():
    v = _vocab("th", "Asia/Bangkok", ("ความปลอดภัย", "ปัญญาประดิษฐ์", "ฐานข้อมูล"))
    assert understand("การบรรยายยาวนาน", v).filters.active() == {}  # (long-lasting)
    assert understand("การบรรยายยาว", v).filters.active() == {"min_minutes": "50"}
    assert understand("การบรรยายสั้น", v).filters.active() == {"max_minutes": "20"}


def test_saa_is_an_hour_from_dawn_only_in_swahili():
    """(A guard, not a finding: "saa" counts hours from dawn only where talks are in
    Swahili.)"""
    v = _vocab("en", "Europe/Lisbon", ("Security", "Machine learning", "Databases"))
    assert understand("saa 2", v).filters.active().get("at") != "08:00"
