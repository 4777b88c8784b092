"""Search, filters, similar talks and lookups (fast: HashingEmbedder)."""

from __future__ import annotations

import pytest

from index.search.limits.filters import Filters
from index.search.rank import lexical
from talkbase.core.errors import BadQuery, TalkNotFound
from tests.conftest import fts_index


def test_every_search_returns_hits_sorted_by_score(fake_kb):
    for mode in ("hybrid", "lexical", "dense"):
        hits = fake_kb.search("fault tolerant collective communication", 10, mode=mode)
        # matches first, then the nearest talks; each group by score
        keys = [(h.why.match, h.score) for h in hits]
        assert hits and keys == sorted(keys, reverse=True)
        assert len({h.talk.id for h in hits}) == len(hits)


def test_filters_apply_before_ranking_and_fill_k(fake_kb):
    f = Filters(day="2026-10-21", track="Communication")
    allowed = fake_kb.allowed(f)
    assert 0 < len(allowed) < 10
    hits = fake_kb.search("cooking recipes", 10, f)  # nothing matches lexically
    assert len(hits) == len(allowed)  # min(k, matching talks)
    assert all(
        h.talk.day.isoformat() == "2026-10-21" and "Communication" in h.talk.track for h in hits
    )


@pytest.mark.parametrize(
    "filters, check",
    [
        (Filters(day="Tue"), lambda t: t.start.strftime("%a") == "Tue"),
        (Filters(after="17:00"), lambda t: t.start.strftime("%H:%M") >= "17:00"),
        (Filters(before="12:00"), lambda t: t.end.strftime("%H:%M") <= "12:00"),
        (Filters(starts_before="11:00"), lambda t: t.start.strftime("%H:%M") < "11:00"),
        (Filters(room="210AE"), lambda t: t.room == "210AE"),
        (Filters(speaker="gimelshein"), lambda t: any("Gimelshein" in s.name for s in t.speakers)),
        (
            Filters(org="hugging face"),
            lambda t: any("Hugging Face" in (s.affiliation or "") for s in t.speakers),
        ),
        (Filters(speaker="valerian"), lambda t: any(s.name == "Valérian Rey" for s in t.speakers)),
    ],
)
def test_each_filter(fake_kb, filters, check):
    hits = fake_kb.search("pytorch", 100, filters)
    assert hits and all(check(h.talk) for h in hits)
    assert len(hits) == len(fake_kb.allowed(filters))


def test_bad_filter_values_are_clear(fake_kb):
    with pytest.raises(BadQuery, match="--day"):
        fake_kb.search("x", 5, Filters(day="someday"))
    with pytest.raises(BadQuery, match="--after"):
        fake_kb.search("x", 5, Filters(after="25:99"))
    with pytest.raises(BadQuery, match="--starts-before"):
        fake_kb.search("x", 5, Filters(starts_before="noonish"))
    with pytest.raises(BadQuery):
        fake_kb.search("x", 0)


def test_why_names_matched_terms_and_a_sentence(fake_kb):
    (hit,) = fake_kb.search("fault-tolerant collectives", 1, mode="lexical")
    assert "fault-tolerant" in hit.why.matched_terms or "fault" in hit.why.matched_terms
    assert hit.why.best_sentence and hit.why.lexical_rank == 1
    d = hit.to_dict()
    for key in (
        "id",
        "title",
        "score",
        "speakers",
        "day",
        "start",
        "end",
        "room",
        "track",
        "abstract",
        "why",
    ):
        assert key in d
    assert d["why"]["matched_terms"]


def test_empty_query_browses_in_time_order(fake_kb):
    hits = fake_kb.search("", 5, Filters(day="Tue"))
    starts = [h.talk.start for h in hits]
    assert len(hits) == 5 and starts == sorted(starts)


