import { useActionData, useLocation, useNavigation } from "@remix-run/react";
import { inputProps, type FieldSpec } from "~/domain/field-spec";

/** What an action answers when a submission fails: shown in the re-rendered form. */
export type FormFailure = {
  /** Differs for every answer, so the form re-renders from these values (passwords emptied). */
  id: string;
  message: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
  /**
   * After a public form was sent too soon: the bot-check stamp its `<BotCheck />` carries from
   * now on, which counts as waited for, so sending again goes through (decision 0032).
   */
  formStamp?: string;
};

/** The last failed submission of this route (if any) and whether a submission is under way. */
export function useFormState(intent?: string) {
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const location = useLocation();
  const submitting =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return {
    failure,
    submitting,
    /**
     * Use as the form's `key`: a successful Post/Redirect/Get (new location) and each failed
     * answer remount the form, so it shows the defaults or exactly the values the server kept.
     * A failed answer is keyed by its own id alone: the router shows it while the page's data is
     * read again and gives the page a new location only after, and keyed by both the form was
     * remounted a second time then, dropping a file chosen in between (a test under load did).
     */
    resetKey: failure?.id ?? location.key,
    errorsFor: (field: string) => failure?.errors?.[field],
    valueOf: (field: string, fallback = "") => failure?.values?.[field] ?? fallback,
    /**
     * An input's props from its field (app/domain/forms.ts): name, bounds and type, and its value
     * (what was typed before a failed submission, else `stored`) and errors.
     */
    field: (spec: FieldSpec, stored = "") => ({
      ...inputProps(spec),
      defaultValue: failure?.values?.[spec.name] ?? stored,
      errors: failure?.errors?.[spec.name],
    }),
  };
}
