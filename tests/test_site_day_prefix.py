"""The offline site reads a weekday said after a prefix of the talks' language glued
to its first word, as its server does (docs/formats.md, Sweep 23): Hebrew "ביום שני
אחר הצהריים" is Monday afternoon ("ב", on, glued to "יום שני", Monday); the site read
only the afternoon (index/site/assets/search.mjs, as the server's whenwords.py
`_day_of_two`, from the prefixes the export writes: lexicon.DAY_PREFIXES)."""

from __future__ import annotations

import pytest

from tests.test_site_limits import NODE, _program_and_site, _server_limits, _site_limits

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs here)")

PROGRAM = (
    "title,abstract,language,start,end,room\n"
    "עתיד הבינה המלאכותית בישראל,מה מחכה לנו.,he,2026-11-22T09:00,2026-11-22T09:45,אודיטוריום\n"
    "אבטחת אפליקציות ווב,טעויות נפוצות.,he,2026-11-22T13:30,2026-11-22T14:15,אולם 1\n"
    "אופטימיזציה של PostgreSQL,אינדקסים ותכנון שאילתות.,he,2026-11-23T10:00,2026-11-23T10:45,אולם 1\n"
    "ארכיטקטורת מיקרו-שירותים,בקנה מידה.,he,2026-11-23T13:30,2026-11-23T14:15,אולם 1\n"
)

QUESTIONS = [
    "ביום שני אחר הצהריים",  # on Monday afternoon
    "ביום שני",
    "ביום ראשון בבוקר",  # on Sunday morning
    "מיום שני",
    "יום שני אחר הצהריים",  # (no prefix: read before too)
    "ביום השני",  # the second day
]


@pytest.fixture(scope="module")
def hebrew(tmp_path_factory):
    yield from _program_and_site(tmp_path_factory, "hebrew", PROGRAM)


def test_the_site_reads_a_weekday_after_a_prefix_as_its_server_does(hebrew):
    kb, site = hebrew
    server = {q: _server_limits(kb, q) for q in QUESTIONS}
    offline = dict(zip(QUESTIONS, _site_limits(site, QUESTIONS), strict=True))
    assert server["ביום שני אחר הצהריים"]["days"] == ["2026-11-23"]  # (the server reads it)
    assert server["ביום ראשון בבוקר"]["days"] == ["2026-11-22"]
    # (the day: the site keeps a part of the day as its own limit, the server as hours)
    assert {q: offline[q]["days"] for q in QUESTIONS} == {q: server[q]["days"] for q in QUESTIONS}
