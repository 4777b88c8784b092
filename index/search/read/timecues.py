"""Time limits said in the program's other languages: "venerdì dopo le 21", "nach 14
Uhr", "hasta las 12". Before any reader looks at a token, a cue of `lexicon.TIME_CUES`
right before a clock time (or midnight, noon) becomes the English cue it says, its
articles joined to it ("dopo le" one token, read as "after"), and a word after the
time that adds nothing to it ("Uhr") is joined to the time; the clock reader
(index/search/read/whenwords.py) then reads it as it reads "after 9pm", and a chip
shows the words as typed. The languages read are those a visitor may ask in
(`Vocab.asked_in`: the talks', where the conference is, and every one the lexicon
has): a cue is read only right before a clock time, where no English word is one.
A language that says its cue after the time ("15:00 以后") has it read as said before.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from dataclasses import replace
from typing import Any

from index.search.read import lexicon, visitors
from index.search.read.clockwords import clock
from index.search.read.daywords import DAY_WORDS
from index.search.read.lengthwords import SAID_AFTER
from index.search.read.vocab import word_tuple
from talkbase.core.terms import ascii_digits, fold
from talkbase.core.when import PARTS_OF_DAY

# a dotted time after a cue of a language no talk is in: an hour of the day (first,
# last) and a quarter ("14.30"; "3.12", "1.22", "24.04" are versions: `_plainly`)
DOTTED_HOURS = (7, 23)
QUARTERS = ("00", "15", "30", "45")
_SAID_ALONE = ("midnight", "noon")  # cues that are a time themselves, read after a cue
# the English words of a time the clock reader reads after "before" or "after", read
# after such a cue of another language that says them so ("voor de lunch", "na de lunch")
_TIME_WORDS = ("midnight", "noon", "midday", "lunch", "lunchtime")


def read(r: Any) -> None:
    """Rewrite the cues of the base's other languages among `r.toks` (a whenwords.Words)."""
    spoken = frozenset(r.vocab.asked_in)  # (right before a clock time: safe in any)
    _hours_said_in_words(r, spoken)
    # (in a language of the talks only: "SAA 2" of an English program is no hour)
    _hours_from_dawn(r, lexicon.hours_from_dawn(frozenset(r.vocab.spoken)))
    _hours_with_their_word(r, spoken)
    _prefix_off(r, lexicon.clock_prefixes(spoken))
    _said_before(r, lexicon.clock_before(spoken))
    _part_before_hour(r, spoken)
    _said_after(r, lexicon.time_cues_after(spoken))
    _endings_off(r)
    cues = lexicon.time_cues(spoken)
    if not cues:
        return
    # a cue of a language no talk is in needs a time that can be nothing else: with its
    # minutes, "h", "Uhr" or am/pm, or an hour past noon ("nach 14 Uhr", "dopo le 17";
    # not "Debian bis 12", "Python voor 3")
    theirs = {w for w, _ in lexicon.time_cues(frozenset(r.vocab.spoken))}
    after = lexicon.clock_after(spoken)
    spans = lexicon.not_a_clock(spoken)
    toks = r.toks
    followers = _followers(r, spoken, cues)
    rewritten: set[int] = set()  # the tokens made a cue here
    i = 0
    range_end = -1  # the token after a "from" and its time: where "alle 18" ends a range
    while i < len(toks):
        for words, cue in cues:
            n = len(words)
            if tuple(t.low for t in toks[i : i + n]) != words or any(
                t.used for t in toks[i : i + n]
            ):
                continue
            if cue in _SAID_ALONE:  # "dopo mezzanotte"; never alone ("midi controllers")
                if i - 1 in rewritten:
                    toks[i] = replace(toks[i], low=cue)
                break
            _with_its_part(r, toks, i + n)  # "alle 3 del pomeriggio": 3pm
            found = clock(toks, i + n)
            if found is not None and not _a_time(toks, i + n, found[1], spans, followers):
                continue  # "vor 20 Jahren", "plus de 20 contributeurs": counts
            if found is not None and words not in theirs and not _plainly(r, i + n, words, after):
                continue
            if found is None and not (i + n < len(toks) and _said_alone(toks, i + n, cues)):
                if cue not in ("after", "before") or not _a_time_word(toks, i + n):
                    continue
                if not _limits_only(r, toks[:i], followers):  # "tips voor de lunch"
                    continue
            if i == range_end and cue in ("at", "until"):
                cue = "to"
            elif cue == "to" and i != range_end:  # "à" ends "de 14h à 16h", nothing else
                continue
            toks[i : i + n] = [replace(toks[i], low=cue, end=toks[i + n - 1].end)]
            rewritten.add(i)
            if found is not None:
                last = i + found[1]
                if last + 1 < len(toks) and toks[last + 1].low in after:  # "14 Uhr"
                    toks[last : last + 2] = [replace(toks[last], end=toks[last + 1].end)]
                range_end = i + 1 + found[1] if cue == "from" else -1
            break
        i += 1


