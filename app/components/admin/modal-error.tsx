import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";

/**
 * What an admin modal route (edit form, delete question) shows when it cannot open: over the
 * list, the service's message for a record that does not exist ('Post not found.'), otherwise a
 * friendly line without details; the way out is back to the list.
 */
export function ModalRouteError({ closeTo }: { closeTo: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    notFound && typeof error.data === "string"
      ? error.data
      : "Sorry, this could not be opened just now. Please try again in a moment.";
  return (
    <Modal title={notFound ? "Not found" : "Something went wrong"} closeTo={closeTo}>
      <p role="alert" className="font-semibold text-coral-dark">
        {message}
      </p>
      <ButtonLink to={closeTo} variant="outline" className="mt-6" preventScrollReset>
        Back to the list
      </ButtonLink>
    </Modal>
  );
}
