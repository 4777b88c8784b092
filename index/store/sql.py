"""SQL text built by hand: values written as DuckDB literals, and text made safe
to hand to DuckDB. The store and the query path both use these."""

from __future__ import annotations

from datetime import date, time
from typing import Any

from talkbase.core.filters import clean_text


def sql_literal(value: Any) -> str:
    """`value` written as a DuckDB SQL literal. The query path inlines its few values
    this way because binding Python parameters makes DuckDB import pandas (over a
    second in a new process). Strings are quoted by the SQL standard (a quote
    doubled; backslashes have no meaning there) after `clean_text`."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, date):
        return f"DATE '{value.isoformat()}'"
    if isinstance(value, time):
        return f"TIME '{value.isoformat()}'"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(sql_literal(v) for v in value) + "]"
    return "'" + clean_text(str(value)).replace("'", "''") + "'"


def inline(where: str, params: list[Any]) -> str:
    """A clause from `to_sql` with its parameters written in (see `sql_literal`)."""
    pieces = where.split("?")
    if len(pieces) != len(params) + 1:
        raise ValueError("one parameter per placeholder")
    return "".join(p + sql_literal(v) for p, v in zip(pieces, params, strict=False)) + pieces[-1]
