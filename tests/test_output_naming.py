"""How the CLI names a listed talk's time and place is one value (`output.Naming`): a
night talk by the day whose night it is, and its conference in a base of several.
The base's own comes from the service (`Naming.of`); with none, a talk is on its own
day and no conference is named (`output.PLAIN`)."""

from __future__ import annotations

import io
from dataclasses import FrozenInstanceError
from datetime import date, datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

from talkbase import output
from talkbase.core.records import Hit, Speaker, Talk, Why

CET = timezone(timedelta(hours=1))
THU = date(2030, 3, 14)
NIGHT = Talk(
    title="Night shift: paediatric emergencies",
    speakers=(Speaker("Cy Diaz"),),
    start=datetime(2030, 3, 15, 0, 15, tzinfo=CET),
    end=datetime(2030, 3, 15, 1, 0, tzinfo=CET),
    room="Amphi A",
    conference="Congress 2030",
    id=3,
)
LABEL = "Thu 2030-03-14 night, Fri 2030-03-15 00:15–01:00"
OWN_DAY = "Fri 2030-03-15 00:15–01:00"


def _printed(naming: output.Naming | None = None) -> str:
    out = io.StringIO()
    hit = Hit(NIGHT, 1.0, Why(("night",)))
    if naming is None:
        output.print_hit(1, hit, out)
    else:
        output.print_hit(1, hit, out, naming)
    return out.getvalue()


def test_a_base_s_naming_is_its_nights_and_whether_it_holds_several_conferences() -> None:
    base = SimpleNamespace(nights={3: THU}, several_conferences=True)
    naming = output.Naming.of(base)
    assert naming == output.Naming({3: THU}, several=True)
    with pytest.raises(FrozenInstanceError):
        naming.several = False  # type: ignore[misc]
    assert output.when(NIGHT, naming) == LABEL
    assert f"    Cy Diaz · Congress 2030 · {LABEL} · Amphi A\n" in _printed(naming)


def test_one_conference_names_none_and_a_base_without_nights_its_own_day() -> None:
    assert f"    Cy Diaz · {LABEL} · Amphi A\n" in _printed(output.Naming({3: THU}))
    plain = _printed()
    assert plain == _printed(output.PLAIN)
    assert f"    Cy Diaz · {OWN_DAY} · Amphi A\n" in plain
    assert output.when(NIGHT) == OWN_DAY


def test_an_answer_lists_its_hits_by_the_naming_it_is_given() -> None:
    hit = Hit(NIGHT, 1.0, Why(("night",)))
    answer = SimpleNamespace(understood=SimpleNamespace(label=""), notes=list, hits=[hit])
    out, err = io.StringIO(), io.StringIO()
    output.print_answer(answer, out, err, output.Naming({3: THU}, several=True))
    assert out.getvalue() == _printed(output.Naming({3: THU}, several=True))
    assert err.getvalue() == ""
