"""A talk as a card: what it is, who gives it, why it matched, how it sits with my
agenda, actions. Every button carries a label and a help text (screen readers).

A card is few elements (page runs are cheap): its text is one escaped HTML block
(`appviews.cardhtml`, whose speakers line names each speaker once), then the
organization chips, then the buttons in one row. A talk's page has the speaker chips."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from appviews import actionnames, cardhtml, render, state
from appviews.models import agenda as agenda_mod
from appviews.models import evidence, people
from talkbase.core import timetable
from talkbase.core.records import Talk, Why
from talkbase.service import query_terms

SPEAKER, ORG = "s:", "o:"
PLACES = {"r:": "room", "t:": "track"}  # a talk page's room and track chips: the facet each opens
_PLACE_ICON = {"room": ":material/meeting_room: Room ", "track": ":material/label: Track "}


def agenda_note(talk: Talk, saved: Sequence[Talk], mark_fit: bool) -> str:
    """One line of HTML on how `talk` sits with the saved talks ("" when nothing to say),
    and for a saved one what the program changed since it was saved (its agenda card's
    words, `agenda.change_note`). "Fits a free slot" is only said when there is an
    agenda to fit into."""
    if any(t.id == talk.id for t in saved):
        note = agenda_mod.change_note(state.saved_as(), talk)
        return render.line_html("✓ In your agenda", "tb-ok") + render.changed_html(note)
    clash = timetable.clashes(talk, saved)
    if clash:
        names = "; ".join(t.title for t in clash[:2]) + ("…" if len(clash) > 2 else "")
        return render.line_html(f"⚠ Clashes with your agenda: {names}", "tb-warn")
    if mark_fit and saved and timetable.fits(talk, saved):
        return render.line_html("Fits a free slot in your agenda", "tb-ok")
    return ""


def similar_terms(seed: Talk, other: Talk) -> tuple[str, ...]:
    """The words of the seed's title that `other` also uses (title or abstract),
    matched the way search evidence is highlighted, but the function words of the
    two talks' languages."""
    terms = query_terms(seed.title, (seed.language, other.language))
    return cardhtml.shared_terms(seed, other, terms)


def similar_reason(seed: Talk, other: Talk, why: Why, shared: Sequence[str] | None = None) -> str:
    """Why a talk is listed as similar: its rank by meaning (by the model's vectors,
    else by the multilingual ones: `index/search/similar.py`), or, where the program's
    structure alone brought it, the track or speaker it shares; and the words it shares
    (`shared`, when the caller has them already)."""
    rank = _similar_rank(seed, other, why)
    shared = similar_terms(seed, other) if shared is None else shared
    words = f" · shares: {', '.join(shared)}" if shared else ""
    return f"Close in meaning to this talk{rank}{words}"


def _similar_rank(seed: Talk, other: Talk, why: Why) -> str:
    if why.dense_rank:
        return f" (#{why.dense_rank} nearest)"
    if any_language := why.ranks.get("multilingual"):
        return f" (#{any_language} nearest in any language)"
    same = [
        *(["same track"] if seed.track and seed.track == other.track else []),
        *(
            ["a speaker in common"]
            if {s.name for s in seed.speakers} & {s.name for s in other.speakers}
            else []
        ),
    ]
    return f" ({', '.join(same)})" if same else ""


def _go(key: str) -> None:
    picked = st.session_state.get(key)
    st.session_state[key] = None
    if not picked:
        return
    if picked.startswith(SPEAKER):
        state.open_speaker(picked[len(SPEAKER) :])
    elif picked.startswith(ORG):
        state.open_org(picked[len(ORG) :])


def _open_place(key: str, conference: str | None) -> None:
    picked = st.session_state.get(key)
    st.session_state[key] = None
    if picked and picked[:2] in PLACES:
        state.open_facet(PLACES[picked[:2]], picked[2:], conference=conference)


def place_links(talk: Talk, ctx: str, conference: bool) -> None:
    """The talk's room and track as chips that list the talks there (Search with that
    filter alone; with `conference`, a base of several, that of its conference too)."""
    options = [p + value for p, name in PLACES.items() if (value := getattr(talk, name))]
    if not options:
        return
    key = f"{ctx}-where-{talk.id}"
    st.pills(
        "Room and track",
        options,
        key=key,
        label_visibility="collapsed",
        on_change=_open_place,
        args=(key, talk.conference if conference else None),
        format_func=lambda o: _PLACE_ICON[PLACES[o[:2]]] + render.md_label(o[2:]),
        help="List the talks in this room or this track",
    )


