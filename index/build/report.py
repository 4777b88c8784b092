"""What one ingest, remove or repair did (or, in a dry run, would do)."""

from __future__ import annotations

from dataclasses import dataclass, field

from index.build.changes import Changes
from ingest.detect import ParsedDocument
from talkbase.core.errors import InputError


@dataclass
class Report:
    documents: list[ParsedDocument] = field(default_factory=list)
    failed: list[InputError] = field(default_factory=list)
    removed_documents: list[str] = field(default_factory=list)
    talks: int = 0
    merged: int = 0
    conflicts: int = 0
    embedded: int = 0
    reused: int = 0
    seconds: float = 0.0
    embed_seconds: float = 0.0  # time spent in the encoder (texts/s = embedded / this)
    home: str = ""
    changes: Changes = field(default_factory=Changes)
    written: bool = False
    notices: list[str] = field(default_factory=list)
    # the multilingual vectors (index/build/multilingual.py): talks embedded, seconds,
    # and why the build has them ('' when it has none)
    multilingual: int = 0
    multilingual_seconds: float = 0.0
    multilingual_why: str = ""
    # the other languages whose common words the lexical index leaves out, and how many
    # words that is beyond English's (index/build/lexicon.py)
    stopword_languages: tuple[str, ...] = ()
    own_stopwords: int = 0

    @property
    def warnings(self) -> list[str]:
        return self.notices + [w for d in self.documents for w in d.warnings]
