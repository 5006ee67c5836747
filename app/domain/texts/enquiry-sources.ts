import { defineTexts } from "../translations";

/**
 * "How did you hear about us?" on the application, demo and enrollment forms (issue 40): one
 * optional choice of HEARD_ABOUT (app/domain/enquiry-sources.ts), and for "Other" a few words of
 * the family's own. No public page's component imports this: the form page's loader translates
 * them (app/utils/source-form.server.ts), so the home page's script carries none of them; the
 * admin's record pages name the answers in English (app/components/admin/enquiry-source.tsx).
 * Hindi terms follow docs/hindi-glossary.md.
 */
export const ENQUIRY_SOURCE_TEXTS = defineTexts("enquiry-sources", {
  en: {
    label: "How did you hear about us? (optional)",
    /** The select's first, empty choice: no answer. */
    choose: "Choose one",
    "heard.SEARCH": "Google or another search",
    "heard.SOCIAL_MEDIA": "Facebook, Instagram or other social media",
    "heard.YOUTUBE": "YouTube",
    "heard.WHATSAPP": "WhatsApp",
    "heard.FRIEND_OR_FAMILY": "A friend or family member",
    "heard.ADVERTISEMENT": "An advertisement",
    "heard.OTHER": "Other",
    /** The short text box for "Other". */
    otherLabel: "Tell us where (optional)",
  },
  hi: {
    label: "आपको हमारे बारे में कहाँ से पता चला? (ज़रूरी नहीं)",
    choose: "कोई एक चुनें",
    "heard.SEARCH": "Google या कोई और सर्च",
    "heard.SOCIAL_MEDIA": "Facebook, Instagram या कोई और सोशल मीडिया",
    "heard.YOUTUBE": "YouTube",
    "heard.WHATSAPP": "WhatsApp",
    "heard.FRIEND_OR_FAMILY": "किसी दोस्त या रिश्तेदार से",
    "heard.ADVERTISEMENT": "किसी विज्ञापन से",
    "heard.OTHER": "कहीं और से",
    otherLabel: "हमें बताइए कहाँ से (ज़रूरी नहीं)",
  },
});
