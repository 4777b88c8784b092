"""Sweep 24 (walk F2): a talk with only a title, in a program whose titles alone are
many but mixed (English and Italian: "Opening Keynote", "Premiazione CTF"), took no
language, so "talks in Italian" missed "M71A - gioco dell'oca hackerato". The README
(Searching): such a talk is in the language its program's such talks are written in
together, "where they are too few to tell, the language of all its program's talks
together", unless its own words read as another. Now a title whose own words read
likeliest as the whole program's language takes it; an English one stays without."""

from __future__ import annotations

from ingest.language import program_language
from talkbase.core.records import Talk

ITALIAN = [
    (
        "Digital Forensics ed investigazioni digitali",
        "Come si raccolgono e si analizzano le prove digitali: dischi, memoria, telefoni "
        "e reti, con gli strumenti liberi che usiamo ogni giorno in laboratorio.",
    ),
    (
        "Reti ieri oggi e domani",
        "Una storia delle reti di calcolatori, dai primi modem alle fibre di oggi, e "
        "quello che ci aspetta nei prossimi anni per chi le gestisce.",
    ),
    (
        "La censura di Internet in Italia e nel mondo",
        "Come funzionano i blocchi dei siti decisi dalle autorità, quanto sono facili "
        "da aggirare e che cosa significano per la libertà di espressione.",
    ),
    (
        "Stampa e Modellazione 3D",
        "Dalla modellazione al pezzo stampato: progettare oggetti con software libero e "
        "stamparli con le stampanti che si trovano nei laboratori delle scuole.",
    ),
    (
        "Boot process for modern Linux",
        "From firmware to user space: what happens when a modern Linux machine starts, "
        "and how to read every step of it in the logs.",
    ),
]
# titles alone, enough of them to read together, in no one language together
TITLES = [
    "Opening Keynote",
    "Premiazione CTF",
    "Dungeons&Dragons",
    "M71A - gioco dell'oca hackerato",
    "CBR+PNK",
    "Badge Soldering Lab",
    "Closing ceremony",
]


def test_a_title_alone_that_reads_as_its_programs_language_takes_it() -> None:
    program = [Talk(title=t, abstract=a) for t, a in ITALIAN] + [Talk(title=t) for t in TITLES]
    got = {t.title: t.language for t in program_language(program)}
    assert got["M71A - gioco dell'oca hackerato"] == "it"
    assert got["Premiazione CTF"] == "it"
    # English titles (and names) are not made Italian: their own words do not read so
    for title in ("Opening Keynote", "Closing ceremony", "Badge Soldering Lab", "Dungeons&Dragons"):
        assert got[title] != "it", title
    # the talks with words enough are left to the identifier (ingest/merge/combine.py)
    assert all(got[t] is None for t, _ in ITALIAN)
