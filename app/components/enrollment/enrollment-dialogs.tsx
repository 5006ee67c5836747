import { useLocation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { gradeFromSlug } from "~/domain/grades";
import type { GradeFee } from "~/services/grades.server";
import type { loader as rootLoader } from "~/root";
import { EnrollmentConfirmation } from "./enrollment-confirmation";
import { EnrollmentForm } from "./enrollment-form";

/**
 * The dialogs of a page that offers enrollment, both addressed by URL so they work without
 * JavaScript: `?enroll={grade slug}` opens the form (an unknown slug opens nothing), and the
 * flash left by a successful enrollment opens its confirmation. Both close to the bare page.
 */
export function EnrollmentDialogs({ fees }: { fees: readonly GradeFee[] }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const confirmed = useRouteLoaderData<typeof rootLoader>("root")?.flash?.enrollment;
  if (confirmed) return <EnrollmentConfirmation enrollment={confirmed} closeTo={pathname} />;

  const grade = gradeFromSlug(params.get("enroll") ?? "");
  const chosen = fees.find((entry) => entry.grade === grade);
  return chosen ? <EnrollmentForm grade={chosen.grade} fee={chosen.fee} closeTo={pathname} /> : null;
}
