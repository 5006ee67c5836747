import { useActionData, useNavigation } from "@remix-run/react";

/** What an action answers when a submission fails: shown in the re-rendered form. */
export type FormFailure = {
  message: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
};

/** The last failed submission of this route (if any) and whether a submission is under way. */
export function useFormState(intent?: string) {
  const failure = useActionData<FormFailure>() as FormFailure | undefined;
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return {
    failure,
    submitting,
    errorsFor: (field: string) => failure?.errors?.[field],
    valueOf: (field: string, fallback = "") => failure?.values?.[field] ?? fallback,
  };
}
