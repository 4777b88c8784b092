"""How talkbase looks in a terminal: result lines, ingest reports, progress bars.

Program text may hold terminal control sequences (window titles, clipboard writes,
hidden links, screen clears). Everything the CLI prints passes through `clean`
(the CLI wraps its stdout and stderr in `Terminal`), so a terminal only ever gets
text; JSON keeps such text whole, escaped.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TextIO

from talkbase.core import present, settings
from talkbase.core.languages import english_name
from talkbase.core.timetable import NO_NIGHTS

SHOWN = 10  # changes listed per kind in a terminal report

# ESC sequences (ECMA-48) and their eight-bit forms: control strings (OSC, DCS, SOS,
# PM, APC) up to their end (BEL or ST), CSI with its parameters, and the two- or
# three-character escapes (ESC c, ESC 7, ESC ( B ...).
_SEQUENCE = re.compile(
    r"(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)"
    r"|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|\x1b[ -/]*[0-~]"
)
# What is left that a terminal acts on: C0 but tab and newline, DEL, C1, a lone ESC.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_C1_AND_DEL = re.compile(r"[\x7f-\x9f]")


def language_name(code: str | None) -> str:
    """A talk's language as `show` names it ("English (en)", "Hindi (hi)"; the code
    alone for a language with no name here); "" where none is known."""
    if not code:
        return ""
    name = english_name(code)
    return f"{name} ({code})" if name != code else code


# how the text output names a signal's rank ("words #2, meaning #5")
SAID = {"lexical": "words", "dense": "meaning", "multilingual": "meaning in any language"}


def clean(text: str) -> str:
    """`text` as a terminal should get it: escape sequences and control characters
    gone (newline and tab kept), every other character as it was."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub("", _SEQUENCE.sub("", text))


def clean_json(text: str) -> str:
    """JSON text as a terminal should get it, with nothing lost: `json.dumps` escapes
    C0 itself but writes DEL and C1 as they are; they can only stand inside strings,
    where their \\u escape means the same."""
    text = _C1_AND_DEL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return _CONTROL.sub("", text) if _CONTROL.search(text) else text