# an hour after a word that counts it from dawn: "4", "4:30" (its minutes; the offline
# site reads this pattern: index/site/export.py `_dawn`)
DAWN_HOUR = re.compile(r"(\d{1,2})(?::([0-5]\d))?")
# ...read with its minutes and no part of the day after it only in so many digits
# ("saa 4:30": 10:30; "saa 12:00" is noon on the 24-hour clock)
DAWN_BARE_DIGITS = 1


def _hours_from_dawn(r: Any, words: frozenset[str]) -> None:
    """A bare hour after a word that counts it from dawn (`lexicon.HOURS_FROM_DAWN`:
    Swahili "saa 4" is 10:00) made the token of its clock time, a part of the day said
    right after it joined to it and choosing its half ("saa 4 asubuhi": 10:00, "saa 8
    mchana": 14:00, "saa 2 usiku": 20:00; a morning's hour before dawn, "saa 10
    asubuhi", as said on the 12-hour clock: 10:00); with none, the hour plus six
    (07:00 to 18:00). An hour with its minutes likewise ("saa 4:30 asubuhi", "saa
    4:30": 10:30), where a part of the day follows it or its hour is written in one
    digit (a 24-hour clock writes "04:30"); "saa 15:00", "saa 12:00" (two digits, no
    part of the day: the 24-hour clock) stay as typed."""
    toks = r.toks
    for i in range(len(toks) - 2, -1, -1):
        said = DAWN_HOUR.fullmatch(toks[i + 1].low)
        if toks[i].low not in words or toks[i + 1].used or said is None:
            continue
        word, minutes = said.group(1), said.group(2) or "00"
        if not 1 <= int(word) <= 12:
            continue
        nxt = toks[i + 2].low if i + 2 < len(toks) and not toks[i + 2].used else ""
        part = r.vocab.part_words.get(nxt) or (nxt if nxt in PARTS_OF_DAY else None)
        if said.group(2) and part not in PARTS_OF_DAY and len(word) > DAWN_BARE_DIGITS:
            continue  # ("saa 12:00": noon on the 24-hour clock)
        if part in PARTS_OF_DAY:
            time = f"{from_dawn(int(word), part):02d}:{minutes}"
            toks[i + 1 : i + 3] = [replace(toks[i + 1], low=time, end=toks[i + 2].end)]
        else:
            toks[i + 1] = replace(toks[i + 1], low=f"{from_dawn(int(word), None):02d}:{minutes}")


def from_dawn(said: int, part: str | None) -> int:
    """The hour on the 24-hour clock of the hour `said` (1 to 12) counted from dawn, as
    `_hours_from_dawn` reads it (the offline site reads its table: index/site/export.py),
    said with a part of the day (`PARTS_OF_DAY`) that chooses its half, or none: the
    hour plus six."""
    if part is None:
        return said + 6
    hour = in_part((said + 5) % 12 + 1, part)  # (saa 1: 7, saa 6: 12, saa 12: 6)
    if part == "morning" and hour < 6:  # ("saa 10 asubuhi": 10 in the morning,
        return said  # as said on the 12-hour clock; saa 10 is 04:00, dawn)
    if part == "night" and hour == 12:  # ("saa 6 usiku": midnight)
        return 0
    return hour


