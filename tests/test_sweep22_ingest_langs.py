"""Sweep 22 (ingest: Bengali, Tamil, Amharic, Swahili, Greek): programs in these
languages as they are written. A Bengali Markdown program with Bengali table headers
and Bengali dates (#1); Amharic day headings, Gregorian (CLDR's) and of the Ethiopian
calendar, converted exactly where they name their year, else warned naming the
calendar (#2); "time Title — Speaker — Room" list lines in a script without capitals
split where the room is named in the language's word (#3); table headers in Tamil,
Bengali, Amharic, Swahili "Kundi"/"Aina", Greek "Τύπος" (#4); Tamil's long weekday
"சனிக்கிழமை" in a day heading (#8); `--language Bengali`, `Amharic` (#11); and the
error of a Markdown table whose header names no column, true and at its line."""

from __future__ import annotations

from datetime import date

import pytest

from ingest import when
from ingest.formats import markdown, table
from talkbase.core.errors import InputError
from talkbase.core.filters import Filters
from talkbase.core.languages import language_code

BENGALI = """# পাইকন বাংলাদেশ ২০২৬ — অনুষ্ঠানসূচি

## শুক্রবার, ১৩ নভেম্বর ২০২৬

| সময় | শিরোনাম | বক্তা | কক্ষ | ট্র্যাক | ধরন | ভাষা |
| --- | --- | --- | --- | --- | --- | --- |
| ০৯:০০–০৯:৩০ | উদ্বোধনী বক্তব্য | ফারহানা ইসলাম | মিলনায়তন | সাধারণ | মূল বক্তৃতা | বাংলা |
| ১০:৪৫–১১:৩০ | Scaling Python services | Rezaul Karim | কক্ষ ১ | ওয়েব | বক্তৃতা | ইংরেজি |

## শনিবার, ১৪ নভেম্বর ২০২৬

| সময় | শিরোনাম | বক্তা | কক্ষ | ট্র্যাক | ধরন | ভাষা |
| --- | --- | --- | --- | --- | --- | --- |
| ০৯:৩০–১০:১৫ | বড় ভাষা মডেল ও বাংলা | সাদিয়া সুলতানা | মিলনায়তন | এআই | কর্মশালা | বাংলা |
"""


def _md(text: str) -> tuple[list, list[str]]:
    return markdown.parse(text, "program.md", "Asia/Dhaka")


def test_a_bengali_markdown_program_as_bengalis_write_it_is_read():
    talks, warnings = _md(BENGALI)
    assert [t.start.isoformat() if t.start else None for t in talks] == [
        "2026-11-13T09:00:00+06:00",
        "2026-11-13T10:45:00+06:00",
        "2026-11-14T09:30:00+06:00",
    ]
    first = talks[0]
    assert (first.title, first.room, first.track, first.format) == (
        "উদ্বোধনী বক্তব্য",
        "মিলনায়তন",
        "সাধারণ",
        "মূল বক্তৃতা",
    )
    assert [s.name for s in first.speakers] == ["ফারহানা ইসলাম"]
    # the language cells in Bengali: its own name and its name of English
    assert [t.language for t in talks] == ["bn", "en", "bn"]
    assert not any("no language talkbase knows" in w for w in warnings)


def test_a_markdown_table_whose_header_names_no_column_is_said_at_its_line():
    unknown = BENGALI.replace("| সময় | শিরোনাম | বক্তা |", "| Shomoy | Shironam | Bokta |")
    unknown = unknown.replace("শুক্রবার, ১৩ নভেম্বর ২০২৬", "Shukrobar 13")
    unknown = unknown.replace("শনিবার, ১৪ নভেম্বর ২০২৬", "Shonibar 14")
    with pytest.raises(InputError) as caught:
        _md(unknown)
    said = str(caught.value)
    assert "line 5" in said and "'Shomoy'" in said and "'Shironam'" in said
    assert "no session time" not in said  # (its rows give times: no more said otherwise)


GREGORIAN_AM = """# ፓይኮን ኢትዮጵያ

## ቅዳሜ፣ ኦገስት 22 2026

- 09:00–09:45 ለአማርኛ የቋንቋ ሞዴሎች — ሰላማዊት ተስፋዬ — አዳራሽ ሀ
- 10:00–10:45 የድር መተግበሪያ ደህንነት — ዮናስ በቀለ — አዳራሽ ለ

## {sunday}

- 09:30–10:15 ኮምፒውተር ቪዥን ለግብርና — ዳዊት መንግሥቱ — አዳራሽ ሀ
"""


