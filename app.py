"""talkbase web app (Streamlit). Thin: every decision lives in the library.

Run with `talkbase app` or `make run` (which serve the same script from the
installed package, appviews/script/app.py), or `streamlit run app.py` in a
checkout. Binds to localhost by default.

Views: Search (one box, facet filters with live counts), Program (the time grid),
Now & next, My agenda (timeline, overlaps, .ics/.csv, share link) and Browse (topic
map, tracks and organizations); pages for a talk (?talk=ID), a speaker
(?speaker=NAME) and an organization (?org=NAME): one registered page each in
appviews/pages.py. The URL mirrors the state, and Back/Forward move through it:
/?q=fault-tolerant+collectives opens with results, ?saved=ID-ID restores an agenda.
"""

from appviews.main import main

main()
