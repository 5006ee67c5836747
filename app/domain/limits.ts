/** Text length bounds shared by the server schemas and the form inputs' maxLength. */
export const LIMITS = {
  name: 100,
  email: 254,
  password: { min: 8, max: 128 },
  title: 200,
  category: 60,
  description: 20_000,
  address: 500,
  phone: 30,
  /** A mobile number as typed: ten digits with a +91 and spaces, brackets or dashes fit. */
  mobile: 20,
  preferredDateTime: 100,
  city: 100,
  /** A teacher's experience, in a sentence. */
  experience: 200,
  message: 2_000,
  /** An image's description (its alt text): a sentence or two, as screen-reader guidance advises. */
  imageAlt: 250,
  /** A staff note on a record's history (issue 19): a few paragraphs. */
  note: 2_000,
} as const;

/** Largest image an upload may be (bytes). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Largest CV a teacher may send with the Teachers form (bytes): a PDF of a few pages, photos included. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;

/**
 * Largest text field of a multipart upload form (bytes), for the API and the admin forms alike:
 * room for the longest description in any script (up to 4 bytes a character), far below memory trouble.
 */
export const MAX_FORM_FIELD_BYTES = 100 * 1024;

/** How long a password reset link works: the auth service sets it, the login page says it. */
export const RESET_LINK_MINUTES = 60;
