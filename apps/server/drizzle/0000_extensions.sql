-- Trigram indexes serve the case-insensitive substring search on usernames and full names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
