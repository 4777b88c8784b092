"""Where the words and the meaning disagree, meaning leads (issue 37, "vague
questions answered by meaning").

A question in everyday words ("who pays free software developers?", "how do
databases make sure nothing is lost when a server dies") shares its words with
talks that are about something else: BM25 ranks "What did I just agree to?" first
for holding "pays", "free", "software" and "developers", while the talks nearest in
meaning are about funding. A query naming its topic ("passkeys", "GraalVM native
images") brings up, by its words, the talks its meaning does too.

So each fused query measures how close in meaning the first AGREEMENT_TALKS talks
by words are to the query, against the first AGREEMENT_TALKS by meaning: the mean
cosine of each five's own vectors with the query's (`agreement`). Below
AGREEMENT_FLOOR, the words' first talks are far from what the query means, and
the lexical signal keeps FAR_KEEPS of its weight, the signals of meaning sharing
the rest by their weights (`reweighed`: with the default weights, 0.45 for words
and 0.55 for meaning instead of 0.6 and 0.4). The rule reads only the two rankings and the
talks' vectors: nothing of one program or language.

Measured (`python bench/quality.py`, hybrid nDCG@10; a grid of floors 0.55-0.75
and lexical weights 0.25-0.45, each judged set left out in turn: every set picked
0.7 and 0.45 but FOSDEM 2024 asked in Italian, which picked 0.75 and 0.45), in
docs/quality.md: the held-out vague questions on FOSDEM 2019
(bench/data/fosdem2019_vague.json) 0.368 -> 0.427, CACM 0.564 -> 0.573, FOSDEM
2019 0.863 -> 0.871, no set lower by more than 0.004 (with the multilingual signal
on every base, TALKBASE_MULTILINGUAL=on, none lower at all). Moving the weight to
the dense signal alone lost 0.008 on FOSDEM 2024 asked in Italian with that
signal on.

A question put as a sentence leans on meaning further (`as_a_sentence`): where at
least SENTENCE_SHARE of the visitor's words (SENTENCE_WORDS or more) are function
words of the query's language (English's and the `stop-words` list of the language
the query is in: "how do databases make sure nothing is lost when a server dies",
"comment rendre les villes moins bruyantes pour mieux dormir"), and the first talks by
words are not as close in meaning as the first by meaning (below SENTENCE_NEAR of
their closeness), the lexical signal keeps SENTENCE_KEEPS of its weight. A topic
named in four words or fewer ("kubernetes operators", "mainline Linux on
smartphones") is no sentence; a longer one with its prepositions may be one
("machine learning for the web"), and where its words find talks as close in meaning
as the meaning's own, it keeps its weights. Precedence: this rule first, then the one
above; one of them at most.

Measured (sixth session, docs/quality.md; settings from a grid of 81, each program
left out in turn: every left-out program but MOCA picked these): the held-out
questions in everyday words on FOSDEM 2024 0.522 -> 0.576 (dense alone 0.568),
the French/English/Spanish program 0.793 -> 0.801, MOCA's everyday questions
0.680 -> 0.684, FOSDEM 2019 0.871 -> 0.873; the demo 0.947 -> 0.944, CACM 0.573 ->
0.571, FOSDEM 2024 0.913 -> 0.911, FOSDEM 2019's everyday questions 0.459 -> 0.457.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import numpy as np

from index.search.rank.ranking import Ranking
from index.search.rank.stopwords import english_stopwords, language_list
from ingest.language import query_language

AGREEMENT_TALKS = 5  # the first talks of each ranking compared
AGREEMENT_FLOOR = 0.7  # below this share of the meaning's closeness, words and meaning disagree
FAR_KEEPS = 0.75  # the share of its weight the lexical signal keeps, then
WORDS, MEANING = "lexical", "dense"  # the two signals compared
SENTENCE_SHARE = 0.4  # function words' share of the words from which a query is a sentence
SENTENCE_WORDS = 5  # the fewest words a sentence has
SENTENCE_NEAR = 0.9  # below this share of the meaning's closeness, a sentence leans on it
SENTENCE_KEEPS = 0.5  # the share of its weight the lexical signal keeps, then


def agreement(rankings: Mapping[str, Ranking], n: int = AGREEMENT_TALKS) -> float | None:
    """How close in meaning the first `n` talks by words are to the query, as a share
    of how close the first `n` by meaning are (their own vectors' mean cosine with the
    query's); None where either ranking is empty or the meaning's closeness is not
    above 0."""
    words, meaning = rankings.get(WORDS), rankings.get(MEANING)
    if words is None or meaning is None or meaning.vector is None:
        return None
    if not words.scored or not meaning.scored:
        return None
    query = words.query or meaning.query
    if query is None:
        return None
    vectors, qvec = query.base.vectors, meaning.vector
    by_words = np.vstack([vectors.vector(t) for t, _ in words.scored[:n]]) @ qvec
    by_meaning = np.vstack([vectors.vector(t) for t, _ in meaning.scored[:n]]) @ qvec
    near = float(by_meaning.mean())
    return float(by_words.mean()) / near if near > 0 else None


def as_a_sentence(said: str) -> bool:
    """Whether a query is put as a sentence: SENTENCE_WORDS words or more, at least
    SENTENCE_SHARE of them function words of its language (English's, and those of
    the language `ingest.language.query_language` reads it in)."""
    words = [w.strip("?.,!:;\"'()").lower() for w in said.split()]
    words = [w for w in words if w]
    if len(words) < SENTENCE_WORDS:
        return False
    code = query_language(said)
    function = english_stopwords() | (language_list(code) if code and code != "en" else set())
    return sum(w in function for w in words) >= SENTENCE_SHARE * len(words)


def reweighed(
    weights: Mapping[str, float], rankings: Mapping[str, Ranking], meaning: Collection[str]
) -> dict[str, float]:
    """`weights` (by signal name), where the query is put as a sentence and the
    `agreement` of `rankings` is below SENTENCE_NEAR, with SENTENCE_KEEPS of the
    lexical signal's weight left to it, or else where the agreement is below
    AGREEMENT_FLOOR, with FAR_KEEPS; the rest shared among the signals of `meaning`
    that ranked something (the
    registry's: dense, and multilingual where a base has its vectors) in proportion
    to their weights; as given elsewhere."""
    out = dict(weights)
    others = {
        name: out[name]
        for name in meaning
        if out.get(name, 0.0) > 0 and name in rankings and rankings[name].scored
    }
    if WORDS not in out or not others:
        return out
    share = agreement(rankings)
    if share is None:
        return out
    query = rankings[WORDS].query
    said = (query.whole or query.text) if query is not None else ""
    if share < SENTENCE_NEAR and as_a_sentence(said):
        keeps = SENTENCE_KEEPS
    elif share < AGREEMENT_FLOOR:
        keeps = FAR_KEEPS
    else:
        return out
    moved = out[WORDS] * (1.0 - keeps)
    out[WORDS] -= moved
    total = sum(others.values())
    for name, w in others.items():
        out[name] += moved * w / total
    return out
