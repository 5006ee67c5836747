import { defineTexts } from "../translations";

/**
 * What the public pages say of a grade's seats (issue 38): the three availabilities as badges on
 * /admissions, /fee-structure, /apply and the home page's fees, and the way onto a full grade's
 * waitlist where its fee is shown.
 * {{grade}} is given already translated. Hindi terms follow docs/hindi-glossary.md.
 */
export const SEATS_TEXTS = defineTexts("seats", {
  en: {
    "availability.AVAILABLE": "Seats available",
    "availability.FEW": "Few seats left",
    "availability.WAITLIST": "Waitlist only",
    /** The admissions table's column. */
    column: "Seats",
    /** The list under the application form's grade. */
    byGrade: "Seats by grade",
    /** A full grade's link on the fee page, to the application with the grade chosen. */
    joinWaitlist: "Join the waitlist",
    /** The same link's name for screen readers, which hear it among the other grades' links. */
    joinWaitlistFor: "Join the waitlist for {{grade}}",
  },
  hi: {
    "availability.AVAILABLE": "सीटें उपलब्ध",
    "availability.FEW": "कुछ ही सीटें बचीं",
    "availability.WAITLIST": "सिर्फ़ वेटिंग लिस्ट",
    column: "सीटें",
    byGrade: "कक्षा के अनुसार सीटें",
    joinWaitlist: "वेटिंग लिस्ट में नाम लिखवाएँ",
    joinWaitlistFor: "{{grade}} की वेटिंग लिस्ट में नाम लिखवाएँ",
  },
});
