/**
 * WhatsApp and SMS updates to families (issue 39): what can be sent, on which channel, and the
 * life of one message. The e-mails stay the mail outbox's; these are the short updates that follow
 * the same events on the channels families read.
 */

/** WhatsApp through Meta's WhatsApp Cloud API; SMS through MSG91's Flow API (DLT templates). */
export const UPDATE_CHANNELS = ["WHATSAPP", "SMS"] as const;
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number];

/**
 * The updates a family can get (issue 39 point 2), plus the two answers to a STOP or START sent
 * on WhatsApp. Each is one approved template per channel and language.
 */
export const UPDATE_KINDS = [
  "applicationReceived",
  "applicationStatusChanged",
  "demoReceived",
  "demoConfirmed",
  "offerMade",
  "offerLapsing",
  "paymentReceived",
  "paymentFailed",
  "optedOut",
  "optedIn",
] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

/**
 * A message's life: QUEUED (waiting for the worker, or for its retry time), SENDING (handed to
 * the provider: claimed by one worker), SENT (the provider took it and gave its id), DELIVERED and
 * READ (the provider's status webhooks, WhatsApp only), FAILED (the provider refused it, or the
 * retries ran out; the reason kept), UNCERTAIN (the request went out and its answer was lost: it
 * may or may not have reached the family, so it is never sent again by itself; staff decide).
 */
export const UPDATE_STATUSES = [
  "QUEUED",
  "SENDING",
  "SENT",
  "DELIVERED",
  "READ",
  "FAILED",
  "UNCERTAIN",
] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

/**
 * How far a message has gone, for the provider's status webhooks that may arrive in any order: a
 * status is only ever replaced by a later one (a late "sent" never undoes "read"). FAILED can come
 * after SENT (WhatsApp reports an undeliverable number after accepting the message) but not after
 * DELIVERED or READ.
 */
export const UPDATE_STATUS_RANK: Record<UpdateStatus, number> = {
  QUEUED: 0,
  SENDING: 1,
  UNCERTAIN: 2,
  SENT: 3,
  FAILED: 4,
  DELIVERED: 5,
  READ: 6,
};

/**
 * The parameters of each kind, in the order of the template's body variables ({{1}}, {{2}}, … on
 * WhatsApp; var1, var2, … in the DLT template on MSG91). The same list for both channels and both
 * languages, so one message's parameters serve whichever channel sends it.
 */
export const UPDATE_PARAMETERS = {
  applicationReceived: ["parentName", "studentName", "grade", "reference"],
  applicationStatusChanged: ["parentName", "studentName", "status", "link"],
  demoReceived: ["parentName", "studentName", "when"],
  demoConfirmed: ["parentName", "studentName", "when"],
  offerMade: ["parentName", "studentName", "grade", "expires", "link"],
  offerLapsing: ["parentName", "studentName", "grade", "expires", "link"],
  paymentReceived: ["parentName", "amount", "grade", "link"],
  paymentFailed: ["parentName", "amount", "grade", "link"],
  optedOut: [],
  optedIn: [],
} as const satisfies Record<UpdateKind, readonly string[]>;

/** The WhatsApp template of a kind, as approved in Meta's WhatsApp Manager (one per language). */
export const WHATSAPP_TEMPLATES: Record<UpdateKind, string> = {
  applicationReceived: "zipat_application_received",
  applicationStatusChanged: "zipat_application_status",
  demoReceived: "zipat_demo_received",
  demoConfirmed: "zipat_demo_confirmed",
  offerMade: "zipat_seat_offered",
  offerLapsing: "zipat_offer_lapsing",
  paymentReceived: "zipat_payment_received",
  paymentFailed: "zipat_payment_failed",
  optedOut: "zipat_opted_out",
  optedIn: "zipat_opted_in",
};

/** WhatsApp's language codes for the site's languages. */
export const WHATSAPP_LANGUAGE_CODES = { en: "en", hi: "hi" } as const;

/**
 * The environment variable holding each kind's MSG91 (DLT) template id; the Hindi template's id
 * is the same name with `_HI` (optional: without it a Hindi family's SMS is the English one).
 * The STOP and START answers are WhatsApp's only: they answer a WhatsApp message.
 */
export const MSG91_TEMPLATE_VARIABLES = {
  applicationReceived: "MSG91_TEMPLATE_APPLICATION_RECEIVED",
  applicationStatusChanged: "MSG91_TEMPLATE_APPLICATION_STATUS",
  demoReceived: "MSG91_TEMPLATE_DEMO_RECEIVED",
  demoConfirmed: "MSG91_TEMPLATE_DEMO_CONFIRMED",
  offerMade: "MSG91_TEMPLATE_SEAT_OFFERED",
  offerLapsing: "MSG91_TEMPLATE_OFFER_LAPSING",
  paymentReceived: "MSG91_TEMPLATE_PAYMENT_RECEIVED",
  paymentFailed: "MSG91_TEMPLATE_PAYMENT_FAILED",
} as const satisfies Partial<Record<UpdateKind, string>>;

