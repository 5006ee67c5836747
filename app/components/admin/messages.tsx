import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { MESSAGE_FILTER_FIELDS, type MessageFilterValues } from "~/domain/message-filter";
import { mailSubject, RECORD_KINDS, recordPath } from "~/domain/record-kinds";
import { statusLabel } from "~/domain/statuses";
import {
  isResendable,
  OPT_OUT_SOURCES,
  UPDATE_CHANNEL_LABELS,
  UPDATE_CHANNELS,
  UPDATE_KIND_LABELS,
  UPDATE_STATUSES,
  type UpdateChannel,
  type UpdateKind,
} from "~/domain/updates";
import { Button } from "../ui/button";
import { FormAlert, SelectField } from "../ui/field";
import { WhenCell } from "./cells";
import type { Column } from "./data-table";
import { TabLink } from "./list-filters";
import { Fact, nothing } from "./record-pages";
import { StatusBadge } from "./status-badge";

/** One message as the pages receive it (dates as text once serialised). */
export type MessageRow = {
  id: number;
  createdAt: Date | string;
  channel: UpdateChannel;
  kind: string;
  number: string;
  status: string;
  attempts: number;
  providerId: string | null;
  lastError: string | null;
  errorCode: number | null;
  sentAt: Date | string | null;
  deliveredAt: Date | string | null;
  readAt: Date | string | null;
  failedAt: Date | string | null;
  about: string | null;
  fallbackOf: number | null;
  resentFrom: number | null;
  resentAs: number | null;
};

/** A family's choices about a record's number, as the pages receive them. */
export type UpdateChoicesView = {
  number: string | null;
  whatsappAgreedAt: Date | string | null;
  optedOut: { channel: UpdateChannel; source: string; at: Date | string }[];
};

const RESEND_PATH = (id: number) => `/admin/messages/${id}/resend`;

const kindLabel = (kind: string) => UPDATE_KIND_LABELS[kind as UpdateKind] ?? kind;

/** The record a message is about, as a link to its page ("Application 12"). */
function AboutCell({ about }: { about: string | null }) {
  const subject = about ? mailSubject(about) : null;
  if (!subject) return nothing("None");
  return (
    <Link
      to={recordPath(subject.kind, subject.id)}
      className="font-semibold text-navy underline underline-offset-2 hover:text-navy-dark"
    >
      {RECORD_KINDS[subject.kind].one}
      {RECORD_KINDS[subject.kind].numbered ? ` ${subject.id}` : ""}
    </Link>
  );
}

/** Sent, delivered, read and failed times that exist, one per line. */
function TimesCell({ row }: { row: MessageRow }) {
  const times = [
    ["Sent", row.sentAt],
    ["Delivered", row.deliveredAt],
    ["Read", row.readAt],
    ["Failed", row.failedAt],
  ].filter((entry): entry is [string, Date | string] => entry[1] !== null);
  if (times.length === 0) return nothing("Not yet");
  return (
    <ul className="text-sm">
      {times.map(([what, at]) => (
        <li key={what}>
          {what} <WhenCell at={at} />
        </li>
      ))}
    </ul>
  );
}

