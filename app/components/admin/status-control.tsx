import { useFetcher } from "@remix-run/react";
import { statusLabel } from "~/domain/statuses";
import { useHydrated } from "~/utils/use-hydrated";
import { toneOf, toneSurface } from "./status-badge";

/**
 * A row's status as a select in its status colour. Without JavaScript, "Save" posts it (the page
 * comes back with a message); with JavaScript the change posts at once through a fetcher and shows
 * immediately, and after a failure the reloaded list shows the stored status again.
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
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const shown = statuses.find((value) => value === pending) ?? status;
  const selectId = `status-${id}`;
  return (
    <fetcher.Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={id} />
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        name="status"
        value={shown}
        data-tone={toneOf(shown)}
        onChange={(event) => fetcher.submit(event.currentTarget.form, { preventScrollReset: true })}
        className={`status-select ${toneSurface(toneOf(shown))}`}
      >
        {statuses.map((value) => (
          <option key={value} value={value}>
            {statusLabel(value)}
          </option>
        ))}
      </select>
      <button type="submit" className={hydrated ? "status-save hidden" : "status-save"}>
        Save<span className="sr-only"> ({label})</span>
      </button>
    </fetcher.Form>
  );
}
