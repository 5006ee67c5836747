import { useRouteFailure } from "~/components/site-error";
import { ButtonLink } from "~/components/ui/button";
import { MESSAGES } from "~/domain/messages";
import { ErrorState } from "./states";

/**
 * What an admin page shows when it fails unexpectedly: the message inside the admin frame (menu and
 * top bar keep working), never technical details. Admin routes export it as their ErrorBoundary.
 */
export function AdminRouteError() {
  const { notFound } = useRouteFailure();
  const texts = MESSAGES.errorPage;
  return (
    <>
      <h1 className="mb-6 text-2xl sm:text-3xl">{notFound ? texts.adminNotFoundTitle : texts.failedTitle}</h1>
      <ErrorState message={notFound ? texts.adminNotFoundText : texts.adminFailedText}>
        <ButtonLink to="/admin" variant="outline">
          Go to the dashboard
        </ButtonLink>
      </ErrorState>
    </>
  );
}
