"""Rooms said as a list: "talks in room 2 or room 3", "in Janson or K.1.105", "K.3.201,
H.2215", "в зале А или в зале Б", and a building beside a room ("in building K or
H.2215"). A talk is in one room, so two rooms asked for are never both a limit (no
talk passes both): the rooms said, each a chip of its own, are one limit, a talk in
any of them (`Words.rooms`, read as `Understood.any_rooms`, as a building's rooms are:
index/search/read/buildings.py). Left out, a list goes whole ("not in room 2 or room
3": the talks of both go, index/search/read/negation.py), its rooms joined by the
words of a list of any language (`lexicon.list_joins`) with only words before a place
between. One room said stays the room filter (`Filters.room`). A reader over a query's
`Words` (index/search/read/whenwords.py), called by index/search/read/understand.py.
"""

from __future__ import annotations

from functools import lru_cache

from index.search.rank.stopwords import english_stopwords, language_list
from index.search.read import lexicon
from index.search.read.vocab import Vocab
from index.search.read.whenwords import Chip, Words
from talkbase.core.terms import fold

__all__ = ["after_a_room", "either_rooms", "joins", "listed", "places", "rooms_of"]


def rooms_of(r: Words, chip: Chip) -> tuple[str, ...]:
    """The rooms the room chip `chip` names: a building's (`Words.building_rooms`), or
    its one room."""
    return r.building_rooms.get((chip.start, chip.end), (chip.value,))


def places(vocab: Vocab) -> frozenset[str]:
    """The words before a place in English and the languages the program is asked in,
    folded ("in", "im", "nella")."""
    return _places(vocab.asked_in)


def joins(vocab: Vocab) -> frozenset[str]:
    """The words that join the rooms of a list, folded: a list's of English and the
    languages the program is asked in (`lexicon.list_joins`: "or", "oder", "или"), less
    their words before a place (French "en" is "in"; Dutch "en" is "and")."""
    return _joins(vocab.asked_in)


@lru_cache(maxsize=64)
def _stops(languages: frozenset[str]) -> frozenset[str]:
    return english_stopwords() | frozenset(w for c in languages for w in language_list(c))


@lru_cache(maxsize=64)
def _places(languages: frozenset[str]) -> frozenset[str]:
    return frozenset(fold(w) for w in lexicon.place_words(languages))


@lru_cache(maxsize=64)
def _joins(languages: frozenset[str]) -> frozenset[str]:
    return lexicon.list_joins(languages) - _places(languages)


def listed(r: Words, first: Chip, then: Chip) -> bool:
    """Whether the room chip `then` follows the room chip `first` in a list: between
    them (and at the head of `then`'s words: "or room 3") only the words of a list and
    words before a place, one word of a list or a comma at least ("in room 2 or in room
    3", "K.3.201, H.2215"; not "in room 2 in room 3")."""
    if first.field != "room" or then.field != "room" or then.start < first.end:
        return False
    place, join = places(r.vocab), joins(r.vocab)
    between = r.query[first.end : then.start].replace(",", " , ").split()
    head = then.source.split()[:1]
    words = [fold(w.strip("?!.;:")) for w in between]
    if any(w not in join and w not in place for w in words if w):
        return False
    return any(w in join for w in words) or (bool(head) and fold(head[0]) in join)


def after_a_room(r: Words, i: int, n: int = 1) -> int | None:
    """How many tokens before token `i` say it is the next room of a list, a room read
    right before them ("in Main Hall or Lab", "in Main Hall or the Lab", "in Aula 1
    o Lab"): a list's word, and words before a place, free; None where they are not
    so. A room whose name is a common word of the talks ("Lab") is read there as
    after "in" (understand.py `_Reader.room`). Not where the word after its `n` tokens
    goes on with a topic: free, and no list's word or word before a place ("in Main
    Hall and lab safety": "lab safety" is the topic): a word of the talks
    (`Vocab.words`), no stop word of English or a language asked in, nor a list's
    word or a word before a place ("in Main Hall or Lab on Tuesday" is two rooms)."""
    place, join = places(r.vocab), joins(r.vocab)
    after = fold(r.low(i + n).strip("?!.,;:"))
    if (
        r.free(i + n)
        and after in r.vocab.words
        and after not in join | place | _stops(r.vocab.asked_in)
    ):
        return None
    k = i - 1
    while k >= 0 and r.free(k) and fold(r.low(k)) in place:
        k -= 1
    if not (k >= 1 and r.free(k) and fold(r.low(k)) in join) or r.free(k - 1):
        return None  # (not after a comma alone: "in Main Hall, lab safety")
    end = k - 1  # (the room's last token)
    last = max((c for c in r.chips if c.field == "room"), key=lambda c: c.end, default=None)
    if last is None or last.end != r.toks[end].end:
        return None
    return i - end - 1


def either_rooms(r: Words) -> None:
    """The rooms said and not left out, when more than one: a talk in any of them
    (`Words.rooms`), where the first alone was the filter."""
    said = sorted((c for c in r.chips if c.field == "room"), key=lambda c: c.start)
    rooms = list(dict.fromkeys([*r.rooms, *(x for c in said for x in rooms_of(r, c))]))
    if len(rooms) > 1:
        r.rooms = rooms
        r.values.pop("room", None)
