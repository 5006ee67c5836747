import type { whatsappUpdates } from "./shared-fields";

/**
 * The profile's two switches of the updates (issue 39 point 3): the forms' WhatsApp box, and SMS,
 * which goes unless the family switches it off. Each posts "on" when ticked and nothing when not.
 * A module of its own: the public forms' shared fields are in the home page's script, these not.
 */
export const UPDATE_CHOICES = {
  // The forms' box's name, checked against it by the compiler: a type import bundles nothing,
  // where a value import moved the shared fields' limits into a chunk of their own.
  whatsapp: "whatsappUpdates" satisfies (typeof whatsappUpdates)["name"],
  sms: "smsUpdates",
} as const;

/** What a post of the switches that cannot be read gets (a 400 that changes nothing). */
export const UPDATE_CHOICES_UNREADABLE =
  "We could not read your choices, so nothing was changed. Please tick or clear the boxes and save again.";