def _hours_with_their_word(r: Any, spoken: frozenset[str]) -> None:
    """A bare hour with the word said after it (`lexicon.CLOCK_AFTER`), spaced or glued
    to it (Tamil "4 மணிக்கு", Bengali "৪টায়", "৪ টার") made the token of its clock time
    where a part of the day is said right before it, which chooses its half ("மாலை 4
    மணிக்கு பிறகு": after 16:00, as "4 in the evening"; "বিকেল ৪টায়": 16:00), a cue
    follows it ("৪টার পরে": after 16:00) or nothing does ("10 மணிக்கு": at 10:00); with
    no part, an hour 1 to 7 is an afternoon one. Not before a span ("3 மணி நேரம்": 3
    hours; `lexicon.NOT_A_CLOCK`) nor before another word ("৪টা সেশন": 4 sessions)."""
    words = lexicon.clock_after(spoken)
    if not words:
        return
    cues, spans = lexicon.time_cues_after(spoken), lexicon.not_a_clock(spoken)
    glued = re.compile(rf"(\d{{1,2}})({'|'.join(map(re.escape, sorted(words, key=len)[::-1]))})")
    toks = r.toks
    for i in range(len(toks) - 1, -1, -1):
        m = glued.fullmatch(toks[i].low)
        spaced = toks[i].low.isdigit() and i + 1 < len(toks) and toks[i + 1].low in words
        if toks[i].used or not (m or spaced) or spaced and toks[i + 1].used:
            continue
        hour, end = (int(m.group(1)), i) if m else (int(toks[i].low), i + 1)
        nxt = toks[end + 1].low if end + 1 < len(toks) and not toks[end + 1].used else None
        if nxt in spans or hour > 23:
            continue
        before = toks[i - 1].low if i and not toks[i - 1].used else ""
        part = r.vocab.part_words.get(before) or (before if before in PARTS_OF_DAY else None)
        part = part if part in PARTS_OF_DAY and hour <= 12 else None
        if part is None and nxt is not None and not _cue_after(toks, end + 1, cues):
            continue
        start = i - 1 if part else i
        time = f"{in_part(hour, part):02d}:00"
        toks[start : end + 1] = [replace(toks[start], low=time, end=toks[end].end)]


def in_part(hour: int, part: str | None) -> int:
    """The hour (1 to 12) said with a part of the day, on the 24-hour clock: pm in the
    afternoon, evening and night ("4 in the evening": 16:00), am in the morning; a
    night's hour before 6 is in the small hours; with no part, an
    hour 1 to 7 is an afternoon one (as after "after 3")."""
    if part is None:
        return hour + 12 if 1 <= hour <= 7 else hour
    if part == "night" and hour < 6:
        return hour
    return hour + 12 if part in PM and hour < 12 else hour


def _prefix_off(r: Any, prefixes: tuple[str, ...]) -> None:
    """A clock time with a word glued before it (`lexicon.CLOCK_PREFIXES`: Amharic
    "ከ15:00 በኋላ", from 15:00 on) read without it, only where the rest is a clock time
    with its minutes ("ከ15:00"; not "ከ3" nor a word)."""
    for i, t in enumerate(r.toks):
        for p in prefixes:
            rest = t.low[len(p) :]
            if t.low.startswith(p) and not t.used and re.fullmatch(r"\d{1,2}:\d\d", rest):
                if clock([replace(t, low=rest)], 0) is not None:
                    r.toks[i] = replace(t, low=rest)
                break


def _said_before(r: Any, words: frozenset[str]) -> None:
    """A word said before a clock time that adds nothing to it (`lexicon.CLOCK_BEFORE`:
    Turkish "saat 14:00") joined to the time, which it makes one of a bare hour too
    ("saat 10'da": at 10:00), less the time's case ending (`lexicon.CLOCK_SUFFIXES`:
    "saat 15:00'ten sonra" is "15:00", "sonra": after 15:00)."""
    toks, endings = r.toks, lexicon.clock_suffixes(frozenset(r.vocab.asked_in))
    for i in range(len(toks) - 2, -1, -1):
        if toks[i].low not in words or toks[i].used or toks[i + 1].used:
            continue
        time, ending = _ending_off(toks[i + 1].low)
        bare = time if time and ending in endings else toks[i + 1].low
        found = clock([replace(toks[i + 1], low=bare)], 0)
        if found is not None:  # ("14.30", "10": written as the clock reader reads it)
            toks[i : i + 2] = [replace(toks[i + 1], low=found[0], start=toks[i].start)]


