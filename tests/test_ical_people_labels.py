"""A calendar DESCRIPTION's line of a label that is no speaker's ("Ort:", "Sponsors:",
"Catering:", "Förderung:", "Ansprechpartnerin:", "Moderation:") names the session's
people only where the calendar shows that its label's lines name people: most of the
people they list (each with an organisation in parentheses) are people the calendar
names elsewhere, by name or by the organisation it gives them there (in a SUMMARY, on
a speaker's line, as an ATTENDEE or ORGANIZER; `icalnames.people_labels`). Such lines
never override an ATTENDEE, never count for the calendar's "Family, Given" reading,
never make an all-day event a session, and stay in the abstract where their people are
not the speakers. The lines are read as before: the leading lines up to the first that
names no one, the last lines (only where the first name no one) up to the first that
names people (the review of b84176e, probes p01-p50)."""

from __future__ import annotations

import pytest

from ingest import parse_text
from ingest.formats.icalnames import people_labels, split_description
from talkbase.core.records import Speaker

ABOUT = "Der Vortrag zeigt, wie historische Zeitungen mit OCR erschlossen werden."
ABOUT_EN = "This talk shows how we migrated our build system to reproducible containers."
ATTENDEE = "ATTENDEE;CN=Jana Novak;ROLE=REQ-PARTICIPANT:mailto:x@example.org"


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _calendar(*events: tuple[str, str, str | None, list[str]]) -> str:
    """A calendar of events (uid, summary, description, more lines), an hour apart;
    an event whose more lines give a DTSTART is all-day as they say."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Probe//Programm//DE"]
    lines += ["X-WR-CALNAME:Probe Tagung 2027", "X-WR-TIMEZONE:Europe/Berlin"]
    for hour, (uid, summary, description, more) in enumerate(events, start=9):
        lines += ["BEGIN:VEVENT", f"UID:{uid}", f"SUMMARY:{_esc(summary)}"]
        if not any(m.startswith("DTSTART") for m in more):
            lines += [f"DTSTART:20270302T{hour:02d}0000", f"DTEND:20270302T{hour:02d}4500"]
        if description is not None:
            lines.append(f"DESCRIPTION:{_esc(description)}")
        lines += [*more, "END:VEVENT"]
    return "\r\n".join([*lines, "END:VCALENDAR", ""])


def _read(*events: tuple[str, str, str | None, list[str]]) -> tuple[dict, list[str]]:
    _, talks, warnings = parse_text(_calendar(*events), "probe.ics")
    return {t.uid: t for t in talks}, warnings


def _people(talk) -> list[tuple[str, str | None]]:
    return [(s.name, s.affiliation) for s in talk.speakers]


@pytest.mark.parametrize(
    "line",
    [
        "Ort: Großer Saal (Erdgeschoss)",  # p01
        "Förderung: Deutsche Forschungsgemeinschaft (DFG)",  # p22
        "Sede: Palazzo Ducale (Genova)",  # p20
        "Partner: Wikimedia Deutschland (Berlin)",  # p06b
        "Prerequisites: Basic Python (functions)",  # p07b
    ],
)
def test_a_first_line_of_a_place_or_funder_is_no_speaker_and_stays(line) -> None:
    """p01, p20, p22: the ATTENDEE stays the speaker; the line stays the abstract's."""
    talks, _ = _read(("e1", "Zeitungen im Volltext", f"{line}\n\n{ABOUT}", [ATTENDEE]))
    assert _people(talks["e1"]) == [("Jana Novak", None)]
    assert talks["e1"].abstract == f"{line}\n\n{ABOUT}"


@pytest.mark.parametrize(
    "line", ["Catering: Mensa Süd (vegan)", "Ansprechpartnerin: Petra Huber (Dekanat)"]
)
def test_a_last_line_of_catering_or_a_contact_is_no_speaker(line) -> None:
    """p11, p24: the contact person or the canteen is no speaker; the ATTENDEE is."""
    talks, _ = _read(("e1", "Mittagsvortrag", f"{ABOUT}\n\n{line}", [ATTENDEE]))
    assert _people(talks["e1"]) == [("Jana Novak", None)]
    assert talks["e1"].abstract == f"{ABOUT}\n\n{line}"


def test_a_sponsors_line_leading_hides_no_speakers_line_at_the_end() -> None:
    """p02: the leading "Sponsors:" line names no one, so the last line is read."""
    text = f"Sponsors: Blue Origin (Gold)\n\n{ABOUT_EN}\n\nSpeakers: Jane Doe, John Roe"
    talks, _ = _read(("e1", "Reproducible Builds", text, []))
    assert _people(talks["e1"]) == [("Jane Doe", None), ("John Roe", None)]
    assert talks["e1"].abstract == f"Sponsors: Blue Origin (Gold)\n\n{ABOUT_EN}"


