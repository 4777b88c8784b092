"""A Markdown (or plain-text) program's night after its day heading (sweep 14's F8): a
timed line under "## Friday" whose clock runs back before the line above, after lines
that run on past midnight talk after talk (`when.night_runs_on`, the calendar's rule),
is that night's, the next date, on its heading's program day; a day's morning, a
morning listed out of order, and a sunrise class hours after the night ended stay."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from ingest.formats import markdown
from talkbase.core.when import night_runs_on

HEAD = "# Film Festival 2026\n\nAll times are Europe/Paris.\n\n## Friday 5 June 2026\n\n"


def _read(text: str) -> dict[str, tuple[str, str | None, date | None]]:
    talks, warnings = markdown.parse(text, "festival.md")
    assert warnings == []
    return {
        t.title.split(" — ")[0]: (
            f"{t.start:%a %H:%M}" if t.start else "",
            f"{t.end:%a %H:%M}" if t.end else None,
            t.program_day,
        )
        for t in talks
    }


FRIDAY = date(2026, 6, 5)


def test_a_film_after_one_that_ends_past_midnight_is_that_nights() -> None:
    read = _read(
        HEAD + "- 20:00–22:00 Silent cinema restored — Jean Martin (Hall 1)\n"
        "- 22:30–00:30 Short film night — Claire Bernard (Hall 2)\n"
        "- 01:00–03:00 Midnight fantasy marathon — Paul Petit (Hall 2)\n"
        "\n## Saturday 6 June 2026\n\n- 10:00–11:30 Ocean documentary — Sophie Laurent\n"
    )
    assert read["Short film night"] == ("Fri 22:30", "Sat 00:30", None)
    assert read["Midnight fantasy marathon"] == ("Sat 01:00", "Sat 03:00", FRIDAY)
    assert read["Ocean documentary"] == ("Sat 10:00", "Sat 11:30", None)


def test_a_marathon_runs_on_film_after_film_without_ends_past_midnight() -> None:
    read = _read(
        HEAD + "- 22:00–23:55 Film one\n- 00:00–01:55 Film two\n"
        "- 02:00–03:55 Film three\n- 04:00–05:55 Film four\n"
    )
    assert read["Film one"] == ("Fri 22:00", "Fri 23:55", None)
    assert [read[f"Film {n}"][0] for n in ("two", "three", "four")] == [
        "Sat 00:00",
        "Sat 02:00",
        "Sat 04:00",
    ]
    assert {read[f"Film {n}"][2] for n in ("two", "three", "four")} == {FRIDAY}


def test_a_talk_per_heading_and_a_plain_text_list_read_their_night_so() -> None:
    headed = _read(
        HEAD + "### 22:30–00:30 Short film night\n\nClaire Bernard\n\n"
        "### 01:00–03:00 Midnight fantasy marathon\n\nPaul Petit\n"
    )
    assert headed["Midnight fantasy marathon"] == ("Sat 01:00", "Sat 03:00", FRIDAY)
    mail = (
        "Film Festival 2026, all times Europe/Paris\n\nFriday 5 June 2026\n"
        "22:30-00:30  Short film night\n01:00-03:00  Midnight fantasy marathon\n"
    )
    assert _read(mail)["Midnight fantasy marathon"] == ("Sat 01:00", "Sat 03:00", FRIDAY)


@pytest.mark.parametrize(
    "lines",
    [
        # a day's morning and afternoon in order, and a run at dawn listed after them
        "- 09:00–10:00 Opening\n- 10:00–11:00 Keynote\n- 14:00–15:00 Workshop\n",
        "- 09:00–10:00 Opening\n- 14:00–15:00 Workshop\n- 05:30–06:00 Early run\n",
        # a morning listed out of order after the afternoon, no line crossing midnight
        "- 09:00–10:00 Opening\n- 17:00–18:00 Closing\n- 08:00–09:00 Breakfast\n",
        "- 09:00–10:00 Opening\n- 21:00–22:30 Late talk\n- 03:00–04:00 Early run\n",
        # a sunrise class hours after the concert that ended at 00:30
        "- 22:30–00:30 Concert\n- 05:30–06:30 Sunrise yoga\n",
        # a line in the small hours that comes first, or after an earlier line
        "- 00:30–01:30 Midnight opening\n- 02:00–03:00 Night walk\n- 22:00–00:30 Party\n",
    ],
)
def test_a_morning_stays_on_its_heading_s_day(lines: str) -> None:
    for start, _, day in _read(HEAD + lines).values():
        assert start.startswith("Fri") and day is None, lines


def test_the_night_rule_is_the_calendar_s() -> None:
    sat = datetime(2026, 6, 6, 1, 0)
    fri = sat - timedelta(days=1)
    assert night_runs_on(sat, [(fri.replace(hour=22, minute=30), sat.replace(hour=0, minute=30))])
    # (an hour's break at most, after each talk: 23:30 + 1 h reaches 00:30, not 01:00)
    late = [(fri.replace(hour=22), fri.replace(hour=23, minute=30))]
    assert night_runs_on(sat.replace(hour=0, minute=30), late)
    assert not night_runs_on(sat, late)
    assert not night_runs_on(sat.replace(hour=6), [(fri.replace(hour=23), sat.replace(hour=5))])
