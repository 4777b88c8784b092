"""Issue 9: a knowledge base opens without reading its talks, and a query reads only
the talks it touches (index/store/reads.py, index/search/kb.py). Fast: HashingEmbedder."""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from index.search.limits.filters import Filters
from index.search.rank import lexical
from index.search.rank.ranking import talk_text
from index.search.read.vocab import Vocab, plain_text
from index.store import disk as store
from index.store import reads
from talkbase.core.errors import TalkNotFound
from talkbase.core.records import talk_from_dict


def _all_records(con) -> dict[int, dict]:
    rows = con.execute("SELECT id, record FROM talks ORDER BY id").fetchall()
    return {int(i): json.loads(r) for i, r in rows}


def _write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _talk(uid: str, title: str, **fields: object) -> dict:
    row = {"uid": uid, "title": title, "abstract": f"{title}. More about {title.lower()}."}
    row.update(fields)
    return row


# -- the talks mapping ------------------------------------------------------------------
def test_opening_reads_no_talk_and_a_search_reads_only_its_hits(fake_kb):
    assert fake_kb.talks._ids is None and not fake_kb.talks._cache
    hits = fake_kb.search("fault tolerant collective communication", 3)
    assert len(hits) == 3
    # the hits, and the few talks the evidence needed: not the base
    assert 3 <= len(fake_kb.talks._cache) < len(fake_kb.talks) / 4


def test_talks_mapping_reads_by_id_in_batches_with_a_bounded_cache(fake_kb):
    every = _all_records(fake_kb.con)
    talks = reads.Talks(fake_kb.con, cached=5)
    try:
        assert len(talks) == len(every) and list(talks) == sorted(every)
        first, last = min(every), max(every)
        assert first in talks and np.int64(last) in talks
        assert last + 1 not in talks and str(first) not in talks and True not in talks
        assert talks[first] == talk_from_dict(every[first])
        with pytest.raises(KeyError):
            talks[last + 1]
        with pytest.raises(KeyError):
            talks.get_many([first, last + 1])
        assert talks.get(last + 1) is None
        some = sorted(every)[3:11]
        assert [t.id for t in talks.get_many(some[::-1])] == some[::-1]
        assert len(talks._cache) == 5  # the last five read
        assert list(talks._cache) == some[::-1][-5:]
        values = list(talks.values())
        assert values == [talk_from_dict(every[i]) for i in sorted(every)]
        assert dict(talks.items()) == {i: talk_from_dict(r) for i, r in every.items()}
        assert len(talks._cache) == 5
        assert talks == dict(talks.items())
        assert f"{len(every)} talks" in repr(talks)
    finally:
        talks.close()


def test_talks_mapping_uses_a_connection_of_its_own(fake_kb):
    """Reading a talk must not spoil a result pending on the base's connection."""
    pending = fake_kb.sql("SELECT id FROM talks ORDER BY id")
    fake_kb.talks.get_many(list(fake_kb.talks)[:3])
    assert [r[0] for r in pending.fetchall()] == list(fake_kb.talks)


# -- the vocabulary ----------------------------------------------------------------------
def _same_vocab(a: Vocab, b: Vocab) -> None:
    assert a == b
    for name in ("rooms", "tracks", "speakers", "surnames", "orgs"):
        assert list(getattr(a, name).items()) == list(getattr(b, name).items()), name


def test_vocab_from_the_store_equals_vocab_from_every_talk(fake_kb):
    assert reads.has_table(fake_kb.con, "words")
    from_talks = Vocab.from_talks(fake_kb.talks.values())
    from_store = Vocab.from_store(fake_kb.con)
    _same_vocab(from_store, from_talks)
    # the demo program has all of these: the comparison is not of empty tables
    v = from_store
    assert v.timed and v.days and v.rooms and v.tracks and v.formats
    assert v.speakers and v.surnames and v.orgs and v.common and len(v.words) > 500
    assert fake_kb.vocab == from_talks  # what search uses


