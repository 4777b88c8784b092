"""Ingest: program documents in, one typed `Talk` per talk out."""

from ingest.detect import parse_path, parse_text
from ingest.formats.registry import names as format_names
from ingest.merge import merge_talks

__all__ = ["format_names", "merge_talks", "parse_path", "parse_text"]