def _said_after(r: Any, cues: dict[str, str]) -> None:
    """A cue said right after a clock time (`lexicon.TIME_CUES_AFTER`: "15:00 以后",
    "15:00之前") made the English cue it says, put before the time, the time's token
    holding the cue's words (a chip shows them as typed). Only after a time that can
    be nothing else: with its minutes, "h" or am/pm ("15:00", "3pm"; not "3 以后")."""
    toks = r.toks
    endings = lexicon.clock_suffixes(frozenset(r.vocab.asked_in))
    hours = lexicon.clock_after(frozenset(r.vocab.asked_in))  # ("14 बजे के बाद": 14 o'clock)
    i = -1
    while i + 2 < len(toks):
        i += 1
        if toks[i].low.isdigit() and toks[i + 1].low in hours and not toks[i + 1].used:
            if _cue_after(toks, i + 2, cues):  # "14 बजे के बाद": the hour made "14h"
                toks[i : i + 2] = [replace(toks[i], low=f"{toks[i].low}h", end=toks[i + 1].end)]
        if _cue_after(toks, i + 1, cues) == 2 and not toks[i].used and clock(toks, i):
            said = " ".join(t.low for t in toks[i + 1 : i + 3])  # "के बाद": one token
            toks[i + 1 : i + 3] = [replace(toks[i + 1], low=said, end=toks[i + 2].end)]
        if i + 1 >= len(toks):
            break
        cue = cues.get(toks[i + 1].low)
        if cue and endings:  # "15:00'ten sonra": the time without its case ending
            time, ending = _ending_off(toks[i].low)
            if time and ending in endings:
                toks[i] = replace(toks[i], low=time)
        found = clock(toks, i) if cue and not toks[i].used and not toks[i + 1].used else None
        if found is None or found[1] != 1 or toks[i].low.isdigit():
            continue
        said = replace(toks[i + 1], low=cue, start=toks[i].start, end=toks[i].start)
        toks[i : i + 2] = [said, replace(toks[i], end=toks[i + 1].end)]


def _part_before_hour(r: Any, spoken: frozenset[str]) -> None:
    """A bare hour said right after a word for a part of the day of a language that
    says its time cue after the time (`lexicon.TIME_CUES_AFTER`), and followed by such
    a cue or by its word for "o'clock" (`lexicon.CLOCK_AFTER`): "दुपारी ३ नंतर" (after 3
    in the afternoon) made "3pm" before the cue, for `_said_after` to read, as
    `_with_its_part` reads an hour a part of the day follows ("3 de la tarde"), on the
    24-hour clock as `in_part` puts it ("दुपारी १२ नंतर": after noon, not midnight;
    "रात्री ३ नंतर": after 3 in the small hours). The part of the day is read as well
    (the hour narrows it). Never without the cue after it ("दुपारी ३ सत्रे": three
    afternoon sessions). The static site reads it so too (search.mjs `hoursCounted`)."""
    cues = lexicon.time_cues_after(spoken)
    if not cues:
        return
    hours = lexicon.clock_after(spoken)
    toks = r.toks
    for i in range(len(toks) - 2):
        part = r.vocab.part_words.get(toks[i].low)
        word = ascii_digits(toks[i + 1].low)
        if part not in PARTS_OF_DAY or not word.isdigit() or not 1 <= int(word) <= 12:
            continue
        if toks[i + 1].used:
            continue
        k = i + 2 + int(toks[i + 2].low in hours and not toks[i + 2].used)  # ("३ वाजता")
        if k >= len(toks) or not _cue_after(toks, k, cues):
            continue
        hour = f"{in_part(int(word), part):02d}:00"
        toks[i + 1 : k] = [replace(toks[i + 1], low=hour, end=toks[k - 1].end)]


