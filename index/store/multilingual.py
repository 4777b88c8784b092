"""The multilingual vectors of a build, on disk: one per talk, made by the second
encoder (index/encoders/multilingual.py), in the folder `multilingual/` of the build:
`ids.npy` (talk ids, ascending), `keys.npy` (the 64-bit key of the text each vector
was made from: a later build reuses a vector whose text it finds again),
`vectors.npy` (float16 rows) and `identity.txt` (what made them). The manifest
records their sizes and checksums like every other file of the build.

A build without the folder has no multilingual signal; opening one maps the vectors
(nothing is read per talk until a query needs it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from index.store import files as sf

FOLDER = "multilingual"
FILES = ("ids.npy", "keys.npy", "vectors.npy", "identity.txt")
TYPICAL_OF = 4096  # talks a query's mean cosine is taken over, at most


# The mark ending the identity of vectors made from the talks' titles and tracks
# alone (a program in English: index/build/multilingual.py)
TITLES = "|titles"


@dataclass(frozen=True, eq=False)
class MultilingualVectors:
    ids: np.ndarray  # int64, ascending
    keys: np.ndarray  # int64, one per id
    vectors: np.ndarray  # float16 (n x dim), unit rows
    identity: str

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def whole_text(self) -> bool:
        """Whether they read each talk's whole text (not its title alone): what similar
        talks and recommendations weigh them by."""
        return not self.identity.endswith(TITLES)

    def rows(self, talk_ids: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(the ids of `talk_ids` that have a vector, their rows)."""
        want = np.asarray(talk_ids, dtype=np.int64)
        at = np.searchsorted(self.ids, want)
        at = np.minimum(at, max(len(self.ids) - 1, 0))
        found = (self.ids[at] == want) if len(self.ids) else np.zeros(len(want), bool)
        return want[found], at[found]

    def closeness(
        self, query: np.ndarray, talk_ids: Sequence[int] | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """(talk ids, cosine with `query` less its `typical` cosine) of every talk with a
        vector, or of `talk_ids`: the same for a talk whatever the others asked are."""
        if talk_ids is None:
            ids, rows = self.ids, None
        else:
            ids, rows = self.rows(talk_ids)
        matrix = self.vectors if rows is None else self.vectors[rows]
        q = np.asarray(query, dtype=np.float32).ravel()
        return ids, np.asarray(matrix, dtype=np.float32) @ q - self.typical(q)

    def typical(self, query: np.ndarray) -> float:
        """The mean cosine of the talks with `query`: over every talk of a base of up to
        TYPICAL_OF talks, else over that many spread evenly through it (the same ones
        for every query)."""
        n = len(self.ids)
        if not n:
            return 0.0
        rows = np.linspace(0, n - 1, min(n, TYPICAL_OF)).astype(np.int64)
        q = np.asarray(query, dtype=np.float32).ravel()
        return float((np.asarray(self.vectors[rows], dtype=np.float32) @ q).mean())

    def by_key(self) -> dict[int, int]:
        """text key -> row (for the next build to reuse vectors)."""
        return {int(k): i for i, k in enumerate(self.keys.tolist())}


def save(
    folder: Path, ids: np.ndarray, keys: np.ndarray, vectors: np.ndarray, identity: str
) -> None:
    """Write the vectors into the build `folder` being written (rows in id order)."""
    order = np.argsort(ids, kind="stable")
    where = folder / FOLDER
    sf.save_array(where / "ids.npy", np.asarray(ids, np.int64)[order])
    sf.save_array(where / "keys.npy", np.asarray(keys, np.int64)[order])
    sf.save_array(where / "vectors.npy", np.asarray(vectors, np.float16)[order])
    sf.save_lines(where / "identity.txt", [identity])


def load(build_path: Path) -> MultilingualVectors | None:
    """The build's multilingual vectors (mapped), or None when it has none."""
    where = build_path / FOLDER
    if not (where / "vectors.npy").exists():
        return None
    ids = np.load(where / "ids.npy")
    keys = np.load(where / "keys.npy")
    vectors = np.load(where / "vectors.npy", mmap_mode="r")
    identity = (sf.load_lines(where / "identity.txt") or [""])[0]
    if not (len(ids) == len(keys) == len(vectors)):
        raise ValueError(f"{where}: {len(ids)} ids, {len(keys)} keys, {len(vectors)} vectors")
    return MultilingualVectors(ids, keys, vectors, identity)
