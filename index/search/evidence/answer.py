"""A search's answer: the hits with what the query was read as, and what to say;
the words it names as the talks write them (`as_written`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from index.search.rank import lexical, match
from index.search.read.understand import Understood
from index.search.read.vocab import norm
from talkbase.core import settings
from talkbase.core.present import NEAREST, NONE_LEFT_OUT
from talkbase.core.records import Hit


@dataclass(frozen=True)
class Answer:
    """A search's hits with what the query was read as."""

    understood: Understood
    hits: list[Hit]
    relaxed: bool = False  # no talk passed the limits read from the query: they were dropped
    suggestions: dict[str, str] = field(default_factory=dict)  # unknown word -> known word
    corrected: bool = False  # the suggestions were searched instead of the words typed
    dropped: tuple[str, ...] = ()  # when relaxed, the labels of the limits dropped
    newcomers: bool = False  # the query asks where to start: talks for newcomers raised
    cut_from: int = (
        0  # the query as given was this many characters, cut to the cap (querycheck.cut)
    )
    # a time said as "from then on" dropped ("late at night" on a day that ends at 22:30):
    # the talks listed latest first, the nearest to it
    latest_first: bool = False
    # every talk passing the limits read (or given) is listed: those that do not match
    # the words are no nearest talks but the rest of what the limits hold ("Filme nach
    # Mitternacht" at a festival whose night films never say "Film")
    all_within_limits: bool = False
    # where no talk passes the filters given: those (name, value) among `NAMED_LIMITS`
    # that alone match no talk of the base ("conference", "Nope"), set by the service
    unheld: tuple[tuple[str, str], ...] = ()
    # what the query leaves out that no talk holds ("not in the evening" at a conference
    # that ends at five: "evening"; a word in quotes): nothing was left out
    # (index/search/limits/passing.py `held_by_none`)
    held_by_none: tuple[str, ...] = ()

    @property
    def matches(self) -> int:
        """How many hits match the query (the rest are only the nearest talks): the
        verdict of index/search/rank/match.py, which each hit carries."""
        return match.count(self.hits)

    @property
    def did_you_mean(self) -> str | None:
        if not self.suggestions:
            return None
        words = [
            self.suggestions.get(norm(w).strip("?!.,;:"), w) for w in self.understood.query.split()
        ]
        return " ".join(words)

    def notes(self) -> list[str]:
        """What a person should be told about this answer, one sentence each."""
        out = []
        if self.relaxed:
            some = self.dropped and set(self.understood.labels) - set(self.dropped)
            without = " · ".join(self.dropped) if some else "these limits"
            order = ", the latest first" if self.latest_first else ""
            out.append(
                f"No talk matches {self.understood.label}; showing results without "
                f"{without}{order}."
            )
        out.extend(self.unheld_notes())
        out.extend(self.none_left_out_notes)
        if self.hits and not self.matches and self.understood.topic:
            out.append(NEAREST)
        out.extend(n[:1].upper() + n[1:] + "." for n in self.understood.not_understood)
        if self.newcomers_note:  # (before a correction's note, which callers read last)
            out.append(self.newcomers_note)
        if self.cut_note:
            out.append(self.cut_note)
        if self.corrected and self.did_you_mean:
            out.append(
                f"Showing results for {self.did_you_mean} — "
                f"search instead for {self.understood.query}"
            )
        elif self.did_you_mean:
            out.append(f"Did you mean: {self.did_you_mean}?")
        return out

    def unheld_notes(self, listing: Mapping[str, str] | None = None) -> list[str]:
        """One sentence per filter no talk holds at all (`unheld`): "No talk's conference
        matches 'Nope'."; `listing` says, per filter, where its values are listed (the
        CLI's "'talkbase stats' lists them" for rooms and tracks)."""
        where = listing or {}
        return [
            f"No talk's {name} matches {value!r}{f' ({where[name]})' if name in where else ''}."
            for name, value in self.unheld
        ]

    @property
    def none_left_out_notes(self) -> list[str]:
        """One sentence per thing the query leaves out that no talk holds
        (`held_by_none`): "No talk matches evening, so nothing was left out for it."."""
        return [NONE_LEFT_OUT.format(said=said) for said in self.held_by_none]

    @property
    def cut_note(self) -> str | None:
        """What to say when the query was longer than a search reads (`cut_from`)."""
        if not self.cut_from:
            return None
        kept, limit = len(self.understood.query), settings.max_query_chars()
        return (
            f"The query has {self.cut_from:,} characters; it was read up to the last whole "
            f"word within {limit:,} (TALKBASE_MAX_QUERY_CHARS; a last word longer than "
            f"{limit // 2:,} is cut there): its first {kept:,}."
        )

    @property
    def newcomers_note(self) -> str | None:
        """What to say when talks for newcomers were raised (`newcomers`)."""
        return (
            "Talks for newcomers first, as the query asks where to start."
            if self.newcomers
            else None
        )

    @property
    def searched_instead(self) -> str | None:
        """The query as searched, when its typos were corrected ("distributed
        checkpointing" for "distribted checkpointing"); None when searched as typed."""
        return self.did_you_mean if self.corrected else None

    def to_dict(self) -> dict[str, object]:
        return {
            "understood": self.understood.to_dict(),
            "relaxed": self.relaxed,
            "dropped": list(self.dropped),
            "latest_first": self.latest_first,
            "matches": self.matches,
            "did_you_mean": self.did_you_mean,
            "corrected": self.searched_instead,
            "newcomers_first": self.newcomers,
            "cut_from": self.cut_from or None,
            # (only where a filter matches no talk: every other line stays as it was)
            **({"held_by_no_talk": dict(self.unheld)} if self.unheld else {}),
            # (only where something left out is held by no talk: nothing was left out)
            **({"left_out_none": list(self.held_by_none)} if self.held_by_none else {}),
            "results": [h.to_dict() for h in self.hits],
        }


def as_written(terms: Sequence[str], text: str) -> tuple[str, ...]:
    """`terms` (words as the reader folds them: "sessao", "নিরাপততা") as `text` writes
    them most often ("Sessão": "sessão"; "নিরাপত্তা", a word going on through the marks
    after its letters as the reader cuts it: `vocab.word_tuple`), each named once; a
    word it does not hold as it is."""
    written: dict[str, str] = {}
    for w, _ in Counter(lexical.words_of(text, marks=True)).most_common():
        written.setdefault(norm(w), w)
    said = (" ".join(written.get(w, w) for w in term.split()) for term in terms)
    return tuple(dict.fromkeys(said))
