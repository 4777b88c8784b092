"""The multilingual signal: talks ranked by closeness in meaning to the query, in the
space of the multilingual encoder (index/encoders/multilingual.py), where the base
has its vectors (index/store/multilingual.py; index/build/multilingual.py says which
bases do). A question in Italian finds a talk written in English, and an English one
a talk written in Italian; on a base without the vectors the signal ranks nothing
and hybrid search is what it was. On a base whose talks are in English (given the
vectors by TALKBASE_MULTILINGUAL=on) it ranks only for a query the language
identifier takes for another language (`ingest.language.query_language`) or the
dense model cannot read (`dense.blind_to`: a query in Telugu, a language the
identifier names and talkbase does not), so English questions are answered as
before; asked for alone (`--mode multilingual`) it always ranks.

The model's cosines crowd in a narrow band (most talks score 0.75-0.85 against any
query), so a talk's score is its cosine less the query's mean cosine over the base's
talks (`typical`: the same whatever limits the query has), and fusion gives credit
from the floor 0 (`no_floor`), that is, to the talks closer than most.
"""

from __future__ import annotations

import numpy as np

from index.search.rank import dense
from index.search.rank.ranking import Query, Ranking
from ingest.language import query_language


def rank(query: Query) -> Ranking:
    """The `query.pool` talks (of those allowed) closest by the multilingual vectors."""
    vectors = getattr(query.base, "multilingual", None)
    said = query.whole or query.text  # every word the visitor said: it reads them all
    if vectors is None or not len(vectors) or not said.strip():
        return Ranking([])
    if query.alone or query.base.several_languages:
        pass  # asked for by name (--mode multilingual), or a program in several languages
    elif query_language(said) in (None, "en") and not dense.blind_to(query):
        return Ranking([])  # English talks asked in English: the dense signal reads them
    qvec = query.base.multilingual_vector(said)
    ids, centred = vectors.closeness(qvec, query.allowed)
    if not len(ids):
        return Ranking([])
    top = np.argsort(-centred, kind="stable")[: query.pool]
    scored = [(int(ids[i]), float(centred[i])) for i in top]
    return Ranking(scored, {tid: r for r, (tid, _) in enumerate(scored, start=1)})
