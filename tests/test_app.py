"""The Streamlit app, headless (streamlit.testing AppTest), on the demo knowledge base
built with the real model: what a person meets when they use it."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import icalendar
import pytest

from appviews.models import ics
from talkbase.core import present, timetable

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app.py"
EVIL = ROOT / "tests" / "data" / "evil_program.txt"  # a digest full of markup
EVIL_TITLE = "<script>window.pwned=1</script> **Bold** [click](javascript:alert(1)) :red[Red] Talk"

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]


def run_app(home: Path, monkeypatch: pytest.MonkeyPatch, **params: str) -> AppTest:
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TALKBASE_HOME", str(home))
    at = AppTest.from_file(str(APP), default_timeout=120)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def rerun(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def htmls(at: AppTest, cls: str) -> list[str]:
    """The HTML of every part of class `cls`: a whole st.html element, or the `div` of
    that class inside a card's one block (appviews.cardhtml)."""
    out = []
    for h in at.get("html"):
        if f'class="{cls}"' not in h.value:
            continue
        if 'class="tb-card"' in h.value:
            out += re.findall(rf'<div class="{cls}">.*?</div>', h.value, re.S)
        else:
            out.append(h.value)
    return out


def titles(at: AppTest) -> list[str]:
    return [plain(v) for v in htmls(at, "tb-title")]


def texts(at: AppTest) -> list[str]:
    """What is shown as plain text: st.text elements and the speakers lines of cards
    (escaped program text inside the card's HTML block, read back as text)."""
    return [t.value for t in at.text] + [plain(v) for v in htmls(at, "tb-speakers")]


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click()
    return rerun(at)


def id_of(kb, fragment: str) -> int:
    (tid,) = [i for i, t in kb.talks.items() if fragment in t.title]
    return tid


