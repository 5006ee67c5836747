import type { RecordKindName } from "~/domain/record-kinds";
import { applicationsStore } from "./applications.server";
import { demosStore } from "./demos.server";
import { ordersStore } from "./orders.server";
import type { RecordStore } from "./store.server";
import { teacherApplicationsStore } from "./teacher-applications.server";
import { usersStore } from "./users.server";

export type { RecordOwner } from "./ownership.server";
export { searchPart, type CsvColumn, type RecordStore, type SearchPart } from "./store.server";

/**
 * The family records' database side, in the order the data export and the erasure go through
 * them (each kind's names, paths and statuses: app/domain/record-kinds.ts). Accounts and mails are
 * the owner and the messages, not records a family sent, and are handled by their own services.
 */
const RECORD_STORES = [applicationsStore, demosStore, ordersStore, teacherApplicationsStore] as const;

/**
 * Every store: the family records, then the kinds only staff read (accounts, which the admin
 * search finds). None of the latter declares a family part, so the family services' lists are
 * RECORD_STORES' whatever comes after them.
 */
const ALL_STORES = [...RECORD_STORES, usersStore] as const;

type Store = (typeof ALL_STORES)[number];

/** The kinds whose store declares `part`, by name (typed: a kind without it is no such kind). */
export type KindWith<Part extends keyof RecordStore> = Extract<Store, Record<Part, unknown>>["kind"];

/** The stores that declare `part`, typed as having it, in ALL_STORES' order. */
export function storesWith<Part extends keyof RecordStore>(part: Part) {
  return (ALL_STORES as readonly RecordStore[]).filter(
    (store): store is RecordStore & Required<Pick<RecordStore, Part>> => store[part] !== undefined,
  );
}

/** The store of a kind; a kind without one is a mistake in the registry. */
export function storeOf(kind: RecordKindName): RecordStore {
  const store = (ALL_STORES as readonly RecordStore[]).find((each) => each.kind === kind);
  if (!store) throw new Error(`No record store for the kind "${kind}".`);
  return store;
}

/** The store of a kind that must declare `part` (the bell's kinds declare `bell`). */
export function storeWith<Part extends keyof RecordStore>(kind: RecordKindName, part: Part) {
  const store = storeOf(kind);
  if (store[part] === undefined) throw new Error(`The "${kind}" store declares no ${part}.`);
  return store as RecordStore & Required<Pick<RecordStore, Part>>;
}
