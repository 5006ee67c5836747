import { HEARD_ABOUT } from "~/domain/enquiry-sources";
import type { Language } from "~/domain/languages";
import { SOURCE_FIELDS, type VisitSource } from "~/domain/source-fields";
import { ENQUIRY_SOURCE_TEXTS } from "~/domain/texts/enquiry-sources";
import { translator } from "~/domain/translations";
import { sourceOfRequest } from "~/utils/visit-source";

/**
 * What a form page's loader gives its form about where the family came from (issue 40): the
 * visit's source for the hidden fields, and "How did you hear about us?" already in the page's
 * language. Translated here rather than in the component, so the pages' scripts (the home page's
 * enrollment dialog is within a few bytes of its budget) carry no texts for it.
 */
export type SourceForm = {
  values: VisitSource;
  label: string;
  otherLabel: string;
  otherMaxLength: number;
  options: { value: string; label: string }[];
};

export function sourceForm(request: Request, language: Language): SourceForm {
  const t = translator(ENQUIRY_SOURCE_TEXTS, language);
  return {
    values: sourceOfRequest(request),
    label: t("label"),
    otherLabel: t("otherLabel"),
    otherMaxLength: SOURCE_FIELDS.heardAboutOther.maxLength,
    options: [
      { value: "", label: t("choose") },
      ...HEARD_ABOUT.map((value) => ({ value, label: t(`heard.${value}`) })),
    ],
  };
}

/**
 * The same for a page that offers enrollment in a dialog (home, fee structure): only while the
 * dialog is open (`?enroll=`), so the page's every other answer carries nothing of it.
 */
export function enrollmentSourceForm(request: Request, language: Language): SourceForm | null {
  return new URL(request.url).searchParams.has("enroll") ? sourceForm(request, language) : null;
}
