"""The offline site reads the sweep-24 languages' limits as its server does (docs/
formats.md "Sweep 24", "Reader: Nordic, Hungarian, Romanian, Serbian, Urdu, Tagalog"):
"efter 15:00", "15:00 után", "după ora 14", "pagkatapos ng 14:00", "ikke på torsdag",
"andra dagen", "på engelska", "angolul", "in Hungarian" of "Hungarian DevDays". The
site reads the server's tables as the export writes them; these questions are read by
both on one exported base and must give the same limits (tests/test_site_limits.py)."""

from __future__ import annotations

import pytest

from tests.test_site_limits import (
    NODE,
    _program_and_site,
    _server_limits,
    _site_limits,
    _site_rooms,
)

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs here)")

HEADER = "title,abstract,language,start,end,room,conference\n"
ROWS = [
    ("Säkerhet i molnet", "sv", "2026-11-19T10:00", "Sali 2"),
    ("Sikkerhet i skyen", "no", "2026-11-19T14:00", "B terem"),
    ("Tietoturva pilvessä", "fi", "2026-11-19T16:00", "Pääsali"),
    ("Biztonság a felhőben", "hu", "2026-11-20T10:00", "Díszterem"),
    ("Securitate în cloud", "ro", "2026-11-20T14:00", "Sali 2"),
    ("Seguridad sa cloud", "tl", "2026-11-20T16:00", "B terem"),
    ("Cloud security", "en", "2026-11-20T11:00", "Sali 2"),
]
PROGRAM = HEADER + "".join(
    f"{title},{title}.,{lang},{start},{start[:-5]}{int(start[-5:-3]) + 1:02d}:00,{room},"
    "Hungarian DevDays 2026\n"
    for title, lang, start, room in ROWS
)
QUESTIONS = [
    "efter 15:00",
    "före 12:00",
    "efter kl. 15",
    "etter 14:00",
    "klo 14 jälkeen",
    "kello 15:00 jälkeen",
    "15:00 után",
    "14 óra után",
    "după ora 14",
    "înainte de 12:00",
    "pagkatapos ng 14:00",
    "bago ang 12:00",
    "andra dagen",
    "második nap",
    "föredrag på engelska",
    "előadások angolul",
    "esitykset englanniksi",
    "talks in Hungarian",
    "talks in Tagalog",
    "pénteken",  # (the parts of the day: the site reports them apart, not as "after")
    "csütörtökön",
]


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    yield from _program_and_site(tmp_path_factory, "langs4", PROGRAM)


def test_the_site_reads_these_limits_as_its_server_does(base):
    kb, site = base
    server = {q: _server_limits(kb, q) for q in QUESTIONS}
    offline = dict(zip(QUESTIONS, _site_limits(site, QUESTIONS), strict=True))
    differ = {q: (server[q], offline[q]) for q in QUESTIONS if server[q] != offline[q]}
    assert not differ
    # (each question reads a limit on the server)
    assert [q for q in QUESTIONS if not any(server[q].values())] == []


ROOM_QUESTIONS = ["salissa 2", "Pääsalissa", "a B teremben", "a Díszteremben", "sali 2"]


def test_the_site_reads_a_room_with_a_case_ending_as_its_server(base):
    """The site reads the server's `Vocab.room_forms` (export.py `names`): before, the
    server read "a B teremben" as the room "B terem" and the site did not."""
    from index.search.read.understand import understand

    kb, site = base
    server = [
        [c.value for c in understand(q, kb.vocab).chips if c.field == "room"]
        for q in ROOM_QUESTIONS
    ]
    assert server == [["Sali 2"], ["Pääsali"], ["B terem"], ["Díszterem"], ["Sali 2"]]
    assert _site_rooms(site, ROOM_QUESTIONS) == server