def _endings_off(r: Any) -> None:
    """A clock time with its minutes and a case ending (`lexicon.CLOCK_SUFFIXES`) and
    no cue after it read without the ending: "15:00'te çekirdek" is at 15:00, as
    "saat 10'da" is (`_said_before`). Only with its minutes ("Python 3'te", "3.12'de"
    stay as typed)."""
    endings = lexicon.clock_suffixes(frozenset(r.vocab.asked_in))
    for i, t in enumerate(r.toks):
        time, ending = _ending_off(t.low)
        if t.used or ending not in endings or not re.fullmatch(r"\d{1,2}:\d\d", time):
            continue
        if clock([replace(t, low=time)], 0) is not None:
            r.toks[i] = replace(t, low=time)


def _ending_off(low: str) -> tuple[str, str]:
    """A clock time's token split at the mark joining a case ending to it: an apostrophe
    (Turkish "15:00'ten") or a hyphen (Armenian "15:00-ից", Georgian "15:00-ის"); ("",
    "") for none. A range ("10:00-12:00") splits too: its "ending" is no case ending."""
    mark = max(low.rfind("'"), low.rfind("\u2019"), low.rfind("-"))
    return (low[:mark], low[mark + 1 :]) if mark > 0 else ("", "")


def _cue_after(toks: list[Any], j: int, cues: dict[str, str]) -> int:
    """How many free tokens from `j` on are one cue said after a time (`cues`: one
    word, or two: "के बाद"); 0 for none."""
    for n in (2, 1):
        run = toks[j : j + n]
        if len(run) == n and not any(t.used for t in run) and " ".join(t.low for t in run) in cues:
            return n
    return 0


PM = ("afternoon", "evening", "night")  # (the parts of the day an hour said after is pm in)


def _hours_said_in_words(r: Any, spoken: frozenset[str]) -> None:
    """An hour said by a word after its number (`lexicon.HOUR_WORDS`: "3시", "15時",
    "下午三点", "10点30分", "3点半") made one token of its clock time ("15:00"), a part
    of the day said before it joined to it ("오후 3시", "下午3点": 3pm, "上午10点":
    10am; with none, an hour 1 to 7 is an afternoon one, as after "after 3"), a time
    cue glued after it cut off ("3点后", "15時以降", "3시부터"), for `_said_after` to
    read. Only where the hour's word ends its word, or a cue, a particle or nothing
    follows ("3시간", "3時間": hours; "3点建议": three suggestions; "3D", "5G" have no
    hour word)."""
    hours, minute_words, halves = lexicon.hour_words(spoken)
    if not hours:
        return
    cues = lexicon.time_cues_after(spoken)
    particles = lexicon.of_words(spoken) | lexicon.run_particles(spoken)
    # a postposition glued to it goes with it ("3시에": at 3 o'clock)
    posts = {unicodedata.normalize("NFC", w) for w in lexicon.postpositions(spoken)}
    numerals = lexicon.hour_numerals(spoken)  # ("三点", "세 시")
    number = "|".join(sorted(map(re.escape, numerals), key=len, reverse=True))
    said = re.compile(
        rf"(\d{{1,2}}|{number})\s?({'|'.join(map(re.escape, hours))})"
        rf"(?:\s?(\d{{1,2}})({'|'.join(map(re.escape, minute_words))})"
        rf"|({'|'.join(map(re.escape, halves))}))?"
    )
    froms, joins = lexicon.hour_range(spoken)
    words = r.vocab.run_words[0] | set(r.vocab.day_words)
    q = r.query
    read: set[int] = set()  # where the hours read start
    for m in reversed(list(said.finditer(q))):
        before = q[m.start() - 1] if m.start() else ""
        if before.isalnum() and not _HAN_OR_HANGUL.match(before) or _a_number(q, m, words):
            continue  # ("v3시", "123시", "二十三点": a number of its own; not "周六3点")
        if before.isalpha() and m.group(1) not in lexicon.HAN_HOURS and not m.group(1).isdigit():
            continue  # (a word's end: "프로세 시"; a native numeral starts its word)
        rest = re.match(r"\S*", q[m.end() :]).group()  # type: ignore[union-attr]
        cue = next((n for n in range(len(rest), 0, -1) if fold(rest[:n]) in cues), 0)
        glued = rest[cue:]
        # another hour glued after a cue or a word between a range's hours ("15時から
        # 17時まで", "2点到4点")
        skip = int(not cue and fold(glued[:1]) in joins)
        # (the second hour may hold a space: "두 시~세 시"; one not read as an hour, "3시
        # AI", makes no range: no first hour alone, "at 14:00", of "2시~3시 AI")
        second = said.match(q, m.end() + cue + skip) if cue or skip else None
        ranged = second is not None and second.start() in read
        if skip and not ranged:
            continue
        if glued and not ranged and not any(glued.startswith(p) for p in particles):
            if glued not in posts:
                continue  # ("3시간", "3点建议")
        hour = int(m.group(1)) if m.group(1).isdigit() else numerals[m.group(1)]
        minute = 30 if m.group(5) else int(m.group(3) or 0)
        start, part = _part_before(r, m.start())
        if part is None and not cue and not ranged and not _alone(r, m.end() + len(rest)):
            continue  # ("3点 建议": a count; "下午三点", "3시 세션": an hour)
        hour = in_part(hour, part)  # (a night's hour before 6 is in the small hours: "夜中2時")
        if hour > 23 or minute > 59:
            continue
        end = m.end() + (len(glued) if glued in posts and not cue else 0)
        read.add(m.start())
        _join(r, start, end, f"{hour:02d}:{minute:02d}", m.end() + cue)
        _first_hour(r, m.start(), numerals, joins)
    _hour_ranges(r, froms, joins)