def test_amharic_gregorian_day_headings_are_read():
    talks, warnings = _md(GREGORIAN_AM.format(sunday="እሑድ፣ ኦገስት 23 2026"))
    assert [t.start.date().isoformat() for t in talks] == ["2026-08-22"] * 2 + ["2026-08-23"]


def test_ethiopian_calendar_day_headings_that_name_their_year_are_converted_exactly():
    text = GREGORIAN_AM.format(sunday="እሑድ፣ ነሐሴ 17 ቀን 2018 ዓ.ም.").replace(
        "ቅዳሜ፣ ኦገስት 22 2026", "ቅዳሜ፣ ነሐሴ 16 ቀን 2018 ዓ.ም."
    )
    talks, _ = _md(text)
    assert [t.start.date().isoformat() for t in talks] == ["2026-08-22"] * 2 + ["2026-08-23"]


def test_ethiopian_dates_without_their_year_are_not_guessed_and_said_with_the_calendar():
    text = GREGORIAN_AM.format(sunday="እሑድ፣ ነሐሴ 17").replace("ቅዳሜ፣ ኦገስት 22 2026", "ቅዳሜ፣ ነሐሴ 16")
    talks, warnings = _md(text)
    assert all(t.start is None for t in talks)
    said = [w for w in warnings if "Ethiopian calendar" in w]
    assert len(said) == 3 and "line 5" in said[0] and "ነሐሴ 16" in said[0]


def test_the_ethiopian_calendar_is_arithmetic():
    assert when.ethiopian(2018, 12, 16) == date(2026, 8, 22)
    assert when.ethiopian(2019, 1, 1) == date(2026, 9, 11)  # (new year: 11 September)
    assert when.ethiopian(2015, 13, 6) == date(2023, 9, 11)  # (Pagume's 6th, a leap year)
    assert when.ethiopian(2016, 13, 6) is None  # (a common year's Pagume has 5 days)
    assert when.ethiopian(2016, 1, 1) == date(2023, 9, 12)
    # its month in another spelling of the same sounds, its weekday checked
    assert when.ethiopian_date("ነሃሴ 16 2018") == date(2026, 8, 22)
    assert when.ethiopian_date("ዓርብ፣ ነሐሴ 16 ቀን 2018 ዓ.ም.") is None  # (a Saturday)
    assert when.ethiopian_day("ለአማርኛ ነሐሴ 16") is None  # (a title's words)


@pytest.mark.parametrize(
    ("line", "title", "speaker", "room"),
    [
        (
            "- ০৯:৪৫–১০:৩০ পাইথনে বাংলা প্রাকৃতিক ভাষা প্রক্রিয়াকরণ — তানভীর আহমেদ — মিলনায়তন",
            "পাইথনে বাংলা প্রাকৃতিক ভাষা প্রক্রিয়াকরণ",
            "তানভীর আহমেদ",
            "মিলনায়তন",
        ),
        (
            "- 11:30–12:15 இணைய பாதுகாப்பு அடிப்படைகள் — அருண் குமார் — அரங்கு 2",
            "இணைய பாதுகாப்பு அடிப்படைகள்",
            "அருண் குமார்",
            "அரங்கு 2",
        ),
        (
            "- 10:00–10:45 የድር መተግበሪያ ደህንነት — ዮናስ በቀለ — አዳራሽ ለ",
            "የድር መተግበሪያ ደህንነት",
            "ዮናስ በቀለ",
            "አዳራሽ ለ",
        ),
    ],
)
def test_list_lines_in_a_script_without_capitals_split_where_the_room_is_named(
    line, title, speaker, room
):
    talks, _ = _md(f"# Program\n\n## Friday 13 November 2026\n\n{line}\n")
    assert [(t.title, [s.name for s in t.speakers], t.room) for t in talks] == [
        (title, [speaker], room)
    ]


