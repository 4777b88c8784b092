"""Late chunking: sentence vectors pooled from the token vectors of the whole text.

One forward pass of a talk's text gives a contextual vector per token; a
sentence's vector is the mean of the vectors of its tokens (found from the
tokenizer's character offsets), L2-normalised. A text longer than the model's
window is covered by more windows, each starting a little (`CONTEXT` tokens)
before the first sentence the earlier ones cut, so every sentence gets a vector,
pooled from the window that holds it best.
The text's own vector is the mean over the first window, exactly what
`embed([text])` gives (the model cuts a text at its window too). Pure numpy:
the encoder runs the windows (index/encoders/onnx_encoder.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Span = tuple[int, int]  # characters [start, end) of one sentence in its text
Doc = tuple[str, Sequence[Span]]  # a text and the spans of its sentences


@dataclass(frozen=True)
class Window:
    doc: int  # which text
    start: int  # the first of its inner tokens (no [CLS]/[SEP]) this window holds
    ids: tuple[int, ...]  # the window's token ids, special tokens included


CONTEXT = 32  # tokens before a sentence that a later window starts with


def window_starts(n: int, size: int, ranges: Sequence[tuple[int, int]] = ()) -> list[int]:
    """Where the windows of (at most) `size` tokens start that cover `n` tokens:
    the first at 0 (the text's own vector), each next one `CONTEXT` tokens before
    the first sentence (token ranges `ranges`) the windows so far do not hold
    whole, or, without sentences, where the last one ends less `CONTEXT`."""
    starts = [0]
    while starts[-1] + size < n:
        end = starts[-1] + size
        cut = next((lo for lo, hi in ranges if hi > end and lo > starts[-1]), end)
        starts.append(max(starts[-1] + 1, min(cut, end) - CONTEXT))
    return starts


def token_range(starts: np.ndarray, ends: np.ndarray, span: Span) -> tuple[int, int]:
    """The inner tokens [lo, hi) whose characters overlap `span` (offsets are sorted)."""
    lo = int(np.searchsorted(ends, span[0], side="right"))
    hi = int(np.searchsorted(starts, span[1], side="left"))
    return lo, max(lo, hi)


def best_window(lo: int, hi: int, starts: Sequence[int], size: int) -> int:
    """The window that holds tokens [lo, hi) best: among those holding all of
    them, the one where they sit most centrally; else the one holding most."""

    def score(s: int) -> tuple[int, int]:
        held = min(hi, s + size) - max(lo, s)
        margin = min(lo - s, s + size - hi)
        return held, margin

    return max(range(len(starts)), key=lambda w: score(starts[w]))


def mean_rows(rows: np.ndarray) -> np.ndarray:
    return rows.mean(axis=0) if len(rows) else np.zeros(rows.shape[-1], np.float32)


@dataclass(frozen=True)
class Layout:
    """The windows of some texts and, per text, where each sentence is pooled from:
    (window index, first row, row after the last) in that window's token vectors;
    (-1, 0, 0) for a sentence without tokens (embedded on its own instead)."""

    windows: tuple[Window, ...]
    first: tuple[int, ...]  # per text: the index of its first window
    places: tuple[tuple[tuple[int, int, int], ...], ...]


def layout(encodings: Sequence[object], docs: Sequence[Doc], max_tokens: int) -> Layout:
    """Windows and pooling places for `docs`, from their untruncated encodings
    (tokenizers.Encoding: ids, offsets, special_tokens_mask)."""
    size = max_tokens - 2  # room for [CLS] and [SEP]
    windows: list[Window] = []
    first: list[int] = []
    places: list[tuple[tuple[int, int, int], ...]] = []
    for d, (enc, (_text, spans)) in enumerate(zip(encodings, docs, strict=True)):
        ids = list(enc.ids)  # type: ignore[attr-defined]
        special = list(enc.special_tokens_mask)  # type: ignore[attr-defined]
        offsets = list(enc.offsets)  # type: ignore[attr-defined]
        head = [ids[0]] if special and special[0] else []
        tail = [ids[-1]] if len(special) > 1 and special[-1] else []
        inner = range(len(head), len(ids) - len(tail))
        inner_ids = [ids[i] for i in inner]
        starts_tok = np.array([offsets[i][0] for i in inner], dtype=np.int64)
        ends_tok = np.array([offsets[i][1] for i in inner], dtype=np.int64)
        ranges = [token_range(starts_tok, ends_tok, span) for span in spans]
        starts = window_starts(len(inner_ids), size, ranges)
        first.append(len(windows))
        for s in starts:
            windows.append(Window(d, s, tuple(head + inner_ids[s : s + size] + tail)))
        mine: list[tuple[int, int, int]] = []
        for lo, hi in ranges:
            if hi <= lo:
                mine.append((-1, 0, 0))
                continue
            w = best_window(lo, hi, starts, size)
            s = starts[w]
            a, b = max(lo, s) - s + len(head), min(hi, s + size) - s + len(head)
            mine.append((first[-1] + w, a, b))
        places.append(tuple(mine))
    return Layout(tuple(windows), tuple(first), tuple(places))


def pool(lay: Layout, hidden: Sequence[np.ndarray]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The texts' vectors (mean over each first window) and their sentences'
    vectors (mean over their tokens), not yet normalised; a sentence without
    tokens gets a zero row (the caller embeds it on its own)."""
    dim = hidden[0].shape[-1] if len(hidden) else 0
    texts = (
        np.vstack([mean_rows(hidden[w]) for w in lay.first]) if lay.first else np.zeros((0, dim))
    )
    sentences = [
        np.vstack([mean_rows(hidden[w][a:b]) if w >= 0 else np.zeros(dim) for w, a, b in places])
        if places
        else np.zeros((0, dim), np.float32)
        for places in lay.places
    ]
    return np.asarray(texts, np.float32), [np.asarray(s, np.float32) for s in sentences]
