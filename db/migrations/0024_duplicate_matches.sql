-- The duplicate check's rules (issue 40 point 4, decision 0054), written once: the earlier live
-- records (neither merged away nor anonymised) of a submission's kind that match it by mobile
-- number, e-mail address or (applications) child's name with date of birth, the newest first, at
-- most five, each under the first rule it matches. A single SELECT in LANGUAGE sql, STABLE: the
-- planner inlines it, so EXPLAIN of a call shows each rule's index probe (ORed into one bitmap).
CREATE FUNCTION duplicate_matches(
  kind record_type, new_id integer, given_mobile text, given_email text, given_name text, given_dob date
) RETURNS TABLE (other_id integer, rule text)
LANGUAGE sql STABLE AS $$
  (SELECT a.id,
      CASE WHEN a.mobile = given_mobile THEN 'MOBILE'
           WHEN lower(a.email) = lower(given_email) THEN 'EMAIL'
           ELSE 'CHILD' END
    FROM applications a
    WHERE kind = 'APPLICATION'
      AND (a.mobile = given_mobile OR lower(a.email) = lower(given_email)
           OR (lower(a.student_name) = lower(given_name) AND a.dob = given_dob))
      AND a.id <> new_id AND a.merged_into_id IS NULL AND a.anonymised_at IS NULL
    ORDER BY a.id DESC LIMIT 5)
  UNION ALL
  (SELECT d.id, CASE WHEN d.mobile = given_mobile THEN 'MOBILE' ELSE 'EMAIL' END
    FROM demo_requests d
    WHERE kind = 'DEMO_REQUEST'
      AND (d.mobile = given_mobile OR lower(d.email) = lower(given_email))
      AND d.id <> new_id AND d.merged_into_id IS NULL AND d.anonymised_at IS NULL
    ORDER BY d.id DESC LIMIT 5)
$$;
--> statement-breakpoint
-- The same, called from PL/pgSQL, whose statements keep their plan for the session: PGlite plans
-- every statement a client sends on every call (no named prepared statements), and the rules
-- planned inside each submission's statement were a fifth of its cost there. STABLE: it reads
-- the tables as the submission's statement found them, so the new record never matches itself.
CREATE FUNCTION possible_duplicates_of(
  kind record_type, new_id integer, given_mobile text, given_email text, given_name text, given_dob date
) RETURNS TABLE (other_id integer, rule text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT m.other_id, m.rule
    FROM duplicate_matches(kind, new_id, given_mobile, given_email, given_name, given_dob) AS m;
END
$$;
