DROP INDEX "applications_mobile_idx";--> statement-breakpoint
DROP INDEX "applications_child_idx";--> statement-breakpoint
DROP INDEX "applications_email_lower_idx";--> statement-breakpoint
DROP INDEX "demo_requests_mobile_idx";--> statement-breakpoint
DROP INDEX "demo_requests_email_lower_idx";--> statement-breakpoint
CREATE INDEX "applications_mobile_idx" ON "applications" USING btree ("mobile","id");--> statement-breakpoint
CREATE INDEX "applications_child_idx" ON "applications" USING btree (lower("student_name"),"dob","id");--> statement-breakpoint
CREATE INDEX "applications_email_lower_idx" ON "applications" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "demo_requests_mobile_idx" ON "demo_requests" USING btree ("mobile","id");--> statement-breakpoint
CREATE INDEX "demo_requests_email_lower_idx" ON "demo_requests" USING btree (lower("email"),"id");--> statement-breakpoint
-- The same rules (decision 0054), read rule by rule, each from the end of its index (which now
-- ends in the id) and stopping at its five newest live matches; the five newest of those are the
-- five newest of all (a record among them is among its own rule's five newest), each under the
-- first rule it matches. The rules ORed into one bitmap read every match of every rule before
-- sorting: one family's thousandth submission read its 999 earlier ones.
CREATE OR REPLACE FUNCTION duplicate_matches(
  kind record_type, new_id integer, given_mobile text, given_email text, given_name text, given_dob date
) RETURNS TABLE (other_id integer, rule text)
LANGUAGE sql STABLE AS $$
  SELECT m.id, (ARRAY['MOBILE', 'EMAIL', 'CHILD'])[min(m.rule_order)]
  FROM (
    (SELECT a.id, 1 AS rule_order FROM applications a
      WHERE kind = 'APPLICATION' AND a.mobile = given_mobile
        AND a.id <> new_id AND a.merged_into_id IS NULL AND a.anonymised_at IS NULL
      ORDER BY a.id DESC LIMIT 5)
    UNION ALL
    (SELECT a.id, 2 FROM applications a
      WHERE kind = 'APPLICATION' AND lower(a.email) = lower(given_email)
        AND a.id <> new_id AND a.merged_into_id IS NULL AND a.anonymised_at IS NULL
      ORDER BY a.id DESC LIMIT 5)
    UNION ALL
    (SELECT a.id, 3 FROM applications a
      WHERE kind = 'APPLICATION' AND lower(a.student_name) = lower(given_name) AND a.dob = given_dob
        AND a.id <> new_id AND a.merged_into_id IS NULL AND a.anonymised_at IS NULL
      ORDER BY a.id DESC LIMIT 5)
    UNION ALL
    (SELECT d.id, 1 FROM demo_requests d
      WHERE kind = 'DEMO_REQUEST' AND d.mobile = given_mobile
        AND d.id <> new_id AND d.merged_into_id IS NULL AND d.anonymised_at IS NULL
      ORDER BY d.id DESC LIMIT 5)
    UNION ALL
    (SELECT d.id, 2 FROM demo_requests d
      WHERE kind = 'DEMO_REQUEST' AND lower(d.email) = lower(given_email)
        AND d.id <> new_id AND d.merged_into_id IS NULL AND d.anonymised_at IS NULL
      ORDER BY d.id DESC LIMIT 5)
  ) AS m
  GROUP BY m.id
  ORDER BY m.id DESC
  LIMIT 5
$$;
