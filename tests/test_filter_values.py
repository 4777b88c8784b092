"""Filter values are matched literally, whatever punctuation they carry.

Regression: DuckDB's regex engine (RE2) rejects a backslash before a non-ASCII
character, so escaping "’" or "–" made `--org "O’Reilly"` a traceback, and one
track named "AI – Systems" broke the app's facet counts for every query.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from appviews.models import facets
from index.search.limits.filters import words_pattern
from talkbase.core.errors import BadQuery
from talkbase.core.filters import Filters, clean_text

PROGRAM = """\
title,speakers,affiliation,day,start,end,room,track,abstract
Kernels for everyone,Dara O’Brien,O’Reilly Media,2026-10-21,10:00,10:30,Hall·B,AI – Systems,Writing GPU kernels by hand.
Pricing inference,Zoë Müller,Café €uro (R&D),2026-10-21,11:00,11:30,Room [1],C++ / Rust,What inference costs.
Plain talk,Sam Lee,Acme,2026-10-22,09:00,09:30,210AE,Compilers,A talk with plain names.
쿠버네티스 운영,김민준,네이버,2026-10-22,10:00,10:30,그랜드볼룸,보안,쿠버네티스 클러스터 운영 경험.
"""

ODD = [
    "O’Reilly",
    "AI – Systems",
    "Hall·B",
    "€uro",
    "Zoë",
    "C++",
    "Room [1]",
    "R&D",
    "a\u200bb",
    "\u202eevil",
    "(",
    "[",
    "\\",
    "*",
    "a.b",
    "x{2}",
    "^$",
    "|",
]


@pytest.fixture(scope="module")
def odd_kb(tmp_path_factory: pytest.TempPathFactory, hashing_embedder):
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    tmp_path = tmp_path_factory.mktemp("odd")
    program = tmp_path / "odd.csv"
    program.write_text(PROGRAM, encoding="utf-8")
    home = tmp_path / "home"
    ingest([program], home, hashing_embedder)
    kb = KnowledgeBase(home, hashing_embedder)
    yield kb
    kb.close()


@pytest.mark.parametrize("value", ODD)
def test_pattern_is_valid_re2_shaped_regex(value: str) -> None:
    pattern = words_pattern(value)
    # Only ASCII metacharacters are escaped: no backslash before anything else.
    for m in re.finditer(r"\\(.)", pattern):
        assert m.group(1).isascii(), pattern


@pytest.mark.parametrize("name", ["org", "track", "room", "speaker", "conference"])
@pytest.mark.parametrize("value", ODD)
def test_every_text_filter_accepts_any_punctuation(odd_kb, name: str, value: str) -> None:
    ids = odd_kb.allowed(Filters(**{name: value}))
    assert isinstance(ids, list)
    odd_kb.search("kernels", 5, Filters(**{name: value}))


@pytest.mark.parametrize(
    ("name", "value", "title"),
    [
        ("org", "O’Reilly", "Kernels for everyone"),
        ("org", "O’Reilly Media", "Kernels for everyone"),
        ("speaker", "Dara O’Brien", "Kernels for everyone"),
        ("track", "AI – Systems", "Kernels for everyone"),
        ("room", "Hall·B", "Kernels for everyone"),
        ("org", "Café €uro (R&D)", "Pricing inference"),
        ("track", "C++ / Rust", "Pricing inference"),
        ("room", "Room [1]", "Pricing inference"),
        ("speaker", "zoe muller", "Pricing inference"),
        # Hangul syllables stay whole on both sides (sweep 20 F4: they were matched as
        # jamo against the column's syllables, so every Korean value matched nothing)
        ("room", "그랜드볼룸", "쿠버네티스 운영"),
        ("track", "보안", "쿠버네티스 운영"),
        ("speaker", "김민준", "쿠버네티스 운영"),
        ("org", "네이버", "쿠버네티스 운영"),
    ],
)
def test_punctuated_values_find_their_talk(odd_kb, name: str, value: str, title: str) -> None:
    ids = odd_kb.allowed(Filters(**{name: value}))
    assert [odd_kb.talks[i].title for i in ids] == [title]


def test_a_hangul_room_filters_through_the_api(odd_kb, hashing_embedder) -> None:
    import talkbase

    with talkbase.open(odd_kb.home, embedder=hashing_embedder) as tb:
        hits = tb.search("쿠버네티스", k=3, room="그랜드볼룸")
        assert [h.talk.title for h in hits] == ["쿠버네티스 운영"]
        assert tb.search("", k=3, org="네이버", track="보안")


def test_every_facet_value_of_the_base_can_be_counted(odd_kb) -> None:
    """What the app's sidebar does on every query: one filter per value in the base."""
    options = facets.candidates(odd_kb.talks.values())
    allowed = facets.AllowedCache(odd_kb.allowed, frozenset(odd_kb.talks))
    counted = facets.facet_counts(
        frozenset(odd_kb.talks), facets.Selection.of({}), options, allowed
    )
    by_name = {f.name: {o.label: o.count for o in f.options} for f in counted}
    assert by_name["track"]["AI – Systems"] == 1
    assert by_name["room"]["Hall·B"] == 1
    assert by_name["speaker"]["Dara O’Brien"] == 1


