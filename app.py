"""talkbase web app (Streamlit). Thin: every decision lives in the library.

Run with `talkbase app` or `make run`. Binds to localhost by default.
"""

from __future__ import annotations

import streamlit as st

from index.filters import Filters
from index.search import KnowledgeBase
from talkbase import settings
from talkbase.errors import KnowledgeBaseMissing, TalkbaseError

st.set_page_config(page_title="talkbase", page_icon="🎤", layout="wide")


@st.cache_resource(show_spinner="Opening the knowledge base…")
def open_kb(home: str) -> KnowledgeBase:
    kb = KnowledgeBase(home)
    kb.embedder  # noqa: B018 - load the model once, with the knowledge base
    return kb


def main() -> None:
    home = str(settings.home())
    try:
        kb = open_kb(home)
    except KnowledgeBaseMissing:
        st.title("talkbase")
        st.info(f"No knowledge base in `{home}` yet. Build the demo one with "
                "`talkbase ingest data/programs` (or `make run`), then reload this page.")
        return
    except TalkbaseError as exc:
        st.error(exc.sentence())
        return
    st.title("talkbase")
    query = st.text_input("What are you interested in?", value=st.query_params.get("q", ""),
                          placeholder="talks about fault-tolerant collectives")
    if not query:
        st.caption(f"{len(kb.talks)} talks. Type what you care about in plain words.")
        return
    st.query_params["q"] = query
    try:
        hits = kb.search(query, 10, Filters())
    except TalkbaseError as exc:
        st.error(exc.sentence())
        return
    for hit in hits:
        t = hit.talk
        with st.container(border=True):
            st.subheader(t.title, anchor=False)
            who = ", ".join(f"{s.name} ({s.affiliation})" if s.affiliation else s.name
                            for s in t.speakers)
            when = f"{t.start:%a %d %b %H:%M}–{t.end:%H:%M}" if t.start and t.end else "time not given"
            st.text(f"{who}\n{when} · {t.room or 'room not given'} · {t.track or ''}")
            if hit.why.best_sentence:
                st.text(hit.why.best_sentence)
            if hit.why.matched_terms:
                st.caption("matched: " + ", ".join(hit.why.matched_terms))


main()
