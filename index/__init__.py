"""Index: embeddings in FAISS, metadata in DuckDB, hybrid search on top."""