def test_whitespace_only_filter_is_refused_not_matching_everything(odd_kb) -> None:
    with pytest.raises(BadQuery):
        odd_kb.allowed(Filters(org="   "))
    assert odd_kb.allowed(Filters(org="")) is None  # an empty field is no filter


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=st.text(min_size=1, max_size=12))
def test_arbitrary_unicode_in_filters_never_escapes(odd_kb, value: str) -> None:
    for name in ("org", "track", "room", "speaker", "conference"):
        try:
            odd_kb.allowed(Filters(**{name: value}))
        except BadQuery:
            assert not clean_text(value).strip()  # refused only when nothing is left


# -- huge values: refused where they come in, in one sentence -----------------------------
MEGABYTE = 1_000_000
FILTER_NAMES = ("day", "after", "before", "track", "room", "speaker", "org", "conference", "format")
HUGE = {
    "letters": "a" * MEGABYTE,
    "words": "kernel " * (MEGABYTE // 7),
    "parentheses": "(" * MEGABYTE,
    "backslashes": "\\" * MEGABYTE,
    "accents": "e\u0301" * (MEGABYTE // 2),
}


def _one_sentence(exc: BadQuery, name: str) -> None:
    sentence = exc.sentence()
    assert "\n" not in sentence and len(sentence) < 300, sentence[:300]
    assert name in sentence and "characters" in sentence, sentence


@pytest.fixture
def api(fake_home, hashing_embedder):
    import talkbase

    with talkbase.open(fake_home, embedder=hashing_embedder) as tb:
        yield tb


@pytest.mark.parametrize("name", FILTER_NAMES)
@pytest.mark.parametrize("kind", sorted(HUGE))
def test_a_megabyte_filter_value_is_one_sentence_through_the_api(api, name: str, kind: str) -> None:
    for call in (
        lambda: api.search("kernels", k=3, mode="lexical", **{name: HUGE[kind]}),
        lambda: api.search("", k=3, **{name: HUGE[kind]}),
        lambda: api.similar(next(iter(api.kb.talks)), k=3, **{name: HUGE[kind]}),
    ):
        with pytest.raises(BadQuery) as caught:
            call()
        _one_sentence(caught.value, name)


def test_the_length_cap_is_checked_when_filters_are_made() -> None:
    from talkbase.core.filters import MAX_FILTER_CHARS

    for name in FILTER_NAMES:
        with pytest.raises(BadQuery) as caught:
            Filters(**{name: "a" * (MAX_FILTER_CHARS + 1)})
        _one_sentence(caught.value, name)


def test_a_value_at_the_cap_still_filters(odd_kb) -> None:
    from talkbase.core.filters import MAX_FILTER_CHARS

    padded = "O’Reilly" + " " * (MAX_FILTER_CHARS - len("O’Reilly"))
    ids = odd_kb.allowed(Filters(org=padded))
    assert [odd_kb.talks[i].title for i in ids] == ["Kernels for everyone"]
    assert odd_kb.allowed(Filters(track="x" * MAX_FILTER_CHARS)) == []


def test_the_library_raises_no_duckdb_error_for_a_long_value(odd_kb) -> None:
    """Below the cap, a value that is valid text but a hard regex still gives an answer."""
    from talkbase.core.filters import MAX_FILTER_CHARS

    for name in ("org", "track", "room", "speaker", "conference", "format"):
        for value in ("(" * MAX_FILTER_CHARS, "\\" * MAX_FILTER_CHARS, "é" * MAX_FILTER_CHARS):
            assert odd_kb.allowed(Filters(**{name: value})) == []