def same_slot_pair(kb) -> tuple[int, int]:
    by_start: dict = {}
    for t in sorted(kb.talks.values(), key=lambda t: t.id):
        if t.start:
            by_start.setdefault(t.start, []).append(t.id)
    return next((ids[0], ids[1]) for _, ids in sorted(by_start.items()) if len(ids) >= 2)


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, bytes]]:
    """What st.download_button would serve, by file name."""
    from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

    got: dict[str, bytes] = {}
    original = MemoryMediaFileStorage.load_and_get_id

    def spy(self, path_or_data, mimetype, kind, filename=None):
        if filename:
            data = path_or_data.encode() if isinstance(path_or_data, str) else path_or_data
            got[filename] = data
        return original(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", spy)
    yield got


# -- the pages ---------------------------------------------------------------------------


def test_every_view_and_every_page_of_its_own_is_one_registered_page() -> None:
    from appviews import pages, state

    views = [p.name for p in pages.PAGES if isinstance(p, pages.ViewPage)]
    params = [p.param for p in pages.PAGES if isinstance(p, pages.ItemPage)]
    assert sorted(views) == sorted(state.VIEWS) and pages.DEFAULT_VIEW in views
    assert sorted(params) == sorted(state.PAGE_PARAMS)
    assert len({p.name for p in pages.PAGES}) == len(pages.PAGES)
    for p in pages.PAGES:
        assert callable(getattr(p.module, getattr(p, "function", "show"))), p.name
    # a page named in the URL is drawn over any view; a view by its name; Search otherwise
    for view in state.VIEWS:
        assert pages.choose({"view": view}).name == view
        assert pages.choose({"view": view, "speaker": "Ben"}).name == "Speaker"
    assert pages.choose({"view": "Program", "talk": 7}).name == "Talk"
    assert pages.choose({}).name == pages.choose({"view": "nonsense"}).name == "Search"


# -- no knowledge base -------------------------------------------------------------------


def test_without_a_knowledge_base_the_app_says_how_to_build_one(tmp_path, monkeypatch) -> None:
    at = run_app(tmp_path / "empty-home", monkeypatch)
    assert "talkbase ingest data/programs" in at.info[0].value
    assert not at.text_input


# -- search ------------------------------------------------------------------------------


def test_deep_link_opens_with_results(demo_home, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="fault-tolerant collectives")
    assert at.text_input(key="q").value == "fault-tolerant collectives"
    found = titles(at)
    assert found[0].startswith("MCCL: Fault-Tolerant Collective Communication")
    assert "<mark>Fault</mark>" in htmls(at, "tb-title")[0]  # matched words highlighted
    assert any("<mark>" in q for q in htmls(at, "tb-quote"))  # best sentence, highlighted
    why = [plain(v) for v in htmls(at, "tb-why")]
    assert why[0].startswith("Found by your words and by meaning (#1 by words")
    assert "matched: fault-tolerant" in why[0]
    assert re.match(r"\d+ talks match, best first\.", at.caption[0].value)
    shown = "\n".join(
        texts(at) + [plain(h.value) for h in at.get("html") if not h.value.startswith("<style>")]
    )
    assert not re.search(r"\b\d\.\d{2,}\b", shown)  # no bare float scores anywhere
    assert at.query_params["q"] == "fault-tolerant collectives"


def test_typing_a_query_shows_results_and_updates_the_url(demo_home, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch)
    assert at.caption[0].value.startswith("71 talks in the knowledge base")
    at.text_input(key="q").input("running PyTorch on Google TPUs")
    rerun(at)
    assert "TorchTPU" in titles(at)[0]
    assert at.query_params["q"] == "running PyTorch on Google TPUs"


def test_the_home_page_names_the_conferences_their_dates_and_time_zone(
    demo_home, demo_kb, monkeypatch
) -> None:
    from appviews import home, search

    at = run_app(demo_home, monkeypatch)
    held = [plain(v) for v in htmls(at, search.HELD_CLASS)]
    assert held == home.conference_lines(demo_kb.talks.values()) and held
    for conf in {t.conference for t in demo_kb.talks.values() if t.start}:
        timed = [t for t in demo_kb.talks.values() if t.conference == conf and t.start]
        line = next(h for h in held if h.startswith(conf or home.NO_NAME))
        first = min(t.start for t in timed)
        assert f"{first:%a} {first.day}" in line and str(first.year) in line
        assert str(getattr(first.tzinfo, "key", first.tzinfo)) in line
    at.text_input(key="q").input("kernels")
    rerun(at)
    assert not htmls(at, search.HELD_CLASS)  # a search's results come first


def test_filters_show_live_counts_and_every_match_of_a_narrow_filter(
    demo_home, demo_kb, monkeypatch
) -> None:
    at = run_app(demo_home, monkeypatch, q="kernels")
    day = at.sidebar.selectbox(key="f_day")
    labels = day.options
    assert labels[0] == "Any" and all(
        re.fullmatch(r"\w{3} \d+ \w{3} \(\d+\)", x) for x in labels[1:]
    )
    tue = int(re.search(r"\((\d+)\)", next(x for x in labels if x.startswith("Tue"))).group(1))
    day.select("2026-10-20")
    rerun(at)
    while any(b.key == "more" for b in at.button):
        click(at, "more")
    assert len(titles(at)) == tue
    assert at.query_params["day"] == "2026-10-20"
    # a narrow filter lists every talk of it that matches, not only the global top ten
    query, track = "distributed training", "Reinforcement Learning Systems"
    at.sidebar.selectbox(key="f_day").select("")
    at.text_input(key="q").input(query)
    rerun(at)
    at.sidebar.selectbox(key="f_track").select(track)
    rerun(at)
    hits = demo_kb.search(query, k=len(demo_kb.talks))
    ranked = [h.talk.title for h in hits if h.why.match]
    expected = [t for t in ranked if demo_kb.talks[id_of(demo_kb, t)].track == track]
    assert titles(at) == expected and len(expected) >= 2
    assert any(ranked.index(t) >= 10 for t in expected)  # beyond the global top ten
    option = next(o for o in at.sidebar.selectbox(key="f_track").options if o.startswith(track))
    assert option == f"{track} ({len(expected)})"


def test_a_sidebar_filter_is_a_removable_chip_above_the_results(demo_home, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="kernels")
    assert not [g for g in at.button_group if g.key == "filter-chips"]
    at.sidebar.selectbox(key="f_day").select("2026-10-20")
    rerun(at)
    chip = at.button_group(key="filter-chips")
    assert [o.split(" :material")[0] for o in chip.options] == ["Day: Tue 20 Oct"]
    chip.set_value("day")
    rerun(at)
    assert at.sidebar.selectbox(key="f_day").value == ""  # the sidebar follows the chip
    assert "day" not in at.query_params
    assert not [g for g in at.button_group if g.key == "filter-chips"]


def _chip_labels(at: AppTest, key: str) -> list[str]:
    groups = [g for g in at.button_group if g.key == key]
    return [plain(o).split(" :material")[0].replace("\\", "") for g in groups for o in g.options]


def test_a_day_read_from_the_words_and_chosen_in_the_sidebar_is_one_chip(
    demo_home, monkeypatch
) -> None:
    at = run_app(demo_home, monkeypatch, q="kernels on tuesday", day="2026-10-20")
    assert _chip_labels(at, "filter-chips") == ["Day: Tue 20 Oct"]
    assert _chip_labels(at, "chips") == []  # not a second chip for the words
    at.button_group(key="filter-chips").set_value("day")
    rerun(at)  # removing it takes out the words and empties the sidebar's box
    assert at.query_params["q"] == "kernels" and "day" not in at.query_params
    assert at.sidebar.selectbox(key="f_day").value == ""
    assert at.text_input(key="q").value == "kernels"
    assert not _chip_labels(at, "filter-chips") and not _chip_labels(at, "chips")


def test_a_day_the_sidebar_and_the_words_disagree_on_is_said_in_one_chip(
    demo_home, monkeypatch
) -> None:
    at = run_app(demo_home, monkeypatch, q="kernels on tuesday", day="2026-10-21")
    assert _chip_labels(at, "filter-chips") == ["Day: Wed 21 Oct and Tuesday"]
    assert _chip_labels(at, "chips") == []


def test_sidebar_and_words_replace_each_other_kind_by_kind(demo_home, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="kernels on tuesday")
    assert _chip_labels(at, "chips") == ["Tuesday"]
    at.sidebar.selectbox(key="f_day").select("2026-10-21")
    rerun(at)  # the sidebar's day replaces the day of the words
    assert at.query_params["q"] == "kernels" and at.query_params["day"] == "2026-10-21"
    assert _chip_labels(at, "filter-chips") == ["Day: Wed 21 Oct"]
    assert _chip_labels(at, "chips") == []
    at.text_input(key="q").input("kernels on tuesday")
    rerun(at)  # and words naming a day empty the sidebar's day
    assert at.sidebar.selectbox(key="f_day").value == "" and "day" not in at.query_params
    assert _chip_labels(at, "chips") == ["Tuesday"] and not _chip_labels(at, "filter-chips")
    # the box offers every day (counted without the words' day) and says what they read
    days = at.sidebar.selectbox(key="f_day").options
    assert any(o.startswith("Tue") for o in days) and any(o.startswith("Wed") for o in days)
    assert any("From your words: Tuesday" in c.value for c in at.sidebar.caption)


def test_nothing_matching_says_so(demo_home, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="xyzzy")
    assert not titles(at)
    assert at.info[0].value.startswith("No talk matches your search")


def test_no_result_under_filters_names_the_filter_to_relax(demo_home, demo_kb, monkeypatch) -> None:
    # a speaker who talks on Tuesday only, with Wednesday chosen: nothing left
    speaker = next(
        s.name
        for t in demo_kb.talks.values()
        if t.day and t.day.day == 20
        for s in t.speakers
        if not any(
            x.name == s.name and u.day and u.day.day == 21
            for u in demo_kb.talks.values()
            for x in u.speakers
        )
    )
    at = run_app(demo_home, monkeypatch, day="2026-10-21", by=speaker)
    assert not titles(at)
    assert at.warning[0].value.startswith("None of the 71 matching talks passes all your filters")
    relax = at.button(key="relax-day")
    assert re.fullmatch(r"Clear the day filter \(\d+ talks?\)", relax.label)
    click(at, "relax-day")
    assert titles(at) and speaker in " ".join(texts(at))
    assert "day" not in at.query_params


# -- a talk's page -------------------------------------------------------------------


def test_talk_page_has_abstract_sources_and_diverse_similar_talks(
    demo_home, demo_kb, monkeypatch
) -> None:
    at = run_app(demo_home, monkeypatch, q="fault-tolerant collectives")
    mccl = id_of(demo_kb, "MCCL")
    click(at, f"result-open-{mccl}")
    talk = demo_kb.talks[mccl]
    assert plain(htmls(at, "tb-title-big")[0]) == talk.title
    assert talk.abstract in texts(at)
    heads = [s.value for s in at.subheader]
    assert heads[:1] == ["Abstract"] and "Similar talks" in heads
    # provenance behind a disclosure, after what an attendee needs (issue 39)
    assert any(e.label.startswith("Sources") for e in at.expander)
    if talk.notes:
        assert "Digest notes" in heads and talk.notes[0][1] in texts(at)
    sources = at.dataframe[0].value
    assert set(sources["document"]) == {s.document for s in talk.sources}
    similar = titles(at)
    assert len(similar) == 5 and talk.title not in similar and len(set(similar)) == 5
    assert at.query_params["talk"] == str(mccl)
    click(at, "back")
    assert titles(at)[0] == talk.title and "talk" not in at.query_params


def test_talk_page_shows_conflicting_speaker_lists(demo_home, demo_kb, monkeypatch) -> None:
    monarch = next(
        t for t in demo_kb.talks.values() if t.title.startswith("Monarch") and t.conflicts
    )
    at = run_app(demo_home, monkeypatch, talk=str(monarch.id))
    warns = [plain(v) for v in htmls(at, "tb-warn")]
    assert "Speakers: the documents give different values" in warns
    conflict = next(d.value for d in at.dataframe if list(d.value.columns) == ["document", "value"])
    assert set(conflict["document"]) == {s.document for s in monarch.sources}
    assert any("Marius Eriksen" in v for v in conflict["value"])
    assert any("Zach DeVito" in v for v in conflict["value"])


def test_similar_talks_mark_those_that_fit_a_free_slot(demo_home, demo_kb, monkeypatch) -> None:
    mccl = id_of(demo_kb, "MCCL")
    at = run_app(demo_home, monkeypatch, talk=str(mccl))
    # with nothing saved there is no free slot to speak of
    assert not any("Fits a free slot" in plain(v) for v in htmls(at, "tb-ok"))
    assert not any("free slot" in c.value for c in at.caption)
    click(at, f"page-save-{mccl}")
    notes = [plain(v) for v in htmls(at, "tb-ok") + htmls(at, "tb-warn")]
    assert "✓ In your agenda" in notes
    similar = demo_kb.similar(mccl, 5)
    fitting = [h for h in similar if timetable.fits(h.talk, [demo_kb.talks[mccl]])]
    assert fitting  # the demo has free slots around it
    assert notes.count("Fits a free slot in your agenda") == len(fitting)


# -- my agenda ---------------------------------------------------------------------------


def test_agenda_add_overlap_and_remove(demo_home, demo_kb, monkeypatch) -> None:
    first, second = same_slot_pair(demo_kb)
    at = run_app(demo_home, monkeypatch, talk=str(first))
    click(at, f"page-save-{first}")
    assert at.query_params["saved"] == str(first)
    at.session_state["talk"] = second
    rerun(at)
    clash = [plain(v) for v in htmls(at, "tb-warn")]
    assert f"⚠ Clashes with your agenda: {demo_kb.talks[first].title}" in clash
    click(at, f"page-save-{second}")
    assert at.query_params["saved"] == f"{first}-{second}"
    at.button_group(key="view").set_value("My agenda")
    rerun(at)
    assert at.warning[0].value.startswith("1 pair of saved talks overlap")
    overlaps = [plain(v) for v in htmls(at, "tb-warn")]
    assert sum(o.startswith("⚠ Overlaps with") for o in overlaps) == 2
    assert len(at.get("vega_lite_chart")) == 1  # one day, one timeline
    click(at, f"agenda-remove-{second}")
    assert not at.warning and at.query_params["saved"] == str(first)
    assert titles(at) == [demo_kb.talks[first].title]


def test_not_interested_hides_a_talk_until_undone(demo_home, demo_kb, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="fault-tolerant collectives")
    top = id_of(demo_kb, "MCCL")
    click(at, f"result-skip-{top}")
    assert demo_kb.talks[top].title not in titles(at)
    assert at.query_params["skip"] == str(top)
    hidden = [plain(v) for v in htmls(at, "tb-warn") if "Hidden:" in v]
    assert hidden == [f"Hidden: {demo_kb.talks[top].title}. It no longer shows in results."]
    click(at, "undo")  # the notice's Undo brings it back at once
    assert titles(at)[0] == demo_kb.talks[top].title and "skip" not in at.query_params
    click(at, f"result-skip-{top}")
    at.button_group(key="view").set_value("My agenda")
    rerun(at)
    click(at, f"skipped-unskip-{top}")
    at.button_group(key="view").set_value("Search")
    rerun(at)
    assert titles(at)[0] == demo_kb.talks[top].title


def test_exports_and_share_link_restore_the_agenda(
    demo_home, demo_kb, monkeypatch, downloads
) -> None:
    first, second = same_slot_pair(demo_kb)
    untimed = next(t.id for t in demo_kb.talks.values() if not t.start)
    skipped = id_of(demo_kb, "MCCL")
    saved = f"{first}-{second}-{untimed}"
    at = run_app(demo_home, monkeypatch, view="agenda", saved=saved, skip=str(skipped))
    assert at.button_group(key="view").value == "My agenda"
    assert "My agenda (3)" in at.button_group(key="view").options
    calendar = icalendar.Calendar.from_ical(downloads["talkbase-agenda.ics"])
    uids = sorted(str(e["UID"]) for e in calendar.walk("VEVENT"))
    assert uids == sorted(ics.event_uid(demo_kb.talks[i]) for i in (first, second))
    event = next(e for e in calendar.walk("VEVENT") if str(e["UID"]) == f"talk-{first}@talkbase")
    assert event.decoded("DTSTART") == demo_kb.talks[first].start
    rows = list(csv.DictReader(io.StringIO(downloads["talkbase-agenda.csv"].decode())))
    assert {int(r["talk_id"]) for r in rows} == {first, second, untimed}
    assert any("no time in the program" in c.value for c in at.caption)
    link = at.code[0].value
    assert link.startswith("http://localhost:8501/?view=agenda&saved=")
    assert f"saved={saved}" in link and f"skip={skipped}" in link
    # the link, opened elsewhere, restores the same agenda
    params = dict(p.split("=", 1) for p in link.split("?", 1)[1].split("&"))
    fresh = run_app(demo_home, monkeypatch, **params)
    assert sorted(titles(fresh)) == sorted(demo_kb.talks[i].title for i in (first, second, untimed))
    fresh.button_group(key="view").set_value("Search")
    rerun(fresh)
    fresh.text_input(key="q").input("fault-tolerant collectives")
    rerun(fresh)
    assert demo_kb.talks[skipped].title not in titles(fresh)  # still not interested


def test_back_to_a_url_without_the_agenda_keeps_it(demo_home, demo_kb, monkeypatch) -> None:
    from appviews import state, storage

    first, second = same_slot_pair(demo_kb)
    at = run_app(demo_home, monkeypatch, q="kernels", saved=f"{first}-{second}")
    assert at.session_state["agenda"].saved == (first, second)
    # Back lands on the results as they were before anything was saved
    monkeypatch.setattr(state, "_history_navigation", lambda: True)
    del at.query_params["saved"]
    rerun(at)
    assert at.session_state["agenda"].saved == (first, second)  # not emptied by Back
    assert at.query_params["saved"] == f"{first}-{second}"  # and back in that URL
    # what the browser keeps is only ever what an action set
    none = storage.Agenda()
    assert storage.restore(none.save(first), [], none) == (none.save(first), None)
    kept_then_saved = storage.restore(none.save(first), [(1, ("save", second))], none)
    assert kept_then_saved[0].saved == (first, second)  # a save before the read is kept


def test_share_link_ignores_junk_and_keeps_ids_the_base_lacks(
    demo_home, demo_kb, monkeypatch
) -> None:
    known = next(iter(demo_kb.talks))
    at = run_app(demo_home, monkeypatch, view="agenda", saved=f"12-{known}-x")
    # an id the base does not hold is named as no longer in the program, never dropped
    assert titles(at) == [demo_kb.talks[known].title, present.gone_title(12)]
    assert at.query_params["saved"] == f"12-{known}"


# -- browse ------------------------------------------------------------------------------


def grid_html(at: AppTest) -> str:
    (component,) = [c for c in at.get("bidi_component") if "talkbase_grid" in str(c.proto)]
    return json.loads(component.proto.json)


def test_program_is_a_time_grid_with_durations_saved_and_clashing_talks(
    demo_home, demo_kb, monkeypatch
) -> None:
    first, second = same_slot_pair(demo_kb)
    lone = next(
        t
        for t in sorted(demo_kb.talks.values(), key=lambda t: t.id)
        if t.start
        and t.day == demo_kb.talks[first].day
        and t.id not in (first, second)
        and not timetable.clashes(t, [demo_kb.talks[first]])
    )
    at = run_app(
        demo_home,
        monkeypatch,
        view="program",
        date=demo_kb.talks[first].day.isoformat(),
        saved=f"{first}-{second}-{lone.id}",
    )
    page = grid_html(at)
    day = [t for t in demo_kb.talks.values() if t.day == demo_kb.talks[first].day]
    rooms = re.findall(r'role="columnheader"[^>]*>([^<]*)<', page)
    assert sorted(rooms) == sorted({t.room for t in day}) and len(rooms) == len(set(rooms))
    for t in day:  # every talk is a box spanning its duration, with its speakers
        box = re.search(
            rf'<div class="tb-b ([^"]*)"[^>]*data-talk="{t.id}"[^>]*'
            r'style="grid-row:(\d+) / span (\d+);[^"]*">(.*?)</div></div>',
            page,
        )
        assert box, t.title
        assert present.minutes(t.duration_minutes) in box.group(4)
        assert html.escape(t.speakers[0].name) in box.group(4)
        assert int(box.group(3)) * 5 >= t.duration_minutes  # rows of 5 minutes
    assert f'class="tb-b tb-clash" role="button" tabindex="0" data-talk="{first}"' in page
    assert f'class="tb-b tb-saved" role="button" tabindex="0" data-talk="{lone.id}"' in page
    assert "✓ saved" in page and "⚠ saved, clashes" in page
    # the room filter keeps only the rooms chosen, and lives in the URL
    at.multiselect(key="rooms").set_value([lone.room])
    rerun(at)
    assert re.findall(r'role="columnheader"[^>]*>([^<]*)<', grid_html(at)) == [lone.room]
    assert at.query_params["rooms"] == lone.room
    # so does the track preset, and a link brings it back
    track = next(t.track for t in day if t.track)
    at.multiselect(key="grid_tracks").set_value([track])
    rerun(at)
    assert at.query_params["tracks"] == track
    again = run_app(demo_home, monkeypatch, view="program", tracks=f"{track}|No such track")
    assert again.multiselect(key="grid_tracks").value == [track]
    assert again.query_params["tracks"] == track and not again.warning
    boxes = re.findall(r'data-talk="(\d+)"', grid_html(again))
    assert boxes and all(demo_kb.talks[int(b)].track == track for b in boxes)


def now_html(at: AppTest) -> str:
    (component,) = [c for c in at.get("bidi_component") if "talkbase_now" in str(c.proto)]
    return json.loads(component.proto.json)


def test_now_and_next_shows_each_rooms_current_and_next_talk(
    demo_home, demo_kb, monkeypatch
) -> None:
    t = next(
        t
        for t in sorted(demo_kb.talks.values(), key=lambda t: (t.start is None, t.start))
        if t.start and t.end
    )
    at = run_app(
        demo_home,
        monkeypatch,
        view="now",
        date=t.day.isoformat(),
        at=f"{t.start:%H:%M}",
        saved=str(t.id),
    )
    assert at.caption[0].value.startswith(f"At {t.start:%H:%M} on ")
    page = now_html(at)
    rooms = re.findall(r'class="tb-nn-room" role="cell">([^<]*)<', page)
    assert html.unescape(rooms[0]) == t.room  # the room of the saved talk comes first
    first_row = page.split('class="tb-nn-row" role="row"')[1]
    assert f'data-talk="{t.id}"' in first_row and html.escape(t.title) in first_row
    assert f"On at {t.start:%H:%M}" in page  # a chosen time, not "On now"


def test_browse_opens_on_tracks_by_day_that_lead_to_the_program(
    demo_home, demo_kb, monkeypatch
) -> None:
    at = run_app(demo_home, monkeypatch, view="browse")
    assert at.button_group(key="browse-view").value == "Tracks by day"
    assert not at.get("vega_lite_chart")  # nothing slow drawn before it is asked for
    (table,) = htmls(at, "tb-byday")
    track = "Kernel Engineering & Domain-Specific Languages"
    mine = [t for t in demo_kb.talks.get_many(demo_kb.talks.ids.tolist()) if t.track == track]
    day = min(t.day for t in mine if t.day)
    first = min(t.start for t in mine if t.day == day)
    row = next(r for r in table.split("<tr>") if f">{html.escape(track)}</th>" in r)
    link = f"?view=program&amp;date={day.isoformat()}&amp;tracks=Kernel+Engineering+%26+"
    assert link in row and f">{first:%H:%M}–" in row, row
    # the link opens that day's program with the track chosen (the URL's own reader)
    at = run_app(demo_home, monkeypatch, view="program", date=day.isoformat(), tracks=track)
    assert list(at.session_state["grid_tracks"]) == [track]
    assert at.query_params["date"] == day.isoformat()


def test_browse_topic_map_and_overview(demo_home, demo_kb, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, view="browse")
    at.button_group(key="browse-view").set_value("Topic map")
    rerun(at)
    assert len(at.get("vega_lite_chart")) == 1
    (said,) = [plain(v) for v in htmls(at, "tb-chart-text")]  # the chart in words too
    assert re.fullmatch(r"Topic map: 71 talks in \d+ topics; largest: .+ \(\d+\)\.", said)
    topic = at.selectbox(key="map-topic")
    topic.select(topic.options[1])
    rerun(at)
    listed = [b.key for b in at.button if b.key and b.key.startswith("map-open-")]
    assert listed  # the talks of that topic are listed, each with its actions
    at.button_group(key="browse-view").set_value("Tracks & organizations")
    rerun(at)
    assert len(at.get("vega_lite_chart")) == 2  # tracks, organizations
    said = [plain(v) for v in htmls(at, "tb-chart-text")]
    assert said[0].startswith("Tracks: ") and "Kernel Engineering" in said[0]
    assert said[1].startswith("Organizations: ") and "most talks: " in said[1]
    tracks = next(d.value for d in at.dataframe if "track" in d.value.columns)
    assert tracks.iloc[0]["track"] == "Kernel Engineering & Domain-Specific Languages"
    assert tracks.iloc[0]["talks"] == 12
    orgs = next(d.value for d in at.dataframe if "organization" in d.value.columns)
    assert "AWS" not in set(orgs["organization"])  # one canonical name per organization
    at.selectbox(key="ov-track").select("Reinforcement Learning Systems")
    rerun(at)
    click(at, "ov-track-go")
    assert at.button_group(key="view").value == "Search"
    assert at.query_params["track"] == "Reinforcement Learning Systems"
    assert len(titles(at)) == 3


# -- links, Back and hostile URLs --------------------------------------------------------


def test_back_returns_from_a_talk_to_the_same_results(demo_home, demo_kb, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="fault-tolerant collectives", loose="1")
    before, url = titles(at), dict(at.query_params)
    assert url == {"q": "fault-tolerant collectives", "loose": "1"}  # the toggle is in the URL
    mccl = id_of(demo_kb, "MCCL")
    click(at, f"result-open-{mccl}")
    assert at.query_params["talk"] == str(mccl)
    at.query_params = url  # what the browser sends after Back (history.back)
    rerun(at)
    assert titles(at) == before and at.toggle(key="loose").value
    assert dict(at.query_params) == url
    at.query_params = {**url, "talk": str(mccl)}  # ... and after Forward
    rerun(at)
    assert plain(htmls(at, "tb-title-big")[0]) == demo_kb.talks[mccl].title


def test_back_returns_to_results_shown_as_deep_as_they_were(demo_home, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="PyTorch")
    assert len(titles(at)) == 10
    url = dict(at.query_params)
    click(at, "more")
    deep = titles(at)
    assert len(deep) > 10 and dict(at.query_params) == url  # "Show more" is not in the URL
    opened = int(
        next(b.key for b in at.button if (b.key or "").startswith("result-open-")).split("-")[-1]
    )
    click(at, f"result-open-{opened}")
    assert at.query_params["talk"] == str(opened)
    at.query_params = url  # Back
    rerun(at)
    assert titles(at) == deep
    at.query_params = {"q": "kernels"}  # another URL, typed: shown from the first page
    rerun(at)
    assert len(titles(at)) == 10
    at.query_params = url  # Back again, to the deep list
    rerun(at)
    assert titles(at) == deep


def test_the_url_is_written_before_the_page_is_drawn(demo_home, demo_kb, monkeypatch) -> None:
    """A page a person sees already has its URL (its own history entry), so Back pressed
    while it is still drawing leaves it; a view and its default day are one entry."""
    import streamlit as st

    from appviews import grid, nownext, talkpage

    events: list[tuple[str, dict[str, str]]] = []
    original = type(st.query_params).from_dict

    def spy(self, params):  # noqa: ANN001, ANN202
        events.append(("url", dict(params)))
        return original(self, params)

    monkeypatch.setattr(type(st.query_params), "from_dict", spy)
    for module in (talkpage, grid, nownext):
        drawn = module.show

        def draw(lib, *args, _drawn=drawn, _name=module.__name__):  # noqa: ANN001, ANN202
            events.append(("drawn", {"page": _name}))
            return _drawn(lib, *args)

        monkeypatch.setattr(module, "show", draw)
    at = run_app(demo_home, monkeypatch, q="fault-tolerant collectives")
    mccl = id_of(demo_kb, "MCCL")
    events.clear()
    click(at, f"result-open-{mccl}")
    assert [e[0] for e in events] == ["url", "drawn"], events
    assert events[0][1].get("talk") == str(mccl)
    for view, param, default in (("Program", "program", "date"), ("Now & next", "now", "at")):
        events.clear()
        at.button_group(key="view").set_value(view)  # leaves the talk page too
        rerun(at)
        assert [e[0] for e in events] == ["url", "drawn"], events
        assert events[0][1]["view"] == param and events[0][1][default]


@pytest.mark.parametrize(
    "params",
    [
        {"talk": "\u00b2"},
        {"saved": "\u00b2", "view": "agenda"},
        {"talk": "9" * 5000},
        {"speaker": "\u202eNobody"},
        {"org": "\ufffd\u0301\u200b"},
        {"date": "2026-02-30", "view": "program"},
        {"at": "99:99", "view": "now"},
        {"view": "agenda", "print": "1", "saved": "1-2-3"},
    ],
)
def test_hostile_links_give_a_notice_never_a_traceback(demo_home, monkeypatch, params) -> None:
    at = run_app(demo_home, monkeypatch, **params)
    assert not at.exception and at.button_group(key="view").value
    shown = " ".join(plain(v) for v in htmls(at, "tb-warn"))
    if "talk" in params:
        assert "No talk has the id" in shown and len(shown) < 400
    assert "Traceback" not in shown and "/work/" not in shown


@pytest.mark.parametrize(
    "name",
    [
        "q",
        "by",
        "from",
        "track",
        "room",
        "day",
        "time",
        "conference",
        "speaker",
        "org",
        "date",
        "at",
        "rooms",
        "talk",
        "saved",
    ],
)
@pytest.mark.parametrize("size", [1_000_000, 400_000])  # streamlit drops a URL over 512 KB
def test_a_huge_link_parameter_is_at_most_a_short_notice(
    demo_home, monkeypatch, name, size
) -> None:
    huge = ("kernel " * (size // 7 + 1))[:size]
    at = run_app(demo_home, monkeypatch, **{name: huge})
    assert not at.exception and at.button_group(key="view").value
    for notice in (plain(v) for v in htmls(at, "tb-warn")):
        assert len(notice) < 300 and "Traceback" not in notice
    assert not at.error  # no error box either: the value is dropped or cut, never a failure


def test_arbitrary_query_parameters_through_the_app(demo_home, monkeypatch) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as hst

    names = hst.sampled_from(
        [
            "q",
            "talk",
            "view",
            "speaker",
            "org",
            "saved",
            "skip",
            "day",
            "from",
            "by",
            "track",
            "loose",
            "date",
            "at",
            "rooms",
            "x",
        ]
    )

    @settings(
        max_examples=25,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(hst.dictionaries(names, hst.text(max_size=60), max_size=4))
    def check(params: dict[str, str]) -> None:
        params = {k: v.encode("utf-8", "replace").decode("utf-8") for k, v in params.items()}
        run_app(demo_home, monkeypatch, **params)  # asserts no exception escaped

    check()


# -- query understanding ------------------------------------------------------------------


def test_what_the_search_read_shows_as_removable_chips_and_can_be_turned_off(
    demo_home, monkeypatch
) -> None:
    at = run_app(demo_home, monkeypatch, q="kernels on wednesday afternoon by NVIDIA")
    chips = at.button_group(key="chips")
    labels = [plain(o) for o in chips.options]
    assert [x.split(" :material")[0].replace("\\", "") for x in labels] == [
        "Wednesday",
        "afternoon",
        "org: NVIDIA",
    ]
    narrowed = titles(at)
    chips.set_value(0)  # drop "on wednesday"
    rerun(at)
    assert at.query_params["q"] == "kernels afternoon by NVIDIA"
    assert len(at.button_group(key="chips").options) == 2
    at.toggle(key="literal").set_value(True)
    rerun(at)
    assert at.query_params["literal"] == "1" and not any(b.key == "chips" for b in at.button_group)
    assert len(titles(at)) > len(narrowed)


def test_the_app_says_when_it_puts_talks_for_newcomers_first(demo_home, monkeypatch) -> None:
    note = "Talks for newcomers first, as the query asks where to start."
    at = run_app(demo_home, monkeypatch, q="getting started with PyTorch")
    assert note in [plain(v) for v in htmls(at, "tb-why")]
    assert titles(at)[0].startswith("From Scratch to PyTorch")  # the demo's one such talk
    at = run_app(demo_home, monkeypatch, q="PyTorch compiler internals")
    assert note not in [plain(v) for v in htmls(at, "tb-why")]


def test_a_corrected_query_can_be_searched_as_typed_and_corrected_again(
    demo_home, demo_kb, monkeypatch
) -> None:
    typo = "distribted chekpointing"
    corrected = demo_kb.answer(typo, k=len(demo_kb.talks))
    assert corrected.searched_instead == "distributed checkpointing"
    at = run_app(demo_home, monkeypatch, q=typo)
    why = [plain(v) for v in htmls(at, "tb-why")]
    assert any(w.startswith("Showing results for distributed checkpointing") for w in why)
    assert at.caption[0].value.startswith(f"{corrected.matches} talks match")
    instead = at.button(key="instead")
    assert instead.label == "Search instead for “distribted chekpointing”"
    click(at, "instead")  # the words as typed: none of them is in any talk
    assert at.query_params["literal"] == "1" and not titles(at)
    assert at.info[0].value.startswith("No talk matches your search")
    again = at.button(key="did-you-mean")  # the correction, a tap away (not plain text)
    assert again.label == "Did you mean: distributed checkpointing?"
    assert not any(plain(v).startswith("Did you mean") for v in htmls(at, "tb-why"))
    click(at, "did-you-mean")
    assert at.query_params["q"] == "distributed checkpointing" and titles(at)


def test_highlighted_words_are_the_words_search_matched(demo_home, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="communicating")
    cards = [v for v in htmls(at, "tb-title") if "Communication" in v]
    assert cards and all("<mark>Communication</mark>" in v for v in cards)  # Porter: commun


# -- speakers and organizations ----------------------------------------------------------


def test_speaker_page_lists_talks_affiliations_and_co_speakers(
    demo_home, demo_kb, monkeypatch
) -> None:
    at = run_app(demo_home, monkeypatch, speaker="Ben Carver")
    assert plain(htmls(at, "tb-title-big")[0]).endswith("Ben Carver")
    assert titles(at) == [demo_kb.talks[id_of(demo_kb, "MCCL")].title]
    assert "Affiliation: Meta" in texts(at)
    monarch = next(t for t in demo_kb.talks.values() if t.title.startswith("Monarch"))
    who = monarch.speakers[0].name
    at = run_app(demo_home, monkeypatch, speaker=who.upper())
    co = at.button_group(key="speaker-co").options
    assert all(any(s.name in o for o in co) for s in monarch.speakers if s.name != who)
    at.button_group(key="speaker-co").set_value(monarch.speakers[1].name)
    rerun(at)
    assert at.query_params["speaker"] == monarch.speakers[1].name


def test_organization_page_is_one_page_for_every_spelling(demo_home, demo_kb, monkeypatch) -> None:
    pages = [
        run_app(demo_home, monkeypatch, org=name)
        for name in ("AWS", "Amazon Web Services", "amazon")
    ]
    shown = [(plain(htmls(a, "tb-title-big")[0]), titles(a)) for a in pages]
    assert shown[0] == shown[1] == shown[2] and shown[0][0].endswith("Amazon Web Services")
    assert all(a.query_params["org"] == "Amazon Web Services" for a in pages)
    spellings = next(t for t in texts(pages[0]) if t.startswith("Written in the program as"))
    assert "AWS" in spellings and "Amazon Web Services" in spellings
    aws = [
        t
        for t in demo_kb.talks.values()
        if any(s.affiliation in ("AWS", "Amazon") for s in t.speakers)
    ]
    assert aws and {t.title for t in aws} <= set(shown[0][1])
    # the search facet counts the same talks under the one name
    at = run_app(demo_home, monkeypatch)
    options = at.sidebar.selectbox(key="f_org").options
    assert not any(o.startswith("AWS (") for o in options)
    at.sidebar.selectbox(key="f_org").select("Amazon Web Services")
    rerun(at)
    while any(b.key == "more" for b in at.button):
        click(at, "more")
    assert sorted(titles(at)) == sorted(shown[0][1])
    assert at.query_params["from"] == "Amazon Web Services"


def test_cards_link_speakers_and_organizations(demo_home, demo_kb, monkeypatch) -> None:
    mccl = id_of(demo_kb, "MCCL")
    at = run_app(demo_home, monkeypatch, talk=str(mccl))
    links = at.button_group(key=f"page-who-{mccl}")
    assert [o.split(": ", 1)[-1] for o in links.options] == ["Ben Carver", "Meta"]
    links.set_value("o:Meta")
    rerun(at)
    assert at.query_params["org"] == "Meta" and "talk" not in at.query_params
    assert "Ben Carver" in " ".join(b for b in at.button_group(key="org-people").options)


def test_a_card_names_each_speaker_once_and_save_is_a_secondary_button(
    demo_home, demo_kb, monkeypatch
) -> None:
    mccl = id_of(demo_kb, "MCCL")
    at = run_app(demo_home, monkeypatch, q="MCCL fault-tolerant collectives")
    title = demo_kb.talks[mccl].title
    block = next(plain(h.value) for h in at.get("html") if title in plain(h.value))
    assert block.count("Ben Carver") == 1  # in the speakers line
    chips = at.button_group(key=f"result-who-{mccl}").options
    assert [o.split(": ", 1)[-1] for o in chips] == ["Meta"]  # the organization's link
    assert all("Ben Carver" not in o for o in chips)
    save = at.button(key=f"result-save-{mccl}")
    assert save.proto.type == "secondary"


def test_every_button_has_a_label_and_a_help_text(demo_home, demo_kb, monkeypatch) -> None:
    first, second = same_slot_pair(demo_kb)
    for params in (
        {"q": "kernels"},
        {"talk": str(first)},
        {"view": "agenda", "saved": f"{first}-{second}"},
    ):
        at = run_app(demo_home, monkeypatch, **params)
        for b in at.button:
            assert b.label.strip() and b.help, (params, b.key)


def test_agenda_counts_read_as_words_and_print_one_page_per_day(
    demo_home, demo_kb, monkeypatch
) -> None:
    days = {}
    for t in sorted(demo_kb.talks.values(), key=lambda t: t.id):
        if t.start and t.end:
            days.setdefault(t.day, t)
    ids = [t.id for t in days.values()][:2]
    at = run_app(demo_home, monkeypatch, view="agenda", saved="-".join(map(str, ids)))
    assert at.caption[0].value == "2 saved talks."
    assert len(at.get("vega_lite_chart")) == 2
    at.toggle(key="print").set_value(True)
    rerun(at)
    page = next(v for v in (h.value for h in at.get("html")) if 'class="tb-day"' in v)
    assert page.count('class="tb-day"') == 2 and at.query_params["print"] == "1"
    assert "break-before: page" in render_css()


def render_css() -> str:
    from appviews import render

    return render.CSS


def test_a_5000_character_word_wraps_inside_its_card() -> None:
    css = render_css()
    assert re.search(r"\.tb-title[^{]*\{[^}]*overflow-wrap: anywhere", css)


# -- program text is never code ---------------------------------------------------------


def _assert_inert(at: AppTest) -> None:
    markdown_like = [
        e.value
        for kind in (
            "markdown",
            "caption",
            "title",
            "header",
            "subheader",
            "info",
            "warning",
            "error",
            "success",
        )
        for e in at.get(kind)
    ]
    for value in markdown_like:  # program text never reaches a Markdown element
        assert "pwned" not in value and "Mallory" not in value and "Evil" not in value
    for h in at.get("html"):
        body = "" if h.value == render_css() else h.value  # the app's own style sheet
        tags = set(re.findall(r"</?([a-zA-Z][\w-]*)", body))
        assert tags <= {"div", "span", "mark", "strong", "table", "tr", "td", "br"}, tags


def test_malicious_talk_is_shown_as_text(evil_home, monkeypatch) -> None:
    home, tid = evil_home
    at = run_app(home, monkeypatch, q="collective")
    assert EVIL_TITLE in titles(at)
    escaped = next(v for v in htmls(at, "tb-title") if "pwned" in v)
    assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in escaped
    assert 'Mallory <img src=x onerror="window.pwned=2"> (Evil <b>Corp</b>)' in texts(at)
    _assert_inert(at)
    orgs = at.sidebar.selectbox(key="f_org").options
    assert "Evil <b>Corp</b> (1)" in orgs  # option labels are plain text

    click(at, f"result-open-{tid}")
    _assert_inert(at)
    assert (
        "<script>document.title='pwned'</script> # Heading $x^2$ "
        "<style>body{display:none}</style>" in texts(at)
    )
    assert any(plain(v) == EVIL_TITLE for v in htmls(at, "tb-title-big"))
    click(at, f"page-save-{tid}")
    at.button_group(key="view").set_value("My agenda")
    rerun(at)
    _assert_inert(at)
    at.button_group(key="view").set_value("Browse")
    rerun(at)
    _assert_inert(at)


def test_a_talk_page_links_the_programs_page_and_its_links(tmp_path, monkeypatch) -> None:
    """Issue 39: the program's own page for a talk (frab `url`), its video and slides are
    links that open in a new tab, never plain text; a non-web address is never a link."""
    import json as _json

    from talkbase.cli import main as cli

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    program = {
        "schedule": {
            "conference": {
                "title": "Linkconf",
                "days": [
                    {
                        "date": "2031-05-06",
                        "rooms": {
                            "Hall A": [
                                {
                                    "guid": "a1",
                                    "title": "Streams that never stall",
                                    "date": "2031-05-06T10:00:00+02:00",
                                    "start": "10:00",
                                    "duration": "00:30",
                                    "room": "Hall A",
                                    "abstract": "Backpressure in practice.",
                                    "persons": [{"public_name": "Ann Lee"}],
                                    "url": "https://linkconf.example/talk/a1",
                                    "links": [
                                        {"url": "https://video.example/a1.mp4", "title": "Video"},
                                        {"url": "javascript:alert(1)", "title": "Evil"},
                                    ],
                                }
                            ]
                        },
                    }
                ],
            }
        }
    }
    path = tmp_path / "schedule.json"
    path.write_text(_json.dumps(program), encoding="utf-8")
    home = tmp_path / "home"
    assert cli(["--home", str(home), "ingest", str(path)]) == 0
    at = run_app(home, monkeypatch, q="streams")
    tid = next(b.key for b in at.button if b.key and b.key.startswith("result-open-"))
    click(at, tid)
    links = " ".join(h.value for h in at.get("html") if "tb-links" in h.value)
    assert 'href="https://linkconf.example/talk/a1"' in links
    assert 'href="https://video.example/a1.mp4"' in links and ">Video<" in links
    assert 'rel="noopener noreferrer"' in links and 'target="_blank"' in links
    assert "javascript:" not in links
    assert "https://linkconf.example/talk/a1" not in texts(at)  # a link, not a note to read


def test_the_search_box_and_filters_follow_the_program(tmp_path, monkeypatch) -> None:
    """Issue 39: the placeholder was the demo's ("running PyTorch on TPUs") on every
    program, and the Organization filter offered only "Any" where no talk names one."""
    import json as _json

    from appviews.library import placeholder
    from talkbase.cli import main as cli

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    lines = [
        {
            "title": f"Talk {i}",
            "abstract": "About things.",
            "speakers": f"Person {i}",
            "track": track,
            "start": f"2031-05-06T{10 + i}:00:00+02:00",
            "room": "Hall A",
        }
        for i, track in enumerate(["Rust devroom", "Rust devroom", "Go devroom", "Kernel devroom"])
    ]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(_json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    home = tmp_path / "home"
    assert cli(["--home", str(home), "ingest", str(path)]) == 0
    at = run_app(home, monkeypatch)
    box = at.text_input(key="q")
    assert box.placeholder.startswith("e.g. rust") and "PyTorch" not in box.placeholder
    labels = [s.label for s in at.sidebar.selectbox]
    assert "Track" in labels and not any(lab.startswith("Organi") for lab in labels), labels
    assert placeholder([]) == "e.g. a topic, a speaker's name, a day"


def test_nonsense_words_get_one_word_not_two_that_disagree(demo_home, monkeypatch) -> None:
    """Issue 39: nonsense showed "No close match; nearest talks:" and then "No talk
    matches your search" with nothing between."""
    at = run_app(demo_home, monkeypatch, q="qzxv blorft")
    notes = [plain(v) for v in htmls(at, "tb-why")]
    assert not any(n.startswith("No close match") for n in notes), notes
    assert any("No talk matches your search" in i.value for i in at.info)


def test_now_and_next_filters_are_in_the_link(demo_home, demo_kb, monkeypatch) -> None:
    """Issue 39: Now & next's room and track filters were not in the URL."""
    room = next(t.room for t in demo_kb.talks.values() if t.room)
    at = run_app(demo_home, monkeypatch, view="now", date="2026-10-21", at="11:00", rooms=room)
    (rooms,) = [m for m in at.multiselect if m.label == "Rooms"]
    assert rooms.value == [room]
    assert at.query_params.get("rooms") in (room, [room])
