"""The app after the program was updated (headless Streamlit, AppTest): a saved talk
the program no longer holds stays in My agenda, named, until the person removes it;
every view that lists a talk says when it is cancelled (sweep 15, F1 and F3)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from appviews import fragment, render, storage
from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda
from talkbase.core import present
from tests.test_app import plain, run_app

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]

HEAD = "title,speaker,abstract,start,end,room,status\n"
ROWS = {
    "opening": "Opening night film,Ada Lee,A film about a city at night.,"
    "2030-02-13T20:00,2030-02-13T21:30,Kino 1,",
    "late": "Late screening,Bo Chan,A silent film with live music.,"
    "2030-02-13T22:00,2030-02-13T23:30,Kino 1,",
    "quiz": "Quiz in the foyer,Cy Diaz,Questions about films.,"
    "2030-02-13T22:00,2030-02-13T23:00,Foyer,cancelled",
}


@pytest.fixture(scope="module")
def updated_home(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> tuple[Path, dict]:
    """A program ingested, then updated without its late screening: the home and the
    ids of its talks by key."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    folder = tmp_path_factory.mktemp("updated")
    home = folder / "home"
    doc = folder / "program.csv"
    doc.write_text(HEAD + "\n".join(ROWS.values()) + "\n", encoding="utf-8")
    ingest([doc], home, real_embedder)
    with KnowledgeBase(home, real_embedder) as kb:
        by_title = {t.title: t.id for t in kb.talks.values()}
    ids = {k: by_title[row.split(",")[0]] for k, row in ROWS.items()}
    doc.write_text(HEAD + ROWS["opening"] + "\n" + ROWS["quiz"] + "\n", encoding="utf-8")
    ingest([doc], home, real_embedder)
    with KnowledgeBase(home, real_embedder) as kb:
        assert ids["late"] not in kb.talks and ids["opening"] in kb.talks
    return home, ids


def component_html(at: AppTest, name: str) -> str:
    (component,) = [c for c in at.get("bidi_component") if name in str(c.proto)]
    return json.loads(component.proto.json)


def test_a_saved_talk_the_update_dropped_stays_named_until_removed(
    updated_home, monkeypatch
) -> None:
    home, ids = updated_home
    saved = f"{ids['opening']}-{ids['late']}"
    at = run_app(home, monkeypatch, view="agenda", saved=saved)
    assert at.query_params["saved"] == saved  # the link keeps the id
    heads = [h.value for h in at.subheader]
    assert f"{present.UNHELD} (1)" in heads
    page = " ".join(h.value for h in at.get("html"))
    assert html.escape(present.gone_title(ids["late"])) in page and present.UNHELD_WHY in page
    captions = " ".join(c.value for c in at.caption)
    assert "1 saved talk is not in this program, so the calendar leaves it out" in captions
    assert f"{present.UNHELD}: 1" in captions
    # Remove takes it out, of the agenda and of the link
    at.button(key=f"agenda-gone-remove-{ids['late']}").click()
    at.run()
    assert not at.exception, at.exception
    assert at.query_params["saved"] == str(ids["opening"])
    assert f"{present.UNHELD} (1)" not in [h.value for h in at.subheader]


def test_an_agenda_of_only_dropped_talks_is_not_called_empty(updated_home, monkeypatch) -> None:
    home, ids = updated_home
    at = run_app(home, monkeypatch, view="agenda", saved=str(ids["late"]))
    assert at.query_params["saved"] == str(ids["late"])
    assert not [i for i in at.info if "empty" in i.value]
    assert f"{present.UNHELD} (1)" in [h.value for h in at.subheader]


