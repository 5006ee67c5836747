/** Status vocabularies of spec section 4; the database enums are built from these lists. */
export const ROLES = ["USER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];

export const APPLICATION_STATUSES = ["PENDING", "CONTACTED", "APPROVED", "REJECTED"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const DEMO_STATUSES = ["PENDING", "CONTACTED", "COMPLETED", "CANCELLED"] as const;
export type DemoStatus = (typeof DEMO_STATUSES)[number];

export const ORDER_STATUSES = ["CREATED", "PAID", "FAILED"] as const;

export type StatusTone = "yellow" | "blue" | "green" | "red";

/** Colour of each status on screen: pending yellow, contacted blue, good outcome green, bad red. */
export const STATUS_TONE: Record<ApplicationStatus | DemoStatus, StatusTone> = {
  PENDING: "yellow",
  CONTACTED: "blue",
  APPROVED: "green",
  COMPLETED: "green",
  REJECTED: "red",
  CANCELLED: "red",
};

export function statusLabel(status: string): string {
  return status.charAt(0) + status.slice(1).toLowerCase();
}
