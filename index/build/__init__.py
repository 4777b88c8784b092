"""Builds: whole and incremental, the caches they reuse and what they report."""
