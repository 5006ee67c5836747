import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * Edit and Delete for one row of an admin list. Delete must be confirmed: with JavaScript the
 * browser's confirm dialog asks before the form posts; without it, Delete is a link to the
 * confirmation step (`deleteTo`, see DeleteConfirmModal), which posts to the same address.
 */
export function RowActions({
  name,
  editTo,
  deleteTo,
  question,
}: {
  /** The record's title: completes the buttons' names for screen readers ("Edit Sports Day"). */
  name: string;
  editTo: string;
  deleteTo: string;
  question: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formAction === deleteTo;
  const hidden = <span className="sr-only"> {name}</span>;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 lg:flex-nowrap lg:justify-start">
      <ButtonLink to={editTo} variant="outline" size="sm" preventScrollReset>
        Edit{hidden}
      </ButtonLink>
      {hydrated ? (
        <Form
          method="post"
          action={deleteTo}
          preventScrollReset
          onSubmit={(event) => {
            if (!window.confirm(question)) event.preventDefault();
          }}
        >
          <Button type="submit" variant="danger" size="sm" pending={deleting} pendingText="Deleting...">
            Delete{hidden}
          </Button>
        </Form>
      ) : (
        <ButtonLink to={deleteTo} variant="danger" size="sm" preventScrollReset>
          Delete{hidden}
        </ButtonLink>
      )}
    </div>
  );
}

/** The confirmation step without JavaScript: the spec's question, what goes, Cancel and Delete. */
export function DeleteConfirmModal({
  title,
  closeTo,
  question,
  name,
}: {
  title: string;
  closeTo: string;
  question: string;
  name: string;
}) {
  const questionId = useId();
  const navigation = useNavigation();
  return (
    <Modal title={title} closeTo={closeTo} describedBy={questionId}>
      <p id={questionId} className="text-lg">
        {question}
      </p>
      <p className="mt-4 rounded-2xl bg-sun-50 px-4 py-3 font-bold text-ink">{name}</p>
      <Form
        method="post"
        preventScrollReset
        className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
      >
        <ButtonLink to={closeTo} variant="outline" preventScrollReset>
          Cancel
        </ButtonLink>
        <Button
          type="submit"
          variant="danger"
          pending={navigation.state === "submitting"}
          pendingText="Deleting..."
        >
          Delete
        </Button>
      </Form>
    </Modal>
  );
}
