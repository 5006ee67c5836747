import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** An input's look (exported for inputs laid out apart from their messages, as in a table row). */
export const controlClasses = (invalid: boolean) =>
  `mt-1 block w-full rounded-2xl border-2 bg-white px-4 py-2.5 text-base text-ink shadow-sm placeholder:text-ink-soft/70 focus:border-navy focus:outline-none focus-visible:outline-[3px] focus-visible:outline-offset-0 focus-visible:outline-coral ${
    invalid ? "border-coral" : "border-navy/15"
  }`;

type FieldFrame = {
  name: string;
  label: ReactNode;
  /** Messages for this field from the server; the first is shown. */
  errors?: readonly string[];
  hint?: ReactNode;
  /** Prefix for the element id when one form appears twice on a page. */
  idPrefix?: string;
  className?: string;
};

function useFieldIds({ name, idPrefix }: FieldFrame) {
  const id = `${idPrefix ?? "field"}-${name}`;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

function Frame({
  frame,
  ids,
  required,
  children,
}: {
  frame: FieldFrame;
  ids: ReturnType<typeof useFieldIds>;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={frame.className}>
      {/* The required mark sits beside the label, so the field's name stays exactly its label. */}
      <div className="flex items-baseline gap-1">
        <label htmlFor={ids.id} className="block text-sm font-semibold text-ink">
          {frame.label}
        </label>
        {required ? (
          <span className="text-sm font-bold text-coral" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children}
      {frame.hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-ink-soft">
          {frame.hint}
        </p>
      ) : null}
      {frame.errors?.length ? (
        <p id={ids.errorId} className="mt-1 text-sm font-semibold text-coral-dark">
          {frame.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(frame: FieldFrame, ids: ReturnType<typeof useFieldIds>) {
  return (
    [frame.hint ? ids.hintId : null, frame.errors?.length ? ids.errorId : null].filter(Boolean).join(" ") ||
    undefined
  );
}

/**
 * Splits a field's props into its frame (label, hint, errors) and the control's own attributes,
 * and gives the control what every field's control has: its id, name, classes and ARIA links.
 */
function useField<Rest extends { required?: boolean }>({
  name,
  label,
  errors,
  hint,
  idPrefix,
  className,
  ...rest
}: FieldFrame & Rest) {
  const frame = { name, label, errors, hint, idPrefix, className };
  const ids = useFieldIds(frame);
  return {
    frame: { frame, ids, required: rest.required },
    control: {
      id: ids.id,
      name,
      className: controlClasses(Boolean(errors?.length)),
      "aria-invalid": errors?.length ? true : undefined,
      "aria-describedby": describedBy(frame, ids),
    },
    rest,
  };
}

export function TextField(props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const { frame, control, rest } = useField(props);
  return (
    <Frame {...frame}>
      <input {...control} {...rest} />
    </Frame>
  );
}

export function TextAreaField(props: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const { frame, control, rest } = useField(props);
  return (
    <Frame {...frame}>
      <textarea {...control} rows={4} {...rest} />
    </Frame>
  );
}

export function SelectField({
  options,
  ...props
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> & {
    options: readonly (string | { value: string; label: string })[];
  }) {
  const { frame, control, rest } = useField(props);
  return (
    <Frame {...frame}>
      <select {...control} {...rest}>
        {options.map((option) => {
          const { value, label: text } =
            typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </Frame>
  );
}

/** The exclamation mark in a circle at the start of an alert (decorative: the text says it all). */
export function WarningIcon() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 flex-none" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 13a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** The form-level message of a failed submission (server message or the spec's fallback). */
export function FormAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-3 rounded-2xl border-2 border-coral/30 bg-coral-50 px-4 py-3 text-sm font-semibold text-coral-dark"
    >
      <WarningIcon />
      <p>{message}</p>
    </div>
  );
}