def test_similar_excludes_seed_and_is_sorted(fake_kb):
    seed = fake_kb.talk("MCCL")
    hits = fake_kb.similar(seed, 5)
    assert len(hits) == 5 and seed.id not in {h.talk.id for h in hits}
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_talk_lookup_by_id_title_prefix_and_close_match(fake_kb):
    mccl = fake_kb.talk(
        "MCCL: Fault-Tolerant Collective Communication for Large-Scale GPU Training"
    )
    assert fake_kb.talk(str(mccl.id)) is mccl
    assert fake_kb.talk("mccl") is mccl
    assert (
        fake_kb.talk("MCCL: Fault Tolerant Collective Comunication for Large Scale GPU Trainin")
        is mccl
    )
    with pytest.raises(TalkNotFound) as err:
        fake_kb.talk("Scaling")
    assert len(err.value.candidates) > 1 and "Scaling" in str(err.value)
    with pytest.raises(TalkNotFound, match="No talk matches"):
        fake_kb.talk("zzzz qqqq")


def test_conversational_filler_does_not_change_lexical_ranking(fake_kb):
    from index.search.rank.lexical import lexical_query

    assert lexical_query("any sessions on quantization?") == "on quantization?"
    assert lexical_query("talks") == "talks"  # nothing left: keep the query
    plain = [h.talk.id for h in fake_kb.search("quantization", 5, mode="lexical")]
    wrapped = [h.talk.id for h in fake_kb.search("any talks about quantization", 5, mode="lexical")]
    assert plain == wrapped


def test_query_embedding_is_computed_once_per_query(fake_kb):
    calls = []
    real = fake_kb.embedder.embed

    class Counting:
        name, dim = fake_kb.embedder.name, fake_kb.embedder.dim

        def embed(self, texts):
            calls.append(list(texts))
            return real(texts)

    fake_kb._embedder = Counting()
    fake_kb.search("fault tolerance", 5)
    fake_kb.search("fault tolerance", 5, mode="dense")
    v = fake_kb.query_vector("fault tolerance")
    assert calls == [["fault tolerance"]]
    assert v.shape == (fake_kb.embedder.dim,)


def test_text_filters_match_whole_words_and_escape_wildcards(fake_kb):
    intel = fake_kb.allowed(Filters(org="Intel"))
    assert intel and all(
        any(s.affiliation == "Intel" for s in fake_kb.talks[i].speakers) for i in intel
    )
    # "Beijing Academy of Artificial Intelligence" is not Intel
    assert not any(
        "Intelligence" in (s.affiliation or "")
        for i in intel
        for s in fake_kb.talks[i].speakers
        if s.affiliation != "Intel" and len(fake_kb.talks[i].speakers) == 1
    )
    assert fake_kb.allowed(Filters(track="%")) == []
    assert fake_kb.allowed(Filters(track="_")) == []


def test_keyword_search_reads_non_latin_scripts(fake_home, tmp_path, hashing_embedder):
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    doc = tmp_path / "ru.md"
    doc.write_text(
        "Конференция 2026\n\n## Компиляторы для глубокого обучения\nИван Петров (МГУ)\n"
        "Доклад о компиляторах и графах вычислений.\n\n## Второй доклад о данных\n"
        "Анна Смирнова\nЗагрузка данных для обучения.\n",
        encoding="utf-8",
    )
    ingest([doc], fake_home, hashing_embedder)
    with KnowledgeBase(fake_home, hashing_embedder) as kb:
        (hit,) = kb.search("компиляторы", 1, mode="lexical")
        assert hit.talk.title == "Компиляторы для глубокого обучения"
        assert hit.why.matched_terms == ("компиляторы",)


# -- issue 10 (fast: no model) ----------------------------------------------------------
QUERIES = (
    "fault tolerant collective communication",
    "compiler caching",
    "kernels",
    "running PyTorch on TPUs",
    "talks about inference",
    "quantization nvfp4",
)


