-- The PL/pgSQL wrapper of duplicate_matches kept the check's plan for the session while PGlite
-- planned every statement on every call; reached through the pg driver (decision 0055) the
-- submission's prepared statement is planned once per connection on either database, and the
-- statement calls duplicate_matches itself (decision 0054, amended).
DROP FUNCTION possible_duplicates_of(record_type, integer, text, text, text, date);
