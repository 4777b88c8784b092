"""Curated digests: "Title#" headings, a speaker line, then "- Why/What/How/Where
applicable" notes, grouped under section headings (Core / Adjacent / Wildcard).

Example (see data/programs/000_*.txt):

    Core#
    MCCL: Fault-Tolerant Collective Communication for Large-Scale GPU Training#
    Ben Carver — Meta
    - Why: ...
    - What: ... (from abstract only)

Sections whose entries are plain bullets (Themes) and the trailer are not talks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.formats.registry import Format, Options, Result, register
from ingest.speakers import parse_speakers
from ingest.text import STOPWORDS, clean
from talkbase.core.records import Source, Talk
from talkbase.core.terms import format_prefix

NAME = "digest"
NOTE_LABELS = ("Why", "What", "How", "Where applicable")
_NOTE = re.compile(r"(?:^|\s)-\s+(Why|What|How|Where applicable):\s*")
_MARKER = re.compile(r"\s*\(from abstract only\)\s*", re.IGNORECASE)
# A code span that lost its spaces when the page was flattened: it starts a line
# and is glued to the next word, e.g. "torch.distributedis the layer".
_GLUED = re.compile(r"^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+(?:\(\))?)(:?)([A-Za-z]\S*)?")


@dataclass
class _Block:
    heading: str
    line_no: int
    lines: list[str]


def looks_like(text: str) -> bool:
    headings = re.findall(r"(?m)^[^\n#]{1,200}#\s*$", text)
    notes = re.findall(r"(?m)^- (?:Why|What|How):", text)
    return len(headings) >= 2 and len(notes) >= 1


def _vocabulary(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"(?<![\w.])[A-Za-z]{2,}(?![\w.(])", text)} | STOPWORDS


def _is_word(word: str, vocab: set[str]) -> bool:
    """A known word, or a known word with a common English ending."""
    if word in vocab:
        return True
    for suffix, repl in (("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("s", "")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            if word[: -len(suffix)] + repl in vocab:
                return True
    return False


def _split_identifier(token: str, vocab: set[str]) -> tuple[str, str] | None:
    """Split "torch.distributedis" into ("torch.distributed", "is") when that is safe.

    Safe means: the tail is a known word and the identifier's last part, without
    the tail, is a known word or a CamelCase name. Otherwise nothing is split.
    """
    best: tuple[str, str] | None = None
    for cut in range(len(token) - 1, 0, -1):
        head, tail = token[:cut], token[cut:]
        if not tail.isalpha() or not tail.islower() or not _is_word(tail, vocab):
            continue
        last = head.rsplit(".", 1)[-1]
        if last.lower() in vocab or re.fullmatch(r"(?:[A-Z][a-z0-9]+){2,}", last):
            if best is None or len(tail) > len(best[1]):
                best = (head, tail)
    return best


def repair_code_spans(line: str, vocab: set[str]) -> str:
    m = _GLUED.match(line)
    if not m:
        return line
    ident, colon, rest = m.group(1), m.group(2), m.group(3) or ""
    after = line[m.end() :]
    if ident.endswith("()"):
        # "reconfigure()for" -> "reconfigure() for"
        glued = rest + after
        if colon:
            return f"{ident}{colon} {glued}" if glued else line
        return f"{ident} {glued}" if rest else line
    if colon and rest:
        # "torch.distributed:torch.distributed.reconfigure()for" -> split after ":"
        return f"{ident}: " + repair_code_spans(rest + after, vocab)
    if rest:
        return line  # identifier followed by more identifier text: leave it
    split = _split_identifier(ident, vocab)
    if split is None:
        return line
    return f"{split[0]} {split[1]}{after}"


def _notes(body: str) -> tuple[tuple[tuple[str, str], ...], bool]:
    marks = list(_NOTE.finditer(body))
    notes: list[tuple[str, str]] = []
    abstract_only = False
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(body)
        text = body[m.end() : end]
        if _MARKER.search(text):
            abstract_only = True
            text = _MARKER.sub(" ", text)
        notes.append((m.group(1), clean(text)))
    return tuple(notes), abstract_only


def parse(text: str, document: str, conference: str = "") -> tuple[list[Talk], list[str]]:
    """Parse a digest. Returns the talks and warnings (each naming its line)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    vocab = _vocabulary(text)
    blocks: list[_Block] = []
    for no, raw in enumerate(lines, start=1):
        line = raw.strip()
        if line.endswith("#") and len(line) > 1 and not line.startswith("-"):
            blocks.append(_Block(line[:-1].strip(), no, []))
        elif blocks:
            blocks[-1].lines.append(line)
    if not conference and blocks:
        conference = blocks[0].heading
    talks: list[Talk] = []
    warnings: list[str] = []
    section: str | None = None
    for block in blocks:
        content = [ln for ln in block.lines if ln]
        is_talk = bool(content) and not content[0].startswith("- ")
        if not is_talk:
            if block is not blocks[0]:
                section = block.heading
            continue
        speaker_line, body_lines = content[0], content[1:]
        if not any(_NOTE.search(ln) for ln in body_lines):
            if block is blocks[0]:
                continue  # the document title and its introduction
            warnings.append(
                f"{document} line {block.line_no}: {block.heading!r} has no "
                "Why/What/How notes; kept with its title and speakers only"
            )
        body = " ".join(
            ln if ln.startswith("- ") else repair_code_spans(ln, vocab) for ln in body_lines
        )
        notes, abstract_only = _notes(body)
        title, fmt = block.heading, None
        if led := format_prefix(title):  # (a Keynote, its title kept whole)
            fmt = led[0]
        speakers = parse_speakers(speaker_line)
        if not speakers:
            warnings.append(f"{document} line {block.line_no + 1}: {title!r} lists no speakers")
        talks.append(
            Talk(
                title=clean(title),
                speakers=speakers,
                format=fmt,
                notes=notes,
                abstract_only=abstract_only,
                conference=conference,
                sources=(Source(document, NAME, f"line {block.line_no}", section),),
            )
        )
    return talks, warnings


def _parse(text: str, document: str, options: Options) -> Result:
    return parse(text, document)  # a digest's times are dates alone


register(Format(NAME, 60, looks_like, _parse, suffixes=(".txt", ".md")))
