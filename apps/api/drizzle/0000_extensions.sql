-- Trigram indexes back the accent-insensitive substring searches (names, towns, categories).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
