import type { Language } from "../languages";
import { APPLICATION_STATUSES, DEMO_STATUSES, ORDER_STATUSES, statusLabel } from "../statuses";
import { defineTexts, translator } from "../translations";

/** The statuses a family sees on its own records (the profile): applications, demo classes, payments. */
const FAMILY_STATUSES = [...new Set([...APPLICATION_STATUSES, ...DEMO_STATUSES, ...ORDER_STATUSES])];
type FamilyStatus = (typeof FAMILY_STATUSES)[number];

/**
 * Each status as the family reads it, keyed by the stored value: English is the label staff see
 * too (`statusLabel`); Hindi says what it means for the family.
 */
const STATUS_TEXTS = defineTexts("statuses", {
  en: Object.fromEntries(FAMILY_STATUSES.map((status) => [status, statusLabel(status)])) as Record<
    FamilyStatus,
    string
  >,
  hi: {
    PENDING: "विचाराधीन",
    CONTACTED: "संपर्क किया गया",
    APPROVED: "स्वीकृत",
    REJECTED: "अस्वीकृत",
    COMPLETED: "पूरी हुई",
    CANCELLED: "रद्द",
    CREATED: "भुगतान बाकी",
    PAID: "भुगतान हो गया",
    FAILED: "भुगतान नहीं हुआ",
    PARTIALLY_REFUNDED: "कुछ राशि वापस",
    REFUNDED: "राशि वापस",
  },
});

const isFamilyStatus = (value: string): value is FamilyStatus =>
  (FAMILY_STATUSES as readonly string[]).includes(value);

/** A record's status in `language`; one a family never sees keeps the staff's label. */
export function familyStatusLabel(status: string, language: Language): string {
  return isFamilyStatus(status) ? translator(STATUS_TEXTS, language)(status) : statusLabel(status);
}