@pytest.mark.parametrize(
    ("description", "speaker", "abstract"),
    [
        (  # p12
            f"Sprecher: Jana Novak\nOrt: Großer Saal (Erdgeschoss)\n\n{ABOUT}",
            ("Jana Novak", None),
            f"Ort: Großer Saal (Erdgeschoss)\n\n{ABOUT}",
        ),
        (  # p27
            f"Speaker: Jane Doe (Acme)\nSponsor: Blue Origin (Gold)\n\n{ABOUT_EN}",
            ("Jane Doe", "Acme"),
            f"Sponsor: Blue Origin (Gold)\n\n{ABOUT_EN}",
        ),
        (  # p47
            f"Vortrag von Jana Novak\nOrt: Großer Saal (Erdgeschoss)\n\n{ABOUT}",
            ("Jana Novak", None),
            f"Ort: Großer Saal (Erdgeschoss)\n\n{ABOUT}",
        ),
        (  # p14: the last lines are read up to the first that names people
            f"{ABOUT}\nSchwerpunkt: Open Access (OA)\nSprecher: Jana Novak",
            ("Jana Novak", None),
            f"{ABOUT} Schwerpunkt: Open Access (OA)",  # (one line break is a blank)
        ),
        (  # p49
            f"{ABOUT_EN}\n\nLevel: Beginner Friendly (intro)\nSpeakers: Jane Doe",
            ("Jane Doe", None),
            f"{ABOUT_EN}\n\nLevel: Beginner Friendly (intro)",
        ),
    ],
)
def test_a_line_beside_the_speakers_line_adds_no_one(description, speaker, abstract) -> None:
    talks, _ = _read(("e1", "Vortrag", description, []))
    assert _people(talks["e1"]) == [speaker]
    assert talks["e1"].abstract == abstract


def test_an_abstracts_first_sentence_of_that_shape_stays_the_abstracts() -> None:
    """p13: "Fokus: Linked Open Data (LOD). Wir zeigen …" is the abstract's start."""
    text = "Fokus: Linked Open Data (LOD). Wir zeigen, wie man Normdaten verknüpft.\n\nDemo."
    talks, _ = _read(("e1", "Verknüpfte Daten", text, [ATTENDEE]))
    assert _people(talks["e1"]) == [("Jana Novak", None)]
    assert talks["e1"].abstract == text


def test_a_line_stays_in_the_abstract_where_the_summary_names_the_speaker() -> None:
    """p16: the "Ort:" line is the only place the room is given; it stays."""
    text = f"Ort: Großer Saal (Erdgeschoss)\n\n{ABOUT}"
    talks, _ = _read(("e1", "Zeitungen im Volltext - Jana Novak, Universität Wien", text, []))
    assert talks["e1"].speakers[0].name == "Jana Novak"
    assert "Großer Saal" not in [s.name for s in talks["e1"].speakers]
    assert talks["e1"].abstract == text


def test_an_all_day_exhibition_with_a_place_line_stays_no_session() -> None:
    """p29: "Ort: Foyer Ost (Erdgeschoss)" names no one who gives the event."""
    talks, warnings = _read(
        (
            "p29",
            "Ausstellung",
            "Ort: Foyer Ost (Erdgeschoss)",
            ["DTSTART;VALUE=DATE:20270303", "DTEND;VALUE=DATE:20270304"],
        ),
        ("p29c", "Eröffnung", f"Sprecher: Jana Novak\n\n{ABOUT}", []),
    )
    assert list(talks) == ["p29c"]
    assert any("'Ausstellung' is an all-day event" in w for w in warnings)


FAMILY_FIRST = (
    ("f1", "Volltexte", f"Sprecher: Müller, Anna; Schmidt, Jonas\n\n{ABOUT}", []),
    ("f2", "Briefe", f"Sprecher: von Arnim, Bettina\n\n{ABOUT}", []),
    ("f3", "Karten", f"Sprecher: Weber, Tom\n\n{ABOUT}", []),
)


def test_a_panel_line_leaves_the_calendars_family_given_reading() -> None:
    """p43: the speaker lines write "Family, Given"; a panel's line of two people each
    with an organisation is no speaker line of that calendar and changes nothing."""
    panel = (
        "f4",
        "Panel",
        "Moderation: Anna Berg (Universität Graz), Bo Chen (TU Wien)\n\nEin Panel.",
        [],
    )
    talks, warnings = _read(*FAMILY_FIRST, panel)
    assert _people(talks["f1"]) == [("Anna Müller", None), ("Jonas Schmidt", None)]
    assert _people(talks["f2"]) == [("Bettina von Arnim", None)]
    assert _people(talks["f3"]) == [("Tom Weber", None)]
    assert any('"Family, Given"' in w for w in warnings)


