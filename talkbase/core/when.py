"""Time rules every layer agrees on: what ingest keeps as a talk's end is what the
app's program grid draws."""

from __future__ import annotations

from datetime import timedelta

LONGEST_TALK = timedelta(days=1)  # a later end is a mistake in the program, not a talk
