"""The check every search entry runs on a query before reading it: text it can
search, within the size limits the settings allow."""

from __future__ import annotations

import re

from index.search.read.understand import OPERATORS
from talkbase.core import settings
from talkbase.core.errors import BadQuery, QueryTooLarge

# What a query's reading takes as an operator: `field:value` (OPERATORS), a quoted
# phrase, a `-word` (the forms index/search/read/understand.py reads)
_OPERATOR = re.compile(
    r"(?<!\S)(?:(?:" + "|".join(OPERATORS) + r'):\S|"[^"]*"|-[^\W\d_]\S)', re.IGNORECASE
)


def cut(query: str) -> tuple[str, int]:
    """`query` cut to TALKBASE_MAX_QUERY_CHARS at the last word boundary within it (at
    the cap itself when its last word is longer than half the cap), and how many
    characters it had when cut (0: it fits as it is). A long query (a paragraph from a
    test collection, a pasted abstract) is read as far as a search reads, never
    refused whole."""
    limit = settings.max_query_chars()
    if not isinstance(query, str) or len(query) <= limit:
        return query, 0
    head = query[: limit + 1]
    space = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
    kept = head[:space] if space > limit // 2 else query[:limit]
    return kept.rstrip(), len(query)


def check_query(query: str, literal: bool = False) -> None:
    """Refuse, with a BadQuery that says why, a query no search should run: one that
    is not text (bytes that were not UTF-8: lone surrogates), or one longer, or with
    more operators, than TALKBASE_MAX_QUERY_CHARS / TALKBASE_MAX_QUERY_OPERATORS
    allow (a literal query reads no operators). Every search entry runs it first."""
    if not isinstance(query, str):
        raise BadQuery(f"the query must be text, not {type(query).__name__}")
    try:
        query.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = query[exc.start]
        byte = ord(bad) - 0xDC00 if 0xDC80 <= ord(bad) <= 0xDCFF else None
        what = f"the byte 0x{byte:02x}" if byte is not None else f"U+{ord(bad):04X}"
        raise BadQuery(
            f"The query is not UTF-8 text ({what} at character {exc.start + 1}); "
            "type it again, or set the terminal to UTF-8"
        ) from None
    limit = settings.max_query_chars()
    if len(query) > limit:
        raise QueryTooLarge("characters", len(query), limit, "TALKBASE_MAX_QUERY_CHARS")
    if not literal:
        limit = settings.max_query_operators()
        found = len(_OPERATOR.findall(query))
        if found > limit:
            raise QueryTooLarge("operators", found, limit, "TALKBASE_MAX_QUERY_OPERATORS")
