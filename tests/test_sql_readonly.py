"""`tb.sql()` is read-only: one reading statement, on a connection of its own, so
nothing it is given can change what talks(), speakers() or search answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

import talkbase
from index.search.limits import filters
from index.search.limits.filters import read_only_sql
from talkbase.api import Talkbase
from talkbase.core.errors import BadQuery


@pytest.fixture
def tb(fake_home: Path, hashing_embedder) -> Iterator[Talkbase]:
    with talkbase.open(fake_home, embedder=hashing_embedder) as opened:
        yield opened


READS = [
    "SELECT 1",
    "select count(*) from talks",
    "  \n\tSELECT 1",
    "-- a comment\nSELECT 1",
    "/* a comment */ SELECT 1",
    "/* one */ -- two\n /* three */ select 1",
    "(SELECT 1)",
    "((select 1) union all (select 2))",
    "WITH x AS (SELECT 1 AS a) SELECT a FROM x",
    "with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select * from r",
    "DESCRIBE talks",
    "describe select 1",
    "SHOW TABLES",
    "SHOW talks",
    "SUMMARIZE talks",
    "EXPLAIN SELECT * FROM talks",
    "explain analyze select count(*) from talks",
    "SELECT 1;",
    "SELECT 1 ;  -- done\n",
    "SELECT ';' AS semicolon, 'CREATE TEMP TABLE x' AS text",
    'SELECT 1 AS "create"',
]

WRITES = [
    "CREATE TEMP TABLE talks AS SELECT * FROM talks LIMIT 0",
    "create temporary view speakers as select 1 as id",
    "/* SELECT */ CREATE TEMP TABLE x(a INT)",
    "-- SELECT\nCREATE TEMP TABLE x(a INT)",
    "/* a */ /* b */ CREATE TEMP TABLE x(a INT)",
    "(CREATE TEMP TABLE x(a INT))",
    "  \n\t create temp table x(a int)",
    "select 1; create temp table talks as select * from talks limit 0",
    "SELECT 1; SELECT 2",
    "SELECT 1;;SELECT 2",
    "SET search_path = 'temp'",
    "set schema = 'temp'",
    "SET VARIABLE x = 1",
    "RESET search_path",
    "USE memory",
    "ATTACH ':memory:' AS other",
    "DETACH other",
    "COPY talks TO 'talks.csv'",
    "EXPORT DATABASE 'out'",
    "PRAGMA show_tables",
    "PRAGMA enable_profiling",
    "CALL pragma_version()",
    "INSTALL httpfs",
    "LOAD httpfs",
    "CHECKPOINT",
    "BEGIN TRANSACTION",
    "PREPARE p AS SELECT 1",
    "CREATE MACRO m() AS 1",
    "DELETE FROM talks",
    "UPDATE talks SET title = 'x'",
    "INSERT INTO talks (id) VALUES (1)",
    "DROP TABLE talks",
    "WITH x AS (SELECT 1 AS id) INSERT INTO talks (id) SELECT id FROM x",
    "with x as (select 1) delete from talks",
    "EXPLAIN ANALYZE CREATE TEMP TABLE x AS SELECT 1",
    "explain analyze /* hidden */ create temp table x as select 1",
    "DESCRIBE; CREATE TEMP TABLE x(a INT)",
    "",
    "   ",
    ";",
    "-- only a comment",
    "/* only a comment */",
    "VACUUM",
    "ANALYZE",
]


@pytest.mark.parametrize("query", READS)
def test_reading_statements_pass(query: str) -> None:
    assert read_only_sql(query).strip()


@pytest.mark.parametrize("query", WRITES)
def test_anything_else_is_refused_in_one_sentence(query: str) -> None:
    with pytest.raises(BadQuery) as caught:
        read_only_sql(query)
    sentence = caught.value.sentence()
    assert any(
        why in sentence for why in ("read-only", "no SQL statement", "SQL failed: Parser Error")
    ), sentence
    assert "\n" not in sentence


def _answers(tb: Talkbase) -> tuple[pd.DataFrame, pd.DataFrame, list[int], list[int], int]:
    return (
        tb.talks(),
        tb.speakers(),
        tb.search("GPU kernels", k=5, mode="lexical").ids,
        tb.search("GPU kernels", k=5).ids,
        int(tb.sql("SELECT count(*) AS n FROM talks")["n"][0]),
    )


def _same(a: tuple, b: tuple) -> None:
    pd.testing.assert_frame_equal(a[0], b[0])
    pd.testing.assert_frame_equal(a[1], b[1])
    assert a[2:] == b[2:]
    assert a[2] and a[4] > 0  # the comparison is not of empty answers


@pytest.mark.parametrize(
    "attack",
    [
        "CREATE TEMP TABLE talks AS SELECT * FROM talks LIMIT 0",
        "CREATE TEMP VIEW speakers AS SELECT * FROM speakers LIMIT 0",
        "/* */ CREATE TEMP TABLE sentences AS SELECT * FROM sentences LIMIT 0",
        "select 1; create temp table talk_speakers as select * from talk_speakers limit 0",
        "SET search_path = 'temp'",
        "WITH x AS (SELECT 1 AS id) INSERT INTO talks (id) SELECT id FROM x",
        "ATTACH ':memory:' AS other",
        "PRAGMA enable_profiling",
    ],
)
def test_a_refused_statement_changes_no_answer(tb: Talkbase, attack: str) -> None:
    before = _answers(tb)
    with pytest.raises(BadQuery, match="read-only"):
        tb.sql(attack)
    _same(_answers(tb), before)


def test_even_a_statement_let_through_cannot_change_the_session(
    tb: Talkbase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second wall: sql() runs on a connection of its own, so a temporary table
    or a setting made there is gone before talks(), speakers() or search run."""
    before = _answers(tb)
    monkeypatch.setattr(filters, "read_only_sql", lambda query, parser=None: query)
    for attack in (
        "CREATE TEMP TABLE talks AS SELECT * FROM talks LIMIT 0",
        "CREATE TEMP VIEW speakers AS SELECT * FROM speakers LIMIT 0",
        "CREATE TEMP TABLE sentences AS SELECT * FROM sentences LIMIT 0",
        "SET search_path = 'temp'",
    ):
        tb.kb.sql(attack).fetchall()
    _same(_answers(tb), before)
    assert tb.kb.sql("SELECT count(*) FROM talks").fetchone()[0] == len(tb)


def test_parameters_still_bind(tb: Talkbase) -> None:
    rooms = tb.sql("SELECT DISTINCT room FROM talks WHERE room IS NOT NULL")["room"]
    room = str(rooms.iloc[0])
    frame = tb.sql("SELECT id FROM talks WHERE room = ?", room)
    assert len(frame) > 0 and all(tb.talk(int(i)).room == room for i in frame["id"])


def test_its_connection_still_reaches_no_file(tb: Talkbase, tmp_path: Path) -> None:
    secret = tmp_path / "secret.csv"
    secret.write_text("a\n1\n")
    with pytest.raises(BadQuery, match="SQL failed"):
        tb.sql(f"SELECT * FROM read_csv('{secret}')")
