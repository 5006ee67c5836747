import { useFetchers, useSubmit } from "@remix-run/react";
import { statusLabel } from "~/domain/statuses";
import { useHydrated } from "~/utils/use-hydrated";
import { toneOf, toneSurface } from "./status-badge";

/**
 * A row's status as a select in its status colour. Without JavaScript, "Save" posts it (the page
 * comes back with a message); with JavaScript the change posts at once as a fetcher of its own and
 * shows immediately, and after a failure the reloaded list shows the stored status again.
 *
 * A plain form, posting to the page's own address (filters and page kept, as Remix's <Form>
 * would), and the select named by an attribute: a list repeats this control on every row, where
 * a fetcher, a Remix form and a label each were elements and hooks rendered fifty times a page
 * (docs/performance.md, issue 41 point 4).
 */
export function StatusControl<Status extends string>({
  id,
  status,
  statuses,
  label,
}: {
  id: number;
  status: Status;
  statuses: readonly Status[];
  /** Accessible name of the select, e.g. "Status of Ishaan Verma's application". */
  label: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const fetcherKey = `status-${id}`;
  const pending = useFetchers()
    .find((fetcher) => fetcher.key === fetcherKey)
    ?.formData?.get("status");
  const shown = statuses.find((value) => value === pending) ?? status;
  return (
    <form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={id} />
      <select
        name="status"
        aria-label={label}
        value={shown}
        data-tone={toneOf(shown)}
        onChange={(event) =>
          submit(event.currentTarget.form, { navigate: false, fetcherKey, preventScrollReset: true })
        }
        className={`status-select ${toneSurface(toneOf(shown))}`}
      >
        {statuses.map((value) => (
          <option key={value} value={value}>
            {statusLabel(value)}
          </option>
        ))}
      </select>
      <button type="submit" className={hydrated ? "status-save hidden" : "status-save"}>
        {/* Named in its text, not by aria-label: tools that find a field by its label match part of a label, and would find this button for the select. */}
        Save<span className="sr-only">{` (${label})`}</span>
      </button>
    </form>
  );
}
