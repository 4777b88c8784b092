"""A calendar DESCRIPTION that names a session's people on labelled lines whose label
no list knows ("Leitung:", "Facilitators:", "Moderation:" and "Podium:", "Chair:")
gives them as speakers where the line's value is a list of people, each with their
organisation in parentheses, and the calendar shows that the label's lines name people
(`icalnames.people_labels`; tests/test_ical_people_labels.py: where it does not, and
how such lines give way to the others); a speaker's label written inclusively
("Referent*innen:", "Referent:innen:", "Referent_innen:", "ReferentInnen:") is the
speaker's label it folds to (ingest/formats/columns.py `norm`); lines of other
things ("Sponsors: Acme (Gold)", "Ort: Aula (1. Stock)") stay text."""

from __future__ import annotations

import pytest

from ingest.formats import ical
from ingest.formats.columns import norm
from ingest.formats.icalnames import split_description
from talkbase.core.records import Speaker

ABOUT = "Der Workshop führt in die Texterkennung historischer Drucke ein."
BERG = Speaker("Anna Berg", "Universität Graz")
OKAFOR = Speaker("Chidi Okafor", "Northmoor University")
LINDQVIST = Speaker("Jakob Lindqvist", "Universiteit van Zeeveld")
# labels a calendar shows name people (`people_labels`), as `norm` writes them
ROLES = frozenset(
    norm(w)
    for w in ("Leitung", "Facilitators", "Chair", "Moderación", "Moderator*in", "Moderation")
) | {"podium", "panellists"}


@pytest.mark.parametrize(
    ("first", "speakers"),
    [
        (
            "Leitung: Anna Berg (Universität Graz), Chidi Okafor (Northmoor University)",
            (BERG, OKAFOR),
        ),
        (
            "Facilitators: Anna Berg (Universität Graz); Chidi Okafor (Northmoor University)",
            (BERG, OKAFOR),
        ),
        ("Chair: Chidi Okafor (Northmoor University)", (OKAFOR,)),
        (
            "Moderación: Anna Berg (Universität Graz) y Chidi Okafor (Northmoor University)",
            (BERG, OKAFOR),
        ),
        (
            "Referent*innen: Anna Berg (Universität Graz), Chidi Okafor (Northmoor University)",
            (BERG, OKAFOR),
        ),
        (
            "Referent:innen: Anna Berg, Chidi Okafor",
            (Speaker("Anna Berg"), Speaker("Chidi Okafor")),
        ),
        ("Referent_innen: Anna Berg", (Speaker("Anna Berg"),)),
        ("ReferentInnen: Anna Berg, Chidi Okafor", (Speaker("Anna Berg"), Speaker("Chidi Okafor"))),
        ("Moderator*in: Anna Berg (Universität Graz)", (BERG,)),
    ],
)
def test_a_first_line_of_people_with_their_organisations_names_the_speakers(first, speakers):
    rest, found, _ = split_description(f"{first}\n\n{ABOUT}", roles=ROLES)
    assert found == speakers
    assert rest == ABOUT


def test_a_panels_lines_in_a_row_name_all_its_people_in_order_each_once() -> None:
    """A moderator's line and the panel's line, the moderator among the panel too;
    a known speaker's label beside them, its names without parentheses."""
    text = (
        "Moderation: Anna Berg (Universität Graz)\n"
        "Podium: Chidi Okafor (Northmoor University), Anna Berg (Universität Graz), "
        "Jakob Lindqvist (Universiteit van Zeeveld)\n"
        "Speakers: Ann Lee, Bo Chen\n\n"
        f"{ABOUT}"
    )
    rest, found, _ = split_description(text, roles=ROLES)
    assert found == (BERG, OKAFOR, LINDQVIST, Speaker("Ann Lee"), Speaker("Bo Chen"))
    assert rest == ABOUT


def test_the_last_line_names_the_people_where_the_first_do_not() -> None:
    """The last lines are read up to the first that names people, as a speaker's
    lines always were: the chair's line above the panel's stays text."""
    chair = "Chair: Chidi Okafor (Northmoor University)"
    text = (
        f"{ABOUT}\n\n{chair}\n"
        "Panellists: Jakob Lindqvist (Universiteit van Zeeveld), Anna Berg (Universität Graz)"
    )
    rest, found, _ = split_description(text, roles=ROLES)
    assert (found, rest) == ((LINDQVIST, BERG), f"{ABOUT}\n\n{chair}")


@pytest.mark.parametrize(
    "line",
    [
        "Sponsors: Acme (Gold), Initech (Silver)",
        "Ort: Aula (1. Stock)",
        "Languages: English (UK)",
        "Hinweis: Bitte Laptop (mit Python 3) mitbringen",
        "Materials: slides (PDF), video (YouTube)",
        "Thema: Digital Editions (TEI)",  # a field's label (the title's), not people
        "Contact: Anna Berg (anna.berg@example.org)",
        "Moderation: Programmkomitee der Tagung",
    ],
)
def test_a_line_of_other_things_after_the_people_stays_text(line) -> None:
    """The people's line is read, the line after it is no list of people (one word
    before the parentheses, a place, a language, a hint, no parentheses, a label
    naming another field, an address) and stays the abstract's first line."""
    text = f"Leitung: Anna Berg (Universität Graz)\n{line}\n\n{ABOUT}"
    rest, found, _ = split_description(text, roles=ROLES)
    assert (found, rest) == ((BERG,), f"{line}\n\n{ABOUT}")


