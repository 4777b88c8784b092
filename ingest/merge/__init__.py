"""One talk per talk: join the records several documents give for the same talk.

Two records are one talk only when the evidence says so (`same_talk`):

- never two records of one document, nor of two conferences;
- never when they contradict each other (`contradict`): starts more than
  TIME_SLACK minutes apart (so: two days), or other speakers at another start
  or in another room;
- the same source uid in one conference, with a matching title key, both
  times known, or a shared speaker;
- the same title key (case, accents, dashes, punctuation ignored; "C++" and
  "C#" kept apart), unless the title names no one talk (`generic_title`: "",
  one letter, "Lunch", "Lightning talks", "Welcome"): such a title needs both
  times known (and no other room, and no other speakers: two tracks' files each
  with a "Panel discussion" at 16:00 of its own panellists are two panels) or a
  shared speaker;
- a nearly equal title (FUZZY_TITLE) with a shared speaker surname;
- one title the other's with its session format after it ("Graph databases in
  practice (Workshop)": `format_added`), a shared speaker surname, and one slot
  (`one_slot`: both timed, at one start or in overlapping spans, no other room; a
  talk 10:00-10:30 and the workshop 10:30-12:00 after it are two, and so are two
  untimed pages' "Intro to Go" and "Intro to Go (Workshop)"); the merged talk keeps
  that format;
- one title the other's, a dash and one of the other's speakers ("Scaling Kafka
  consumers - Jonas Weber", a calendar's, beside a table's "Scaling Kafka
  consumers" by Jonas Weber: `named_after`), in one slot (`one_slot`); the merged
  talk takes the title without the name, the other kept as a conflict.

A record without a time is compatible with any time: a digest without times
joins the schedule that has them. A talk moved is one talk too (`Moves`): the same
specific title with a shared speaker in two documents of one conference, each
document listing it once, both on one day (a later sheet that moves it from 11:00
to 16:00); a talk one document lists twice is two showings, and so is a talk two
documents put on two days (day1.csv and day2.csv, or two tracks' sheets of the same
days): losing a showing is worse than a duplicate. Two documents of one conference
giving one stable id (`stable_uid`: a guid, an iCal UID, a pretalx code) with its
title or a speaker agreeing give one talk, whatever its time (a re-download of a
newer version; a renamed talk keeps its speaker); an id reused for a talk of
another title and other speakers ("talk-01" in each day's file) joins nothing, and
an id of digits or a short code may number one document's rows, so it joins
nothing alone; but one uid that one document gives a higher revision count
(`revises`: iCal's SEQUENCE, both stating one) is one talk in the two, however short
the uid and whatever else changed (renamed, moved, its speaker replaced), where the
two documents demonstrably share one numbering (`one_numbering`: a uid both give at
one SEQUENCE is the same talk, none another; files numbering "1", "2" per room or per
day do not). A record joins a
merged talk when it is the same talk as one of its records and contradicts none.

Where documents disagree, the merged talk keeps every value with its document as a
`Conflict` (its abstract too: an English and a German version of one program);
times are compared as instants (09:00Z is 10:00+01:00), and a record naming no
speaker disagrees with none. Its values are first those of a record with a
time, in a zone the document names ("Europe/Copenhagen", the program's own clock)
rather than one its times were read in for want of one (the default's: `guessed`),
then in a named zone rather than in UTC or a bare offset (an iCal export's "Z"), then
with an abstract (`_priority`); but
first of all not a record that another document revises (`outdated`: the same uid
with a higher SEQUENCE in one numbering, or the same stable uid with a newer revision
stamp, iCal's SEQUENCE then LAST-MODIFIED or DTSTAMP): a
newer export of a calendar ingested beside the old one moves the talk, whatever the
two files are called; and the speakers only a record a higher SEQUENCE in one
numbering replaced names are no longer the talk's (`replaced`; the lists kept as a
conflict), never for a later stamp alone. After those rules, where the records of its
rank (as current, as timed) disagree on a time or room (`SCHEDULE`), the
value of the document ingested last wins (`_latest`; `ingested`: document -> the
number of the ingest that stored it): a corrected program given as a new file, or
replacing one, moves the talk whatever the files are called; documents of one ingest
are equally recent (the order above decides), and a value the latest agrees with is
kept as the first record gives it (the same instant in a zone a document names). A
later record whose times were read in a guessed zone is first read on the clock of the
zone an older record names (`_on_named_clock`: its clock time kept; with no such zone,
as against a UTC export, it overrules no time: `Priority.overrules`); a later room
counts only where the two documents share a room's name (`_one_vocabulary`: a
translated program's "Saal A" is no move from "Hall A"). A
later start takes the end that goes with it, never an older time's end.
Every record's text is NFC-normalised first (`ingest.text.nfc_talk`).
"""


# Where each part lives: same.py (which records are one talk), titles.py ("Title -
# Speaker", "Title (Workshop)"), people.py (speakers compared), revisions.py (newer
# revisions, `Moves`), precedence.py (which value wins), combine.py (one merged talk, its
# conflicts), groups.py (the records grouped into talks).

from ingest.merge.groups import merge_grouped, merge_talks

__all__ = ["merge_grouped", "merge_talks"]