def test_lexical_ranking_matches_duckdb_fts_with_and_without_filters(fake_kb, tmp_path):
    """The search's lexical scores (the build's index, limited to the allowed talks,
    cut to the best n) rank as DuckDB's FTS index made over a copy of the database."""
    import shutil

    from index.search.rank import lexical
    from index.store import disk as store
    from index.store.schema import FTS_FIELDS

    copy = tmp_path / "fts.duckdb"
    shutil.copyfile(fake_kb.build.db_path, copy)
    con = store.connect(copy, read_only=False)
    try:
        fields = ", ".join(f"'{f}'" for f in FTS_FIELDS)
        fts_index(con, fields, fake_kb.bm25.stopwords)
        tuesday = fake_kb.allowed(Filters(day="Tue"))
        assert tuesday and len(tuesday) < len(fake_kb.talks)
        for query in QUERIES:
            for allowed in (None, tuesday):
                fts = lexical.bm25(con, query, allowed)
                ids, scores = lexical.word_scores(fake_kb.bm25, query, allowed).best(
                    len(fake_kb.talks)
                )
                assert ids.tolist() == [t for t, _ in fts], query
                if fts:
                    assert scores / scores[0] == pytest.approx(
                        [s / fts[0][1] for _, s in fts], rel=1e-6
                    )
                    best3, _ = lexical.word_scores(fake_kb.bm25, query, allowed).best(3)
                    assert best3.tolist() == ids[:3].tolist()
    finally:
        con.close()


def test_lexical_scores_look_up_ranks_and_ties_without_sorting_every_talk():
    import numpy as np

    from index.search.rank.ranking import LexScores

    ids = np.array([3, 5, 8, 13, 21, 34], dtype=np.int64)
    lex = LexScores(ids, np.array([0.5, 2.0, 0.0, 2.0, 1.0, 0.5]))
    # by score, ties by id: 5 and 13 (2.0), 21 (1.0), 3 and 34 (0.5); 8 shares no term
    assert lex.best(10)[0].tolist() == [5, 13, 21, 3, 34]
    assert lex.best(4)[0].tolist() == [5, 13, 21, 3]  # the tie at the edge goes by id
    assert lex.best(1)[0].tolist() == [5]
    assert [lex.rank(t) for t in (5, 13, 21, 3, 34, 8, 99)] == [1, 2, 3, 4, 5, None, None]
    assert lex.at([13, 99, 8]).tolist() == [2.0, 0.0, 0.0]
    assert lex.within([21, 3, 99]).best(10)[0].tolist() == [21, 3]
    assert LexScores(ids[:0], np.zeros(0)).best(5)[0].tolist() == []


def test_best_by_words_is_the_head_of_the_full_order_whatever_the_scores():
    """`best` reads a bound off a sample in a large index: it must still give exactly
    the head of the full order (score, then id), ties and all."""
    import numpy as np

    from index.search.rank.ranking import LexScores

    rng = np.random.default_rng(3)
    for trial in range(120):
        size = int(rng.integers(0, 20000))
        ids = np.sort(rng.choice(10**9, size, replace=False)).astype(np.int64)
        draw = [
            rng.random(size),  # all different
            rng.integers(1, 4, size).astype(float),  # few values: long ties
            np.ones(size),  # one value
        ][trial % 3]
        scores = np.where(rng.random(size) < [0.9, 0.5, 0.01][trial % 3 - 1], draw, 0.0)
        lex = LexScores(ids, scores)
        hit = np.flatnonzero(scores > 0)
        order = hit[np.lexsort((ids[hit], -scores[hit]))]
        for n in (1, 5, 40, 200):
            got, got_scores = lex.best(n)
            assert got.tolist() == ids[order[:n]].tolist(), (trial, n)
            assert got_scores.tolist() == scores[order[:n]].tolist()
    # a sample that holds the very best scores: its bound leaves too few talks
    ids = np.arange(20000, dtype=np.int64)
    scores = np.full(20000, 0.5)
    scores[::31] = 1000.0 + np.arange(len(scores[::31]))  # every sampled place, the best
    got, _ = LexScores(ids, scores).best(40)
    assert got.tolist() == sorted(ids[::31].tolist(), key=lambda i: -scores[i])[:40]


