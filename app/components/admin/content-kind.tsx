import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { devanagariFontLinks } from "~/components/layout/devanagari-font";
import type { FormSpec } from "~/domain/field-spec";
import type { Services } from "~/services/index.server";
import type { FormInput } from "~/services/validation";
import { DeleteConfirmModal } from "./content-actions";
import { ContentFormModal, type FormState } from "./content-form";
import { adminMeta } from "./meta";
import { ModalRouteError } from "./modal-error";

/** What the admin screens ask of a content service (blog posts, courses, …). */
type ContentService<Input, Item> = {
  get(id: number): Promise<Item>;
  create(input: Input, image?: Uint8Array): Promise<unknown>;
  update(id: number, input: Input, image?: Uint8Array): Promise<unknown>;
  remove(id: number): Promise<void>;
};

/**
 * One kind of content staff manage from a list with add, edit and delete dialogs. Everything its
 * screens differ in is here: the route modules (`admin.<kind>.new`, `.$id.edit`, `.$id.delete`)
 * are a few lines each, built from this by `contentScreens` (browser) and `contentAdmin` (server).
 */
export type ContentKind<Form extends FormSpec, Item extends Stored, Stored extends { title: string }> = {
  /** The list every dialog opens over and goes back to, e.g. "/admin/blog". */
  listPath: string;
  /** What one record is called in titles: "blog post". */
  noun: string;
  /** In descriptions: "Change a post of the school's blog." */
  one: string;
  home: string;
  newDescription: string;
  /** The submit button's label when adding, e.g. "Add post". */
  addLabel: string;
  messages: Record<
    "saveFailed" | "deleteFailed" | "deleteConfirm" | "created" | "updated" | "deleted",
    string
  >;
  /** The fields the form posts and the service takes (app/domain/forms.ts). */
  form: Form;
  service: (services: Services) => ContentService<FormInput<Form>, Item>;
  /** The dialog's fields; `stored` is the record being edited (undefined when adding). */
  fields: (form: FormState, stored: Stored | undefined) => ReactNode;
};

/** Infers a kind's types from its definition. */
export function defineContentKind<
  Form extends FormSpec,
  Item extends Stored,
  Stored extends { title: string },
>(kind: ContentKind<Form, Item, Stored>) {
  return kind;
}

/** The browser half of a kind's dialogs: the route modules' components, meta and error boundary. */
export function contentScreens<Form extends FormSpec, Item extends Stored, Stored extends { title: string }>(
  kind: ContentKind<Form, Item, Stored>,
) {
  function ContentForm({ stored }: { stored?: Stored }) {
    return (
      <ContentFormModal
        noun={kind.noun}
        editing={stored !== undefined}
        addLabel={kind.addLabel}
        closeTo={kind.listPath}
        failedText={kind.messages.saveFailed}
      >
        {(form) => kind.fields(form, stored)}
      </ContentFormModal>
    );
  }

  function New() {
    return <ContentForm />;
  }
  function Edit() {
    return <ContentForm stored={useLoaderData<Stored>()} />;
  }
  /** The confirmation step for browsers without JavaScript (with it, the list asks with confirm()). */
  function Delete() {
    const { title } = useLoaderData<{ title: string }>();
    return (
      <DeleteConfirmModal
        title={`Delete ${kind.noun}?`}
        closeTo={kind.listPath}
        question={kind.messages.deleteConfirm}
        name={title}
      />
    );
  }
  function ErrorBoundary() {
    return <ModalRouteError closeTo={kind.listPath} />;
  }
  const meta =
    (page: string, description: string): MetaFunction =>
    () =>
      adminMeta(page, description);
  return {
    New,
    Edit,
    Delete,
    ErrorBoundary,
    /** The add and edit forms' `links`: the Devanagari face for the Hindi typed into them. */
    formLinks: devanagariFontLinks,
    newMeta: meta(`New ${kind.noun}`, kind.newDescription),
    editMeta: meta(`Edit ${kind.noun}`, `Change ${kind.one} of ${kind.home}.`),
    deleteMeta: meta(`Delete ${kind.noun}`, `Confirm deleting ${kind.one} of ${kind.home}.`),
  };
}
