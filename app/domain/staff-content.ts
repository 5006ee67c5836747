import { imageAltOf } from "./image-description";
import type { Language } from "./languages";

/**
 * What staff write for a post or a course: its title and text in English, and (issue 37) its own
 * Hindi if they add one, both or neither (the database holds them to it), and an image
 * description, always English.
 */
export type StaffWritten = {
  title: string;
  description: string;
  titleHi: string | null;
  descriptionHi: string | null;
  imageAlt: string | null;
};

/** A post's or course's words as one page shows them, each with the language it is written in. */
export type ShownWords = {
  title: string;
  description: string;
  /** The language of the title and the text. */
  language: Language;
  /** The image's alt: its description, or the title shown while there is none (issue 19). */
  imageAlt: string;
  imageAltLanguage: Language;
};

/**
 * A post or course as a page in `language` shows it: on a Hindi page its Hindi when staff wrote
 * one, otherwise (and on every English page) the English, the one version every record has.
 */
export function shownIn(language: Language, written: StaffWritten): ShownWords {
  const { titleHi, descriptionHi } = written;
  const words =
    language === "hi" && titleHi !== null && descriptionHi !== null
      ? { title: titleHi, description: descriptionHi, language: "hi" as const }
      : { title: written.title, description: written.description, language: "en" as const };
  return {
    ...words,
    imageAlt: imageAltOf({ imageAlt: written.imageAlt, title: words.title }),
    imageAltLanguage: written.imageAlt === null ? words.language : "en",
  };
}

/**
 * The `lang` attribute of staff-written words on a page in `page`: named on a Hindi page, where
 * they may be English or Hindi (a screen reader then reads each in its own voice), left to the
 * page on an English one, where they are always English.
 */
export const writtenLang = (page: Language, written: Language): Language | undefined =>
  page === "en" ? undefined : written;
