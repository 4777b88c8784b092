"""How an open base uses threads: one per query for its small products, and one
worker thread beside it for the half of a large base's hybrid query that lets
go of the GIL (the encoder, FAISS, file reads, the talk reader's own DuckDB
connection) while the calling thread scores words."""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

try:  # limits NumPy's BLAS threads; comes with scikit-learn, not a dependency of ours
    from threadpoolctl import threadpool_limits
except ImportError:  # pragma: no cover
    threadpool_limits = None  # type: ignore[assignment]


def one_thread_per_query() -> None:
    """A query's products are small (one vector against a few thousand): one thread
    answers them faster than several competing for the cores. On a busy 2-core
    machine FAISS took 30 ms with two threads and 0.4 ms with one, at 3,204 talks.
    Set once per process, for FAISS's OpenMP and NumPy's BLAS."""
    if one_thread_per_query.__dict__.get("done"):
        return
    one_thread_per_query.__dict__["done"] = True
    one_faiss_thread()
    if threadpool_limits is not None:
        threadpool_limits(1, user_api="blas")


def one_faiss_thread() -> None:
    """One OpenMP thread for FAISS in the calling thread (the count is per thread)."""
    try:
        import faiss  # heavy: only once a base is open (tests/test_imports.py)

        faiss.omp_set_num_threads(1)
    except ImportError:  # pragma: no cover - faiss is a dependency
        pass


class Worker:
    """One background thread, made on first use; work from several threads takes
    turns on it. Once closed it takes no more work (ValueError, as a closed file)."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        self._closed = False

    @property
    def started(self) -> bool:
        return self._pool is not None

    def submit(self, work: Any, *args: Any) -> Future[Any]:
        with self._lock:
            if self._closed:
                raise ValueError(f"the knowledge base of {self.owner} is closed")
            if self._pool is None:
                self._pool = ThreadPoolExecutor(
                    1, thread_name_prefix="talkbase-worker", initializer=one_faiss_thread
                )
            return self._pool.submit(work, *args)

    def close(self) -> None:
        """Take no more work; wait for what is running."""
        with self._lock:
            self._closed, pool, self._pool = True, self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)
