import { useRouteFailure } from "~/components/site-error";
import { ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { MESSAGES } from "~/domain/messages";

/**
 * What an admin modal route (edit form, delete question) shows when it cannot open: over the
 * list, the service's message for a record that does not exist ('Post not found.'), otherwise a
 * friendly line without details; the way out is back to the list.
 */
export function ModalRouteError({ closeTo }: { closeTo: string }) {
  const { notFound, serviceMessage } = useRouteFailure();
  const texts = MESSAGES.errorPage;
  return (
    <Modal title={notFound ? texts.modalNotFoundTitle : texts.failedTitle} closeTo={closeTo}>
      <p role="alert" className="font-semibold text-coral-dark">
        {serviceMessage ?? texts.modalFailedText}
      </p>
      <ButtonLink to={closeTo} variant="outline" className="mt-6" preventScrollReset>
        Back to the list
      </ButtonLink>
    </Modal>
  );
}
