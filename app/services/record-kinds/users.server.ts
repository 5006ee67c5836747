import { SEARCH_TEXT, users } from "../../../db/schema";
import { csvColumns, searchPart, tableOf, type RecordStore } from "./store.server";
import type { ManagedUser } from "../user-admin.server";
import { indiaTime } from "./csv-cells.server";

/**
 * Accounts, as staff find them (issue 19). Not a record a family sent: the profile, the data
 * export and the erasure treat the account as the owner (account-data, account-erasure), so this
 * store declares only what the staff side reads.
 */
export const usersStore = {
  kind: "users",
  ...tableOf(users),
  search: searchPart({
    text: SEARCH_TEXT.user(users),
    columns: {
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      disabledAt: users.disabledAt,
    },
    shown: (row) => ({
      title: row.name,
      details: [row.email, row.role],
      status: row.disabledAt ? "DISABLED" : null,
    }),
    // Accounts have no page of their own: the list, asked for this one's address.
    listedAs: (row) => row.email,
  }),
  csv: csvColumns<ManagedUser>([
    ["ID", (row) => row.id],
    ["Name", (row) => row.name],
    ["E-mail", (row) => row.email],
    ["Role", (row) => row.role],
    ["Account", (row) => (row.disabledAt ? "Disabled" : "Active")],
    ["Registered", (row) => indiaTime(row.createdAt)],
  ]),
} satisfies RecordStore;
