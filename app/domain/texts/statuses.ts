import type { Language } from "../languages";
import {
  APPLICATION_STATUSES,
  DEMO_STATUSES,
  OFFER_STATUSES,
  ORDER_STATUSES,
  statusLabel,
} from "../statuses";
import { defineTexts, translator } from "../translations";

/**
 * The statuses a family sees on its own records (the profile): applications, demo classes,
 * payments, seat offers, and a place on a waitlist (WAITING: the only one the profile lists).
 */
const FAMILY_STATUSES = [
  ...new Set([
    ...APPLICATION_STATUSES,
    ...DEMO_STATUSES,
    ...ORDER_STATUSES,
    ...OFFER_STATUSES,
    "WAITING" as const,
  ]),
];
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
    OFFERED: "सीट का ऑफ़र",
    ACCEPTED: "स्वीकार किया",
    DECLINED: "अस्वीकार किया",
    EXPIRED: "ऑफ़र खत्म",
    WITHDRAWN: "वापस लिया गया",
    WAITING: "वेटिंग लिस्ट में",
  },
});

const isFamilyStatus = (value: string): value is FamilyStatus =>
  (FAMILY_STATUSES as readonly string[]).includes(value);

/** A record's status in `language`; one a family never sees keeps the staff's label. */
export function familyStatusLabel(status: string, language: Language): string {
  return isFamilyStatus(status) ? translator(STATUS_TEXTS, language)(status) : statusLabel(status);
}
