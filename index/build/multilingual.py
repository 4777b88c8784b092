"""The multilingual vectors of a build being written (index/store/multilingual.py): made
where `wanted` says so, one per talk, from the text search matches (`reads.TALK_TEXT`)
or, for a program in English, from each talk's title and track (`reads.TALK_TITLE`);
a talk whose text the build in use already embedded with the same encoder keeps its
vector, so an ingest that changes a few talks embeds only those.

`wanted`: TALKBASE_MULTILINGUAL 'on'; 'off'; or 'auto': where the base is built with
the default (English) model, the whole text of each talk where the talks are in
several languages (at least a tenth of those whose language is known, by the
program's field or ingest/language.py's guess: `languages.several_languages`), and the
titles alone where they are in English, up to TITLES_UP_TO talks. On a program in
English the signal ranks only for the queries written in another language
(index/search/rank/multilingual.py): a visitor asking in German or Italian finds the
talks whose titles say it in English. Titles cost a twentieth of the whole text to
embed (FOSDEM 2024's 674 talks: 10 s against 300-600 s, AVX-512 VNNI EPYC) and
answer such visitors as well (FOSDEM 2024 asked in German 0.757 -> 0.828 with titles,
0.831 with the whole text; in Italian 0.771 -> 0.857 and 0.855: docs/quality.md).
With 'on', every base gets the whole text's vectors. A base of another model is
assumed to read its own languages.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import duckdb
import numpy as np

from index.build.cache import key_of, text_hash
from index.encoders import multilingual as encoder
from index.store import disk as store
from index.store import files as sf
from index.store import multilingual as stored
from index.store import reads
from talkbase.core import settings
from talkbase.core.languages import several_languages

BATCH = 32  # talks per call to the encoder
# An English program of more talks gets no title vectors under 'auto': at about 15 ms a
# title (AVX-512 VNNI EPYC) a million would add four hours to its ingest
TITLES_UP_TO = 100_000


class Wanted(NamedTuple):
    """Whether a build gets multilingual vectors, why (said in the ingest summary), and
    whether from the titles alone."""

    wanted: bool
    why: str
    titles: bool = False


def wanted(con: duckdb.DuckDBPyConnection, model: str) -> Wanted:
    """Whether the build gets multilingual vectors, why, and of what text."""
    how = settings.multilingual()
    if how != "auto":
        return Wanted(how == "on", f"TALKBASE_MULTILINGUAL={how}")
    if model != settings.DEFAULT_MODEL:
        return Wanted(False, "the model is not the default English one")
    several, other, known = several_languages(reads.language_counts(con))
    if several:
        return Wanted(
            True, f"{other} of the {known} talks whose language is known are not in English"
        )
    if reads.talk_count(con) > TITLES_UP_TO:
        return Wanted(False, f"the talks are in English, more than {TITLES_UP_TO:,} of them")
    return Wanted(
        True, "the talks are in English: their titles, for questions in other languages", True
    )


def identity(titles: bool) -> str:
    """What vectors are made with: the encoder, and whether from the titles alone."""
    return encoder.identity() + (stored.TITLES if titles else "")


def fits(build: Path, con: duckdb.DuckDBPyConnection, model: str) -> bool:
    """Whether the build in use has multilingual vectors, made by this encoder of the
    text wanted, exactly where they are wanted (else the same documents again make a
    new build)."""
    want = wanted(con, model)
    have = stored.load(build)
    if not want.wanted:
        return have is None
    return have is not None and have.identity == identity(want.titles)


def write(
    folder: Path,
    con: duckdb.DuckDBPyConnection,
    previous: store.Build | None,
    model: str,
    progress: Callable[[str, int, int], None] | None = None,
) -> tuple[int, float, str]:
    """Write the vectors of every talk of the build in `folder` (its database open as
        `con`) where they are wanted (those of the build in use, `previous`, reused when its
    manifest vouches for their files); returns (talks embedded, seconds, why: '' when none
        were written)."""
    want = wanted(con, model)
    if not want.wanted:
        return 0, 0.0, ""
    ident = identity(want.titles)
    before = _trusted(previous)
    reuse = before.by_key() if before is not None and before.identity == ident else {}
    n = reads.talk_count(con)
    ids = np.zeros(n, np.int64)
    keys = np.zeros(n, np.int64)
    matrix = np.zeros((n, encoder.DIM), np.float16)
    todo: list[tuple[int, str]] = []  # (row, text) of the talks not embedded before
    row = 0
    for batch in reads.all_talk_texts(con, want.titles):
        for tid, text in batch:
            key = key_of(text_hash(text))
            ids[row], keys[row] = tid, key
            at = reuse.get(key)
            if at is None:
                todo.append((row, text))
            else:
                matrix[row] = before.vectors[at]  # type: ignore[union-attr]
            row += 1
    began = time.perf_counter()
    if todo:
        model_ = encoder.load()
        for lo in range(0, len(todo), BATCH):
            chunk = todo[lo : lo + BATCH]
            vecs = model_.passages([t for _, t in chunk])
            matrix[[r for r, _ in chunk]] = vecs
            if progress:
                progress("embed in every language", min(lo + BATCH, len(todo)), len(todo))
    seconds = time.perf_counter() - began
    stored.save(folder, ids[:row], keys[:row], matrix[:row], ident)
    return len(todo), seconds, want.why


def _trusted(build: store.Build | None) -> stored.MultilingualVectors | None:
    """The multilingual vectors of `build` when each of their files has the size and
    checksum its manifest recorded (a repair must not copy damage), else None."""
    if build is None:
        return None
    recorded = build.manifest.files or {}
    for name in stored.FILES:
        entry = recorded.get(f"{stored.FOLDER}/{name}")
        path = build.path / stored.FOLDER / name
        if not isinstance(entry, dict) or not path.is_file():
            return None
        if path.stat().st_size != entry.get("bytes") or sf.file_digest(path) != entry.get("sha256"):
            return None
    try:
        return stored.load(build.path)
    except (OSError, ValueError):
        return None
