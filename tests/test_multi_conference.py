"""A base of several conferences, in cities of different time zones (sweep 16, F3b,
F5): the Program grid shows one conference at a time (a choice above it, the first by
default, kept in the link), so each talk sits on its own conference's clock, the row
its label reads; the CLI's lines and its "matches several talks" list name each talk's
conference. A base of one conference draws and prints as before."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

HEAD = "title,speaker,abstract,start,end,room\n"
MADRID = HEAD + "".join(
    f"{title},{who},{text}.,{start},{end},{room}\n"
    for title, who, text, start, end, room in (
        ("Lexicografia digital", "Ana Ruiz", "Dictionaries built from corpora", "2030-11-14T09:30+01:00", "2030-11-14T10:15+01:00", "Aula Magna"),
        ("Corpus del siglo de oro", "Luis Gil", "Spelling in old printed books", "2030-11-14T11:00+01:00", "2030-11-14T11:45+01:00", "Sala Unamuno"),
    )
)  # fmt: skip
SEOUL = HEAD + "".join(
    f"{title},{who},{text}.,{start},{end},{room}\n"
    for title, who, text, start, end, room in (
        ("Procedural dungeons", "Kim Min-jun", "Wave function collapse for levels", "2030-11-14T09:00+09:00", "2030-11-14T09:50+09:00", "Hall A"),
        ("Netcode for fighting games", "Lee Seo-yeon", "Rollback and input delay", "2030-11-14T17:00+09:00", "2030-11-14T18:00+09:00", "Hall B"),
        ("Lexicografia digital", "Ana Ruiz", "Dictionaries built from corpora", "2030-11-14T11:00+09:00", "2030-11-14T11:45+09:00", "Hall A"),
    )
)  # fmt: skip


@pytest.fixture(scope="module")
def homes(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> dict[str, Path]:
    """ "two": a Madrid symposium and a Seoul summit in one base; "one": Madrid's alone."""
    from index.build.builder import ingest

    folder = tmp_path_factory.mktemp("multi")
    madrid, seoul = folder / "madrid.csv", folder / "seoul.csv"
    madrid.write_text(MADRID, encoding="utf-8")
    seoul.write_text(SEOUL, encoding="utf-8")
    ingest([madrid], folder / "two", real_embedder, conference="Simposio Madrid")
    ingest([seoul], folder / "two", real_embedder, conference="Seoul Game Summit")
    ingest([madrid], folder / "one", real_embedder, conference="Simposio Madrid")
    return {"two": folder / "two", "one": folder / "one"}


def _rows(grid: str) -> dict[str, str]:
    """Each box's title -> the time label of the row it starts on."""
    labels = {
        int(r): at
        for r, at in re.findall(r'class="tb-t" style="grid-row:(\d+);[^"]*">([^<]*)<', grid)
    }
    out = {}
    for row, title in re.findall(
        r'class="tb-b[^"]*"[^>]*style="grid-row:(\d+) / [^"]*"><div class="tb-n">([^<]*)<', grid
    ):
        out[html.unescape(title)] = labels[int(row)]
    return out


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_the_grid_draws_each_conference_on_its_own_clock(homes, monkeypatch) -> None:
    from tests.test_app import rerun, run_app
    from tests.test_app_agenda_gone import component_html

    at = run_app(homes["two"], monkeypatch, view="program", date="2030-11-14")
    # the first conference (as the sidebar filter lists them), each talk on its own row
    seoul = _rows(component_html(at, "talkbase_grid"))
    assert seoul == {
        "Procedural dungeons": "09:00",
        "Lexicografia digital": "11:00",  # the same talk, shown again in Seoul
        "Netcode for fighting games": "17:00",
    }
    (choice,) = [w for w in at.get("button_group") if w.label == "Conference"]
    assert choice.value == "Seoul Game Summit"
    assert at.query_params["shown"] == "Seoul Game Summit"
    # the other conference: its talks on the rows their labels read, none of Seoul's
    choice.set_value("Simposio Madrid")
    at = rerun(at)
    assert at.query_params["shown"] == "Simposio Madrid"
    madrid = _rows(component_html(at, "talkbase_grid"))
    assert madrid == {"Lexicografia digital": "09:30", "Corpus del siglo de oro": "11:00"}
    # a link names the conference
    at = run_app(homes["two"], monkeypatch, view="program", shown="Simposio Madrid")
    assert _rows(component_html(at, "talkbase_grid")) == madrid


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_a_base_of_one_conference_has_no_choice_and_no_link_part(homes, monkeypatch) -> None:
    from tests.test_app import run_app
    from tests.test_app_agenda_gone import component_html

    at = run_app(homes["one"], monkeypatch, view="program")
    assert not [w for w in at.get("button_group") if w.label == "Conference"]
    assert "shown" not in at.query_params
    assert _rows(component_html(at, "talkbase_grid")) == {
        "Lexicografia digital": "09:30",
        "Corpus del siglo de oro": "11:00",
    }


