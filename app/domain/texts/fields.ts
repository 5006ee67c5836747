import { CHILD_CONSENT_PREFIX, CONSENT_LABEL } from "../privacy";
import { defineTexts } from "../translations";

/**
 * The fields the family's forms share (admission, demo, enrollment): labels (`label.<field>`,
 * the field's name as app/domain/forms.ts has it), hints (`help.<field>`), the consent box and the
 * form's own words. What the server answers about a value is in ./field-errors.ts, which only the
 * server reads: these ship to the browser with every form, the home page's included.
 */
export const FIELD_TEXTS = defineTexts("fields", {
  en: {
    "label.studentName": "Student's name",
    "label.parentName": "Parent's name",
    "label.dob": "Date of birth",
    "label.grade": "Grade",
    "label.mobile": "Mobile number",
    "label.email": "Email address",
    "label.preferredDateTime": "Preferred date and time",
    "help.preferredDateTime": "Tomorrow at 4 PM",
    "label.whatsappUpdates": "Send me updates on WhatsApp",
    "help.whatsappUpdates": "Reply STOP at any time to end them.",
    /** Before the notice's link: "I am this child's parent or guardian. I agree … as the". */
    "consent.child": CHILD_CONSENT_PREFIX,
    "consent.agree": CONSENT_LABEL,
    "consent.link": "privacy notice",
    "consent.after": "describes.",
    "form.submitting": "Submitting...",
    /** The bot check's trap, which people never see (screen readers are told to skip it too). */
    "form.leaveEmpty": "Leave this field empty",
  },
  hi: {
    "label.studentName": "बच्चे का नाम",
    "label.parentName": "अभिभावक का नाम",
    "label.dob": "जन्म तिथि",
    "label.grade": "कक्षा",
    "label.mobile": "मोबाइल नंबर",
    "label.email": "ईमेल पता",
    "label.preferredDateTime": "आपकी पसंद का दिन और समय",
    "help.preferredDateTime": "कल शाम 4 बजे",
    "label.whatsappUpdates": "WhatsApp पर जानकारी भेजें",
    "help.whatsappUpdates": "बंद करने के लिए कभी भी STOP लिखें।",
    "consent.child": "मैं इस बच्चे का अभिभावक हूँ। ",
    "consent.agree": "मैं सहमत हूँ कि स्कूल यह जानकारी",
    "consent.link": "गोपनीयता सूचना",
    "consent.after": "में बताए गए तरीके से इस्तेमाल करे।",
    "form.submitting": "भेजा जा रहा है...",
    "form.leaveEmpty": "इस खाने को खाली छोड़ें",
  },
});
