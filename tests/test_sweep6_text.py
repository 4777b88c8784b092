"""Sweep 6's text programs: a front matter's zone, room headings over talk
headings, list lines whose room word is Finnish or Vietnamese, Arabic labels."""

from ingest.formats import markdown

_DAY_ROOM_TALK = """---
title: RubyConf Brasil 2026
timezone: America/Sao_Paulo
---

# Sábado, 21 de novembro de 2026

## Sala Ipê

### 10:00–10:40 Ractors em produção
Palestrante: Júlia Costa (Shopify)

Concorrência real em Ruby 3.4.

## Sala Jatobá

### 10:00–10:40 YJIT por dentro
Palestrante: Marina Souza (GitHub)

Como o JIT do Ruby gera código.
"""


def test_a_front_matter_zone_is_the_times_zone():
    talks, warnings = markdown.parse(_DAY_ROOM_TALK, "rb.md", "America/Los_Angeles")
    assert [f"{t.start:%Y-%m-%d %H:%M %z}" for t in talks] == [
        "2026-11-21 10:00 -0300",
        "2026-11-21 10:00 -0300",
    ]
    assert talks[0].conference == "RubyConf Brasil 2026"
    assert warnings == []


def test_a_front_matter_key_whose_value_is_a_zone_name_names_it():
    text = _DAY_ROOM_TALK.replace("timezone:", "zona:")
    talks, _ = markdown.parse(text, "rb.md", "America/Los_Angeles")
    assert f"{talks[0].start:%z}" == "-0300"


def test_a_room_heading_over_talk_headings_is_their_room_not_their_track():
    talks, _ = markdown.parse(_DAY_ROOM_TALK, "rb.md", "UTC")
    assert [(t.title, t.room, t.track) for t in talks] == [
        ("Ractors em produção", "Sala Ipê", None),
        ("YJIT por dentro", "Sala Jatobá", None),
    ]
    assert talks[0].speakers[0].name == "Júlia Costa"


def test_a_track_heading_over_talk_headings_stays_their_track():
    text = _DAY_ROOM_TALK.replace("## Sala Ipê", "## Concorrência")
    talks, _ = markdown.parse(text, "rb.md", "UTC")
    assert (talks[0].room, talks[0].track) == (None, "Concorrência")
    assert (talks[1].room, talks[1].track) == ("Sala Jatobá", None)
