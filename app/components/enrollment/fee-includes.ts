import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";

/**
 * What every grade's yearly fee pays for, by its keys in the enrollment texts
 * (`includes.{key}.title` and `.detail`): the fee accordion lists the titles, /fee-structure all of it.
 */
export const FEE_INCLUDE_KEYS = ["liveClasses", "recordedLessons", "extracurriculars", "progress"] as const;

/** The same list in English, as /fee-structure shows it. */
export const FEE_INCLUDES = FEE_INCLUDE_KEYS.map((key) => ({
  title: ENROLLMENT_TEXTS.en[`includes.${key}.title`],
  detail: ENROLLMENT_TEXTS.en[`includes.${key}.detail`],
}));
