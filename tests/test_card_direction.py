"""An app card takes its direction from its talk's own text (sweep 20, an Arabic
program): an Arabic title reads right to left, an English one left to right, through
the one card block every page draws (appviews/cardhtml.py)."""

from __future__ import annotations

from appviews import cardhtml
from talkbase.core.records import Talk


def test_a_card_takes_its_direction_from_its_talk():
    arabic = Talk(title="التعرف على الكلام باللهجات العربية", abstract="", language="ar")
    block = cardhtml.block(arabic)
    assert block.startswith('<div class="tb-card" dir="auto">')
    assert "التعرف على الكلام" in block