def test_an_id_never_in_this_program_is_not_said_to_be_dropped(updated_home, monkeypatch) -> None:
    """A mistyped link, or another program's agenda: the app cannot know the id was
    in this program, so it says neither "no longer" nor "delete it from your calendar"."""
    home, ids = updated_home
    junk = 10**15 + 7  # never an id of this base
    at = run_app(home, monkeypatch, view="agenda", saved=f"{ids['opening']}-{junk}")
    assert at.query_params["saved"] == f"{ids['opening']}-{junk}"
    said = " ".join(
        [h.value for h in at.subheader]
        + [plain(h.value) for h in at.get("html")]
        + [c.value for c in at.caption]
    ).lower()
    assert present.gone_title(junk).lower() in said
    assert f"{present.UNHELD}: {present.UNHELD_WHY}".lower() in said
    assert "no longer" not in said and "was updated" not in said
    assert "delete it from your calendar" not in said
    assert "if you imported it into your calendar app before, delete it there" in said


def test_the_printable_view_lists_the_saved_ids_it_counts(updated_home, monkeypatch) -> None:
    home, ids = updated_home
    at = run_app(home, monkeypatch, view="agenda", saved=f"{ids['opening']}-{ids['late']}")
    at.toggle(key="print").set_value(True)
    at.run()
    assert not at.exception, at.exception
    assert any("listed below" in c.value for c in at.caption)
    page = " ".join(plain(h.value) for h in at.get("html"))
    assert "Opening night film" in page and present.gone_title(ids["late"]) in page


def test_a_link_of_unknown_ids_never_pushes_the_kept_talks_out(updated_home, monkeypatch) -> None:
    """A link of 500 ids the base lacks, opened where this browser keeps an agenda: it is
    shown as shared, the kept talks stay the session's, and "Add all" adds none of the
    ids the base lacks (the link it writes then is the kept agenda's)."""
    home, ids = updated_home
    junk = "-".join(str(10**15 + k) for k in range(agenda_mod.MAX_IDS))
    at = run_app(home, monkeypatch, view="agenda", saved=junk)
    kept = Agenda((ids["opening"], ids["quiz"]))
    entry = json.dumps({"entry": storage.encode(kept), "applied": 0})
    at.session_state[storage._KEY] = {"stored": entry}
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["agenda"] == kept
    assert len(agenda_mod.from_query(dict(at.query_params)).saved) == agenda_mod.MAX_IDS
    assert "None of its talks is in this program." in [c.value for c in at.caption]
    at.button(key="shared-back").click()
    at.run()
    assert not at.exception, at.exception
    assert agenda_mod.from_query(dict(at.query_params)) == kept


def test_the_kept_agenda_keeps_saved_ids_the_base_lacks() -> None:
    entry = storage.encode(Agenda((1, 2), (3, 4)))
    # a saved talk the base lost is kept (named in My agenda); a hidden one is left out
    assert storage.decode(entry, {1, 3}) == Agenda((1, 2), (3,))


def shown(page: str, talk_id: int) -> dict[str, tuple[str, str]]:
    """Each element that opens `talk_id`: its first class -> (its classes, its text
    up to the next talk's)."""
    out = {}
    for m in re.finditer(rf'<div class="([^"]*)"[^>]*data-talk="{talk_id}"[^>]*>', page):
        rest = page[m.end() :]
        nxt = rest.find("data-talk=")
        text = html.unescape(re.sub(r"<[^>]+>", " ", rest if nxt < 0 else rest[:nxt]))
        out[m.group(1).split()[0]] = (m.group(0), " ".join(text.split()))
    return out


def test_program_grid_and_its_list_say_cancelled(updated_home, monkeypatch) -> None:
    home, ids = updated_home
    at = run_app(home, monkeypatch, view="program", date="2030-02-13")
    page = component_html(at, "talkbase_grid")
    quiz, film = shown(page, ids["quiz"]), shown(page, ids["opening"])
    label = f'aria-label="Open Quiz in the foyer ({render.CANCELLED.lower()})"'
    for cls in ("tb-b", "tb-li"):  # the desktop grid's box, the narrow screen's line
        tag, text = quiz[cls]
        assert "tb-off" in tag and label in tag and f"{render.CANCELLED} · 22:00" in text
        tag, text = film[cls]
        assert "tb-off" not in tag and render.CANCELLED not in text