/** Why it failed, or what became of it (sent again, or once by SMS). */
function OutcomeCell({ row }: { row: MessageRow }) {
  const lines: ReactNode[] = [];
  if (row.lastError)
    lines.push(
      <span key="error" className="line-clamp-3 break-words text-coral-dark">
        {row.errorCode ? `${row.errorCode}: ` : ""}
        {row.lastError}
      </span>,
    );
  if (row.fallbackOf) lines.push(<span key="fallback">By SMS instead of #{row.fallbackOf}</span>);
  if (row.resentFrom) lines.push(<span key="from">Sends #{row.resentFrom} again</span>);
  if (row.resentAs) lines.push(<span key="as">Sent again as #{row.resentAs}</span>);
  if (lines.length === 0) return nothing("None");
  return <span className="flex flex-col gap-1 text-sm">{lines}</span>;
}

/**
 * "Send again" on a failed or uncertain message (issue 39 point 6): a plain POST form, once per
 * click (the service refuses a second one for the same message); it comes back to this page.
 */
function ResendMessage({ row }: { row: MessageRow }) {
  const navigation = useNavigation();
  const location = useLocation();
  if (!isResendable(row.status) || row.resentAs) return null;
  const action = RESEND_PATH(row.id);
  return (
    <Form method="post" action={action} className="mt-2">
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        aria-label={`Send message #${row.id} again`}
        pending={navigation.state === "submitting" && navigation.formAction === action}
        pendingText="Queuing..."
      >
        Send again
      </Button>
    </Form>
  );
}

/** The columns of a message, on /admin/messages and on a record's page (`withAbout`: the list). */
export function messageColumns({ withAbout }: { withAbout: boolean }): Column<MessageRow>[] {
  return [
    { header: "Created", cell: (row) => <WhenCell at={row.createdAt} /> },
    {
      header: "Message",
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-bold text-ink">
            #{row.id} {kindLabel(row.kind)}
          </span>
          <span className="text-sm text-ink-soft">{UPDATE_CHANNEL_LABELS[row.channel]}</span>
        </span>
      ),
    },
    {
      header: "To",
      cell: (row) => <span className="whitespace-nowrap font-mono text-sm">{row.number}</span>,
    },
    ...(withAbout ? [{ header: "About", cell: (row: MessageRow) => <AboutCell about={row.about} /> }] : []),
    {
      header: "Status",
      cell: (row) => (
        <>
          <StatusBadge status={row.status} />
          <ResendMessage row={row} />
        </>
      ),
    },
    {
      header: "Provider id and times",
      className: "lg:max-w-[13rem]",
      cell: (row) => (
        <>
          {row.providerId ? (
            <span className="mb-1 block break-all font-mono text-xs">{row.providerId}</span>
          ) : null}
          <TimesCell row={row} />
        </>
      ),
    },
    { header: "Error or outcome", className: "lg:min-w-[10rem]", cell: (row) => <OutcomeCell row={row} /> },
  ];
}

/** Which channels this site sends on; a channel without settings is off (issue 39 point 1). */
export function ChannelsNotice({ channels }: { channels: { whatsapp: boolean; sms: boolean } }) {
  const off = [
    channels.whatsapp ? null : "WhatsApp (no WHATSAPP_* settings)",
    channels.sms ? null : "SMS (no MSG91_* settings)",
  ].filter((each): each is string => each !== null);
  if (off.length === 0) return null;
  return (
    <p role="note" className="mb-4 rounded-3xl border-2 border-sun bg-sun-100 p-4 font-semibold text-ink">
      {off.length === 2 ? "Both channels are off: " : "Off: "}
      {off.join(" and ")}. Updates on a channel that is off are not queued; the server says so when it starts.
    </p>
  );
}

/**
 * The status tabs and the channel filter of /admin/messages: plain links and a plain GET form,
 * so the filters live in the address and work without JavaScript.
 */
export function MessageFilters({
  values,
  errors,
  counts,
}: {
  values: MessageFilterValues;
  errors: Partial<Record<(typeof MESSAGE_FILTER_FIELDS)[number], string>>;
  counts: Record<string, number> | null;
}) {
  const location = useLocation();
  const channel = errors.channel ? "" : values.channel;
  const status = errors.status ? "" : values.status;
  const search = (params: Record<string, string>) => {
    const kept = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ""));
    const text = kept.toString();
    return `/admin/messages${text ? `?${text}` : ""}`;
  };
  const total = counts ? Object.values(counts).reduce((sum, each) => sum + each, 0) : null;
  const refused = Object.values(errors);
  return (
    <>
      {refused.length ? (
        <div className="mb-4">
          <FormAlert message="Some filters could not be used. Please correct them:" />
          <ul className="mt-2 list-disc pl-6 text-sm font-semibold text-coral-dark">
            {refused.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <nav aria-label="Filter by status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {[
            { value: "", label: "All", count: total },
            ...UPDATE_STATUSES.map((each) => ({
              value: each,
              label: statusLabel(each),
              count: counts?.[each] ?? null,
            })),
          ].map((tab) => (
            <li key={tab.value || "all"}>
              <TabLink
                to={search({ status: tab.value, channel })}
                active={tab.value === status}
                label={tab.label}
                count={tab.count}
              />
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label="Filters" className="mb-6 rounded-3xl bg-white p-4 shadow-soft sm:p-5">
        <Form
          key={location.search}
          method="get"
          action="/admin/messages"
          className="flex flex-wrap items-end gap-3"
        >
          {status ? <input type="hidden" name="status" value={status} /> : null}
          <SelectField
            name="channel"
            idPrefix="filter"
            label="Channel"
            defaultValue={channel}
            options={[
              { value: "", label: "All channels" },
              ...UPDATE_CHANNELS.map((each) => ({ value: each, label: UPDATE_CHANNEL_LABELS[each] })),
            ]}
            errors={errors.channel ? [errors.channel] : undefined}
          />
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        </Form>
      </section>
    </>
  );
}

/**
 * The family's choices for the number on a record (issue 39 point 3): whether they allowed
 * WhatsApp and when, and any channel they switched off (by STOP or on their profile).
 */
export function UpdateChoicesFact({ choices }: { choices: UpdateChoicesView }) {
  const stopped = (channel: UpdateChannel) => choices.optedOut.find((each) => each.channel === channel);
  const whatsappOff = stopped("WHATSAPP");
  const smsOff = stopped("SMS");
  return (
    <Fact term="WhatsApp and SMS updates">
      <ul className="flex flex-col gap-1">
        <li>
          WhatsApp:{" "}
          {whatsappOff ? (
            <>
              off, {OPT_OUT_SOURCES[whatsappOff.source]?.toLowerCase() ?? whatsappOff.source} on{" "}
              <WhenCell at={whatsappOff.at} />
            </>
          ) : choices.whatsappAgreedAt ? (
            <>
              allowed on <WhenCell at={choices.whatsappAgreedAt} />
            </>
          ) : (
            "not allowed (box not ticked)"
          )}
        </li>
        <li>
          SMS:{" "}
          {smsOff ? (
            <>
              off, {OPT_OUT_SOURCES[smsOff.source]?.toLowerCase() ?? smsOff.source} on{" "}
              <WhenCell at={smsOff.at} />
            </>
          ) : (
            "on"
          )}
        </li>
        {choices.number ? <li className="text-sm text-ink-soft">For {choices.number}</li> : null}
      </ul>
    </Fact>
  );
}

/** A record's messages (issue 39 point 6), newest first, each failed one with "Send again". */
export function RecordMessages({ rows }: { rows: MessageRow[] }) {
  return (
    <section aria-labelledby="record-messages-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="record-messages-title" className="text-xl text-navy">
        WhatsApp and SMS updates
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-ink-soft">No update has been sent about this record.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {rows.map((row) => (
            <li key={row.id} className="rounded-3xl border-2 border-navy/10 p-4">
              <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-4">
                {messageColumns({ withAbout: false }).map((column) => (
                  <Fact key={column.header} term={column.header}>
                    {column.cell(row)}
                  </Fact>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
