"""Ingest: program documents in, one typed `Talk` per talk out."""

from ingest.detect import PARSERS, parse_path, parse_text
from ingest.merge import merge_talks

__all__ = ["PARSERS", "merge_talks", "parse_path", "parse_text"]
