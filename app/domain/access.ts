import type { Role } from "./statuses";

/**
 * The back office's one access rule: an ADMIN may use it, nobody else. The admin pages
 * (`requireAdmin`), the API's admin guard, the upload size limit and the login and profile pages
 * all ask here.
 */
export function isAdmin(user: { role: Role } | null | undefined): boolean {
  return user?.role === "ADMIN";
}
