import { applicationsStore } from "./applications.server";
import { demosStore } from "./demos.server";
import { ordersStore } from "./orders.server";
import type { RecordStore } from "./store.server";
import { teacherApplicationsStore } from "./teacher-applications.server";

export { ownedBy, type RecordOwner } from "./ownership.server";
export type { RecordStore, RowOf } from "./store.server";

/**
 * The family records' database side, in the order the data export and the erasure go through
 * them (each kind's names, paths and statuses: app/domain/record-kinds.ts). Accounts and mails are
 * the owner and the messages, not records a family sent, and are handled by their own services.
 */
export const RECORD_STORES = [applicationsStore, demosStore, ordersStore, teacherApplicationsStore] as const;

/** The stores that declare `part`, typed as having it. */
export function storesWith<Part extends keyof RecordStore>(part: Part) {
  return (RECORD_STORES as readonly RecordStore[]).filter(
    (store): store is RecordStore & Required<Pick<RecordStore, Part>> => store[part] !== undefined,
  );
}

/** The store of a kind. */
export const storeOf = (kind: RecordStore["kind"]) =>
  (RECORD_STORES as readonly RecordStore[]).find((store) => store.kind === kind);