class Terminal:
    """A text stream that writes everything through `clean` (`json`: `clean_json`)
    to the stream it wraps; anything else (flush, isatty, fileno) is that stream's."""

    def __init__(self, raw: TextIO, json: bool = False) -> None:
        self.raw = raw
        self.json = json

    def write(self, text: str) -> int:
        self.raw.write(clean_json(text) if self.json else clean(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def raw(stream: Any) -> Any:
    """The stream under a `Terminal` (for what we draw ourselves: progress bars)."""
    return stream.raw if isinstance(stream, Terminal) else stream


# how the CLI marks a talk the program says will not take place (`Talk.cancelled`)
CANCELLED = "[CANCELLED]"


@dataclass(frozen=True)
class Naming:
    """How the CLI names a talk's time and place: a night talk by the day whose night
    it is (`nights`: `Service.nights`), and in a base of `several` conferences
    (`Service.several_conferences`) with the talk's own."""

    nights: Mapping[int, date] = field(default_factory=lambda: NO_NIGHTS)
    several: bool = False

    @classmethod
    def of(cls, base: Any) -> Naming:
        """A base's own (a `Service`): its night talks, whether it holds several conferences."""
        return cls(base.nights, base.several_conferences)


PLAIN = Naming()  # every talk on its own day, no conference named


def when(t: Any, naming: Naming = PLAIN) -> str:
    """One "when" text for CLI, app and API (`present.when`), a night talk told by the
    day whose night it is (`Naming.nights`)."""
    return present.when(t, year=True, day=naming.nights.get(t.id))


def speakers(t: Any) -> str:
    return present.speakers(t.speakers)


def print_hit(n: int, hit: Any, out: TextIO, naming: Naming = PLAIN) -> None:
    """A result in two or three lines: title and id, who, when and where, why; the
    talk's day and conference as `naming` names them."""
    t = hit.talk
    off = f"  {CANCELLED}" if t.cancelled else ""
    out.write(f"{n:2d}. {t.title}  [id {t.id}]{off}\n")
    conference = t.conference if naming.several else ""
    place = " · ".join(x for x in (speakers(t), conference, when(t, naming), t.room, t.track) if x)
    out.write(f"    {place}\n")
    why = hit.why
    bits = []
    if why.matched_terms:
        bits.append("matched " + ", ".join(why.matched_terms))
    ranks = [f"{SAID.get(name, name)} #{r}" for name, r in why.ranks.items()]
    if ranks:
        bits.append("(" + ", ".join(ranks) + ")")
    if why.best_sentence:
        sentence = (
            why.best_sentence if len(why.best_sentence) < 160 else why.best_sentence[:157] + "..."
        )
        note = why.sentence_source if why.sentence_source.startswith("notes") else ""
        bits.append(f'"{sentence}"' + (f" ({note})" if note else ""))
    if bits:
        out.write("    why: " + " ".join(bits) + "\n")


def print_reason(hit: Any, out: TextIO) -> None:
    """A recommendation's reason and clashes (`Because`), under its hit."""
    reason = getattr(hit.why, "reason", "")
    if reason:
        out.write(f"    {reason}\n")


def print_answer(answer: Any, out: TextIO, err: TextIO, naming: Naming = PLAIN) -> None:
    """A search answer: what the query was read as and any notes on stderr, then the
    matches, then (under "no close match; nearest talks:") the talks that only come near,
    or where every talk passing the limits is listed, the rest of them ("all the talks
    within the limits"); `print_hit`, with the base's `naming`."""
    if answer.understood.label:
        err.write(f"understood: {answer.understood.label}\n")
    for note in answer.notes():
        if note != present.NEAREST:
            err.write(note + "\n")
    shown_nearest = False
    within = getattr(answer, "all_within_limits", False)
    first, after = (
        (present.WITHIN, present.WITHIN_AFTER)
        if within
        else (present.NEAREST, present.NEAREST_AFTER)
    )
    for n, hit in enumerate(answer.hits, start=1):
        if not hit.why.match and not shown_nearest:
            said = first if n == 1 else after
            out.write(said[:1].lower() + said[1:] + "\n")
            shown_nearest = True
        print_hit(n, hit, out, naming)


class Progress:
    """A progress bar on stderr (only on a terminal): files parsed, texts embedded, time left."""

    def __init__(self) -> None:
        self.bars: dict[str, Any] = {}
        self.enabled = sys.stderr.isatty()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        from tqdm import tqdm

        bar = self.bars.get(stage)
        if bar is None:
            unit = "files" if stage == "parse" else "texts"
            label = "parsing" if stage == "parse" else "embedding"
            bar = self.bars[stage] = tqdm(
                total=total, desc=label, unit=f" {unit}", leave=False, file=raw(sys.stderr)
            )
        bar.update(done - bar.n)
        if done >= total:
            bar.close()


def waiting(home: Any) -> Callable[[int | None], None]:
    """What to say, once, on stderr, when another change to the base in `home` holds
    it: this one waits for it (service.ingest's `waiting`)."""
    where = settings.home(home)

    def say(pid: int | None) -> None:
        who = f" (process {pid})" if pid else ""
        sys.stderr.write(
            f"waiting for another ingest, remove or repair of {where}{who} to finish...\n"
        )
        sys.stderr.flush()

    return say


def print_changes(changes: Any, out: TextIO) -> None:
    labels = {
        "added": "added",
        "removed": "removed",
        "cancelled": "cancelled",
        "reinstated": "no longer cancelled",
        "retimed": "retimed",
        "retitled": "retitled",
        "moved": "moved",
        "redescribed": "re-described",
        "respeakered": "new speakers",
        "unspeakered": "speakers changed (nobody new)",
        "room_kept": "room kept (another room named, set aside)",
    }
    for kind, label in labels.items():
        items = getattr(changes, kind)
        if items:
            out.write(f"{label} ({len(items)}):\n")
            for c in items[:SHOWN]:
                out.write(f"  {c.title}  [id {c.id}]{'  ' + c.detail if c.detail else ''}\n")
            if len(items) > SHOWN:
                out.write(f"  ... and {len(items) - SHOWN} more (--json lists them all)\n")


def report_json(report: Any) -> dict[str, Any]:
    return {
        "home": report.home,
        "talks": report.talks,
        "merged": report.merged,
        "conflicts": report.conflicts,
        "embedded": report.embedded,
        "reused": report.reused,
        "multilingual": {"embedded": report.multilingual, "why": report.multilingual_why}
        if getattr(report, "multilingual_why", "")
        else None,
        "stopwords": {
            "languages": list(report.stopword_languages),
            "words": report.own_stopwords,
        }
        if getattr(report, "stopword_languages", ())
        else None,
        "seconds": round(report.seconds, 3),
        "written": report.written,
        "documents": [
            {
                "name": d.name,
                "format": d.format,
                "talks": len(d.talks),
                "conferences": list(getattr(d, "conferences", ())),
                "warnings": list(d.warnings),
            }
            for d in report.documents
        ],
        "removed_documents": report.removed_documents,
        "failed": [e.sentence() for e in report.failed],
        "changes": report.changes.to_dict(),
    }


def _rate(report: Any) -> str:
    """ " (123 texts/s)" when the encoder ran long enough to time it."""
    secs = getattr(report, "embed_seconds", 0.0)
    return f" ({report.embedded / secs:.0f} texts/s)" if report.embedded and secs > 0.01 else ""


def conference_note(doc: Any) -> str:
    """', conference "X"' for the ingest summary; a name taken from the file name
    says how to give the real one."""
    names = getattr(doc, "conferences", ())
    if not names:
        return ""
    shown = ", ".join(f'"{n}"' for n in names[:3]) + (" ..." if len(names) > 3 else "")
    note = f", conference{'s' if len(names) > 1 else ''} {shown}"
    if getattr(doc, "conference_from_file_name", False):
        named = "standard input names none" if getattr(doc, "from_stdin", False) else None
        note += f" ({named or 'from the file name'}; name it with --conference NAME)"
    return note


def partial(report: Any) -> str:
    """What an ingest that skipped some files but read others did (exit status 1): the
    files read are ingested, and a skipped file changes nothing stored."""
    return (
        f"talkbase: {present.plural(len(report.failed), 'file')} skipped (above), "
        f"{present.plural(len(report.documents), 'file')} read and ingested; what a "
        "skipped file holds in the knowledge base, if anything, is kept as it was"
    )


def print_report(report: Any, args: argparse.Namespace) -> None:
    out = sys.stdout
    if args.json:
        json.dump(report_json(report), out, indent=2)
        out.write("\n")
        return
    for d in report.documents:
        out.write(f"{d.name}: {len(d.talks)} talks ({d.format}){conference_note(d)}\n")
    for name in report.removed_documents:
        out.write(f"{name}: removed\n")
    for w in report.warnings:
        out.write(f"  warning: {w}\n")
    for e in report.failed:  # on stderr: stdout stays the summary of what was read
        sys.stderr.write(f"  skipped: {e.sentence()}\n")
    print_changes(report.changes, out)
    if report.written:
        out.write(
            f"knowledge base: {present.plural(report.talks, 'talk')}, {report.merged} seen in "
            f"several documents and merged, {present.plural(report.conflicts, 'conflict')} kept; "
            f"{present.plural(report.embedded, 'text')} embedded"
            f"{_rate(report)}, {report.reused} reused; {report.seconds:.1f}s -> {report.home}\n"
        )
        if getattr(report, "multilingual_why", ""):
            out.write(
                f"multilingual signal: {report.multilingual} of {report.talks} talks embedded "
                f"in {report.multilingual_seconds:.1f}s ({report.multilingual_why})\n"
            )
        if getattr(report, "stopword_languages", ()) and report.own_stopwords:
            names = " and ".join(english_name(c) for c in report.stopword_languages)
            out.write(
                f"words: {report.own_stopwords} common words of {names} are left out of the "
                "index, as English's are\n"
            )
    elif report.changes.empty:
        out.write("no changes\n")
