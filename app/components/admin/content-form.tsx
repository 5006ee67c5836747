import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import type { FieldSpec } from "~/domain/field-spec";
import { MAX_IMAGE_BYTES } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import { useFormState } from "~/utils/forms";
import { ContentThumb } from "./content-thumb";

export type FormState = ReturnType<typeof useFormState>;

/** Title and description: the text every post and course has. */
export function TitleAndDescription({
  form,
  fields,
  stored,
  descriptionHint,
  children,
}: {
  form: FormState;
  /** The form's own title and description fields (app/domain/forms.ts). */
  fields: { title: FieldSpec; description: FieldSpec };
  stored?: { title: string; description: string };
  descriptionHint: string;
  /** Fields between the two (a post's category). */
  children?: ReactNode;
}) {
  return (
    <>
      <TextField {...form.field(fields.title, stored?.title)} label="Title" />
      {children}
      <TextAreaField
        {...form.field(fields.description, stored?.description)}
        label="Description"
        rows={7}
        hint={descriptionHint}
      />
    </>
  );
}

/**
 * A post's or course's own Hindi (issue 37), optional: its /hi pages show it instead of the
 * English once both are given (the server refuses one without the other). The inputs are marked
 * lang="hi", so keyboards, spell-checkers and screen readers take them as Hindi, and set in the
 * Hindi pages' face (the routes link it: `formLinks`); the labels stay English, as the admin does.
 */
export function HindiVersionFields({
  form,
  fields,
  stored,
}: {
  form: FormState;
  /** The form's own Hindi fields (app/domain/forms.ts). */
  fields: { titleHi: FieldSpec; descriptionHi: FieldSpec };
  /** The stored Hindi while editing (null: none). */
  stored?: { titleHi: string | null; descriptionHi: string | null };
}) {
  return (
    <fieldset
      className="grid gap-5 rounded-3xl border border-navy/10 p-5"
      aria-describedby="hindi-version-hint"
    >
      <legend className="px-2 font-bold text-navy">Hindi version</legend>
      <p id="hindi-version-hint" className="text-sm text-ink-soft">
        Shown on the Hindi pages instead of the English when both are filled in. Leave both empty to show the
        English there.
      </p>
      <TextField
        {...form.field(fields.titleHi, stored?.titleHi ?? "")}
        label="Hindi title (optional)"
        lang="hi"
        className="font-hindi"
      />
      <TextAreaField
        {...form.field(fields.descriptionHi, stored?.descriptionHi ?? "")}
        label="Hindi description (optional)"
        lang="hi"
        className="font-hindi"
        rows={7}
      />
    </fieldset>
  );
}

/**
 * The add/edit form of a post or a course, open over its list as a URL (`…/new`, `…/:id/edit`).
 * It posts multipart to its own route; a failed save shows the screen's alert (the spec's text)
 * above the fields and each field's own message beside it.
 */
export function ContentFormModal({
  noun,
  editing,
  addLabel,
  closeTo,
  failedText,
  children,
}: {
  /** What is added or edited, e.g. "blog post": titles the dialog. */
  noun: string;
  editing: boolean;
  /** The submit button's label when adding, e.g. "Add post". */
  addLabel: string;
  closeTo: string;
  /** The spec's alert for a failed save, e.g. 'Failed to save post.'. */
  failedText: string;
  children: (form: FormState) => ReactNode;
}) {
  const form = useFormState();
  return (
    <Modal title={`${editing ? "Edit" : "New"} ${noun}`} closeTo={closeTo} size="lg">
      <Form
        method="post"
        encType="multipart/form-data"
        key={form.resetKey}
        preventScrollReset
        className="grid gap-5"
        aria-describedby={form.failure ? "content-form-error" : undefined}
      >
        <FormAlert id="content-form-error" message={form.failure ? failedText : null} />
        <p className="text-sm text-ink-soft">Fields marked * are required.</p>
        {children(form)}
        <div className="flex flex-col-reverse gap-3 border-t border-navy/10 pt-5 sm:flex-row sm:justify-end">
          <ButtonLink to={closeTo} variant="outline" preventScrollReset>
            Cancel
          </ButtonLink>
          <Button type="submit" pending={form.submitting} pendingText="Saving...">
            {editing ? "Save changes" : addLabel}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

/**
 * The image's description (issue 19), the picture's alt text on the public pages. Optional: left
 * empty, the title stands in, so older records need no edit; emptying it goes back to the title.
 */
export function ImageDescriptionField({
  form,
  field,
  stored,
}: {
  form: FormState;
  /** The form's own `imageAlt` field (app/domain/forms.ts). */
  field: FieldSpec;
  /** The stored description while editing (null: none). */
  stored?: string | null;
}) {
  return (
    <TextField
      {...form.field(field, stored ?? "")}
      label="Image description"
      hint="What the picture shows, for people who cannot see it. Leave empty to use the title."
    />
  );
}

const SIZE_HINT = `A photo or picture up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;

/**
 * The image file input. Editing shows the current picture and the spec's 'Leave blank to keep
 * existing' (blog posts keep theirs the same way). Files cannot be kept across a failed save.
 */
export function ImageField({
  form,
  current,
  required = false,
}: {
  form: FormState;
  /** The stored image while editing (null: the record has none); undefined when adding. */
  current?: string | null;
  required?: boolean;
}) {
  const editing = current !== undefined;
  return (
    <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
      {editing ? (
        <figure className="flex flex-col items-start gap-1">
          <ContentThumb src={current} />
          <figcaption className="text-xs font-semibold text-ink-soft">Current image</figcaption>
        </figure>
      ) : null}
      <TextField
        name="image"
        label={required ? "Image" : "Image (optional)"}
        type="file"
        accept="image/*"
        required={required}
        hint={editing ? MESSAGES.courses.keepImage : SIZE_HINT}
        errors={form.errorsFor("image")}
      />
    </div>
  );
}
