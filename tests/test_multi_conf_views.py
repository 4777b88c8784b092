"""A base of several conferences in the app's agenda, Browse and Now & next (sweep 16
F6, F11): the agenda's calendar column is drawn per conference, each on its own clock
and named, a clash marked only where two talks really overlap; Browse's tracks by day
is a table per conference, its talks without a track a row of their own; Now & next
shows one conference at a time on its own clock, as the Program grid does. A base of
one conference looks as before."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

HEAD = "title,speaker,abstract,start,end,room,track,affiliation\n"


def _csv(rows: tuple[tuple[str, ...], ...]) -> str:
    return HEAD + "".join(",".join(r) + "\n" for r in rows)


MADRID = _csv(
    (
        ("Lexicografia digital", "Ana Ruiz", "Dictionaries built from corpora.", "2030-11-14T09:30+01:00", "2030-11-14T10:15+01:00", "Aula Magna", "Lengua", "Universidad de Salamanca"),
        ("Corpus del siglo de oro", "Luis Gil", "Spelling in old printed books.", "2030-11-14T11:00+01:00", "2030-11-14T11:45+01:00", "Sala Unamuno", "Historia", "Universidad de Salamanca"),
    )
)  # fmt: skip
# on Madrid's clock too, another conference: a talk overlapping Madrid's in real time
AMSTERDAM = _csv(
    (
        ("Modular synths at home", "Joost de Vries", "Patching a small rack.", "2030-11-14T09:45+01:00", "2030-11-14T10:30+01:00", "Zaal 1", "Lengua", "Universidad de Salamanca"),
    )
)  # fmt: skip
# no tracks at all, on two days: 09:00 in Seoul is 01:00 in Madrid, no clash
SEOUL = _csv(
    (
        ("Procedural dungeons", "Kim Min-jun", "Wave function collapse for levels.", "2030-11-14T09:00+09:00", "2030-11-14T09:50+09:00", "Hall A", "", "KAIST"),
        ("Netcode for fighting games", "Lee Seo-yeon", "Rollback and input delay.", "2030-11-15T10:00+09:00", "2030-11-15T11:00+09:00", "Hall B", "", ""),
    )
)  # fmt: skip
NAMES = {"madrid": "Simposio Madrid", "amsterdam": "Nachtklank Amsterdam", "seoul": "Seoul Summit"}


@pytest.fixture(scope="module")
def homes(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> dict[str, Path]:
    """ "three": the three conferences in one base; "one": Madrid's alone."""
    from index.build.builder import ingest

    folder = tmp_path_factory.mktemp("multiviews")
    for key, text in (("madrid", MADRID), ("amsterdam", AMSTERDAM), ("seoul", SEOUL)):
        (folder / f"{key}.csv").write_text(text, encoding="utf-8")
        ingest([folder / f"{key}.csv"], folder / "three", real_embedder, conference=NAMES[key])
    ingest([folder / "madrid.csv"], folder / "one", real_embedder, conference=NAMES["madrid"])
    return {"three": folder / "three", "one": folder / "one"}


def _ids(home: Path, embedder) -> dict[str, int]:
    from index.search.kb import KnowledgeBase

    with KnowledgeBase(home, embedder) as kb:
        return {t.title: t.id for t in kb.talks.values()}


def _agenda(home: Path, titles: tuple[str, ...], embedder, monkeypatch):
    """The agenda view of a link saving the talks of these titles."""
    from tests.test_app import run_app

    ids = _ids(home, embedder)
    return run_app(home, monkeypatch, view="agenda", saved="-".join(str(ids[t]) for t in titles))