def _first_hour(r: Any, at: int, numerals: dict[str, int], joins: Collection[str]) -> None:
    """A range's first hour said without its hour word, right before a join and the
    hour read at query[at:] ("2-4点", "15-17時", "오후 2~4시"), made the token of its
    clock time, for `_hour_ranges` to read the range (as "2点到4点"); its part of the
    day as said before it, or an hour 1 to 7 an afternoon one."""
    q = r.query
    number = "|".join(sorted(map(re.escape, numerals), key=len, reverse=True))
    m = re.search(rf"(\d{{1,2}}|{number})\s?(\S)\s?$", q[:at])
    if m is None or fold(m.group(2)) not in joins:
        return
    before = q[m.start() - 1] if m.start() else ""
    if before and (before.isalnum() and not _HAN_OR_HANGUL.match(before) or before in "-.:/"):
        return  # ("v2-4点", "1.2-4点")
    hour = int(m.group(1)) if m.group(1).isdigit() else numerals[m.group(1)]
    start, part = _part_before(r, m.start())
    hour = in_part(hour, part)
    if hour <= 23:
        _join(r, start, m.end(1), f"{hour:02d}:00", m.end(1))


def _a_number(q: str, m: re.Match[str], words: Collection[str]) -> bool:
    """Whether the hour matched at `m` goes on a Chinese numeral before it ("二十三点"),
    one that ends no word the reader or the base knows ("周六3点": Saturday, 3pm)."""
    if not m.start() or q[m.start() - 1] not in lexicon.HAN_HOURS:
        return False
    return not any(len(w) > 1 and fold(q[: m.start()]).endswith(w) for w in words)


def _hour_ranges(r: Any, froms: Collection[str], joins: Collection[str]) -> None:
    """Two hours said with hour words and a word between them ("2点到4点", "从2点到4点",
    "15時～17時") made the tokens "from 14:00 to 16:00", which the clock reader reads as
    the range it is; the second hour in the first's half of the day where it would end
    before it starts ("晚上7点到9点": 19:00 to 21:00)."""
    toks = r.toks
    for i in range(len(toks) - 3, -1, -1):
        a, join, b = toks[i : i + 3]
        if join.low not in joins or not all(_CLOCK.fullmatch(t.low) for t in (a, b)):
            continue
        if b.low <= a.low and int(b.low[:2]) < 12 and f"{int(b.low[:2]) + 12:02d}" > a.low[:2]:
            b = replace(b, low=f"{int(b.low[:2]) + 12:02d}{b.low[2:]}")
        said = [replace(join, low="to", words=("to",)), b]
        if i and toks[i - 1].low in froms and not toks[i - 1].used:
            toks[i - 1 : i + 3] = [replace(toks[i - 1], low="from", words=("from",)), a, *said]
        else:
            first = replace(a, text="", low="from", end=a.start, words=("from",))
            toks[i : i + 3] = [first, a, *said]


_CLOCK = re.compile(r"\d\d:\d\d")


_HAN_OR_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u3400-\u9fff]")


