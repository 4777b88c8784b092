"""What a build embeds: the text of each talk's own vector, the hashes its
vectors are cached by, and the passes late sentence vectors come from.

`talk_texts` is the one place a talk's vector text is made (title and abstract,
cut to the tokens the base's talk vectors read: index/encoders/cut.py), and
`sentence_hashes` the one place a sentence vector's cache key is, in either way
of making sentence vectors (`sentence_mode`); write.py embeds and stores what
these name, builder.py looks the previous build's vectors up by the same keys.
"""

from __future__ import annotations

from collections.abc import Sequence

from index.build.cache import text_hash
from index.encoders.cut import cut, embedding_text  # noqa: F401 (re-exported: the builder's)
from index.encoders.embed import Embedder
from index.store import disk as store
from ingest.text import talk_sentences
from talkbase.core import settings
from talkbase.core.records import Talk


def talk_texts(talks: Sequence[Talk], embedder: Embedder, mode: str, limit: int) -> list[str]:
    """The text each talk's own vector is made from (and hashed by): `embedding_text`,
    cut to `limit` tokens of the model (index/encoders/cut.py; `talk_tokens`) when
    sentences are embedded separately; whole in the late mode, whose talk vector is
    its pass's first window."""
    texts = [embedding_text(t) for t in talks]
    if mode == "late":
        return texts
    return cut(texts, embedder.name, limit)


def talk_tokens(previous: store.Build | None) -> int:
    """The tokens a build's talk vectors read: those of the `previous` build it grows
    (a base keeps its value, so its talk vectors are never a mix; one built before
    the setting existed read whole texts: 0), else TALKBASE_TALK_TOKENS."""
    if previous is None:
        return settings.talk_tokens()
    info = previous.manifest.encoder_info or {}
    try:
        return max(0, int(info.get("talk_tokens") or 0))
    except ValueError:
        return 0


def sentence_mode(embedder: Embedder) -> str:
    """'late' (sentence vectors pooled from their talk's pass) when the setting
    asks for it and the encoder can; else 'separate' (each sentence embedded)."""
    can = getattr(embedder, "sentence_vectors", "separate") == "late"
    return "late" if can and settings.sentence_vectors() == "late" else "separate"


def sentence_hashes(talks: list[Talk], mode: str) -> list[str]:
    """The cache hash of every sentence vector of `talks`, in row order. A late
    vector depends on its talk's texts and its place, not only on its own text."""
    if mode != "late":
        return [text_hash(s) for t in talks for s in talk_sentences(t)]
    out = []
    for t in talks:
        context = "\x1f".join(["late", embedding_text(t), notes_text(t)])
        out += [text_hash(f"{context}\x1f{i}\x1f{s}") for i, s in enumerate(talk_sentences(t))]
    return out


def notes_text(talk: Talk) -> str:
    """The text of a talk's notes, in one pass (their sentences' late vectors)."""
    return "\n".join(text for _label, text in talk.notes)


def late_docs(talk: Talk) -> list[tuple[str, list[tuple[int, int]], list[int]]]:
    """The passes that give `talk`'s sentence vectors: (text, sentence spans, the
    sentences' positions). The first is the talk's embedding text (its vector
    too), the second its notes; a sentence found in neither is a text of its own."""
    docs: list[tuple[str, list[tuple[int, int]], list[int]]] = [
        (embedding_text(talk), [], []),
        (notes_text(talk), [], []),
    ]
    cursor = [len(talk.title), 0]
    for pos, s in enumerate(talk_sentences(talk)):
        for d in (0, 1):
            at = docs[d][0].find(s, cursor[d])
            at = at if at >= 0 else docs[d][0].find(s)
            if at >= 0 and s:
                docs[d][1].append((at, at + len(s)))
                docs[d][2].append(pos)
                cursor[d] = at + len(s)
                break
        else:
            docs.append((s, [(0, len(s))], [pos]))
    return [docs[0]] + [d for d in docs[1:] if d[1]]
