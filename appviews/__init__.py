"""The app: `main.py` runs one page run, `pages.py` lists the pages (one module each),
`models/` holds the view models. Thin: decisions live in talkbase.service and
talkbase.core.

Every string that comes from a program document is rendered as text (st.text,
dataframes) or escaped HTML (render.py); never as Markdown or raw HTML.
"""
