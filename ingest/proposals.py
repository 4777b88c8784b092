"""Proposals that are not talks of the program: a call for papers' export of its
submissions (pretalx's `submissions`, a CfP tool's table with a status column) lists
the proposals still under review, the drafts, the ones turned down and those
withdrawn before they were given a slot beside the accepted talks. Each reader keeps a
record's status as its talk's "Status" note; a talk whose status says it is such a
proposal (`terms.unlisted_state`: "submitted", "rejected", a "withdrawn" one with no
time or day) is left out, and one notice names how many and why. A talk of the
program called off later ("canceled", or withdrawn once it had its slot) stays,
said to be cancelled. A document whose records are all such proposals holds no
program: refused, saying so.
"""

from __future__ import annotations

from collections import Counter

from talkbase.core.errors import InputError
from talkbase.core.records import Talk
from talkbase.core.terms import unlisted_state


def _status(talk: Talk) -> str:
    return next((text for label, text in talk.notes if label == "Status"), "")


def _unlisted(talk: Talk) -> bool:
    status = _status(talk)
    scheduled = talk.start is not None or talk.program_day is not None
    return bool(status) and unlisted_state(status, scheduled)


def on_program(talks: list[Talk], document: str) -> tuple[list[Talk], list[str]]:
    """The talks of the program, the proposals that are not on it left out (see the
    module's docstring), and the notice that says so (none where none is)."""
    left = [t for t in talks if _unlisted(t)]
    if not left:
        return talks, []
    counts = Counter(" ".join(_status(t).lower().split()) for t in left)
    said = ", ".join(f"{n} {state}" for state, n in counts.most_common())
    if len(left) == len(talks):
        raise InputError(
            document,
            f"no talks of a program: its {len(talks)} records are all proposals that "
            f"their status says are not on it ({said})",
        )
    return [t for t in talks if not _unlisted(t)], [
        f"{document}: {len(left)} of its {len(talks)} records are left out, proposals that "
        f"their status says are not on the program ({said}: under review, turned down, "
        "or withdrawn before they had a slot)"
    ]