def _part_before(r: Any, at: int) -> tuple[int, str | None]:
    """Where a part of the day said right before query[at:] starts ("오후 3시", "下午3点",
    "朝7時", "晚8点": `lexicon.HOUR_PARTS`), and which part it is; (at, None) for none.
    A word of one letter only in an East Asian script and glued to the hour."""
    before = r.query[:at].rstrip()
    glued = len(before) == at
    asked = frozenset(r.vocab.asked_in)
    said_so = [*r.vocab.part_words.items(), *lexicon.hour_parts(asked).items()]
    for said, part in [*said_so, *((p, p) for p in PARTS_OF_DAY)]:
        word = unicodedata.normalize("NFC", said)  # (folded Hangul is in its letters)
        if part not in PARTS_OF_DAY or not 0 < len(word) <= len(before):
            continue
        if len(word) == 1 and not (glued and _HAN_OR_HANGUL.match(word)):
            continue
        if fold(before[-len(word) :]) == fold(word):
            start = len(before) - len(word)
            if start and before[start - 1].isalpha() and not _HAN_OR_HANGUL.match(word[0]):
                continue  # ("someafternoon")
            return start, part
    return at, None


def _alone(r: Any, end: int) -> bool:
    """Whether the token after query[:end] is none, a talk noun, or a limit's word
    (read as the tokens read it: "이후에" as "이후")."""
    nxt = next((t.low for t in r.toks if t.start >= end), None)
    if nxt is None:
        return True
    asked = frozenset(r.vocab.asked_in)
    known = (
        lexicon.talk_nouns(asked),
        lexicon.time_cues_after(asked),
        r.vocab.day_words,
        r.vocab.part_words,
        DAY_WORDS,
    )
    return any(nxt in words for words in known)


def _join(r: Any, start: int, end: int, time: str, cut: int) -> None:
    """The tokens over query[start:end] made one token reading `time`; a token that
    runs past either end, or past `cut` (a cue glued after the time), cut there."""
    points = {start, end, cut}
    toks: list[Any] = []
    for t in r.toks:
        edges = sorted({t.start, t.end, *(p for p in points if t.start < p < t.end)})
        for a, b in zip(edges, edges[1:], strict=False):
            raw = r.query[a:b]
            low = t.low if (a, b) == (t.start, t.end) else fold(raw)
            toks.append(replace(t, text=raw, low=low, start=a, end=b, words=word_tuple(low)))
    inside = [k for k, t in enumerate(toks) if start <= t.start and t.end <= end]
    if not inside:
        return
    first = toks[inside[0]]
    whole = replace(first, text=r.query[start:end], low=time, end=end, words=word_tuple(time))
    toks[inside[0] : inside[-1] + 1] = [whole]
    r.toks[:] = toks


def _with_its_part(r: Any, toks: list[Any], j: int) -> None:
    """A bare hour followed by a part of the day ("3 de la tarde", "9 di sera", "8
    heures du soir", "10 de la mañana") made one token, its hour of that part ("3pm",
    "10am"), read as a plain clock time."""
    word = toks[j].low if j < len(toks) else ""
    if not word.isdigit() or not 1 <= int(word) <= 12:
        return
    asked = frozenset(r.vocab.asked_in)
    skip = lexicon.of_words(asked) | lexicon.place_words(asked) | lexicon.clock_after(asked)
    k = j + 1
    while k < len(toks) and k - j <= 3 and toks[k].low in skip:
        k += 1
    if k >= len(toks) or k == j + 1 and not toks[k].low.endswith("s"):
        return  # ("3 sera": a part said right after the hour only as "3 abends")
    said = toks[k].low.removeprefix("l'").removeprefix("l\u2019")
    part = r.vocab.part_words.get(said) or (said if said in PARTS_OF_DAY else None)
    if part not in PARTS_OF_DAY:
        return
    half = "pm" if part in PM and int(word) < 12 else "am"
    toks[j : k + 1] = [replace(toks[j], low=f"{word}{half}", end=toks[k].end)]


