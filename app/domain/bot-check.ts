/** The two fields `<BotCheck />` renders into a public form and the server checks. */
export const BOT_CHECK_FIELDS = {
  /** Hidden from people and assistive technology; a bot filling every input fills it. */
  honeypot: "website",
  /** When the server rendered the form, signed so a client cannot make it older. */
  stamp: "formStamp",
} as const;

/**
 * A person needs well over a second between seeing an enquiry form and sending it; a script
 * posting right after fetching the page needs milliseconds. A person who is quicker (the browser
 * filled every field) is only asked to send again, never refused. See
 * docs/decisions/0009-bot-check-on-public-forms.md and 0032-bot-check-never-refuses-a-person.md.
 */
export const DEFAULT_FORM_MIN_FILL_MS = 1_500;
