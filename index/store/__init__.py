"""The knowledge base on disk: the build folder and its manifest, every SQL
statement and every file read and write (tables, vectors, postings, sentences)."""