def _plainly(r: Any, j: int, cue: tuple[str, ...], after: frozenset[str]) -> bool:
    """Whether the number at toks[j], after `cue` of a language no talk is in, is a
    clock time: one with minutes, "h", "Uhr" or am/pm ("15h", "10:30", "14 Uhr"); a
    dotted one on the quarter hour in the day ("14.30"; "3.12", "1.22", "24.04" are
    versions); a bare hour where the query says another word of the cue's language
    ("domenica alle 11"), or past noon after a cue of two words ("dopo le 17"); not
    "Debian bis 12", "java vers 21", "python vers 3.12"."""
    toks = r.toks
    word = toks[j].low
    dotted = re.fullmatch(r"(\d{1,2})\.(\d{1,2})", word)
    if dotted:
        hour, minute = int(dotted.group(1)), dotted.group(2)
        return DOTTED_HOURS[0] <= hour <= DOTTED_HOURS[1] and minute in QUARTERS
    if not word.isdigit():
        return True
    nxt = toks[j + 1].low if j + 1 < len(toks) else ""
    if nxt in after or nxt in ("am", "pm", "h"):
        return True
    code = next((c for c, cues in lexicon.TIME_CUES.items() if cue in _folded(cues)), "")
    if code and visitors.evidence(code, r.query, r.vocab, cue) > 0:
        return True
    return len(cue) > 1 and int(word) > 12


def _folded(cues: dict[tuple[str, ...], str]) -> set[tuple[str, ...]]:
    return {tuple(fold(w) for w in c) for c in cues}


def _a_time(
    toks: list[Any], j: int, used: int, spans: frozenset[str], followers: frozenset[str]
) -> bool:
    """Whether the clock time read at toks[j] (`used` tokens) is one: a number with
    minutes or "h" is; a bare number ("de 5", "alle 3") only where nothing follows it
    but words of when or where ("dopo le 21 tranne sabato", "dalle 15 alle 18"), never
    before a span ("vor 20 Jahren") or another word ("plus de 20 contributeurs")."""
    nxt = toks[j + used].low if j + used < len(toks) else ""
    if nxt in spans:
        return False
    if not toks[j].low.isdigit() or not nxt:
        return True
    return nxt in followers or len(nxt) < 4 or not nxt.isalpha()


def _followers(r: Any, spoken: frozenset[str], cues: Any) -> frozenset[str]:
    """The words that may follow a bare hour: the when and where of every language read
    (made once per base's vocabulary, as vocab.py's `suggest` keeps its tables)."""
    v = r.vocab
    found: frozenset[str] | None = v.__dict__.get("_time_followers")
    if found is None:
        found = v.__dict__["_time_followers"] = _when_and_where(v, spoken, cues)
    return found


def _when_and_where(v: Any, spoken: frozenset[str], cues: Any) -> frozenset[str]:
    leave = lexicon.leave_out(spoken)
    return frozenset(
        (
            *(w for words, _ in cues for w in words),
            *(w for kind in (leave.words, leave.limits, leave.after) for c in kind for w in c),
            *lexicon.clock_after(spoken),
            *lexicon.day_nouns(spoken),
            *lexicon.place_words(spoken),
            *lexicon.room_words(spoken),
            *v.day_words,
            *v.part_words,
            *DAY_WORDS,
            *PARTS_OF_DAY,
            "and",
            "or",
        )
    )


def _said_alone(toks: list[Any], j: int, cues: tuple[tuple[tuple[str, ...], str], ...]) -> bool:
    """Whether toks[j] is midnight or noon said in one of the languages ("mezzanotte")."""
    return any(words == (toks[j].low,) and cue in _SAID_ALONE for words, cue in cues)


def _a_time_word(toks: list[Any], j: int) -> bool:
    """Whether toks[j] is a time said in English words ("lunch"), as a language may say it."""
    return j < len(toks) and toks[j].low in _TIME_WORDS


def _limits_only(r: Any, before: list[Any], followers: frozenset[str]) -> bool:
    """Whether the words before a cue read ahead of a time said in English words are
    none, or limits and session types only ("talks na de lunch", "zaterdag voor de
    lunch"): after another word the cue says "for" ("tips voor de lunch")."""
    types = {w for name in r.vocab.format_names for w in name}
    return all(
        t.used
        or t.low in followers
        or t.low in SAID_AFTER
        or t.low in types
        or t.low.removesuffix("s") in types
        for t in before
    )
