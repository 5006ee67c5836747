/**
 * What every grade's yearly fee pays for, by its keys in the enrollment texts
 * (`includes.{key}.title` and `.detail`): the fee accordion lists the titles, /fee-structure all of it.
 */
export const FEE_INCLUDE_KEYS = ["liveClasses", "recordedLessons", "extracurriculars", "progress"] as const;
