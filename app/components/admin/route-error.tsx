import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { ErrorState } from "./states";

/**
 * What an admin page shows when it fails unexpectedly: the message inside the admin frame (menu and
 * top bar keep working), never technical details. Admin routes export it as their ErrorBoundary.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <h1 className="mb-6 text-2xl sm:text-3xl">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <ErrorState
        message={
          notFound
            ? "This admin page does not exist. Choose a screen from the menu."
            : "Sorry, this screen could not be shown just now. Please try again in a moment."
        }
      >
        <ButtonLink to="/admin" variant="outline">
          Go to the dashboard
        </ButtonLink>
      </ErrorState>
    </>
  );
}