def test_the_stored_lexical_index_opens_with_the_base_and_answers_alike(fake_kb):
    # opened with the base (mapped, not read): it must outlive a later prune of
    # the build (tests/test_delta.py), and building it costs nothing
    assert isinstance(fake_kb.__dict__["_bm25"], lexical.LexicalIndex)
    first = fake_kb.search("kernels", 5, mode="lexical")
    again = fake_kb.search("kernels", 5, mode="lexical")
    assert first and [h.talk.id for h in first] == [h.talk.id for h in again]
    assert all("kernels" in h.why.matched_terms for h in first)


def test_technical_tokens_expand_to_the_words_holding_them():
    from index.search.rank.wordparts import expand

    vocab = {"nvfp4", "mxfp4", "fp4", "quantization", "cudagraphs", "cuda", "graphs", "vllm"}
    assert set(expand("quantization FP4", vocab).split()) >= {"nvfp4", "mxfp4"}
    assert "cudagraphs" in expand("CUDA graphs", vocab).split()
    assert expand("cudagraph", vocab) == "cudagraph"  # neither split nor joined: left alone
    assert expand("vLLM", vocab) == "vLLM"


def test_a_doing_word_also_asks_for_its_doer_and_back():
    from index.search.rank.wordparts import doers, expand

    vocab = {"contributors", "contributing", "editing", "editors", "translators", "monitor"}
    assert expand("contributing to GCC", vocab).split()[-1] == "contributors"
    assert expand("text editors", vocab).split()[-1] == "editing"
    assert doers("translating", vocab) == []  # Porter already stems both to "transl"
    assert doers("monitoring", vocab) == []  # its root "monitor" ends in no t: no doer
    assert doers("compositors", {"composite"}) == []  # only the gerund: "compositing"
    assert doers("contributing", {"contributing"}) == []  # only a word the base holds


def test_did_you_mean_only_near_known_words():
    from index.search.read.understand import Vocab, suggest

    v = Vocab(words=frozenset({"distributed", "checkpointing", "kernels", "compiler"}))
    assert suggest("distribted checkpointing", v) == {"distribted": "distributed"}
    assert suggest("kernals", v) == {"kernals": "kernels"}
    assert suggest("banana bread", v) == {}


def test_ranks_decide_the_label():
    from talkbase.core.records import Why

    assert Why(ranks={"lexical": 2, "dense": 40}).carried_by == "lexical"
    assert Why(ranks={"lexical": 30, "dense": 3}).carried_by == "semantic"
    assert Why(ranks={"lexical": 3, "dense": 9}).carried_by == "both"
    assert Why(ranks={"dense": 1}).carried_by == "semantic"
    why = Why(lexical_rank=4, dense_rank=8)  # the older spelling still works
    assert why.ranks == {"lexical": 4, "dense": 8}
    d = why.to_dict()
    assert d["lexical_rank"] == 4 and d["dense_rank"] == 8 and d["carried_by"] == "both"


def test_answer_reports_what_it_understood(fake_kb):
    answer = fake_kb.answer("kernels on Tuesday", 5)
    assert answer.understood.label == "Tuesday"
    assert all(h.talk.start.strftime("%a") == "Tue" for h in answer.hits)
    assert fake_kb.last_answer is answer
    data = answer.to_dict()
    assert data["understood"]["chips"][0]["field"] == "day"
    # explicit filters win over what the words said
    hits = fake_kb.search("kernels on Tuesday", 5, Filters(day="Wed"))
    assert all(h.talk.start.strftime("%a") == "Wed" for h in hits)


def test_phrases_and_excluded_words_limit_the_talks(fake_kb):
    from index.search.rank.ranking import talk_text
    from index.search.read.vocab import plain_text

    def plain(tid):
        return f" {plain_text(talk_text(fake_kb.talks[tid]))} "

    every = list(fake_kb.talks)
    holding = {t for t in every if " fault tolerance " in plain(t)}
    hits = fake_kb.search('"fault tolerance"', 20)
    assert hits and {h.talk.id for h in hits} <= holding
    assert len(hits) == min(20, len(holding))  # every talk holding the phrase may come
    nccl = {t for t in every if " nccl " in plain(t)}
    assert nccl  # the demo program has talks on NCCL: the exclusion has work to do
    hits = fake_kb.search("collective communication -nccl", 20)
    assert hits and not {h.talk.id for h in hits} & nccl
    assert fake_kb._allowed_for(Filters(), fake_kb.understand("x -nccl")) == sorted(
        set(every) - nccl
    )
    both = fake_kb.understand('"fault tolerance" -nccl')
    assert fake_kb._allowed_for(Filters(), both) == sorted(holding - nccl)