def test_a_track_line_after_the_people_is_the_track_not_people() -> None:
    text = f"Leitung: Anna Berg (Universität Graz)\nTrack: Digital Editions (TEI)\n\n{ABOUT}"
    assert split_description(text, roles=ROLES) == (ABOUT, (BERG,), "Digital Editions (TEI)")


def test_inclusive_writing_folds_to_the_plain_word_and_says_a_plural() -> None:
    from ingest.formats.columns import inclusive_plural

    words = ["Referent_innen", "ReferentInnen", "Referent*in", "check_in", "signIn", "Innen"]
    assert [norm(w) for w in words] == [
        "referent",
        "referent",
        "referent",
        "check_in",  # (no inclusive writing: "_in", "In" alone are no such ending)
        "signin",
        "innen",
    ]
    assert [inclusive_plural(w) for w in ("Referent_innen", "Referent*in", "Referenten")] == [
        True,
        False,
        False,
    ]


CALENDAR = """\
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Tagung//Programm//DE
X-WR-TIMEZONE:Europe/Vienna
BEGIN:VEVENT
UID:k1
DTSTART:20270302T090000
DTEND:20270302T100000
SUMMARY:Eröffnungskeynote
DESCRIPTION:Sprecher: Eva Hoffmann\\, SAP SE\\n\\nÜber Sprachmodelle.
END:VEVENT
BEGIN:VEVENT
UID:k2
DTSTART:20270303T090000
DTEND:20270303T100000
SUMMARY:Abschlusskeynote
DESCRIPTION:Sprecher: Marta Lindner\\, Zalando\\n\\nÜber Nachhaltigkeit.
END:VEVENT
BEGIN:VEVENT
UID:p1
DTSTART:20270302T110000
DTEND:20270302T113000
SUMMARY:Volltexte historischer Zeitungen
DESCRIPTION:Referent*innen: Ann Lee\\, Bo Chen\\n\\nWir messen Fehlerraten.
END:VEVENT
BEGIN:VEVENT
UID:p2
DTSTART:20270302T113000
DTEND:20270302T120000
SUMMARY:Karten und Netze
DESCRIPTION:Referent*innen: Anna Berg (Universität Graz)\\, Jakob Lindqvist
  (Universiteit van Zeeveld)\\n\\nWir zeichnen Karten.
END:VEVENT
BEGIN:VEVENT
UID:w1
DTSTART:20270302T130000
DTEND:20270302T163000
SUMMARY:OCR-Workflows
CATEGORIES:Workshop
DESCRIPTION;LANGUAGE=de:Leitung: Anna Berg (Universität Graz)\\, Chidi Okafor
  (Northmoor University)\\n\\nEin Workshop.\\n\\nSprache: Deutsch
END:VEVENT
BEGIN:VEVENT
UID:x1
DTSTART:20270303T110000
DTEND:20270303T123000
SUMMARY:Forschungsdaten und Infrastruktur
CATEGORIES:Panel
DESCRIPTION:Moderation: Anna Berg (Universität Graz)\\nPodium: Jakob Lindqvist
  (Universiteit van Zeeveld)\\, Chidi Okafor (Northmoor University)\\n\\nEin Panel.
END:VEVENT
END:VCALENDAR
"""


def test_a_calendars_people_on_lines_of_any_label() -> None:
    """Through the calendar reader: the singular lines write "Name, Organisation"
    (said in a warning), the inclusive plural "Referent*innen" lists two people
    (not a person and an organisation), and the workshop's and the panel's lines
    name theirs: half their people or more speak in another talk, or are of the
    organisations the other talks' speakers are."""
    talks, warnings = ical.parse(CALENDAR, "tagung.ics")
    people = {t.uid: [(s.name, s.affiliation) for s in t.speakers] for t in talks}
    assert people == {
        "k1": [("Eva Hoffmann", "SAP SE")],
        "k2": [("Marta Lindner", "Zalando")],
        "p1": [("Ann Lee", None), ("Bo Chen", None)],
        "p2": [("Anna Berg", "Universität Graz"), ("Jakob Lindqvist", "Universiteit van Zeeveld")],
        "w1": [("Anna Berg", "Universität Graz"), ("Chidi Okafor", "Northmoor University")],
        "x1": [
            ("Anna Berg", "Universität Graz"),
            ("Jakob Lindqvist", "Universiteit van Zeeveld"),
            ("Chidi Okafor", "Northmoor University"),
        ],
    }
    assert {t.uid: t.abstract for t in talks}["x1"] == "Ein Panel."
    assert any('"Name, Organisation"' in w for w in warnings)
