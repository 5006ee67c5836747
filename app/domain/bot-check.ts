/** The two fields `<BotCheck />` renders into a public form and the server checks. */
export const BOT_CHECK_FIELDS = {
  /** Hidden from people and assistive technology; a bot filling every input fills it. */
  honeypot: "website",
  /** When the server rendered the form, signed so a client cannot make it older. */
  stamp: "formStamp",
} as const;
