/**
 * The alt text of a post's or course's image on the public pages (issue 19): the description
 * staff wrote, or the title while there is none (content from before the field keeps working).
 * The API answers the stored value, null included, so a client can tell "none" from a description.
 */
export const imageAltOf = ({ imageAlt, title }: { imageAlt: string | null; title: string }): string =>
  imageAlt ?? title;
