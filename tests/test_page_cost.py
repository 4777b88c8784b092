"""What keeps a page run cheap (issue 19): a result card is a few Streamlit elements
(its text one escaped HTML block), what depends only on the base is kept, and the
objects made once per process are not searched by the garbage collector every run.
Structure only: timings belong to bench/load.py."""

from __future__ import annotations

import gc
import re
from pathlib import Path

import pytest

from appviews import cardhtml
from talkbase.core.records import Speaker, Talk

ROOT = Path(__file__).resolve().parent.parent
EVIL = Talk(
    title="<script>x()</script> **B** [l](javascript:y)",
    speakers=(Speaker('M <img src=x onerror="z()">', "Evil <b>Corp</b>"),),
    room="<i>Room</i>",
    track="<u>t</u>",
    abstract="text",
    id=7,
)


def test_a_card_block_is_escaped_text_in_divs_spans_and_marks() -> None:
    block = cardhtml.block(EVIL, ("script",), "a <b>sentence</b> with script", "why <a>", "")
    assert set(re.findall(r"</?([a-zA-Z][\w-]*)", block)) <= {"div", "span", "mark"}
    assert (
        "&lt;<mark>script</mark>&gt;" in block
        and "&lt;img src=x" in block
        and "&lt;b&gt;Corp" in block
    )
    assert block.count('<div class="tb-title">') == 1 and 'class="tb-quote"' in block
    assert cardhtml.block(EVIL, ("script",), "a <b>sentence</b> with script", "why <a>", "") is (
        block  # kept, not made again
    )


@pytest.mark.model
def test_a_result_card_is_a_few_elements(demo_home, monkeypatch) -> None:
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TALKBASE_HOME", str(demo_home))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["q"] = "fault-tolerant collectives"
    at.run()
    assert not at.exception, at.exception
    cards = [h for h in at.get("html") if 'class="tb-card"' in h.value]
    assert len(cards) >= 5
    # one text block per card, no st.text of its own; its buttons are Open/Save/Not
    # interested, each with a help text
    assert not at.text
    keys = [b.key or "" for b in at.button if (b.key or "").startswith("result-")]
    assert len(keys) == 3 * len(cards)
    assert all(b.help for b in at.button if (b.key or "").startswith("result-"))

    # every element of the page, cards included: about 7 a card plus the page's own
    def count(node: object) -> int:
        children = getattr(node, "children", {}) or {}
        return 1 + sum(count(c) for c in children.values())

    assert count(at.main) <= 8 * len(cards) + 25
    # what was made with the base is not searched by the collector after each run
    assert gc.get_freeze_count() > 0


def test_shared_terms_are_the_words_highlighting_finds() -> None:
    """`cardhtml.shared_terms` stems the other talk's words once: the same terms as
    highlighting the text for each term, as it did before."""
    from appviews import render

    seed = Talk(title="Fault-tolerant collectives for training", speakers=(), abstract="", id=1)
    others = [
        Talk(title="Collective ops", speakers=(), abstract="Training runs; faults tolerated", id=2),
        Talk(title="Kernels", speakers=(), abstract="nothing in common", id=3),
        Talk(title="x", speakers=(), abstract="fault-tolerant training a b", id=4),
    ]
    terms = ("fault-tolerant", "collectives", "training", "a")
    for other in others:
        text = f"{other.title} {other.abstract}"
        before = tuple(w for w in terms if any(s.match for s in render.highlight(text, [w])))
        assert cardhtml.shared_terms(seed, other, terms) == before
    assert cardhtml.shared_terms(seed, others[0], terms) == (
        "fault-tolerant",
        "collectives",
        "training",
    )
    assert cardhtml.shared_terms(seed, others[1], terms) == ()