def _charts(at) -> list[dict]:
    """Each timeline's spec: its axis (the y scale's domain) and its rows of data."""
    from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df

    out = []
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        rows = [
            r
            for ds in chart.proto.datasets
            for r in convert_arrow_bytes_to_pandas_df(ds.data.data).to_dict("records")
        ]
        domain = spec["layer"][0]["encoding"]["y"]["scale"]["domain"]
        out.append({"domain": [d[11:16] for d in domain], "rows": rows})
    return out


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_the_agenda_draws_each_conference_on_its_own_clock(
    homes, real_embedder, monkeypatch
) -> None:
    from tests.test_app import htmls, plain

    titles = ("Lexicografia digital", "Procedural dungeons", "Modular synths at home")
    at = _agenda(homes["three"], titles, real_embedder, monkeypatch)
    charts = _charts(at)
    # one column per conference, each its own axis (no Seoul 09:00 beside Madrid's 09:30)
    by_title = {r["title"]: c for c in charts for r in c["rows"]}
    assert len(charts) == 3 and len(by_title) == 3
    seoul, madrid = by_title["Procedural dungeons"], by_title["Lexicografia digital"]
    assert [r["title"] for r in seoul["rows"]] == ["Procedural dungeons"]
    assert seoul["domain"] == ["09:00", "11:00"] and madrid["domain"] == ["09:00", "11:00"]
    # a clash only where talks really overlap: Madrid's and Amsterdam's, not Seoul's
    status = {r["title"]: r["status"] for c in charts for r in c["rows"]}
    assert status == {
        "Procedural dungeons": "saved",
        "Lexicografia digital": "overlaps another saved talk",
        "Modular synths at home": "overlaps another saved talk",
    }
    assert all(r["lane"] == 0 for c in charts for r in c["rows"])  # each alone on its axis
    # each part named with its conference and clock, the one starting first (Seoul) first
    named = [plain(v) for v in htmls(at, "tb-ag-conf")]
    assert named == [
        "Seoul Summit, UTC+09:00: times on its clock",
        "Simposio Madrid, UTC+01:00: times on its clock",
        "Nachtklank Amsterdam, UTC+01:00: times on its clock",
    ]


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_an_agenda_of_one_conference_is_one_unnamed_column_a_day(
    homes, real_embedder, monkeypatch
) -> None:
    from tests.test_app import htmls

    # a base of several, an agenda of one of them: as before
    madrid = ("Lexicografia digital", "Corpus del siglo de oro")
    at = _agenda(homes["three"], madrid, real_embedder, monkeypatch)
    (chart,) = _charts(at)
    assert chart["domain"] == ["09:00", "12:00"] and len(chart["rows"]) == 2
    assert not htmls(at, "tb-ag-conf")
    # a base of one conference
    at = _agenda(homes["one"], madrid, real_embedder, monkeypatch)
    (chart,) = _charts(at)
    assert chart["domain"] == ["09:00", "12:00"] and not htmls(at, "tb-ag-conf")


