"""The folder of the script Streamlit runs (`app.py`, shipped in the wheel).

Streamlit puts a script's folder first on `sys.path`; nothing else lives here, so
no module of the app can shadow a library's top-level name.
"""