def test_the_lines_of_a_label_the_calendar_shows_names_people_are_read() -> None:
    """DHd 2027's shape: talks name their speakers with organisations on "Referent*innen:"
    lines; the workshops' "Leitung:" lines and the panel's "Moderation:" and "Podium:"
    lines list people of the same organisations, so they name the sessions' people
    (in order, each once); the "Material:" line after them names things and is text."""
    talks, _ = _read(
        (
            "t1",
            "Volltexte",
            f"Referent*innen: Ann Lee (Universität Graz), Bo Chen (TU Wien)\n\n{ABOUT}",
            [],
        ),
        ("t2", "Karten", f"Referent*innen: Eva Roth (Northmoor University)\n\n{ABOUT}", []),
        (
            "w1",
            "Workshop",
            f"Leitung: Anna Berg (Universität Graz)\nMaterial: Jupyter Notebook (Browser)\n\n{ABOUT}",
            [],
        ),
        (
            "x1",
            "Panel",
            "Moderation: Bo Chen (TU Wien)\nPodium: Chidi Okafor (Northmoor University), "
            "Bo Chen (TU Wien), Ida Lund (Universität Graz)\n\nEin Panel.",
            [],
        ),
    )
    assert _people(talks["w1"]) == [("Anna Berg", "Universität Graz")]
    assert talks["w1"].abstract == f"Material: Jupyter Notebook (Browser)\n\n{ABOUT}"
    assert _people(talks["x1"]) == [
        ("Bo Chen", "TU Wien"),
        ("Chidi Okafor", "Northmoor University"),
        ("Ida Lund", "Universität Graz"),
    ]
    assert talks["x1"].abstract == "Ein Panel."


def test_a_label_the_calendar_shows_names_people_never_overrides_an_attendee() -> None:
    """ "Moderation:" names people in this calendar (its moderator speaks elsewhere);
    an event's ATTENDEE is still its speaker, and its line stays in the abstract; an
    all-day event's "Moderation:" line makes it no session."""
    moderation = "Moderation: Anna Berg (Universität Graz)"
    talks, warnings = _read(
        ("t1", "Volltexte", f"Sprecher: Anna Berg\n\n{ABOUT}", []),
        ("x1", "Panel", f"{moderation}\n\nEin Panel.", [ATTENDEE]),
        ("x2", "Panel 2", f"{moderation}\n\nEin Panel.", []),
        (
            "d1",
            "Ausstellung",
            moderation,
            ["DTSTART;VALUE=DATE:20270303", "DTEND;VALUE=DATE:20270304"],
        ),
    )
    assert _people(talks["x1"]) == [("Jana Novak", None)]
    assert talks["x1"].abstract == f"{moderation}\n\nEin Panel."
    assert _people(talks["x2"]) == [("Anna Berg", "Universität Graz")]
    assert "d1" not in talks
    assert any("'Ausstellung' is an all-day event" in w for w in warnings)


def test_which_labels_the_calendar_shows_name_people() -> None:
    """A label is one where at least half the people its lines list are named
    elsewhere (by name or organisation); a contact who once speaks is not enough, a
    label naming another field never; a table's header of speakers ("Host") needs no
    more, but pronouns in its parentheses are no organisation."""
    named = [Speaker("Petra Huber"), Speaker("Ann Lee", "Universität Graz")]
    contacts = [f"{ABOUT}\n\nKontakt: Petra Huber (Dekanat)"] + [
        f"{ABOUT}\n\nKontakt: Max Moser (Sekretariat {i})" for i in range(3)
    ]
    descriptions = [
        *contacts,
        "Leitung: Anna Berg (Universität Graz)\n\nEin Workshop.",
        "Ort: Großer Saal (Erdgeschoss)",
        "Thema: Ann Lee (Universität Graz)",
        "Host: Alex Kim (Acme)",
        "Hosts: Alex Kim (they/them)",
    ]
    assert people_labels(descriptions, named) == frozenset({"leitung", "host"})


def test_two_speaker_lines_leading_name_both_speakers() -> None:
    """The leading lines: every line's people, in order (p39: two "Speaker:" lines;
    the last of them alone before)."""
    rest, found, _ = split_description(f"Speaker: Jane Doe\nSpeaker: John Roe\n\n{ABOUT_EN}")
    assert (found, rest) == ((Speaker("Jane Doe"), Speaker("John Roe")), ABOUT_EN)