def test_a_tamil_day_heading_with_the_long_weekday_is_read():
    text = (
        "# தமிழ் கணிமை மாநாடு 2026\n\n## சனிக்கிழமை, 19 செப்டம்பர் 2026\n\n"
        "- 10:30–11:15 தமிழ் எழுத்துணரி — கார்த்திகேயன் சுப்பிரமணியம் — பிரதான அரங்கு\n\n"
        "## ஞாயிற்றுக்கிழமை, 20 செப்டம்பர் 2026\n\n"
        "- 10:00–10:45 பேச்சு அறிதல் — நந்தினி வேலு — பிரதான அரங்கு\n"
    )
    talks, warnings = markdown.parse(text, "program.md", "Asia/Kolkata")
    assert [t.start.date().isoformat() for t in talks] == ["2026-09-19", "2026-09-20"]
    assert not any("cannot read" in w for w in warnings)


def _csv(text: str) -> tuple[list, list[str]]:
    return table.parse(text.splitlines(), "program.csv", "csv", None, "UTC")


def test_tamil_table_headers_are_read_without_a_map():
    talks, warnings = _csv(
        "தலைப்பு,பேச்சாளர்,நாள்,தொடக்கம்,முடிவு,அரங்கு,பிரிவு,வகை,மொழி,சுருக்கம்\n"
        "இணைய பாதுகாப்பு,அருண் குமார்,2026-09-19,11:30,12:15,அரங்கு 2,பாதுகாப்பு,உரை,தமிழ்,"
        "அடிப்படைகள்.\n"
    )
    (t,) = talks
    assert (t.title, t.room, t.track, t.format, t.language, t.abstract) == (
        "இணைய பாதுகாப்பு",
        "அரங்கு 2",
        "பாதுகாப்பு",
        "உரை",
        "ta",
        "அடிப்படைகள்.",
    )
    assert t.start is not None and t.end is not None
    assert not any("not read" in w for w in warnings)


@pytest.mark.parametrize(
    ("header", "row"),
    [
        (
            "Kichwa,Mzungumzaji,Tarehe,Kuanza,Kumalizika,Ukumbi,Kundi,Aina",
            "Usalama wa wavuti,Baraka Otieno,2026-10-03,10:00,10:45,Chumba B,Usalama,Warsha",
        ),
        (
            "Τίτλος,Ομιλητής,Ημερομηνία,Έναρξη,Λήξη,Αίθουσα,Ενότητα,Τύπος",
            "Εργαστήριο pandas,Μαρία Κωνσταντίνου,2026-10-16,10:30,12:00,Αίθουσα 3,Δεδομένα,"
            "Εργαστήριο",
        ),
        (
            "ርዕስ,ተናጋሪ,ቀን,ሰዓት,መጨረሻ,አዳራሽ,ዘርፍ,ዓይነት",
            "የድር ደህንነት,ዮናስ በቀለ,2026-08-22,10:00,10:45,አዳራሽ ለ,ደህንነት,ወርክሾፕ",
        ),
    ],
)
def test_swahili_greek_and_amharic_track_and_type_columns_are_read(header, row):
    talks, warnings = _csv(f"{header}\n{row}\n")
    (t,) = talks
    cells = row.split(",")
    assert (t.track, t.format) == (cells[6], cells[7].strip())
    assert t.start is not None and t.end is not None and t.room == cells[5]
    assert not any("not read" in w or "by its values" in w for w in warnings)


def test_bengali_and_amharic_are_named_as_languages():
    assert [language_code(n) for n in ("Bengali", "বাংলা", "Amharic", "አማርኛ")] == [
        "bn",
        "bn",
        "am",
        "am",
    ]
    assert language_code("ইংরেজি") == "en"  # (English, as Bengali names it: CLDR's)


def test_the_language_filter_takes_bengali_and_amharic_by_name():
    from index.search.limits.filters import to_sql

    for name, code in (("Bengali", "bn"), ("Amharic", "am")):
        _, params = to_sql(Filters(language=name))
        assert code in params


def test_an_ethiopian_date_reader_takes_a_digit_that_is_no_number() -> None:
    """A superscript "²" is a digit to str.isdigit but no decimal number: a cell holding
    one is no Ethiopian date (it raised ValueError: the fuzz test of tables found it)."""
    from ingest import when

    assert when.ethiopian_day("ነሐሴ 16 ²") is None
    assert when.ethiopian_day("²") is None
    assert when.ethiopian_day("ነሐሴ 16") == (None, 12, 16, None)
