import { SCHOOL } from "../brand";
import {
  ACCREDITATION_SUMMARY,
  ADMISSION_STEPS,
  EXTRACURRICULARS_PHRASE,
  PARENT_MONITORING,
} from "../claims";
import { ALL_GRADES, PROGRAMS } from "../programs";
import { defineTexts } from "../translations";

/**
 * What several public pages (and the application mail) say the same way: the two calls to
 * action, the closing "admissions are open" band, the programs' names, grades and ages, the
 * school's claims in running text, and the four admission steps. The English comes from its one
 * home (app/domain/claims.ts, programs.ts, brand.ts); the Hindi follows docs/hindi-glossary.md.
 * A page's own words live in its own namespace.
 */
export const CONTENT_TEXTS = defineTexts("content", {
  en: {
    tagline: SCHOOL.tagline,
    "action.apply": "Apply for admission",
    "action.demo": "Book a free demo",

    "applyBand.title": "Admissions are open for {{session}}",
    "applyBand.text":
      "Every grade from {{grades}} takes applications, and the admissions and fee pages show each grade's seats. The application form takes about two minutes, and our admissions team will guide you through the rest.",

    allGrades: ALL_GRADES,
    "program.earlyYears.name": PROGRAMS.earlyYears.name,
    "program.earlyYears.grades": PROGRAMS.earlyYears.grades,
    "program.primary.name": PROGRAMS.primary.name,
    "program.primary.grades": PROGRAMS.primary.grades,
    "program.middle.name": PROGRAMS.middle.name,
    "program.middle.grades": PROGRAMS.middle.grades,
    /** A program's youngest age, from the age-eligibility table: "3+ years". */
    "program.ages": "{{from}}+ years",

    "claim.accreditation": ACCREDITATION_SUMMARY,
    "claim.extracurriculars": EXTRACURRICULARS_PHRASE,
    "claim.parentMonitoring": PARENT_MONITORING,

    // {{days}} is CONFIRMATION_WORKING_DAYS; the English already says it.
    "step1.title": ADMISSION_STEPS[0]!.title,
    "step1.text": ADMISSION_STEPS[0]!.text,
    "step2.title": ADMISSION_STEPS[1]!.title,
    "step2.text": ADMISSION_STEPS[1]!.text,
    "step3.title": ADMISSION_STEPS[2]!.title,
    "step3.text": ADMISSION_STEPS[2]!.text,
    "step4.title": ADMISSION_STEPS[3]!.title,
    "step4.text": ADMISSION_STEPS[3]!.text,

    /** Under a table of facts too wide for a phone (DataTable). */
    "table.swipe": "Swipe the table sideways to see every column.",
  },
  hi: {
    tagline: "खुश विद्यार्थी, खुश अभिभावक",
    "action.apply": "प्रवेश के लिए आवेदन करें",
    "action.demo": "मुफ़्त डेमो क्लास बुक करें",

    "applyBand.title": "{{session}} के लिए प्रवेश शुरू हैं",
    "applyBand.text":
      "{{grades}} तक हर कक्षा के लिए आवेदन कर सकते हैं, और हर कक्षा की सीटें प्रवेश और फ़ीस के पेज पर दिखती हैं। आवेदन फ़ॉर्म भरने में लगभग दो मिनट लगते हैं, और आगे की हर बात में हमारी प्रवेश टीम आपकी मदद करेगी।",

    allGrades: "नर्सरी से कक्षा 8",
    "program.earlyYears.name": "शुरुआती साल",
    "program.earlyYears.grades": "नर्सरी और केजी",
    "program.primary.name": "प्राइमरी",
    "program.primary.grades": "कक्षा 1 से 5",
    "program.middle.name": "मिडिल स्कूल",
    "program.middle.grades": "कक्षा 6 से 8",
    "program.ages": "{{from}}+ साल",

    "claim.accreditation":
      "अमेरिका का एक शिक्षा संघ, जो दुनिया का सबसे बड़ा संघ है और जिससे 85 देशों के 40,000 से ज़्यादा स्कूल जुड़े हैं",
    "claim.extracurriculars": "काउंसलिंग, योग, संगीत, कला, नृत्य, कहानी सुनाना, कोडिंग और सांस्कृतिक आदान-प्रदान",
    "claim.parentMonitoring": "हर टॉपिक, पेज और मॉड्यूल पर लगा समय",

    "step1.title": "प्रवेश फ़ॉर्म खोलें",
    "step1.text": "ऑनलाइन आवेदन शुरू करें: इसमें लगभग दो मिनट लगते हैं और सिर्फ़ ज़रूरी जानकारी पूछी जाती है।",
    "step2.title": "फ़ॉर्म भेजें और भुगतान पर जाएँ",
    "step2.text": "अपने बच्चे की जानकारी जाँच लें, फ़ॉर्म भेजें और भुगतान के कदम पर जाएँ।",
    "step3.title": "प्रवेश फ़ीस का भुगतान करें",
    "step3.text": "क्रेडिट कार्ड, डेबिट कार्ड या नेट बैंकिंग से सुरक्षित भुगतान करें। इसके बाद पुष्टि का ईमेल आएगा।",
    "step4.title": "प्रवेश की पुष्टि पाएँ",
    "step4.text": "हमारी प्रवेश टीम {{days}} कामकाजी दिनों में आपके बच्चे के प्रवेश की पुष्टि करती है।",

    "table.swipe": "सारे कॉलम देखने के लिए टेबल को दाएँ-बाएँ खिसकाएँ।",
  },
});

/** The admission steps' numbers, for `step{n}.title` and `step{n}.text`. */
export const ADMISSION_STEP_NUMBERS = [1, 2, 3, 4] as const;
