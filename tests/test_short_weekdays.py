"""Weekdays said short as their speakers say them where CLDR writes them in two words:
Portuguese "na sexta" for "sexta-feira" (Friday), "quinta à tarde", "exceto sexta"
(talkbase/core/languages.weekday_short_names, read by index/search/read/whenwords.py
`Words.short_day` only where the word stands as a day: "quarta" is also "fourth",
"segunda" "second")."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from ingest.detect import parse_path
from ingest.merge import merge_talks
from talkbase.core import languages
from talkbase.core.records import Talk
from tests.conftest import ROOT
from tests.test_site import NODE, _node_read, _site_of


def test_portuguese_weekdays_are_said_by_the_first_part_of_their_name():
    """CLDR writes five Portuguese weekdays "X-feira"; speakers say "X" (its data has no
    such form: the abbreviated ones are "sex.", "qua."). Languages that write each
    weekday as one word have no short form of this kind."""
    assert languages.weekday_short_names("pt") == {
        "segunda": 0,
        "terca": 1,
        "quarta": 2,
        "quinta": 3,
        "sexta": 4,
    }
    for code in ("es", "it", "fr", "de", "pl", "ja", "nl", "en"):
        assert languages.weekday_short_names(code) == {}, code


@cache
def _dadosbr() -> Vocab:
    """bench's Portuguese/English/Spanish program (Wed 18 to Fri 20 Nov 2027)."""
    talks = parse_path(ROOT / "bench" / "data" / "dadosbr_2027.json").talks
    return Vocab.from_talks(merge_talks(list(talks)))


@pytest.mark.parametrize(
    ("query", "day", "more"),
    [
        ("palestras na sexta", "Fri", {}),
        ("sexta", "Fri", {}),
        ("quarta", "Wed", {}),
        ("palestras na sexta sobre dados", "Fri", {}),
        ("quinta à tarde", "Thu", {"after": "12:00"}),
        ("quinta de manhã", "Thu", {"starts_before": "12:00"}),
        ("quarta 14h", "Wed", {"at": "14:00"}),
        ("dados abertos na quinta", "Thu", {}),
    ],
)
def test_a_short_weekday_reads_as_that_day_on_a_portuguese_program(query, day, more):
    u = understand(query, _dadosbr())
    assert u.filters.day == day, u.label
    for fld, value in more.items():
        assert getattr(u.filters, fld) == value, u.label


@pytest.mark.parametrize(
    "query",
    [
        "exceto sexta",
        "menos sexta",
        "fora da sexta",
        "fora da sexta-feira",
        "não na sexta",
        "sexta excluída",
    ],
)
def test_a_short_weekday_left_out(query):
    """The Portuguese cues leave the short day out as they do the full name ("fora":
    outside, a cue of a limit as Italian's "fuori"; before it "fora da sexta" read
    Friday itself)."""
    u = understand(query, _dadosbr())
    assert u.filters.day is None and u.label == "not Friday", u.label


@pytest.mark.parametrize(
    "query",
    [
        "quarta revolução industrial",  # the fourth industrial revolution
        "na quarta revolução industrial",
        "segunda palestra",  # (and no Monday on the program)
        "sexta edição do evento",  # the sixth edition
        "machine learning quarta",  # (after a topic word: not said as a day)
    ],
)
def test_a_short_weekday_said_as_the_word_it_is_too_is_no_day(query):
    u = understand(query, _dadosbr())
    assert u.filters.day is None and not u.excluded_limits, u.label


def _program(code: str, zone: str, abstract: str) -> Vocab:
    here = ZoneInfo(zone)
    return Vocab.from_talks(
        Talk(
            title=f"t{d}{h}",
            abstract=abstract,
            language=code,
            start=datetime(2026, 6, d, h, tzinfo=here),
            end=datetime(2026, 6, d, h, 45, tzinfo=here),
        )
        for d in (1, 2, 3, 4, 5)  # (Monday to Friday)
        for h in (9, 14)
    )


def test_other_languages_get_no_short_weekdays():
    """A Spanish program ("segunda" is Spanish for second too) reads no Portuguese short
    day; nor do programs in the other languages the reader knows."""
    spanish = _program("es", "Europe/Madrid", "Una charla sobre datos abiertos.")
    assert spanish.short_days == {}
    assert understand("la segunda edición", spanish).filters.day is None
    assert understand("na sexta", spanish).filters.day is None
    for code, zone in (
        ("it", "Europe/Rome"),
        ("fr", "Europe/Paris"),
        ("de", "Europe/Berlin"),
        ("pl", "Europe/Warsaw"),
        ("ja", "Asia/Tokyo"),
        ("nl", "Europe/Amsterdam"),
    ):
        assert _program(code, zone, "A talk about open data.").short_days == {}, code


def test_a_portuguese_program_reads_monday_said_short():
    portuguese = _program("pt", "America/Sao_Paulo", "Uma palestra sobre dados abertos.")
    assert understand("oficinas na segunda", portuguese).filters.day == "Mon"
    assert understand("terça à tarde", portuguese).filters.day == "Tue"
    said = understand("segunda ou terça", portuguese)  # (as the full names read)
    assert said.label == understand("segunda-feira ou terça-feira", portuguese).label
    assert said.label == "Monday · Tuesday"
    assert understand("a segunda edição", portuguese).filters.day is None


PORTUGUESE = (
    "title,abstract,language,start,end,room\n"
    "Dados abertos no governo,Portais e APIs públicas.,pt,2026-06-03T10:00,2026-06-03T10:45,Sala 1\n"
    "A quarta revolução industrial,Indústria e automação.,pt,2026-06-04T10:00,2026-06-04T10:45,Sala 1\n"
    "Dados e privacidade,LGPD na prática.,pt,2026-06-05T10:00,2026-06-05T10:45,Sala 2\n"
    "Dados na nuvem,Armazenamento e custos.,pt,2026-06-05T15:00,2026-06-05T15:45,Sala 2\n"
)


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_reads_a_short_weekday_as_the_cli(tmp_path):
    """The offline site reads "na sexta" as the CLI does (the export writes the short
    days and the words that may stand by one), and "quarta revolução" stays words."""
    from index.search.kb import KnowledgeBase

    site = _site_of(tmp_path, PORTUGUESE)
    with KnowledgeBase(tmp_path / "home") as kb:
        server = [
            understand(q, kb.vocab).label
            for q in ("dados na sexta", "quarta revolução", "dados exceto sexta")
        ]
    assert server == ["Friday", "", "not Friday"]
    friday, fourth, not_friday, full = _node_read(
        site, ["dados na sexta", "quarta revolução", "dados exceto sexta", "dados na sexta-feira"]
    )
    assert friday["said"] == ["friday"] == full["said"]
    assert set(friday["titles"]) == {"Dados e privacidade", "Dados na nuvem"}
    assert fourth["said"] == [] and fourth["titles"][0] == "A quarta revolução industrial"
    assert not_friday["said"] == ["not friday"]
    assert "Dados na nuvem" not in not_friday["titles"]
