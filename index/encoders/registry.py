"""The encoders, by name: the one place that says which encoders exist and how one
is chosen.

An encoder is a module with `serves(model)`, `identity(model, setting)` (the
"model|backend|model-hash" string a knowledge base records, known without
loading), `load(model, device, setting)` and `known_dim(model)`. To add one,
write its module and add one `Encoder` row to `ENCODERS` below.

Choosing, for a model and the TALKBASE_ENCODER value `setting`:
  1. an encoder chosen by the model's name alone (`by_model`: TALKBASE_MODEL=hashing);
  2. else the encoder the setting names, when it serves that model;
  3. else `FALLBACK` (torch: it loads any model).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from index.encoders import hashing, onnx_encoder, torch_encoder
from index.encoders.base import Embedder, known_dim
from talkbase.core import settings
from talkbase.core.errors import TalkbaseError


@dataclass(frozen=True)
class Encoder:
    name: str  # the TALKBASE_ENCODER value that names it (or the model name, `by_model`)
    accepts: Callable[[str], bool]  # does this TALKBASE_ENCODER value name it?
    serves: Callable[[str], bool]  # can it run this model?
    identity: Callable[[str, str], str]  # (model, setting) -> identity, without loading
    load: Callable[[str, str, str], Embedder]  # (model, device, setting) -> embedder
    known_dim: Callable[[str], int | None]  # the vector size without loading, when known
    by_model: bool = False  # chosen by the model's name, whatever TALKBASE_ENCODER says
    late: bool = False  # its embedder has `embed_late` (sentence vectors from one pass)


def _named(value: str) -> Callable[[str], bool]:
    return lambda setting: setting == value


ENCODERS: dict[str, Encoder] = {
    e.name: e
    for e in (
        Encoder(
            "onnx-int8",  # onnx-int8-<config> forces one CPU config (onnx_encoder.CONFIGS)
            lambda s: s == "onnx-int8" or s.startswith("onnx-int8-"),
            onnx_encoder.serves,
            onnx_encoder.identity,
            onnx_encoder.load,
            known_dim,
            late=True,
        ),
        Encoder(
            "onnx",
            _named("onnx"),
            onnx_encoder.serves,
            onnx_encoder.identity,
            onnx_encoder.load,
            known_dim,
            late=True,
        ),
        Encoder(
            "torch",
            _named("torch"),
            torch_encoder.serves,
            torch_encoder.identity,
            torch_encoder.load,
            known_dim,
        ),
        Encoder(
            hashing.HASHING,
            lambda s: False,
            hashing.serves,
            hashing.identity,
            hashing.load,
            hashing.known_dim,
            by_model=True,
        ),
    )
}
FALLBACK = "torch"


def settable() -> tuple[str, ...]:
    """The names TALKBASE_ENCODER takes, in the order they are told."""
    return tuple(e.name for e in ENCODERS.values() if not e.by_model)


def _bad_setting(value: str) -> TalkbaseError:
    return TalkbaseError(f"TALKBASE_ENCODER must be one of {', '.join(settable())}, not {value!r}")


def encoder_setting() -> str:
    """TALKBASE_ENCODER, checked."""
    value = settings.get("encoder").strip().lower()
    if any(e.accepts(value) for e in ENCODERS.values() if not e.by_model):
        return value
    raise _bad_setting(value)


def by_model(model: str) -> Encoder | None:
    """The encoder `model`'s name alone chooses (hashing), or None."""
    return next((e for e in ENCODERS.values() if e.by_model and e.serves(model)), None)


def choose(model: str, setting: str | None = None) -> Encoder:
    """The encoder that runs `model` under TALKBASE_ENCODER=`setting` (default: the
    configured one, read only when the model's name does not decide)."""
    chosen = by_model(model)
    if chosen is not None:
        return chosen
    setting = encoder_setting() if setting is None else setting
    named = next((e for e in ENCODERS.values() if not e.by_model and e.accepts(setting)), None)
    if named is None:
        raise _bad_setting(setting)
    return named if named.serves(model) else ENCODERS[FALLBACK]