def test_org_filter_knows_aliases_and_format_filter(fake_kb):
    aws = fake_kb.allowed(Filters(org="AWS"))
    affiliations = {s.affiliation for tid in aws for s in fake_kb.talks[tid].speakers}
    assert {"AWS", "Amazon Web Services"} <= affiliations
    assert set(fake_kb.allowed(Filters(org="Amazon Web Services"))) == set(aws)
    (bof,) = fake_kb.allowed(Filters(format="Birds of a Feather"))
    assert fake_kb.talks[bof].format == "Birds of a Feather"


def test_judgments_by_document_id(tmp_path):
    import json

    from index.evaluate import load_judgments
    from talkbase.core.records import Talk

    path = tmp_path / "j.json"
    path.write_text(
        json.dumps(
            [
                {"query": "q", "relevant": {"cacm-7": 1}, "relevant_titles": {"Same Title": 1}},
                {"query": "r", "relevant": {"A Title": 2}},
            ]
        )
    )
    by_id, by_title = load_judgments(path)
    assert by_id.by == "uid" and by_id.key(Talk("Same Title", uid="cacm-7")) == "cacm-7"
    assert by_title.by == "title" and by_title.key(Talk("A  title")) in by_title.relevant


def test_query_path_writes_values_as_safe_literals(fake_kb):
    from index.search.limits.filters import to_sql
    from index.store.sql import inline, sql_literal

    assert sql_literal("O'Brien") == "'O''Brien'"
    assert sql_literal(["a", "b'c"]) == "['a', 'b''c']"
    where = inline(*to_sql(Filters(speaker="O'Brien", day="Tue", after="15:00")))
    assert "O''Brien" in where and "END)) = 2" in where and "t.start_time) >= 900" in where
    hostile = "x'); DROP TABLE talks; --"
    assert fake_kb.allowed(Filters(speaker=hostile)) == []
    fake_kb.search(hostile, 3, mode="lexical")
    assert fake_kb.sql("SELECT count(*) FROM talks").fetchone()[0] == len(fake_kb.talks)


def test_lexical_scores_in_stored_order_look_up_as_in_id_order():
    """A stored index scores talks in the order of its segments (a dead copy scoring
    0); with the lookup, every answer is the one the id-ordered scores give."""
    import numpy as np

    from index.search.rank.ranking import LexScores

    ids = np.array([3, 5, 8, 13, 21, 34], dtype=np.int64)
    scores = np.array([0.5, 2.0, 0.0, 2.0, 1.0, 0.5])
    plain = LexScores(ids, scores)
    # stored order: 21, 5 (dead copy), 34, 3, 8, 5, 13
    stored_ids = np.array([21, 5, 34, 3, 8, 5, 13], dtype=np.int64)
    stored = np.array([1.0, 0.0, 0.5, 0.5, 0.0, 2.0, 2.0])
    at = np.array([3, 5, 4, 6, 0, 2])  # where each of `ids` lies in the stored order
    lex = LexScores(stored_ids, stored, (ids, at))
    for probe in (plain, lex):
        assert probe.best(10)[0].tolist() == [5, 13, 21, 3, 34]
        assert probe.best(4)[0].tolist() == [5, 13, 21, 3]  # 3 before 34: ties go by id
        assert probe.best(1)[0].tolist() == [5]
        assert [probe.rank(t) for t in (5, 13, 21, 3, 34, 8, 99)] == [1, 2, 3, 4, 5, None, None]
        assert probe.at([13, 99, 8, 5]).tolist() == [2.0, 0.0, 0.0, 2.0]
        assert probe.within([21, 3, 99]).best(10)[0].tolist() == [21, 3]


