"""Highlighting matched words and saying which signal found a talk."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from appviews.models import evidence
from talkbase.core.records import Why


def marked(text: str, terms: tuple[str, ...]) -> list[str]:
    return [s.text for s in evidence.highlight(text, terms) if s.match]


def test_inflections_and_hyphenated_terms_are_marked() -> None:
    text = "MCCL: Fault-Tolerant Collective Communication; collectives and tolerance."
    assert marked(text, ("fault-tolerant", "collectives")) == [
        "Fault",
        "Tolerant",
        "Collective",
        "collectives",
        "tolerance",
    ]
    assert marked("Training trains trained", ("training",)) == ["Training", "trains", "trained"]
    assert marked("Caching a cache", ("caching",)) == ["Caching", "cache"]
    assert marked("Nothing here", ("gpu",)) == []
    assert marked("", ("gpu",)) == []


@given(st.text(), st.lists(st.text(min_size=1), max_size=4))
def test_spans_give_the_text_back(text: str, terms: list[str]) -> None:
    assert "".join(s.text for s in evidence.highlight(text, terms)) == text


def test_as_html_escapes_everything_but_its_own_marks() -> None:
    spans = evidence.highlight('<script>alert("x")</script> & fault <b>', ("fault",))
    out = evidence.as_html(spans)
    assert out == (
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>fault</mark> &lt;b&gt;"
    )


def test_signal_says_which_signal_carried_a_hit_without_scores() -> None:
    both = evidence.signal(Why(lexical_rank=1, dense_rank=2, carried_by="both"))
    assert both == "Found by your words and by meaning (#1 by words, #2 by meaning)"
    assert evidence.signal(Why(lexical_rank=3, dense_rank=20, carried_by="lexical")).startswith(
        "Found mostly by your words"
    )
    semantic = evidence.signal(Why(dense_rank=4, carried_by="semantic"))
    assert semantic == "Found by meaning: it shares none of your words (#4 by meaning)"
    assert evidence.signal(Why()) == ""