def test_now_and_next_says_cancelled(updated_home, monkeypatch) -> None:
    home, ids = updated_home
    at = run_app(home, monkeypatch, view="now", date="2030-02-13", at="20:30")
    page = component_html(at, "talkbase_now")
    _, text = shown(page, ids["quiz"])["tb-nn-talk"]
    assert f"{render.CANCELLED} · at 22:00" in text
    _, text = shown(page, ids["opening"])["tb-nn-talk"]
    assert render.CANCELLED not in text


def test_my_agenda_says_cancelled_on_its_card_timeline_list_and_printable_page(
    updated_home, monkeypatch
) -> None:
    """Sweep 19 F1: a saved talk the program calls off is marked as search cards and
    the Program grid mark it, wherever My agenda lists it."""
    home, ids = updated_home
    at = run_app(home, monkeypatch, view="agenda", saved=f"{ids['opening']}-{ids['quiz']}")
    flag = f"{render.CANCELLED} · 22:00"
    cards = {
        c.key: " ".join(plain(h.value) for h in c.get("html"))
        for c in at.get("flex_container")
        if str(c.key).startswith("agenda-agenda-")
    }
    assert render.CANCELLED_LINE in cards[f"agenda-agenda-{ids['quiz']}"]
    assert render.CANCELLED not in cards[f"agenda-agenda-{ids['opening']}"]
    phone = " ".join(plain(h.value) for h in at.get("html") if "tb-aglist" in h.value)
    assert flag in phone and f"{render.CANCELLED} · 20:00" not in phone
    (chart,) = at.get("vega_lite_chart")
    boxes = str(chart.proto)
    assert flag in boxes or flag.encode() in chart.proto.SerializeToString()
    at.toggle(key="print").set_value(True)
    at.run()
    assert not at.exception, at.exception
    page = " ".join(plain(h.value) for h in at.get("html"))
    assert f"{render.CANCELLED} · Quiz in the foyer" in page
    assert f"{render.CANCELLED} · Opening night film" not in page


def _followed(at: AppTest, hash_: str) -> AppTest:
    """The page sent the link's `#` part (what appviews.fragment's script does)."""
    at.session_state[fragment._KEY] = {"hash": hash_}
    at.run()
    assert not at.exception, at.exception
    return at


def _notices_said(at: AppTest) -> str:
    return " ".join(plain(h.value) for h in at.get("html") if "tb-warn" in h.value)


def test_a_site_share_link_opens_my_agenda(updated_home, monkeypatch) -> None:
    """Sweep 19 F11: the site's share link, `?saved=…#agenda`, opened in the app."""
    home, ids = updated_home
    at = run_app(home, monkeypatch, saved=f"{ids['opening']}-{ids['quiz']}")
    _followed(at, "#agenda")
    assert at.button_group(key="view").value == "My agenda"
    assert at.query_params["view"] == "agenda"
    assert "Opening night film" in " ".join(plain(h.value) for h in at.get("html"))


def test_a_site_talk_link_opens_the_talk_or_says_why_not(updated_home, monkeypatch) -> None:
    home, ids = updated_home
    at = _followed(run_app(home, monkeypatch), f"#talk={ids['opening']}")
    assert at.query_params["talk"] == str(ids["opening"])
    at = _followed(run_app(home, monkeypatch), f"#talk={10**15 + 7}")
    assert f"No talk has the id “{10**15 + 7}”" in _notices_said(at)
    at = _followed(run_app(home, monkeypatch), "#nowhere")
    assert "Ignored the link's “#nowhere”" in _notices_said(at)


def test_a_saved_part_that_is_no_id_is_named_in_a_notice(updated_home, monkeypatch) -> None:
    home, ids = updated_home
    junk = 10**15 + 7
    at = run_app(home, monkeypatch, view="agenda", saved=f"{ids['opening']}-{junk}-abc")
    said = _notices_said(at)
    assert "Ignored “abc” in the link's saved talks" in said
    assert f"“{junk}”" not in said  # an id this program lacks is listed in My agenda instead
