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


LIST = "# Conf 2026\n\n## Saturday, 7 November 2026\n\n"


def test_a_title_of_its_own_middle_dot_is_not_warned_of():
    """The verifier's N1: a line whose speaker and room are both told keeps its title's
    own " · " without a warning (the first version warned that its parts were not told
    as speakers or room, while they were)."""
    line = "- 09:00 – 09:45 Rust · the good parts — Jane Doe — Room 1\n"
    _, talks, warnings = parse_text(LIST + line, "p.md")
    assert (talks[0].title, talks[0].room) == ("Rust · the good parts", "Room 1")
    assert [s.name for s in talks[0].speakers] == ["Jane Doe"]
    assert not any("parted by" in w for w in warnings), warnings


def test_the_warning_names_the_dot_the_line_writes():
    """N2: a bullet "•" is named as written (it was said to be " · ")."""
    line = "- 10:00 – 10:45 Rust at scale • Jane Doe (Acme) • Bromo\n"
    _, _, warnings = parse_text(LIST + line, "p.md")
    said = [w for w in warnings if "parted by" in w]
    assert len(said) == 1 and "' • '" in said[0] and "p.md line 5" in said[0], warnings
