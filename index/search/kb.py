"""Open a knowledge base and ask it things: search, similar talks, lookups.

Every function here returns `Hit`s sorted by score, best first.

Opening a base reads nothing per talk: talks are read from the database when a
query needs them (`reads.Talks`), and so are sentence texts, title lookups and
the vocabulary (from aggregates). A query touches the talks it ranks, not the base.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

import numpy as np

from index.encoders.embed import (
    Embedder,
    built_identity,
    identity_of,
    kept_encoder,
    known_words,
)
from index.encoders.embed import identity as embedder_identity
from index.encoders.embed import load as load_embedder
from index.search import similar
from index.search.evidence import browse, titles
from index.search.evidence.answer import Answer, as_written
from index.search.evidence.sentences import SentenceRows
from index.search.limits import filters as sql_check  # (by module: a test swaps read_only_sql)
from index.search.limits import passing, relax, titlewords
from index.search.limits.filters import PROGRAM_DAY, Filters, to_sql
from index.search.rank import lexical, reorder, signals, wordparts
from index.search.rank.chores import Chores, Introductions
from index.search.rank.match import Matches
from index.search.rank.ranking import (
    Query,
    below,
    best_sentence,
    talk_text,
)
from index.search.rank.stopwords import english_stopwords, language_list, written_list
from index.search.rank.tokens import tokenize
from index.search.read import lexicon, visitors
from index.search.read.daywords import DAY_WORDS
from index.search.read.inflection import Inflected
from index.search.read.querycheck import check_query
from index.search.read.querycheck import cut as cut_query
from index.search.read.understand import FRAME, Understood, understand
from index.search.read.understand import literal as literal_query
from index.search.read.vocab import Vocab, all_suggested, correct, language_word, norm, suggest
from index.search.threads import Worker, one_thread_per_query
from index.store import disk as store
from index.store import multilingual as multilingual_store
from index.store import reads
from index.store.sql import inline
from index.store.vectors import VectorIndex
from ingest.audience import subject_words, without_starter_words
from ingest.text import nfc, title_key
from talkbase.core import present, settings
from talkbase.core.errors import BadQuery, ModelMismatch, TalkbaseError, TalkNotFound
from talkbase.core.languages import inflects, several_languages
from talkbase.core.lru import Bounded
from talkbase.core.records import Hit, Talk, Why
from talkbase.core.terms import WEEKDAYS, fold
from talkbase.core.when import NIGHT_ENDS

Mode = str  # "hybrid" (every ranking signal, fused) or one signal's name (signals.modes())
WRITTEN_FROM = 3  # talks holding a suggested word whose spelling of it is shown
POOL = 200  # talks fused from each list: the best by words, the nearest by their vector
# From this many talks on, a hybrid query's vector search and word scoring (each
# several ms at 100,000 talks) run at once on two threads; below it a thread costs more.
BOTH_AT_ONCE = 50_000
REMEMBERED = 256  # queries, filters and limits whose answers are kept
SHORTEST_PARTIAL = 3  # characters of a title key below which only a whole title names a talk
# the fewest letters of a word no vocabulary knows whose near word is searched beside it
# where another word of the query has none ("reccomendation sytem"; not "plugh")
BESIDE_LETTERS = 6


def in_capitals(query: str) -> frozenset[str]:
    """The words `query` writes in capitals, of two letters or more ("AI", "GPU"),
    folded as the index's words: acronyms, never a function word (`_left_out`; the
    offline site reads it the same: index/site/assets/search.mjs `leftOut`)."""
    return frozenset(fold(w) for w in _LETTERS.findall(query) if len(w) > 1 and w.isupper())


_LETTERS = re.compile(r"[^\W\d_]+")


class KnowledgeBase:
    """A read-only view of the build in use in `home`."""

    def __init__(self, home: str | Path | None = None, embedder: Embedder | None = None) -> None:
        self.home = settings.home(home)
        self.build = store.require(self.home)
        self.manifest = self.build.manifest
        self.model_name: str = self.manifest.model
        self._embedder = embedder
        self.encoder: str = built_identity(self.manifest) or self.model_name
        if embedder is not None and identity_of(embedder) != self.encoder:
            raise ModelMismatch(str(self.home), self.encoder, identity_of(embedder))
        # Checked against the manifest: a damaged file is KnowledgeBaseDamaged.
        self.con, vectors, sentence_vectors = store.open_build(self.build)
        self.vectors: VectorIndex = vectors
        with store.reading(self.build):  # one vector per talk in every language, or None
            self.multilingual = multilingual_store.load(self.build.path)
        # read on demand, id -> Talk, a night talk on the day its night is (`_on_night`)
        self.talks = reads.Talks(self.con, dress=self._on_night)
        self.sentences = SentenceRows(self.con, self.build, sentence_vectors)
        self.chores = Chores(self.con)  # the housekeeping sessions, judged once
        self.introductions = Introductions(self.con)  # the talks for newcomers, judged once
        # What this (read-only) base remembers, bounded; queries from several threads
        # share it, so each look-up or addition holds the lock.
        self._remembering = threading.Lock()
        self._qcache: Bounded[str, np.ndarray] = Bounded(REMEMBERED)
        self._mcache: Bounded[str, np.ndarray] = Bounded(REMEMBERED)
        self._allowed_cache: Bounded[Filters, np.ndarray] = Bounded(REMEMBERED)
        self._allowed_for_cache: Bounded[Any, tuple[np.ndarray | None]] = Bounded(REMEMBERED)
        self._word_cache: Bounded[int, list[str]] = Bounded(reads.CACHED_TALKS)
        # the worker thread of large bases' hybrid queries: one per base, so queries
        # from several threads take turns on it (the app's do anyway)
        self.worker = Worker(str(self.home))
        if self.manifest.lexical is not None:
            # stored postings open now (cheap: mapped, not read): a later ingest may
            # prune this build while it stays open, and open files outlive that
            self.bm25  # noqa: B018
        one_thread_per_query()

    # -- parts loaded on demand -------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            configured = settings.model_name()
            wanted = embedder_identity(configured)  # known before loading anything
            encoder = None
            if wanted != self.encoder:
                # the int8 config this machine picks differs from the base's: run that
                encoder = kept_encoder(configured, self.encoder)
                if encoder is None:
                    raise ModelMismatch(str(self.home), self.encoder, wanted)
            self._embedder = load_embedder(configured, encoder=encoder)
        return self._embedder

    def query_vector(self, query: str) -> np.ndarray:
        """The query's embedding, remembered for the last REMEMBERED queries."""
        with self._remembering:
            vec = self._qcache.get(query)
        if vec is None:
            vec = self.embedder.embed([query])[0]
            with self._remembering:
                self._qcache.put(query, vec)
        return vec

    @property
    def several_languages(self) -> bool:
        """Whether the talks are in several languages (`languages.several_languages`)."""
        several = self.__dict__.get("_several")
        if several is None:
            with store.reading(self.build):
                counts = reads.language_counts(self.con)
            several = self.__dict__["_several"] = several_languages(counts)[0]
        return bool(several)

    @property
    def several_conferences(self) -> bool:
        """Whether the base holds several conferences: a listed talk then names its own
        (two showings of one talk at two conferences told apart), read once."""
        several = self.__dict__.get("_conferences")
        if several is None:
            with store.reading(self.build):
                several = self.__dict__["_conferences"] = reads.conference_count(self.con) > 1
        return bool(several)

    def multilingual_vector(self, query: str) -> np.ndarray:
        """The query's vector for the multilingual signal, remembered like `query_vector`'s."""
        from index.encoders import multilingual

        with self._remembering:
            vec = self._mcache.get(query)
        if vec is None:
            vec = multilingual.load().query(query)
            with self._remembering:
                self._mcache.put(query, vec)
        return vec

    def reopened(self, embedder: Embedder | None = None) -> KnowledgeBase:
        """The build in use in this home now (after an ingest swapped in another),
        opened with `embedder`, else with the encoder this one loaded when that build
        was made with the same (a follower does not load the model twice)."""
        if embedder is None and self._embedder is not None:
            manifest = store.require(self.home).manifest
            if identity_of(self._embedder) == (built_identity(manifest) or manifest.model):
                embedder = self._embedder
        return KnowledgeBase(self.home, embedder)

    def close(self) -> None:
        self.worker.close()
        self.talks.close()
        self.sentences.close()
        self.con.close()

    def __enter__(self) -> KnowledgeBase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- lookups ------------------------------------------------------------------
    def allowed(self, filters: Filters | None) -> list[int] | None:
        """Ids of talks passing `filters`, or None when no filter is set."""
        if filters is None or not filters.active():
            return None
        filters = self._named_day(filters)
        with self._remembering:
            found = self._allowed_cache.get(filters)
        if found is None:
            where = inline(*to_sql(filters))  # no bound parameters: see `sql_literal`
            found = reads.ids_where(self.con, where)
            with self._remembering:
                self._allowed_cache.put(filters, found)
        return list(found.tolist())

    def _named_day(self, filters: Filters) -> Filters:
        """`filters` with a day given as a weekday's name the query reader knows in the
        program's languages (`Vocab.day_words`: "пятница", "الجمعة", "sabato") as that
        weekday ("Fri"); as given otherwise (a date, "Tue", or a word to refuse)."""
        said = fold(filters.day or "").strip().rstrip(".")
        if not said or said[:1].isdigit() or said in DAY_WORDS:  # (English's: filters.py's)
            return filters
        day = self.vocab.day_words.get(said)
        return filters if day is None else replace(filters, day=WEEKDAYS[day][:3].title())

    def talk(self, ref: str | int) -> Talk:
        """A talk by id, exact title, unique title prefix, or close title match; or so
        once the words the base does not hold are corrected as search corrects them
        ("similar Kuberentes": "Scaling Kubernetes at LINE")."""
        text = str(ref).strip()
        if re.fullmatch(r"[0-9]{1,18}", text) and int(text) in self.talks:  # ASCII digits only
            return self.talks[int(text)]
        key = title_key(text)
        if len(key) < SHORTEST_PARTIAL:
            # "²" folds to "2", which a title containing "2026" contains: too little to
            # go on. A name this short must be a whole title.
            found = (
                reads.titles_by_key(self.con, key, "equal")
                if key and self._title_keys_stored
                else [(tid, t) for tid, t in reads.titles(self.con) if key and title_key(t) == key]
            )
            if len(found) != 1:
                raise TalkNotFound(text, self._told_apart(found))
            return self.talks[found[0][0]]
        try:
            return self.talks[
                titles.find(self.con, text, self._title_keys_stored, self._told_apart)
            ]
        except TalkNotFound as missed:
            if missed.candidates:
                raise
            # a typo of a word the base holds ("Kuberentes"): the name as search corrects
            # it ("did you mean": `suggest`), where it corrects every unknown word
            said = suggest(text, self.vocab)
            if not all_suggested(text, self.vocab, said, ()):
                raise
            fixed = correct(text, said)
            try:
                tid = titles.find(self.con, fixed, self._title_keys_stored, self._told_apart)
            except TalkNotFound as near:  # (the talks the corrected name names, if several)
                raise (near if near.candidates else missed) from None
            return self.talks[tid]

    def _told_apart(self, found: list[tuple[int, str]]) -> list[str]:
        """Candidates for a name as "id: title", with when and where for those whose
        titles are alike (a talk the program runs several times: index/search/showings.py),
        which a longer title cannot tell apart; each with its conference in a base of
        several."""
        keys = [title_key(title) for _, title in found]
        alike = {k for k in keys if keys.count(k) > 1}
        several = self.several_conferences  # then each names its conference
        out = []
        for (tid, title), key in zip(found, keys, strict=True):
            if key in alike or several:
                talk = self.talks[tid]
                conference = talk.conference if several else ""
                when = present.when(talk, day=self.nights.get(tid)) if key in alike else ""
                title += f" ({', '.join(x for x in (conference, when, talk.room) if x)})"
            out.append(f"{tid}: {title}")
        return out

    @property
    def _title_keys_stored(self) -> bool:
        """Whether the database holds each talk's title key (builds of format 3)."""
        found = self.__dict__.get("_has_title_key")
        if found is None:
            found = self.__dict__["_has_title_key"] = reads.has_column(
                self.con, "talks", "title_key"
            )
        return bool(found)

    def sql(self, query: str, params: Sequence[Any] | None = None) -> Any:
        """Run one reading statement (`index.search.limits.filters.read_only_sql`) on the knowledge
        base; returns the pending DuckDB result. It runs on a connection of its own
        (a cursor: the same database, its own session), so even a statement that got
        past the check could leave no temporary table or setting where the base's
        own queries would see it. One running past TALKBASE_SQL_SECONDS is
        interrupted (duckdb.InterruptException)."""
        cursor = self.con.cursor()
        statement = sql_check.read_only_sql(query, cursor)
        # a statement that never ends (a recursive CTE without a stop) is interrupted
        timer = threading.Timer(settings.sql_seconds(), cursor.interrupt)
        timer.start()
        try:
            return cursor.execute(statement, list(params or []))
        finally:
            timer.cancel()

    # -- search -------------------------------------------------------------------
    @property
    def vocab(self) -> Vocab:
        """The days, rooms, tracks, formats, people, organisations and words of this base."""
        vocab = self.__dict__.get("_vocab")
        if vocab is None:
            with store.reading(self.build):
                vocab = self.__dict__["_vocab"] = Vocab.from_store(self.con)
        return vocab

    def understand(self, query: str, literal: bool = False) -> Understood:
        """What `search` reads out of `query` (nothing when `literal`), in NFC as the
        talks are (ingest/text.py `nfc`: "e" + U+0301 is "é")."""
        check_query(query, literal)
        query = nfc(query)
        return literal_query(query) if literal else understand(query, self.vocab)

    @property
    def bm25(self) -> lexical.LexicalIndex | lexical.Bm25Index:
        """The lexical index of the build (`lexical.open_index`), opened on first use."""
        index = self.__dict__.get("_bm25")
        if index is None:
            with store.reading(self.build):
                index = self.__dict__["_bm25"] = lexical.open_index(self.build, self.con)
        return index

    @property
    def stopwords(self) -> frozenset[str]:
        """The stop words the base's lexical index leaves out (`lexical.stored_stopwords`:
        a format-3 index's, read without opening it; none for an older build)."""
        found = self.__dict__.get("_stopwords")
        if found is None:
            index = self.__dict__.get("_bm25")
            if isinstance(index, lexical.LexicalIndex):  # open (its build may be pruned since)
                found = index.stopwords
            else:
                with store.reading(self.build):
                    found = lexical.stored_stopwords(self.build)
            self.__dict__["_stopwords"] = found
        return found

    @property
    def unnamed(self) -> frozenset[str]:
        """The words a match never names: the function words of the program's other
        languages its index leaves out (`lexical.unnamed`); none on an English program."""
        found = self.__dict__.get("_unnamed")
        if found is None:
            languages = lexical.index_languages(self.build)
            found = self.__dict__["_unnamed"] = lexical.unnamed(self.stopwords, languages)
        return found

    def _said_in(self, query: str) -> tuple[str, ...]:
        """The languages besides English `query` is asked in, for what its matches name:
        a visitor's (`_visitors_languages`), and each language of the talks of whose
        function words it says two or more ("concertos na sexta depois da meia-noite")."""
        said = set(tokenize(query, ()))
        own = sorted(c for c in self.vocab.spoken - {"en"} if len(language_list(c) & said) > 1)
        return (*own, *self._visitors_languages(query))

    def unnamed_by(self, talk: Talk, asked: Sequence[str]) -> frozenset[str]:
        """The words a match of `talk` never names: `unnamed`, and the function words
        (`language_list`) of the talk's language (of the program's, when it is not
        known) and of the query's (`asked`: `_said_in`). Only what is named: what
        is scored is the index's (`stopwords`)."""
        codes = {talk.language} if talk.language else set(self.vocab.spoken)
        return self.unnamed.union(*(language_list(c) for c in (codes | set(asked)) - {"en"}))

    def _says_nothing(self, u: Understood, visitors_words: frozenset[str]) -> bool:
        """Whether a query with limits has no topic but words its index leaves out, or
        a visitor's language's function words ("cosa c'è dopo le 18": "what is there"):
        its talks are then listed in time order, as for "what's on after 6pm", not
        ranked by those words; `visitors_words`: `_visitors_function_words`)."""
        if not u.chips or not u.topic or u.phrases:
            return False
        said = tokenize(u.topic, ())
        return all(w in visitors_words or w in FRAME or self._left_out(w, u.query) for w in said)

    def _left_out(self, word: str, query: str) -> bool:
        """Whether `word` of `query`'s topic is a stop word its index leaves out, said as
        one: English's, or a function word of a language of the talks the query is
        asked in (`_said_in`: two of its function words or more). A word that is only
        another language's function word stays a topic word where the query writes it
        in capitals ("AI": an acronym) or is said in English (one of its words an
        English function word of none of those languages) and says nothing else in that
        language: Vietnamese "ai" (who) is English "AI" in "AI talks" or "ai talks on
        saturday" of a program in Vietnamese, while French "le" in "tables rondes le
        samedi" stays a function word."""
        if word not in self.stopwords:
            return False
        theirs = [c for c in sorted(self.vocab.spoken - {"en"}) if word in language_list(c)]
        english = english_stopwords()
        if not theirs or word in english:
            return True
        if word in in_capitals(query):  # ("AI": an acronym, whatever else is said)
            return False
        if set(theirs) & set(self._said_in(query)):
            return True
        others = frozenset().union(*(language_list(c) for c in theirs))
        return not any(w in english and w not in others for w in tokenize(query, ()))

    def _visitors_function_words(self, query: str) -> frozenset[str]:
        """The function words (the `stop-words` lists) to leave out of the search for
        `query`: of each language a visitor may ask in that no talk is in
        (`Vocab.asked_in`) where the query says two words of it or more (its function
        words, weekdays, parts of the day, time cues; none of English's: "car talks on
        saturday" is no French), less any word a talk holds, or its plural ("car":
        "cars"). "talk su Rust sabato mattina" asked of an English program searches
        "Rust": its index, made for its own languages, would rank by "su"."""
        v = self.vocab
        said = set(tokenize(query, ()))
        out: set[str] = set()
        for code in self._visitors_languages(query):
            out |= {w for w in language_list(code) & said if not _held(w, v.words)}
        return frozenset(out)

    def _visitors_languages(self, query: str) -> list[str]:
        """The languages a visitor may ask in that no talk is in (`Vocab.asked_in`) of
        which `query` says two words or more (`visitors.evidence`)."""
        v = self.vocab
        codes = sorted(v.asked_in - v.spoken - {"en"})
        return [code for code in codes if visitors.evidence(code, query, v) >= 2]

    def _without(self, topic: str, drop: frozenset[str]) -> str:
        """`topic` less its words that are in `drop` (`_visitors_function_words`;
        itself when no other word is left)."""
        if not drop:
            return topic
        kept = [w for w in topic.split() if not (set(tokenize(w, ())) or {""}) <= drop]
        return " ".join(kept) if kept and len(kept) < len(topic.split()) else topic

    def _shown_topic(self, topic: str) -> str:
        """`topic` as it is shown: less the function words of the program's own
        languages but English (the `stop-words` lists the ranker reads them by:
        `stopwords.written_list`), "को" of "नेटवर्क सुरक्षा को"; itself when no other
        word is left. What is ranked stays `topic`."""
        words = frozenset().union(*(written_list(c) for c in self.vocab.spoken - {"en"}))
        kept = [w for w in topic.split() if norm(w.strip("?!.,;:")) not in words]
        return " ".join(kept) if kept else topic

    def _holds_every_word(self, text: str) -> bool:
        """Whether some talk holds each word of `text` but the words it leaves out."""
        left_out = self.stopwords | FRAME
        return all(w in self.vocab.words for w in tokenize(text, ()) if w not in left_out)

    def _language_words(self, mode: str) -> frozenset[str]:
        """The words the model's language knows (its tokenizer's whole words), which
        "did you mean" never rewrites; a search by words alone loads no model for them
        (none then, unless it is loaded), and a model that cannot load knows none."""
        if mode == "lexical" and not getattr(self._embedder, "loaded", self._embedder is not None):
            return frozenset()
        try:
            return known_words(self.embedder)
        except TalkbaseError:
            return frozenset()

    def _allowed_for(self, filters: Filters, u: Understood) -> list[int] | None:
        """Talks passing the filters and what the query itself asks (any of several
        people, organisations, tracks or rooms, tracks left out, phrases to contain,
        words to avoid: index/search/limits/passing.py), remembered."""
        key = passing.key(filters, u)
        with self._remembering:
            kept = self._allowed_for_cache.get(key)
        if kept is not None:
            (found,) = kept
            return None if found is None else found.tolist()
        ids = passing.ids(self, filters, u)
        found = None if ids is None else np.array(sorted(ids), dtype=np.int64)
        with self._remembering:
            self._allowed_for_cache.put(key, (found,))
        return None if found is None else found.tolist()

    def search(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        mode: Mode = "hybrid",
        literal: bool = False,
    ) -> list[Hit]:
        """The best `k` talks for `query`: matches first, then (marked `why.match`
        False) the nearest talks when fewer match. What the query was read as is
        kept in `last_answer` (see `answer`)."""
        return self.answer(query, k, filters, mode, literal).hits

    def answer(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        mode: Mode = "hybrid",
        literal: bool = False,
        any_of: Mapping[str, Sequence[str]] | None = None,
    ) -> Answer:
        """`search` with what it understood: the query read into topic and filters
        (`literal` turns that off), whether those filters had to be dropped because
        no talk passes them, and "did you mean" suggestions. A word the base does not
        hold, near one it does, is searched as that word (`Answer.corrected`), unless
        `literal`. `any_of` gives a filter several values, a talk passing by any one
        (`{"room": ["Room 2", "Room 3"]}`: the CLI's repeated `--room`), as the query's
        "in room 2 or room 3" does (`passing.given`)."""
        chosen = signals.chosen(mode)
        if mode == signals.MULTILINGUAL.name and self.multilingual is None:
            raise BadQuery(
                "this knowledge base has no multilingual vectors (with TALKBASE_MULTILINGUAL="
                "auto, only programs in several languages built with the default model get "
                "them); set TALKBASE_MULTILINGUAL=on and ingest again to search by them"
            )
        if k < 1:
            raise BadQuery("the number of results must be at least 1")
        query, cut_from = cut_query(query)
        check_query(query, literal)
        query = nfc(query)  # (as the talks are: an accent written apart is its letter's)
        u = self.understand(query.strip(), literal)
        # a day or time said in the words of a talk's title that it would leave out: words
        u = titlewords.read_as_words(
            u, self._titles_holding, lambda v: self._allowed_for(v.filters, v)
        )
        u = passing.given(u, any_of)
        given = filters.active() if filters is not None else {}
        allowed = self._allowed_for(replace(u.filters, **given), u)
        relaxed = late = False
        dropped: tuple[str, ...] = ()  # the labels of the limits given up (relax.py)
        theirs = self._visitors_function_words(u.query)  # (once per query)
        topic = "" if u.said_back_only or self._says_nothing(u, theirs) else u.topic
        whole, topic = topic, self._without(topic, theirs)
        held = self._given_allowed(filters, any_of)  # (what was given beside the query)
        if allowed == [] and u.chips and (held is None or held != []):
            relaxed, kept = True, ""  # keep the limits that still leave talks
            fewer = relax.fewest_dropped(
                u, lambda v: self._allowed_for(replace(v.filters, **given), v)
            )
            if fewer is None:
                allowed = held
            else:
                allowed, dropped, kept = fewer
            # a time said "from then on" that no talk reaches: the nearest talks, the
            # latest first (not "after midnight" searched as words)
            late = u.filters.before is None and u.filters.at is None and u.order != "first"
            late = late and any(c.field == "after" and c.label in dropped for c in u.chips)
            times_only = all(c.field in ("after", "starts_before") for c in u.chips)
            if not kept and not (late and times_only):
                # every limit dropped: the words they were said in are the topic
                topic = topic or " ".join(w for w in query.split() if w.lower() not in FRAME)
        text = " ".join([topic, *u.phrases]).strip()
        suggestions: dict[str, str] = {}
        corrected = newcomers = False
        late = relaxed and late
        if not text:  # limits only: in time order; the latest first where "after" was dropped
            hits = self._browse(allowed, k, latest=u.order == "last", late=late)
        else:
            skip = self.vocab.names_words | FRAME
            suggestions = suggest(text, self.vocab, skip)
            near: list[wordparts.Alternative] = []
            if suggestions:
                every = not literal and all_suggested(text, self.vocab, suggestions, skip)
                # a word the model's language knows is no typo: "automation" stays, and
                # the base's word near it ("automazione") is searched beside it; so is the
                # word near a long one the model does not know where another word of the
                # query has none (a word the base lacks: "polution atmosphérique" keeps
                # both; "xyzzy plugh" asks for no "plug")
                known = self._language_words(mode)
                # ...nor is a word of the base's languages or the visitor's, a form of a
                # word the base holds or a function word ("Testen", "tout": vocab.py),
                # though its base word is searched beside it as a long word's is
                codes = self.vocab.spoken | set(self._visitors_languages(u.query))
                # (a word the reader reads the language by is no typo, nor near another:
                # Persian "ساعت", the hour, is never "ساخت", build)
                own = {w for c in codes for w in lexicon.own_words(c)}
                suggestions = {w: s for w, s in suggestions.items() if w not in own}
                worded = {w for w in suggestions if language_word(w, self.vocab, codes)}
                worded |= {w for w, s in suggestions.items() if _inflected_form(w, s, codes)}
                near = [
                    (s, (w,))
                    for w, s in suggestions.items()
                    if not literal
                    and (
                        (w in known or w in worded)
                        if every
                        else w not in known and len(w) >= BESIDE_LETTERS
                    )
                ]
                suggestions = {w: s for w, s in suggestions.items() if w not in known | worded}
                if every and suggestions:
                    topic, corrected = correct(topic, suggestions), True
                    text = " ".join([topic, *u.phrases]).strip()
                    whole = correct(whole, suggestions)
            # the multilingual signal reads the visitor's every word (`Query.whole`)
            whole = " ".join([whole, *u.phrases]).strip() if whole != topic else ""
            hits = self._ranked(text, k, allowed, mode, chosen, u.asked, near, whole)
            ids = [h.talk.id for h in hits]
            newcomers = reorder.newcomers_shown(self, u.asked, mode == signals.HYBRID, ids)
        result = Answer(
            replace(u, shown=self._shown_topic(u.topic)),
            hits,
            relaxed,
            {w: self._as_written(s) for w, s in suggestions.items()},
            corrected,
            dropped,
            newcomers,
            cut_from,
            late and not text,
            # (the limits held: none relaxed, and every talk passing them listed)
            allowed is not None and not relaxed and 0 < len(allowed) <= len(hits),
            held_by_none=passing.held_by_none(self, u),
        )
        self.last_answer = result
        return result

    def _ranked(
        self,
        text: str,
        k: int,
        allowed: list[int] | None,
        mode: str,
        chosen: Sequence[signals.Signal],
        asked: str = "",
        near: Sequence[wordparts.Alternative] = (),
        whole: str = "",
    ) -> list[Hit]:
        """The hits for `text` (the topic of the query `asked`: as typed, less the words
        of its days and times, `Understood.asked`; BM25 also asks for the words `near`
        stands for, as for the other `wordparts.alternatives`): ranked by
        the `chosen` signals (fused in the hybrid mode), given the last touches the
        query calls for (index/search/rank/reorder.py: housekeeping sessions last, unless
        asked for), matches first (index/search/rank/match.py), with their evidence."""
        hybrid = mode == signals.HYBRID
        # the words BM25 is asked for: a search raising talks for newcomers asks no "start"
        said = without_starter_words(text) if reorder.raises_introductions(asked, hybrid) else text
        vocab = self.vocab
        alternatives = wordparts.alternatives(said, vocab.words, vocab.long_forms, vocab.counts)
        alternatives += [a for a in near if a[0] not in dict(alternatives)]
        words = wordparts.written(said, alternatives)
        meant = " ".join([text, *(w for w, _ in near)])
        query = Query(
            self, meant, words, allowed, k, POOL, tuple(alternatives), not hybrid, whole or meant
        )
        submit = None
        if hybrid and len(self.vectors) >= BOTH_AT_ONCE:
            self.sentences.runs(())  # (read now: the worker must not use the database)
            submit = self.worker.submit
        # Fused over each signal's best POOL, widened by what the others found (the
        # words of every talk near in meaning): a talk outside all of them gets at
        # most the POOL-th word score, too little to reach the top.
        rankings = signals.rank(query, chosen, submit)
        scored = signals.fuse(chosen, rankings) if hybrid else rankings[mode].scored
        scored = reorder.last_touches(self, asked, said, scored, k, hybrid)
        listed = [t for t, _ in scored]
        # asked where to start and of nothing the base lacks: the talks for newcomers
        # match ("good talks for first-timers"; not "getting started with Haskell")
        raised = reorder.raises_introductions(asked, hybrid)
        raised = raised and self._holds_every_word(" ".join(subject_words(text)))
        newcomers = self.introductions.among(listed[: reorder.INTRO_WINDOW]) if raised else ()
        is_match = Matches.judge(self, words, listed, rankings, newcomers)
        # the talks that will not take place after those that will, matches and nearest
        # alike: a cancelled match still shows, below every match that takes place
        off = self.cancelled
        if off and not off.isdisjoint(listed):
            scored = below(scored, set(off))
        matches = [(t, s) for t, s in scored if is_match(t)][:k]
        if len(matches) < k:  # the nearest talks fill up the list, marked as such
            seen = {t for t, _ in matches}
            matches += [(t, s) for t, s in scored if t not in seen][: k - len(matches)]
        ids = [tid for tid, _ in matches]
        reading = self.worker.submit(self.talks.get_many, ids) if submit is not None else None
        ranks = {tid: signals.places(rankings, tid) for tid in ids}
        read = reading.result() if reading is not None else self.talks.get_many(ids)
        talks = dict(zip(ids, read, strict=True))
        stems = self.__dict__.get("_bm25") or self.con  # a dense query opens no lexical index
        terms = lexical.matched_terms(
            stems, words, {tid: self._words(talks[tid]) for tid in ids}, self.unnamed, self._marks
        )
        languages = self._said_in(asked or text)
        terms = {
            tid: lexical.named(found, self.unnamed_by(talks[tid], languages))
            for tid, found in terms.items()
        }
        sentences = self.sentences.of(list(talks.values()))
        qvec = next((r.vector for r in rankings.values() if r.vector is not None), None)
        sims = self.sentences.sims(qvec, sentences)
        hits = []
        for tid, score in matches:
            sentence, source = best_sentence(
                talks[tid], sentences[tid], sims.get(tid), terms.get(tid, ())
            )
            why = Why(
                matched_terms=terms.get(tid, ()),
                best_sentence=sentence,
                ranks=ranks[tid],
                sentence_source=source,
                match=is_match(tid),
            )
            hits.append(Hit(talks[tid], float(score), why))
        return hits

    @property
    def cancelled(self) -> frozenset[int]:
        """The talks the program says will not take place (`Talk.cancelled`), read
        once: a search ranks them below the talks that do."""
        found = self.__dict__.get("_cancelled")
        if found is None:
            with store.reading(self.build):
                found = self.__dict__["_cancelled"] = reads.cancelled_ids(self.con)
        return found

    @property
    def nights(self) -> Mapping[int, date]:
        """The night talks, each with the day whose night it is: those the day filter
        (`--day`, the app's day) files under an earlier day than the date they start
        on, by the filter's own rule (`filters.PROGRAM_DAY`): a film at 01:45 the program
        lists under Friday, or a 00:15 talk after a debate that runs to 23:30 in a
        program that names no change of day. Read once; every other talk is on its
        `day`. A view that names a talk's day asks here, so it says what the filter reads."""
        found = self.__dict__.get("_nights")
        if found is None:
            # (a cursor of its own: the first night talk may be read on the worker thread)
            cur = self.con.cursor()
            try:
                with store.reading(self.build):
                    days = reads.night_days(cur, PROGRAM_DAY)
            finally:
                cur.close()
            found = self.__dict__["_nights"] = MappingProxyType(days)
        return cast(Mapping[int, date], found)

    def _on_night(self, talk: Talk) -> Talk:
        """`talk` as the base reads it: a night talk (`nights`) with that night's day
        as its `program_day`, so that its `day` is the one the day filter finds it on
        wherever it goes (search --json, the API, export, the site); a talk that starts
        at `NIGHT_ENDS` or later, or whose program gives its day, as written."""
        if talk.start is None or talk.program_day is not None or talk.start.time() >= NIGHT_ENDS:
            return talk
        night = self.nights.get(talk.id)
        return replace(talk, program_day=night) if night else talk

    def _titles_holding(
        self, some: Sequence[str], others: Sequence[str], least: int
    ) -> list[tuple[int, str]]:
        """(id, title) of the talks whose titles may hold one of the words `some` and
        `least` of `others` (`titlewords`): asked of the database where it keeps each
        title's key (a scan of every title in Python took a second a query on a base
        of 100,000 talks); else every title, read once."""
        if not self._title_keys_stored:
            return self._titles()

        def keys(words: Sequence[str]) -> list[str]:
            return list(dict.fromkeys(k for k in map(title_key, words) if k))

        with store.reading(self.build):
            return reads.titles_holding(self.con, keys(some), keys(others), least)

    def _titles(self) -> list[tuple[int, str]]:
        """(id, title) of every talk, read once."""
        found = self.__dict__.get("_all_titles")
        if found is None:
            with store.reading(self.build):
                found = self.__dict__["_all_titles"] = reads.titles(self.con)
        return found

    def _browse(
        self, allowed: list[int] | None, k: int, latest: bool = False, late: bool = False
    ) -> list[Hit]:
        """The first `k` talks (of `allowed`) in time order, or latest in their day first
        (`late`; index/search/evidence/browse.py)."""
        starts = self.__dict__.get("_starts")
        if starts is None:
            with store.reading(self.build):
                starts = self.__dict__["_starts"] = reads.start_seconds(self.con)
        if late:
            return browse.latest_in_the_day(self.talks, starts, allowed, k)
        return browse.in_time(self.talks, self.con, starts, allowed, k, latest)

    def similar(
        self,
        ref: str | int | Talk,
        k: int = 5,
        filters: Filters | None = None,
        diversity: float = 0.3,
        any_of: Mapping[str, Sequence[str]] | None = None,
    ) -> list[Hit]:
        """Talks nearest to `ref` by embedding, never `ref` itself, diversified by MMR
        (index/search/similar.py); `any_of` as `answer` takes it."""
        seed = ref if isinstance(ref, Talk) else self.talk(ref)
        allowed = self._given_allowed(filters, any_of)
        return similar.nearest_talks(self, seed, k, allowed, diversity)

    def _given_allowed(
        self, filters: Filters | None, any_of: Mapping[str, Sequence[str]] | None
    ) -> list[int] | None:
        """Ids of the talks passing what was given beside a query: `filters`, and the
        lists of `any_of` (a talk passing by any one value of each); None: every talk."""
        if not any_of:
            return self.allowed(filters)
        u = passing.given(literal_query(""), any_of)
        return self._allowed_for(replace(u.filters, **(filters or Filters()).active()), u)

    # -- evidence -----------------------------------------------------------------
    def _as_written(self, word: str) -> str:
        """A word of the base as the reader folds it ("εργαστηριο") as the talks holding
        it write it ("εργαστήριο", `answer.as_written`): what "did you mean" shows,
        never a spelling with its accents or marks taken off."""
        scores = self.bm25.scores(word)
        best = np.argsort(-scores, kind="stable")[:WRITTEN_FROM]
        ids = [int(self.bm25.ids[i]) for i in best if scores[i] > 0]
        text = " ".join(f"{t.title} {t.abstract}" for t in self.talks.get_many(ids))
        return as_written((word,), text)[0]

    @property
    def _marks(self) -> bool:
        """Whether the base's index cuts a word whole through the marks after its letters
        (`tokens.TOKENS` 4 on): the words a match names are cut so too."""
        return lexical.index_tokens(self.build) >= 4

    def _words(self, talk: Talk) -> list[str]:
        """The words of a talk's text (as `lexical.words_of`), remembered."""
        with self._remembering:
            found = self._word_cache.get(talk.id)
        if found is None:
            found = lexical.words_of(talk_text(talk), self._marks)
            with self._remembering:
                self._word_cache.put(talk.id, found)
        return found


def _inflected_form(word: str, known: str, codes: Collection[str]) -> bool:
    """Whether `word` (folded) is an inflected form of the base's word `known` in one of
    the languages `codes` that inflect (`languages.inflects`: Ukrainian "безпеки" of
    "безпека", Greek "εργαστηρια" of "εργαστηριο"), by the reader's rule for the names
    it reads (index/search/read/inflection.py: all of `known` but its last letter, and
    an ending of its own): no typo, where Snowball has no stemmer for the language or
    stems the two apart (`vocab.language_word`)."""
    if not any(inflects(code) for code in codes):
        return False
    forms = Inflected()
    forms.inflect(known, known)
    return forms.inflected(word) == known


def _held(word: str, words: frozenset[str]) -> bool:
    """Whether a talk holds `word` or its plural."""
    return word in words or f"{word}s" in words or f"{word}es" in words