def people_links(talk: Talk, ctx: str, speakers: bool = True) -> None:
    """The talk's speakers and organizations as chips that open their pages; with
    `speakers` false only the organizations (a card names its speakers in its text
    already, and shows each speaker once)."""
    options = [SPEAKER + s.name for s in talk.speakers] if speakers else []
    orgs = dict.fromkeys(
        o.name for s in talk.speakers for o in people.organizations_of(s.affiliation)
    )
    options += [ORG + name for name in orgs]
    if not options:
        return
    key = f"{ctx}-who-{talk.id}"
    st.pills(
        "Speakers and organizations",
        list(dict.fromkeys(options)),
        key=key,
        label_visibility="collapsed",
        on_change=_go,
        args=(key,),
        format_func=lambda o: (
            (":material/person: " if o.startswith(SPEAKER) else ":material/apartment: ")
            + render.md_label(o[2:])
        ),
        help="Open the page of a speaker (person icon) or an organization (building icon)",
    )


def actions(talk: Talk, ctx: str, open_button: bool = True) -> None:
    """Open / save or remove / not interested, keyed by context so a talk can appear twice."""
    ag = state.agenda()
    row = st.container(horizontal=True, gap="small", key=f"{ctx}-actions-{talk.id}")
    actionnames.name(f"{ctx}-actions-{talk.id}", talk.title)
    if open_button:
        row.button(
            "Open",
            key=f"{ctx}-open-{talk.id}",
            on_click=state.open_talk,
            args=(talk.id,),
            help="Abstract, notes, sources and similar talks",
        )
    if talk.id in ag.saved:
        row.button(
            "Remove from agenda",
            key=f"{ctx}-remove-{talk.id}",
            on_click=state.remove,
            args=(talk.id,),
            help="Take this talk out of My agenda",
        )
    else:
        row.button(
            "Save to agenda",
            key=f"{ctx}-save-{talk.id}",
            type="secondary",  # one of a row of actions, not a loud call
            on_click=state.save,
            args=(talk.id,),
            help="Add this talk to My agenda",
        )
    if talk.id in ag.skipped:
        row.button(
            "Interested again",
            key=f"{ctx}-unskip-{talk.id}",
            on_click=state.unskip,
            args=(talk.id,),
            help="Show this talk in results again",
        )
    else:
        row.button(
            "Not interested",
            key=f"{ctx}-skip-{talk.id}",
            on_click=state.skip,
            args=(talk.id,),
            help="Hide it from results; you can undo",
        )


def compact(talk: Talk, ctx: str, saved: Sequence[Talk]) -> None:
    """A talk in a dense list (Now & next, untimed talks): what, who, when, how it sits
    with the agenda, and one Open button (its page has everything else)."""
    with st.container(border=True, key=f"card-{ctx}-{talk.id}"):
        st.html(cardhtml.block(talk, note=agenda_note(talk, saved, mark_fit=False)))
        actionnames.name(f"{ctx}-open-{talk.id}", talk.title)
        st.button(
            "Open",
            key=f"{ctx}-open-{talk.id}",
            on_click=state.open_talk,
            args=(talk.id,),
            help="Abstract, speakers, actions and similar talks",
        )


def card(
    talk: Talk,
    ctx: str,
    saved: Sequence[Talk],
    why: Why | None = None,
    mark_fit: bool = False,
    seed: Talk | None = None,
) -> None:
    """A talk. `why` explains a search hit; with `seed` it explains a similar talk."""
    terms = similar_terms(seed, talk) if seed else (why.matched_terms if why else ())
    reason = ""
    if seed and why:
        reason = similar_reason(seed, talk, why, terms)
    elif why and why.carried_by:
        words = f" · matched: {', '.join(why.matched_terms)}" if why.matched_terms else ""
        reason = evidence.signal(why) + words
    sentence = why.best_sentence if why else ""
    note = agenda_note(talk, saved, mark_fit)
    with st.container(border=True, key=f"card-{ctx}-{talk.id}"):
        st.html(cardhtml.block(talk, terms, sentence, reason, note))
        people_links(talk, ctx, speakers=False)  # the speakers line names them once
        actions(talk, ctx)


def undo_notice(lib_talks: dict[int, Talk]) -> None:
    """After "Not interested": which talk was hidden, with Undo."""
    tid = st.session_state.get("undo_talk")
    if tid is None or tid not in state.agenda().skipped or tid not in lib_talks:
        return
    with st.container(border=True, key="undo-box"):
        c1, c2 = st.columns([5, 1], vertical_alignment="center")
        c1.html(
            render.line_html(
                f"Hidden: {lib_talks[tid].title}. It no longer shows in results.", "tb-warn"
            )
        )
        c2.button(
            "Undo",
            key=actionnames.UNDO_KEY,
            on_click=state.undo_skip,
            help="Show the talk you just marked not interested again",
        )