def _table(page: str) -> dict[str, list[str]]:
    """A tracks-by-day table: its head's days, and each row's cells as plain text."""
    from tests.test_app import plain

    head = [plain(h) for h in re.findall(r'<th scope="col">(.*?)</th>', page)]
    rows = {
        plain(name): [plain(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", cells)]
        for name, cells in re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', page)
    }
    return {"": head, **rows}


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_browse_tracks_by_day_is_a_table_per_conference_with_its_untracked_talks(
    homes, monkeypatch
) -> None:
    from tests.test_app import htmls, run_app

    at = run_app(homes["three"], monkeypatch, view="browse")
    heads = [h.value for h in at.subheader]
    tables = htmls(at, "tb-byday")
    assert len(heads) == len(tables) == 3
    by_conf = dict(zip(heads, tables, strict=True))
    # (headings are Markdown: the program's text in them escaped)
    assert heads == [
        "Nachtklank Amsterdam, UTC\\+01\\:00",
        "Seoul Summit, UTC\\+09\\:00",
        "Simposio Madrid, UTC\\+01\\:00",
    ]
    seoul = _table(by_conf["Seoul Summit, UTC\\+09\\:00"])
    # the summit's talks have no track: a row of their own, on both its days
    assert seoul == {
        "": ["Track", "Thu 14 Nov", "Fri 15 Nov"],
        "(no track)": [
            "Thu: 09:00–09:50 · Hall A · 1 talk",
            "Fri: 10:00–11:00 · Hall B · 1 talk",
        ],
    }
    # Madrid's tracks only, not Amsterdam's track of the same name
    madrid = _table(by_conf["Simposio Madrid, UTC\\+01\\:00"])
    assert madrid == {
        "": ["Track", "Thu 14 Nov"],
        "Historia": ["Thu: 11:00–11:45 · Sala Unamuno · 1 talk"],
        "Lengua": ["Thu: 09:30–10:15 · Aula Magna · 1 talk"],
    }
    # a time opens that conference's program on that day, the track chosen
    page = by_conf["Simposio Madrid, UTC\\+01\\:00"]
    assert (
        'href="?view=program&amp;date=2030-11-14&amp;tracks=Lengua&amp;shown=Simposio+Madrid"'
        in page
    )
    seoul_page = by_conf["Seoul Summit, UTC\\+09\\:00"]  # no track: that day's program
    assert 'href="?view=program&amp;date=2030-11-15&amp;shown=Seoul+Summit"' in seoul_page
    at = run_app(
        homes["three"], monkeypatch, view="program", date="2030-11-15", shown="Seoul Summit"
    )
    assert at.session_state["grid_shown"] == "Seoul Summit"
    assert at.query_params["date"] == "2030-11-15"
    # a base of one conference: one table, no heading
    at = run_app(homes["one"], monkeypatch, view="browse")
    assert not at.subheader and len(htmls(at, "tb-byday")) == 1


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_now_and_next_shows_one_conference_on_its_own_clock(homes, monkeypatch) -> None:
    from tests.test_app import rerun, run_app
    from tests.test_app_agenda_gone import component_html

    def rooms(at) -> list[str]:
        page = component_html(at, "talkbase_now")
        return [
            html.unescape(r) for r in re.findall(r'class="tb-nn-room" role="cell">([^<]*)<', page)
        ]

    # 09:30 on Madrid's clock: Madrid's rooms only (Seoul's 09:30 is another moment)
    at = run_app(
        homes["three"], monkeypatch, view="now", date="2030-11-14", at="09:30",
        shown="Simposio Madrid",
    )  # fmt: skip
    assert rooms(at) == ["Aula Magna", "Sala Unamuno"]
    assert at.query_params["shown"] == "Simposio Madrid"  # kept in the link
    choice = at.selectbox(key="conference-choice")  # (one line on a phone)
    assert choice.value == "Simposio Madrid"
    choice.select("Seoul Summit")
    at = rerun(at)
    assert at.query_params["shown"] == "Seoul Summit"
    assert list(at.button_group(key="date").options) == ["Thu 14 Nov", "Fri 15 Nov"]
    assert rooms(at) == ["Hall A"]  # its first day, from its first talk on its clock
    # the choice is the Program grid's too, kept from one view to the other
    at.button_group(key="view").set_value("Program")
    at = rerun(at)
    assert at.query_params["shown"] == "Seoul Summit"
    assert at.button_group(key="conference-choice").value == "Seoul Summit"
    # a base of one conference: no choice, no link part
    at = run_app(homes["one"], monkeypatch, view="now", date="2030-11-14", at="09:30")
    assert not [w for w in at.selectbox if w.label == "Conference"]
    assert "shown" not in at.query_params and rooms(at) == ["Aula Magna", "Sala Unamuno"]


def _frames(at) -> dict[str, dict[str, int]]:
    """Browse's tracks and organizations: each table's names and their talks."""
    out = {}
    for frame in at.dataframe:
        df = frame.value
        name = "track" if "track" in df.columns else "organization"
        out[name] = dict(zip(df[name], (int(n) for n in df["talks"]), strict=True))
    return out


def _mapped(at) -> list[str]:
    """The titles of the talks on the topic map."""
    from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df

    (chart,) = at.get("vega_lite_chart")
    return sorted(
        r["title"]
        for ds in chart.proto.datasets
        for r in convert_arrow_bytes_to_pandas_df(ds.data.data).to_dict("records")
        if "title" in r
    )


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_browse_s_tracks_organizations_and_topic_map_show_one_conference(
    homes, monkeypatch
) -> None:
    from tests.test_app import click, htmls, plain, rerun, run_app, titles

    at = run_app(homes["three"], monkeypatch, view="browse", shown="Simposio Madrid")
    at.button_group(key="browse-view").set_value("Tracks & organizations")
    at = rerun(at)
    # Madrid's "Lengua" is not Amsterdam's: one talk, not two; its organization's too
    assert _frames(at) == {
        "track": {"Historia": 1, "Lengua": 1},
        "organization": {"Universidad de Salamanca": 2},
    }
    assert at.button_group(key="conference-choice").value == "Simposio Madrid"
    assert at.query_params["shown"] == "Simposio Madrid"  # kept in the link
    said = [plain(v) for v in htmls(at, "tb-chart-text")]
    assert said[0] == "Tracks: 2 in all; most talks: Historia (1), Lengua (1)."
    # a track's talks are searched at its own conference
    box = next(s for s in at.selectbox if s.label == "Search within a track")
    box.select("Lengua")
    at = rerun(at)
    go = next(b for b in at.button if b.label == "Show its talks")
    at = click(at, go.key)
    assert at.query_params["track"] == "Lengua"
    assert at.query_params["conference"] == "Simposio Madrid"
    assert titles(at) == ["Lexicografia digital"]
    # another conference: its own tracks and counts
    at.button_group(key="view").set_value("Browse")
    at = rerun(at)
    at.button_group(key="browse-view").set_value("Tracks & organizations")
    at = rerun(at)
    at.button_group(key="conference-choice").set_value("Nachtklank Amsterdam")
    at = rerun(at)
    assert at.query_params["shown"] == "Nachtklank Amsterdam"
    assert _frames(at) == {
        "track": {"Lengua": 1},
        "organization": {"Universidad de Salamanca": 1},
    }
    # the topic map: the shown conference's talks only
    at.button_group(key="browse-view").set_value("Topic map")
    at = rerun(at)
    assert _mapped(at) == ["Modular synths at home"]
    at.button_group(key="conference-choice").set_value("Seoul Summit")
    at = rerun(at)
    assert _mapped(at) == ["Netcode for fighting games", "Procedural dungeons"]
    (said,) = [plain(v) for v in htmls(at, "tb-chart-text")]
    assert said.startswith("Topic map: 2 talks in 1 topic")
    # a base of one conference: as before, no choice, no link part, the same keys
    at = run_app(homes["one"], monkeypatch, view="browse")
    at.button_group(key="browse-view").set_value("Tracks & organizations")
    at = rerun(at)
    assert not [w for w in at.button_group if w.label == "Conference"]
    assert "shown" not in at.query_params
    assert at.selectbox(key="ov-track").label == "Search within a track"
    assert _frames(at)["track"] == {"Historia": 1, "Lengua": 1}
    at.button_group(key="browse-view").set_value("Topic map")
    at = rerun(at)
    assert _mapped(at) == ["Corpus del siglo de oro", "Lexicografia digital"]
    assert at.selectbox(key="map-topic")