@contextlib.contextmanager
def _database_without(kb, table: str, folder: Path):
    """A connection to a copy of `kb`'s database without `table` (a build made
    before that table existed)."""
    copy = folder / f"no-{table}.duckdb"
    shutil.copyfile(kb.build.db_path, copy)
    con = store.connect(copy, read_only=False)
    try:
        con.execute(f"DROP TABLE {table}")
        assert not reads.has_table(con, table)
        yield con
    finally:
        con.close()


def test_vocab_without_a_words_table_counts_words_from_titles_and_abstracts(fake_kb, tmp_path):
    with _database_without(fake_kb, "words", tmp_path) as con:
        _same_vocab(Vocab.from_store(con), Vocab.from_talks(fake_kb.talks.values()))


def test_vocab_without_an_acronyms_table_reads_none(fake_kb, tmp_path):
    assert Vocab.from_talks(fake_kb.talks.values()).acronyms  # the demo defines some
    with _database_without(fake_kb, "acronyms", tmp_path) as con:
        assert Vocab.from_store(con).acronyms == {}


def test_vocab_from_the_store_keeps_first_and_last_spellings(tmp_path, hashing_embedder):
    """Two spellings of one room or one name: from_talks keeps the key where it was
    first met, holding the spelling met last (talks by id); the store does the same."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    rows = [
        _talk(f"t{i}", title, room=room, speakers=speakers, affiliation=org, type=fmt)
        for i, (title, room, speakers, org, fmt) in enumerate(
            [
                ("Kernels", "Room A", "Gerard Salton|Ada Lovelace", "IBM|Meta", "Talk"),
                ("Compilers", "room a", "Salton, Gerard", "Intel", "Keynote"),
                ("Storage", "Hall 2", "ADA LOVELACE", "", "Talk"),
                ("Networks", "ROOM A", "Ada Lovelace|I. M. Pei", "Meta Platforms", "Demo"),
            ]
        )
    ]
    home = tmp_path / "home"
    ingest([_write_jsonl(tmp_path / "p.jsonl", rows)], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        v = Vocab.from_store(kb.con)
        _same_vocab(v, Vocab.from_talks(kb.talks.values()))
        assert len(v.rooms) == 2 and len(v.formats) == 3
        assert ("gerard", "salton") in v.speakers and v.surnames["lovelace"]


# -- titles --------------------------------------------------------------------------------
def test_talk_lookup_asks_the_title_keys_and_falls_back_to_scanning(fake_kb, monkeypatch):
    every = {i: talk_from_dict(r) for i, r in _all_records(fake_kb.con).items()}
    target = next(t for t in every.values() if len(t.title.split()) >= 4)
    prefix = " ".join(target.title.split()[:3])
    unique_prefix = not any(
        t.title.lower().startswith(prefix.lower()) for t in every.values() if t.id != target.id
    )
    typo = target.title[:-2] + target.title[-1] + target.title[-2]  # two letters swapped

    def answers() -> list[object]:
        out: list[object] = []
        for ref in (target.id, str(target.id), target.title, target.title.upper() + "!", typo):
            out.append(fake_kb.talk(ref).id)
        if unique_prefix:
            out.append(fake_kb.talk(prefix).id)
        with pytest.raises(TalkNotFound) as many:
            fake_kb.talk("the")  # in many titles
        out.append(sorted(many.value.candidates))
        with pytest.raises(TalkNotFound):
            fake_kb.talk("zzqx nothing like this")
        return out

    assert fake_kb._title_keys_stored  # format 3: the database holds the keys
    stored = answers()
    assert stored[:5] == [target.id] * 5
    assert all(c.split(": ", 1)[1] == every[int(c.split(":")[0])].title for c in stored[-1])
    monkeypatch.setitem(fake_kb.__dict__, "_has_title_key", False)  # as a format-2 build
    assert answers() == stored


# -- time order ----------------------------------------------------------------------------
def test_browse_lists_in_true_time_order_across_time_zones(tmp_path, hashing_embedder):
    """Written times mislead across zones: 10:00 in Tokyo comes before 05:00 in London."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase
    from index.search.rank.ranking import time_order

    rows = [
        _talk("a", "Tokyo morning", start="2026-03-02T10:00:00+09:00", duration=30),
        _talk("b", "London dawn", start="2026-03-02T05:00:00+00:00", duration=30),
        _talk("c", "Honolulu evening", start="2026-03-01T20:00:00-10:00", duration=30),
        _talk("d", "Same minute B", start="2026-03-02T05:00:00+00:00", duration=30),
        _talk("e", "Zulu untimed"),
        _talk("f", "Alpha untimed"),
        _talk("g", "Next day", start="2026-03-04T09:00:00+01:00", duration=30),
    ]
    home = tmp_path / "home"
    ingest([_write_jsonl(tmp_path / "p.jsonl", rows)], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        every = sorted(kb.talks.values(), key=time_order)
        titles = [t.title for t in every]
        assert titles[:4] == ["Tokyo morning", "London dawn", "Same minute B", "Honolulu evening"]
        assert titles[-2:] == ["Alpha untimed", "Zulu untimed"]
        for k in range(1, len(every) + 2):
            assert [h.talk.id for h in kb._browse(None, k)] == [t.id for t in every[:k]]
        some = sorted(t.id for t in every if "B" not in t.title and "Zulu" not in t.title)
        assert [h.talk.id for h in kb._browse(some, 10)] == [t.id for t in every if t.id in some]
        assert kb._browse([], 5) == []
        assert [h.talk.title for h in kb.search("", 2)] == titles[:2]


# -- sentences -------------------------------------------------------------------------------
def _brute_best(kb, qvec) -> dict[int, float]:
    rows = kb.con.execute("SELECT talk_id, row FROM sentences ORDER BY row").fetchall()
    sims = np.asarray(kb.sentences.vectors[np.array([r for _, r in rows])], np.float32) @ qvec
    best: dict[int, float] = {}
    for (tid, _), s in zip(rows, sims.tolist(), strict=True):
        best[int(tid)] = max(best.get(int(tid), -2.0), s)
    return best


@pytest.mark.parametrize("whole", [True, False])
def test_sentences_are_read_for_the_talks_asked_only(fake_kb, monkeypatch, whole):
    import index.search.evidence.sentences as sentences_mod

    if not whole:  # as in a large base: vectors read row by row, never cast whole
        monkeypatch.setattr(sentences_mod, "WHOLE_SENTENCES", 0)
    qvec = fake_kb.query_vector("fault tolerance for collectives")
    want = _brute_best(fake_kb, qvec)
    some = sorted(want)[::3] + [123456789]  # and a talk that is not there
    got = fake_kb.sentences.best_scores(qvec, some)
    assert set(got) == set(some[:-1])
    assert got == pytest.approx({t: want[t] for t in some[:-1]}, abs=1e-5)
    assert (fake_kb.sentences._whole is not None) is whole
    talks = fake_kb.talks.get_many(some[:4])
    stored = {}
    for tid in some[:4]:
        rows = fake_kb.con.execute(
            f"SELECT row, text FROM sentences WHERE talk_id = {tid} ORDER BY row"
        ).fetchall()
        stored[tid] = [(int(r), t) for r, t in rows]
        assert rows
    assert fake_kb.sentences.of(talks) == stored  # made again from the talks
    assert not fake_kb.sentences._stored  # no table read
    assert fake_kb.sentences.stored(some[:4]) == stored
    assert set(fake_kb.sentences._stored) == set(some[:4])


def test_sentences_come_from_the_table_when_the_talk_gives_other_ones(fake_kb, monkeypatch):
    """A base built by code that split sentences otherwise: its stored run has another
    length than the talk's sentences today, so the table is read for that talk."""
    import index.search.evidence.sentences as sentences_mod

    talks = fake_kb.talks.get_many(list(fake_kb.talks)[:5])
    want = fake_kb.sentences.of(talks)
    monkeypatch.setattr(sentences_mod, "talk_sentences", lambda t: ["one made-up sentence"] * 99)
    assert not fake_kb.sentences._stored
    assert fake_kb.sentences.of(talks) == want
    assert set(fake_kb.sentences._stored) == {t.id for t in talks}
    hit = fake_kb.search("fault tolerance", 1)[0]
    assert hit.why.best_sentence != "one made-up sentence"


def test_sentence_rows_with_gaps_after_an_incremental_ingest(tmp_path, hashing_embedder):
    """A changed talk gets new sentence rows; its old rows stay, dead, in the vector
    files (format 3). Each talk still finds its own sentences and vectors."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    rows = [
        _talk(f"t{i}", f"Talk {i} on {topic}", abstract=f"First on {topic}. Then more {topic}.")
        for i, topic in enumerate(["kernels", "compilers", "storage", "networks", "graphics"])
    ]
    docs = [tmp_path / f"{name}.jsonl" for name in ("a", "b", "c")]
    for doc, part in zip(docs, (rows[:1], rows[1:3], rows[3:]), strict=True):
        _write_jsonl(doc, part)
    home = tmp_path / "home"
    ingest(docs, home, hashing_embedder)
    rows[1]["abstract"] = "Rewritten entirely. Compilers now. With a third sentence."
    _write_jsonl(docs[1], rows[1:3])  # the middle document changes
    ingest([docs[1]], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        n_rows = kb.con.execute("SELECT count(*), max(row) + 1 FROM sentences").fetchone()
        qvec = kb.query_vector("compilers")
        want = _brute_best(kb, qvec)
        assert kb.sentences.best_scores(qvec, sorted(want)) == pytest.approx(want, abs=1e-5)
        hit = kb.search("rewritten compilers", 1)[0]
        assert hit.talk.title == "Talk 1 on compilers"
        assert hit.why.best_sentence in ("Rewritten entirely.", "Compilers now.")
        assert [t for _, t in kb.sentences.of([hit.talk])[hit.talk.id]] == [
            "Rewritten entirely.",
            "Compilers now.",
            "With a third sentence.",
        ]
        assert kb.sentences.stored([hit.talk.id]) == kb.sentences.of([hit.talk])
        # the middle document's old rows stay in the files, dead: a gap in the table
        listed = [r for (r,) in kb.con.execute("SELECT row FROM sentences ORDER BY row").fetchall()]
        assert listed != list(range(len(listed))) and listed[0] == 0
        assert n_rows[0] < n_rows[1] <= len(kb.sentences.vectors)


# -- phrases and excluded words ---------------------------------------------------------------
def test_phrases_are_checked_as_plain_text_on_the_talks_holding_their_words(fake_kb):
    every = {t.id: f" {plain_text(talk_text(t))} " for t in fake_kb.talks.values()}

    def allowed(query: str, filters: Filters | None = None) -> set[int]:
        u = fake_kb.understand(query)
        return set(fake_kb._allowed_for(filters or Filters(), u) or ())

    # a hyphen, capitals and punctuation do not matter; word boundaries do
    want = {t for t, text in every.items() if " fault tolerant " in text}
    assert want and allowed('"Fault-Tolerant"') == want
    assert allowed('"fault tol"') == {t for t, text in every.items() if " fault tol " in text}
    # a phrase of stopwords only: the index cannot narrow it, every talk is read
    assert allowed('"of the"') == {t for t, text in every.items() if " of the " in text}
    tuesday = set(fake_kb.allowed(Filters(day="Tue")) or ())
    assert allowed('"pytorch" -nccl', Filters(day="Tue")) == {
        t for t in tuesday if " pytorch " in every[t] and " nccl " not in every[t]
    }


def test_phrase_test_on_ascii_text_answers_as_plain_text():
    """The regular expression used on ASCII text gives the answer `plain_text` gives."""
    import random

    from index.search.limits.phrases import PhraseTest

    rng = random.Random(9)
    pieces = [
        "fault",
        "Tolerant",
        "FAULT",
        "tol",
        "a_b",
        "x1",
        " ",
        "  ",
        "-",
        ".",
        "_",
        ", ",
        "\n",
    ]
    phrases = ["fault tolerant", "fault", "tol", "a_b", "b", "x1 fault", "FAULT-tolerant!"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 9)))
        want = rng.sample(phrases, rng.randint(0, 2))
        avoid = rng.sample(phrases, rng.randint(0, 1))
        plain = f" {plain_text(text)} "
        expected = all(f" {plain_text(p)} " in plain for p in want) and not any(
            f" {plain_text(w)} " in plain for w in avoid
        )
        assert PhraseTest(want, avoid)(text) is expected, (text, want, avoid)
    # accents and capitals in other scripts go through plain_text itself
    assert PhraseTest(["cafe creme"])("Un CAFÉ—Crème, s'il vous plaît")
    assert not PhraseTest(["cafe"])("caféine")
    assert PhraseTest(["...", "!!"])("anything")  # phrases without a word ask nothing


def test_sentences_of_many_talks_are_read_in_one_pass(fake_kb, monkeypatch):
    """The app asks for every talk at once: a query per talk would not do."""
    ids = list(fake_kb.talks)
    runs = fake_kb.sentences.runs(ids)
    assert len(runs) > reads.RANGE_QUERIES
    by_pass = reads.sentence_texts(fake_kb.con, runs)
    monkeypatch.setattr(reads, "RANGE_QUERIES", len(runs))
    assert reads.sentence_texts(fake_kb.con, runs) == by_pass  # the same, by row ranges
    hits = fake_kb.search("fault tolerance", k=len(ids))
    assert len(hits) == len(ids) and all(h.why.best_sentence for h in hits)


def test_the_table_gives_the_text_search_shows_for_phrases(fake_kb):
    """Phrases are checked on the table's columns (no record read): the same plain
    text as the talk's own text, field for field, in the same order."""
    ids = list(fake_kb.talks)
    from_table = dict(reads.talk_texts(fake_kb.con, ids))
    assert from_table == dict(t for batch in reads.all_talk_texts(fake_kb.con) for t in batch)
    for talk in fake_kb.talks.values():
        assert plain_text(from_table[talk.id]) == plain_text(talk_text(talk)), talk.title


def test_a_search_that_finds_nothing_reads_nothing(fake_kb):
    assert fake_kb.search("x", 5, Filters(room="Moon Base")) == []
    assert fake_kb.similar(next(iter(fake_kb.talks)), 5, Filters(room="Moon Base")) == []
    assert fake_kb.sentences.sims(fake_kb.query_vector("x"), {}) == {}


def test_ranks_shown_are_places_in_the_whole_lexical_ranking(fake_kb, monkeypatch):
    """With a pool of 3, most hits come from meaning and sit past the pool by words:
    their lexical rank is still their place among every talk sharing a word."""
    import index.search.kb as search_mod

    query = "fault tolerant collective communication"
    words = fake_kb.search(query, 1)  # warm: the lexical index is open
    assert words
    every, _ = lexical.word_scores(fake_kb.bm25, query, None).best(len(fake_kb.talks))
    place = {int(t): i for i, t in enumerate(every.tolist(), start=1)}
    monkeypatch.setattr(search_mod, "POOL", 3)
    hits = fake_kb.search(query, 15)
    ranked = [h for h in hits if "lexical" in h.why.ranks]
    assert len(ranked) > 3  # some from past the pool
    for h in ranked:
        assert h.why.ranks["lexical"] == place[h.talk.id]
    assert all(h.talk.id not in place for h in hits if "lexical" not in h.why.ranks)
