"""Three findings of the review of sweep 23's merged diff (docs/formats.md, Sweep 23):
a call for papers' queue states, Swahili "imeahirishwa" (postponed, never cancelled),
and Czech "dni" (days) no date column's name where Spanish writes "DNI" (an identity
number)."""

from __future__ import annotations

from ingest.detect import parse_text
from talkbase.core.terms import cancelled_state, taking_place_state

HEAD = "title,speaker,status,start,end,room\n"


def _row(title: str, status: str, hour: int) -> str:
    return f"{title},Ann,{status},2026-05-20T{hour}:00,2026-05-20T{hour}:45,R1\n"


def test_a_call_for_papers_queue_says_which_talks_take_place():
    text = HEAD + _row("Kept", "Accept Queue", 9) + _row("Turned down", "Decline Queue", 10)
    text += _row("Undecided", "Waitlisted", 11)
    _, talks, warnings = parse_text(text, "cfp.csv")
    assert [t.title for t in talks] == ["Kept", "Undecided"]  # (never left out on a guess)
    assert not any(t.cancelled for t in talks)
    said = [w for w in warnings if "no word talkbase knows" in w]
    assert len(said) == 1 and "'Waitlisted'" in said[0], warnings
    assert any("1 decline queue" in w for w in warnings), warnings


def test_postponed_in_swahili_is_not_called_off():
    assert cancelled_state("imefutwa") and not cancelled_state("imeahirishwa")
    assert not taking_place_state("imeahirishwa")  # (warned of, kept, as "postponed")
    _, talks, warnings = parse_text(HEAD + _row("Baadaye", "imeahirishwa", 9), "sw.csv")
    assert [t.cancelled for t in talks] == [False]
    assert any("'imeahirishwa'" in w for w in warnings)


def test_a_spanish_identity_number_column_is_no_date():
    text = (
        "Título,Ponente,DNI,Inicio,Fin,Sala\n"
        "Charla uno,Ana Ruiz,12345678Z,2026-05-20 09:00,2026-05-20 09:45,Sala 1\n"
    )
    _, talks, warnings = parse_text(text, "programa.csv")
    assert talks[0].start is not None and talks[0].start.hour == 9
    assert any("not read" in w and "'DNI'" in w for w in warnings), warnings
