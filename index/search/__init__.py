"""Search: reading the query, the rankers, fusion, evidence and the match rule."""
