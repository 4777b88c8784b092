"""A talk's own text cut to the tokens its vector reads (TALKBASE_TALK_TOKENS).

MiniLM was trained on texts of at most 128 tokens, and reads up to 256. A talk's
vector made from the first 128 tokens of its title and abstract ranked as well as
one made from 256 on every judged set (within 0.003 nDCG@10: README, "The
encoder"), while the rest of a long abstract is read anyway by its sentence vectors
and by the words; on FOSDEM's long abstracts that is 16% fewer tokens through the
encoder. Sentences and queries are not cut.

The cut is made on the text, at the end of a word, with the model's own
tokenizer: the text hashed for the vector cache is the text embedded, and every
encoder (ONNX, torch, the Ray engine's workers) is given the same text. A base
keeps the value it was built with while it grows (index/build/texts.talk_tokens),
so its talk vectors are never a mix; a rebuild takes the setting's.
A model without a `tokenizer.json` in its folder (one named by its hub name, the
hashing "model") gets its texts whole.

The text a talk's vector is made from (`embedding_text`) is stated here, and the same
tokenizer says how much of a text the model cannot read (`unread`: words it knows
only as its unknown token or letter by letter, as MiniLM reads Thai, Devanagari or
Persian; index/search/rank/dense.unread_by_model).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from index.encoders.base import HASHING, resolve_model_path
from talkbase.core.records import Talk


def embedding_text(talk: Talk) -> str:
    """What one talk's vector is made from: its title and abstract.

    Measured on the dev judgments (see README, "Search quality"): adding the
    track name or the digest's notes did not help; the notes are searched
    through their own sentence vectors and BM25 instead.
    """
    return f"{talk.title}\n{talk.abstract}".strip()


SPECIAL = 2  # the [CLS] and [SEP] every pass adds
CHUNK = 500  # texts tokenized at a time: 20,000 long abstracts at once held 0.9 GB


@lru_cache(maxsize=4)
def tokenizer(model_path: str) -> Any:
    """The model's tokenizer (no truncation, no padding), or None without one."""
    path = os.path.join(model_path, "tokenizer.json")
    if not os.path.isfile(path):
        return None
    from tokenizers import Tokenizer  # (light: the ONNX encoders' own dependency)

    found = Tokenizer.from_file(path)
    found.no_truncation()
    found.no_padding()
    return found


def cut(texts: Sequence[str], model: str, limit: int) -> list[str]:
    """Each of `texts` cut, at a word's end, to at most `limit` tokens of `model`'s
    tokenizer (its two special tokens counted); whole when `limit` is 0 or the model
    has no tokenizer to count with."""
    out = list(texts)
    if limit <= SPECIAL or model == HASHING:
        return out
    tok = tokenizer(resolve_model_path(model))
    if tok is None:
        return out
    # a token covers at least one character: a text this short cannot be too long
    long = [i for i, t in enumerate(out) if len(t) > limit - SPECIAL]
    for lo in range(0, len(long), CHUNK):  # a chunk's encodings at a time: memory stays flat
        part = long[lo : lo + CHUNK]
        for i, enc in zip(part, tok.encode_batch([out[i] for i in part]), strict=True):
            if len(enc.ids) > limit:
                out[i] = _cut_at(out[i], enc.offsets[limit - SPECIAL][1])
    return out


def _cut_at(text: str, end: int) -> str:
    """`text` up to character `end` (the end of the last token kept), or, when that
    falls inside a word, up to the word before."""
    if end < len(text) and text[end].isalnum() and text[end - 1].isalnum():
        space = max(text.rfind(" ", 0, end), text.rfind("\n", 0, end))
        end = space if space > 0 else end
    return text[:end].rstrip()


def unread(texts: Sequence[str], model: str) -> list[float]:
    """The share of each of `texts` (of the characters of its words, as `model`'s
    tokenizer splits words) that the model cannot read: words it maps to its unknown
    token, and words of two letters or more it cuts letter by letter (every piece one
    character: its vocabulary holds no longer piece of them). 0 for every text where
    the model has no tokenizer."""
    tok = None if model == HASHING else tokenizer(resolve_model_path(model))
    if tok is None:
        return [0.0] * len(texts)
    unknown = _unknown(tok)
    out: list[float] = []
    for lo in range(0, len(texts), CHUNK):
        part = list(texts[lo : lo + CHUNK])
        encodings = tok.encode_batch(part, add_special_tokens=False)
        out += [_unread_share(t, enc, unknown) for t, enc in zip(part, encodings, strict=True)]
    return out


def _unknown(tok: Any) -> int | None:
    """The id of the tokenizer's unknown token, if it has one."""
    name = getattr(tok.model, "unk_token", None)
    return None if name is None else tok.token_to_id(name)


def _unread_share(text: str, enc: Any, unknown: int | None) -> float:
    """The share of `text`'s letters in words `enc` could not read."""

    def letters(start: int, end: int) -> int:
        return sum(c.isalpha() for c in text[start:end])

    words: dict[int, list[int]] = {}  # word -> the pieces' places
    for i, w in enumerate(enc.word_ids):
        if w is not None:
            words.setdefault(w, []).append(i)
    total = lost = 0
    for places in words.values():
        size = letters(enc.offsets[places[0]][0], enc.offsets[places[-1]][1])
        total += size
        # (a piece of one letter may hold the marks the tokenizer strips: a vowel sign)
        by_letter = len(places) > 1 and all(letters(*enc.offsets[p]) <= 1 for p in places)
        if by_letter or any(enc.ids[p] == unknown for p in places):
            lost += size
    return lost / total if total else 0.0