def test_best_by_words_in_stored_order_is_the_head_of_the_full_order():
    """Stored positions are not in id order (ids are hashes; a replaced talk comes
    again at the end): ties at the cut, in the sampled bound too, still go by id."""
    import numpy as np

    from index.search.rank.ranking import LexScores

    rng = np.random.default_rng(5)
    for trial in range(40):
        size = int(rng.integers(1, 30000))
        ids = np.sort(rng.choice(10**9, size, replace=False)).astype(np.int64)
        scores = rng.integers(0, 4, size).astype(np.float32)  # long ties, a quarter 0
        shuffle = rng.permutation(size)  # position p holds talk ids[shuffle[p]]
        at = np.argsort(shuffle)  # where each id (ascending) lies
        lex = LexScores(ids[shuffle], scores[shuffle], (ids, at))
        hit = np.flatnonzero(scores > 0)
        order = hit[np.lexsort((ids[hit], -scores[hit]))]
        for n in (1, 7, 200):
            assert lex.best(n)[0].tolist() == ids[order[:n]].tolist(), (trial, n)
        probe = ids[rng.integers(0, size, 5)]
        assert lex.at(probe).tolist() == LexScores(ids, scores).at(probe).tolist()
        assert [lex.rank(int(t)) for t in probe] == [
            LexScores(ids, scores).rank(int(t)) for t in probe
        ]


def test_the_rarer_words_check_looks_talks_up_as_scoring_them_would(fake_kb):
    index = fake_kb.bm25
    tids = fake_kb.talks.ids.tolist() + [10**15]  # and a talk the base does not hold
    for words in ("kernels", "distributed training compilers", "the of", "zzzqqq"):
        scored = index.score_all(words).at(tids) > 0
        assert index.sharing(words, tids).tolist() == scored.tolist(), words
    assert not index.sharing("kernels", [10**15]).any()


def test_sentence_vectors_of_a_large_base_are_read_run_by_run(fake_kb, monkeypatch):
    """Above WHOLE_SENTENCES rows, a query reads the rows it asks for from the files."""
    import numpy as np

    from index.search.evidence import sentences as sentences_module

    rows_by_talk = fake_kb.sentences.runs(fake_kb.talks.ids[:40].tolist())
    forward = np.concatenate([np.arange(a, b) for _, a, b in rows_by_talk])
    asked = [forward, forward[::-1].copy(), forward[: len(forward) // 2]]  # runs, single rows
    kept = [fake_kb.sentences.rows_vectors(rows) for rows in asked]  # all cast once (small)
    monkeypatch.setattr(sentences_module, "WHOLE_SENTENCES", 0)
    fake_kb.sentences.prefetch(fake_kb.talks.ids[:40].tolist())  # (asks the disk ahead)
    for rows, want in zip(asked, kept, strict=True):
        read = fake_kb.sentences.rows_vectors(rows)
        assert read.dtype == np.float32 and np.array_equal(read, want)


def test_a_large_base_searches_its_two_halves_at_once_alike(fake_kb, monkeypatch):
    """From BOTH_AT_ONCE talks on, the vector half of a hybrid query runs on a worker
    thread: the answers are those of one thread, filters and all."""
    from index.search import kb as search_module
    from index.search.limits.filters import Filters

    queries = [("kernels and compilers", None), ("distributed training", None)]
    queries.append(("inference", Filters(track=next(iter(fake_kb.vocab.tracks)))))
    alone = [fake_kb.search(q, 8, f) for q, f in queries]
    monkeypatch.setattr(search_module, "BOTH_AT_ONCE", 1)
    fake_kb._allowed_for_cache.clear()
    together = [fake_kb.search(q, 8, f) for q, f in queries]
    assert fake_kb.worker.started  # the worker really ran
    for a, b in zip(alone, together, strict=True):
        assert a and [(h.talk.id, h.score, h.why) for h in a] == [
            (h.talk.id, h.score, h.why) for h in b
        ]
    fake_kb.close()
    assert not fake_kb.worker.started
    with pytest.raises(ValueError, match="closed"):
        fake_kb.search("kernels", 3)
