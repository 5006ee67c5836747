import { LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { CHILD_CONSENT_PREFIX, CONSENT_LABEL, NOTICE_VERSION_MESSAGES } from "../privacy";
import { defineTexts } from "../translations";

/**
 * The fields the public forms share: their labels (`label.<field>`) and what the server says
 * about them (`error.<field>.<rule>`, and `error.form.<what>` for the form as a whole). The
 * server's messages are written in English by the field rules (app/services/validation.ts, the
 * bot check, the rate limit); a page in another language shows them through these keys: the
 * English of each key is exactly the message the rule writes (tests/unit/field-texts.test.ts
 * holds the two together), and `failureIn` (app/utils/form-failure.server.ts) swaps a message
 * for its key's translation.
 */
export const FIELD_TEXTS = defineTexts("fields", {
  en: {
    "label.studentName": "Student's name",
    "label.parentName": "Parent's name",
    "label.grade": "Grade",
    "label.email": "Email address",
    "label.mobile": "Mobile number",
    /** The consent box (decision 0036): [child prefix] before, the notice's link, after. */
    "label.consent.child": CHILD_CONSENT_PREFIX,
    "label.consent.beforeLink": CONSENT_LABEL,
    "label.consent.link": "privacy notice",
    "label.consent.afterLink": "describes.",
    /** The bot check's honeypot: never seen, but a screen reader's browse mode may reach its label. */
    "label.honeypot": "Leave this field empty",

    "error.studentName.required": "Please enter the student's name.",
    "error.studentName.tooLong": `This must be at most ${LIMITS.name} characters long.`,
    "error.studentName.invisibleOnly":
      "The student's name must contain letters or digits, not only invisible characters.",
    "error.studentName.notAllowed":
      "The student's name contains a character that is not allowed (a hidden control or direction character). Please retype it.",
    "error.studentName.oneLine": "The student's name must fit on one line.",
    "error.parentName.required": "Please enter the parent's name.",
    "error.parentName.tooLong": `This must be at most ${LIMITS.name} characters long.`,
    "error.parentName.invisibleOnly":
      "The parent's name must contain letters or digits, not only invisible characters.",
    "error.parentName.notAllowed":
      "The parent's name contains a character that is not allowed (a hidden control or direction character). Please retype it.",
    "error.parentName.oneLine": "The parent's name must fit on one line.",
    "error.grade.invalid": "Please choose a grade from Nursery to Grade 8.",
    "error.email.required": "Please enter an email address.",
    "error.email.invalid": "Please enter a valid email address.",
    "error.mobile.required": "Please enter a mobile number.",
    "error.mobile.invalid": "Please enter a valid 10-digit Indian mobile number.",
    "error.consent.required":
      "Please confirm that you are the child's parent or guardian and agree to the privacy notice to continue.",
    "error.noticeVersion.missing": NOTICE_VERSION_MESSAGES.missing,
    "error.noticeVersion.changed": NOTICE_VERSION_MESSAGES.changed,

    "error.form.invalid": "Some details are missing or incorrect. Please check the form and try again.",
    "error.form.sendAgain": MESSAGES.generic.sendAgain,
    "error.form.botCheck": MESSAGES.generic.botCheck,
    "error.form.tooManyRequests": MESSAGES.generic.tooManyRequests,
  },
  hi: {
    "label.studentName": "विद्यार्थी का नाम",
    "label.parentName": "अभिभावक का नाम",
    "label.grade": "कक्षा",
    "label.email": "ईमेल",
    "label.mobile": "मोबाइल नंबर",
    "label.consent.child": "मैं इस बच्चे का अभिभावक (माता, पिता या संरक्षक) हूँ। ",
    "label.consent.beforeLink": "मैं सहमत हूँ कि स्कूल इन जानकारियों का उपयोग वैसे करे, जैसा",
    "label.consent.link": "गोपनीयता सूचना",
    "label.consent.afterLink": "में बताया गया है।",
    "label.honeypot": "इस खाने को खाली छोड़ दें",

    "error.studentName.required": "कृपया विद्यार्थी का नाम लिखें।",
    "error.studentName.tooLong": `यह ${LIMITS.name} अक्षरों से ज़्यादा लंबा नहीं हो सकता।`,
    "error.studentName.invisibleOnly": "विद्यार्थी के नाम में अक्षर या अंक होने चाहिए, सिर्फ़ खाली जगह नहीं।",
    "error.studentName.notAllowed":
      "विद्यार्थी के नाम में एक ऐसा छिपा हुआ चिह्न है जो यहाँ नहीं चल सकता। कृपया नाम फिर से टाइप करें।",
    "error.studentName.oneLine": "विद्यार्थी का नाम एक ही पंक्ति में होना चाहिए।",
    "error.parentName.required": "कृपया अभिभावक का नाम लिखें।",
    "error.parentName.tooLong": `यह ${LIMITS.name} अक्षरों से ज़्यादा लंबा नहीं हो सकता।`,
    "error.parentName.invisibleOnly": "अभिभावक के नाम में अक्षर या अंक होने चाहिए, सिर्फ़ खाली जगह नहीं।",
    "error.parentName.notAllowed":
      "अभिभावक के नाम में एक ऐसा छिपा हुआ चिह्न है जो यहाँ नहीं चल सकता। कृपया नाम फिर से टाइप करें।",
    "error.parentName.oneLine": "अभिभावक का नाम एक ही पंक्ति में होना चाहिए।",
    "error.grade.invalid": "कृपया नर्सरी से कक्षा 8 तक में से कोई कक्षा चुनें।",
    "error.email.required": "कृपया ईमेल लिखें।",
    "error.email.invalid": "कृपया सही ईमेल लिखें।",
    "error.mobile.required": "कृपया मोबाइल नंबर लिखें।",
    "error.mobile.invalid": "कृपया 10 अंकों का सही भारतीय मोबाइल नंबर लिखें।",
    "error.consent.required":
      "आगे बढ़ने के लिए कृपया पुष्टि करें कि आप बच्चे के अभिभावक (माता, पिता या संरक्षक) हैं और गोपनीयता सूचना से सहमत हैं।",
    "error.noticeVersion.missing": "कृपया गोपनीयता सूचना पढ़कर अपनी सहमति फिर से दें।",
    "error.noticeVersion.changed": "गोपनीयता सूचना बदल गई है। कृपया इसे पढ़ें और फिर से सहमति दें।",

    "error.form.invalid": "कुछ जानकारी छूट गई है या सही नहीं है। कृपया फ़ॉर्म जाँचें और फिर से कोशिश करें।",
    "error.form.sendAgain": "कृपया अपनी जानकारी जाँचें और फ़ॉर्म फिर से भेजें।",
    "error.form.botCheck": "हम यह फ़ॉर्म अभी नहीं ले पाए। कृपया अपनी जानकारी जाँचें और इसे फिर से भेजें।",
    "error.form.tooManyRequests": "बहुत बार कोशिश हो गई। कृपया एक मिनट रुककर फिर से कोशिश करें।",
  },
});
