"""Full-text search: analyzers, index generations, queries and the search views (the only whoosh user)."""
