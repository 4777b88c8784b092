"""talkbase web app, as installed: `talkbase app` runs this file with Streamlit.

Everything is in `appviews.main` (one run) and `appviews.pages` (the pages).
"""

from appviews.main import main

main()
