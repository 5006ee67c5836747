import { defineTexts } from "../translations";

/**
 * What the application form's age check (app/domain/age-check.ts, issue 18) tells the parent, in
 * the form's words and in the server's answers. English is the API's too: the page's action,
 * POST /api/applications and the browser's check all say it from here. Hindi follows
 * docs/hindi-glossary.md; the sentences are Hindi's own order (the day first, "is" last).
 */
export const AGE_CHECK_TEXTS = defineTexts("age-check", {
  en: {
    future: "The date of birth must be in the past.",
    tooYoung:
      "Please check the date of birth: the child would be younger than {{years}} on {{day}}, when the school year starts.",
    heading: "Please check the age for this grade.",
    confirm: "I have checked the date of birth and the grade: send the application anyway",
    confirmNeeded:
      "Please check the date of birth and the grade, or tick the box to send the application anyway.",
    /** The warning: "On 1 June 2025 Asha will be 7 years old: that fits Nursery, …, not Grade 5." */
    "warning.willBe": "On {{day}} {{child}} will be {{age}} old: {{fitting}}.",
    "warning.was": "On {{day}} {{child}} was {{age}} old: {{fitting}}.",
    "warning.fits": "that fits {{grades}}, not {{grade}}",
    "warning.fitsNone": "too young for every grade ({{first}} takes children from {{from}} years)",
    /** Who the warning names when the form has no name yet. */
    "warning.yourChild": "your child",
    years_one: "{{count}} year",
    years_other: "{{count}} years",
    months_one: "{{count}} month",
    months_other: "{{count}} months",
    yearsAndMonths: "{{years}} and {{months}}",
    /** The last two of a list of grades: "Grade 2 or Grade 3" (the others joined by commas). */
    or: "{{list}} or {{last}}",
  },
  hi: {
    future: "जन्म तिथि आज से पहले की होनी चाहिए।",
    tooYoung:
      "कृपया जन्म तिथि जाँच लें: {{day}} को, जब स्कूल का नया साल शुरू होगा, बच्चे की उम्र {{years}} साल से कम होगी।",
    heading: "कृपया इस कक्षा के लिए बच्चे की उम्र जाँच लें।",
    confirm: "मैंने जन्म तिथि और कक्षा जाँच ली है: आवेदन फिर भी भेजें",
    confirmNeeded: "कृपया जन्म तिथि और कक्षा जाँच लें, या आवेदन फिर भी भेजने के लिए बॉक्स पर सही का निशान लगाएँ।",
    "warning.willBe": "{{day}} को {{child}} की उम्र {{age}} होगी: {{fitting}}।",
    "warning.was": "{{day}} को {{child}} की उम्र {{age}} थी: {{fitting}}।",
    "warning.fits": "इस उम्र में {{grades}} में प्रवेश मिल सकता है, {{grade}} में नहीं",
    "warning.fitsNone": "यह किसी भी कक्षा के लिए कम है ({{first}} में {{from}} साल की उम्र से प्रवेश मिलता है)",
    "warning.yourChild": "आपके बच्चे",
    years_one: "{{count}} साल",
    years_other: "{{count}} साल",
    months_one: "{{count}} महीना",
    months_other: "{{count}} महीने",
    yearsAndMonths: "{{years}} {{months}}",
    or: "{{list}} या {{last}}",
  },
});
