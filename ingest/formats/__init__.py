"""One module per program format; `ingest.detect` picks the parser for a document."""