@pytest.mark.model
def test_the_cli_names_each_listed_talk_s_conference_in_a_base_of_several(
    homes, monkeypatch, capsys
) -> None:
    from talkbase.cli import main

    two, one = str(homes["two"]), str(homes["one"])
    assert main(["--home", two, "search", "dictionaries built from corpora"]) == 0
    out = capsys.readouterr().out
    # the two showings of one talk, told apart by their conferences
    assert re.search(r"Ana Ruiz · Simposio Madrid · \w+ 2030-11-14 09:30–10:15 · Aula Magna", out)
    assert re.search(r"Ana Ruiz · Seoul Game Summit · \w+ 2030-11-14 11:00–11:45 · Hall A", out)
    assert main(["--home", two, "similar", "Corpus del siglo de oro", "--limit", "2"]) == 0
    lines = [x for x in capsys.readouterr().out.splitlines() if x.startswith("    ") and "·" in x]
    assert lines and all(
        " · Simposio Madrid · " in x or " · Seoul Game Summit · " in x for x in lines
    )
    assert main(["--home", two, "show", "Lexicografia"]) != 0
    err = capsys.readouterr().err
    assert "(Simposio Madrid, " in err and "(Seoul Game Summit, " in err
    # a base of one conference: its lines name none
    assert main(["--home", one, "search", "dictionaries built from corpora"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"    Ana Ruiz · \w+ 2030-11-14 09:30–10:15 · Aula Magna\n", out)


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_the_app_s_cards_and_agenda_name_each_talk_s_conference_and_clock(
    homes, real_embedder, monkeypatch
) -> None:
    from index.search.kb import KnowledgeBase
    from tests.test_app import htmls, plain, run_app

    with KnowledgeBase(homes["two"], real_embedder) as kb:
        ids = {(t.title, t.conference): t.id for t in kb.talks.values()}
    # search: the two showings' cards say which conference each is at
    at = run_app(homes["two"], monkeypatch, q="dictionaries built from corpora")
    metas = [plain(m) for m in htmls(at, "tb-meta")]
    assert any(
        m.startswith("Simposio Madrid · ") and "09:30–10:15 · Aula Magna" in m for m in metas
    )
    assert any(m.startswith("Seoul Game Summit · ") and "11:00–11:45 · Hall A" in m for m in metas)
    # the printable agenda of talks at two conferences: each time with its clock
    saved = [
        ids["Lexicografia digital", "Simposio Madrid"],
        ids["Procedural dungeons", "Seoul Game Summit"],
    ]
    at = run_app(
        homes["two"], monkeypatch, view="agenda", saved="-".join(map(str, saved)), print="1"
    )
    page = " ".join(h.value for h in at.get("html") if 'tb-print"' in h.value)
    assert "09:30–10:15<br>Simposio Madrid, UTC+01:00" in page
    assert "09:00–09:50<br>Seoul Game Summit, UTC+09:00" in page
    at = run_app(homes["two"], monkeypatch, view="agenda", saved="-".join(map(str, saved)))
    lists = " ".join(h.value for h in at.get("html") if 'class="tb-aglist"' in h.value)
    assert "Aula Magna · Simposio Madrid, UTC+01:00" in html.unescape(lists)
    # one conference: cards and agenda as before
    with KnowledgeBase(homes["one"], real_embedder) as kb:
        one = [t.id for t in kb.talks.values()]
    at = run_app(homes["one"], monkeypatch, q="dictionaries built from corpora")
    metas = [plain(m) for m in htmls(at, "tb-meta")]
    assert "Thu 14 Nov 09:30–10:15 · Aula Magna" in metas
    assert not any("Simposio Madrid" in m for m in metas)
    at = run_app(homes["one"], monkeypatch, view="agenda", saved="-".join(map(str, one)), print="1")
    page = " ".join(h.value for h in at.get("html") if 'tb-print"' in h.value)
    assert "<br>Simposio" not in page and "UTC" not in page
