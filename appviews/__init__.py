"""The Streamlit views of app.py. Thin: decisions live in talkbase.* and index.*.

Every string that comes from a program document is rendered as text (st.text,
dataframes) or escaped HTML (render.py); never as Markdown or raw HTML.
"""
