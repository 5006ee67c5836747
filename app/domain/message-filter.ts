import { z } from "zod";
import { statusLabel } from "./statuses";
import {
  UPDATE_CHANNEL_LABELS,
  UPDATE_CHANNELS,
  UPDATE_STATUSES,
  type UpdateChannel,
  type UpdateStatus,
} from "./updates";

/**
 * The filters of /admin/messages (issue 39 point 6): `?status=&channel=`, one schema for the
 * page's loader and its filter form. Empty means "any"; a value the list does not know is refused
 * with a message naming the choices, never guessed.
 */
export const MESSAGE_FILTER_FIELDS = ["status", "channel"] as const;
type MessageFilterField = (typeof MESSAGE_FILTER_FIELDS)[number];

export type MessageFilter = { status: UpdateStatus | null; channel: UpdateChannel | null };
export type MessageFilterValues = Record<MessageFilterField, string>;

/** A typed value shown back in a message, cut short so a long tampered link cannot flood the page. */
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

function choice<const Values extends readonly string[]>(
  values: Values,
  what: string,
  labelOf: (value: Values[number]) => string,
) {
  const names = values.map(labelOf);
  const choices = `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string()
      .refine((typed) => values.includes(typed), {
        error: (issue) =>
          `There is no ${what} “${shown(String(issue.input))}” here. Choose ${choices}, or all of them.`,
      })
      .optional(),
  ) as unknown as z.ZodType<Values[number] | undefined>;
}

const messageFilterSchema = z.object({
  status: choice(UPDATE_STATUSES, "status", statusLabel),
  channel: choice(UPDATE_CHANNELS, "channel", (channel) => UPDATE_CHANNEL_LABELS[channel]),
});

export type ParsedMessageFilter =
  | { ok: true; filter: MessageFilter; values: MessageFilterValues }
  | { ok: false; errors: Partial<Record<MessageFilterField, string>>; values: MessageFilterValues };

/** The list's filters read from an address: the filter, or a message per refused field. */
export function parseMessageFilter(params: URLSearchParams): ParsedMessageFilter {
  const values = Object.fromEntries(
    MESSAGE_FILTER_FIELDS.map((field) => [field, (params.get(field) ?? "").slice(0, 200)]),
  ) as MessageFilterValues;
  const parsed = messageFilterSchema.safeParse(values);
  if (parsed.success)
    return {
      ok: true,
      filter: { status: parsed.data.status ?? null, channel: parsed.data.channel ?? null },
      values,
    };
  const errors: Partial<Record<MessageFilterField, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as MessageFilterField] ??= issue.message;
  return { ok: false, errors, values };
}