export type SmsKind = keyof typeof MSG91_TEMPLATE_VARIABLES;

/**
 * What a family writes on WhatsApp to stop or restart the updates (issue 39 point 3), compared
 * after trimming and in lower case.
 */
export const STOP_WORDS = ["stop", "रोकें", "रोको", "unsubscribe"] as const;
export const START_WORDS = ["start", "शुरू", "subscribe"] as const;

/**
 * A WhatsApp error meaning the number cannot get WhatsApp messages (not on WhatsApp, or an
 * unsupported client): the same update then goes once by SMS (issue 39 point 5).
 */
export const WHATSAPP_UNREACHABLE_CODES = [131026] as const;

/** How staff read a channel. */
export const UPDATE_CHANNEL_LABELS: Record<UpdateChannel, string> = { WHATSAPP: "WhatsApp", SMS: "SMS" };

/** How staff read each kind of update on /admin/messages and a record's page (the admin stays English). */
export const UPDATE_KIND_LABELS: Record<UpdateKind, string> = {
  applicationReceived: "Application received",
  applicationStatusChanged: "Application status changed",
  demoReceived: "Demo request received",
  demoConfirmed: "Demo confirmed",
  offerMade: "Seat offered",
  offerLapsing: "Offer about to lapse",
  paymentReceived: "Payment received",
  paymentFailed: "Payment failed",
  optedOut: "Answer to STOP",
  optedIn: "Answer to START",
};

/**
 * The messages a person may send again (issue 39 point 6): one the provider refused, or one whose
 * answer was lost and that may not have reached the family. Anything further along reached them.
 */
const RESENDABLE_STATUSES = ["FAILED", "UNCERTAIN"] as const satisfies readonly UpdateStatus[];
export const isResendable = (status: string) => (RESENDABLE_STATUSES as readonly string[]).includes(status);

/**
 * Where an opt-out came from: the family's STOP on WhatsApp, or their switch on /profile. A START
 * (or the switch turned on again) removes the row rather than writing another.
 */
export const OPT_OUT_SOURCES: Record<string, string> = {
  "whatsapp-stop": "Replied STOP on WhatsApp",
  profile: "Switched off on their profile",
};

/**
 * A number as lists show it (issue 39 point 6): the country code and the last four digits, enough
 * to tell two families apart on a call, not enough to copy the number from a screen.
 */
export function maskedNumber(e164: string): string {
  const digits = e164.replace(/\D/g, "");
  if (digits.length < 8) return "••••";
  const country = digits.length > 10 ? `+${digits.slice(0, digits.length - 10)} ` : "";
  return `${country}••••••${digits.slice(-4)}`;
}

/** "WhatsApp update “Seat offered” #12": how a message is named in a record's history and a toast. */
export const messageName = (row: { id: number; channel: UpdateChannel; kind: string }) =>
  `${UPDATE_CHANNEL_LABELS[row.channel]} update “${UPDATE_KIND_LABELS[row.kind as UpdateKind] ?? row.kind}” #${row.id}`;

/**
 * The longest value of one SMS variable: India's DLT scrubbing refuses an SMS whose {#var#} holds
 * more than 30 letters. A link that is longer goes as a short link (SHORT_LINK_PATH).
 */
export const SMS_VARIABLE_MAX = 30;

/** Where a short link of an update lives (`/l/Ab3dE9xQ2k`) and its code's length (about 59 bits). */
export const SHORT_LINK_PATH = "/l/";
export const SHORT_LINK_CODE_LENGTH = 10;

/**
 * How a short link is written in an update: with its scheme when that fits in one SMS variable
 * ("https://zipat.in/l/Ab3dE9xQ2k", 29 letters), else without it ("school.example.in/l/…": phones
 * still make it a link). Null when even that is too long for the site's host.
 */
export function shortLinkText(publicUrl: string, code: string): string | null {
  const url = new URL(publicUrl);
  const withScheme = `${url.origin}${SHORT_LINK_PATH}${code}`;
  if (withScheme.length <= SMS_VARIABLE_MAX) return withScheme;
  const bare = `${url.host}${SHORT_LINK_PATH}${code}`;
  return bare.length <= SMS_VARIABLE_MAX ? bare : null;
}
