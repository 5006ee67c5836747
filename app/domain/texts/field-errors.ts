import { AGE_CHECK_MESSAGES } from "../age-check";
import { FIELD_MESSAGES } from "../field-messages";
import { CONSENT_WHAT, FORMS } from "../forms";
import { freeTextMessages } from "../free-text";
import { LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { NOTICE_VERSION_MESSAGES } from "../privacy";
import { SHARED_FIELDS } from "../shared-fields";
import { defineTexts, translator } from "../translations";
import { AGE_CHECK_TEXTS } from "./age-check";
import { TEACHERS_TEXTS } from "./teachers";

/**
 * What the server answers about the public forms (admission, demo, enrollment, the teacher
 * registration and its CV), for a page in another language: `error.<field>.<rule>` for a field, `form.<what>` for the whole form. The
 * English side is exactly what the field rules (app/services/validation.ts, their words in
 * app/domain/field-messages.ts) and the abuse checks answer, so the page's action knows an
 * answer by its English and shows it in the page's language (app/utils/forms.server.ts); the
 * API and the English pages keep the English. Server only: no component imports this.
 */
const { studentName, parentName, mobile, email } = SHARED_FIELDS;
const { dob } = FORMS.application;
const { preferredDateTime, heardAboutOther } = FORMS.demo;
const teacher = FORMS.teacher;

/** The free-text rule's answers (app/domain/free-text.ts) about a text field, in English. */
function textAnswers<const Field extends string>(field: Field, what: string, maxLength: number) {
  const free = freeTextMessages(what);
  return {
    [`error.${field}.required`]: FIELD_MESSAGES.missing(what),
    [`error.${field}.tooLong`]: FIELD_MESSAGES.tooLong(maxLength),
    [`error.${field}.invisibleOnly`]: free.invisibleOnly,
    [`error.${field}.notAllowed`]: free.notAllowed,
    [`error.${field}.oneLine`]: free.oneLine,
  } as Record<
    `error.${Field}.${"required" | "tooLong" | "invisibleOnly" | "notAllowed" | "oneLine"}`,
    string
  >;
}

export const FIELD_ERROR_TEXTS = defineTexts("field-errors", {
  en: {
    ...textAnswers("studentName", studentName.what, studentName.maxLength),
    ...textAnswers("parentName", parentName.what, parentName.maxLength),
    ...textAnswers("preferredDateTime", preferredDateTime.what, preferredDateTime.maxLength),
    "error.dob.required": FIELD_MESSAGES.missing(dob.what),
    "error.dob.realDate": FIELD_MESSAGES.realDate,
    "error.dob.future": AGE_CHECK_MESSAGES.future,
    "error.dob.under18": FIELD_MESSAGES.under18,
    "error.grade.invalid": FIELD_MESSAGES.grade,
    "error.heardAbout.invalid": FIELD_MESSAGES.heardAbout,
    "error.heardAboutOther.tooLong": FIELD_MESSAGES.tooLong(heardAboutOther.maxLength),
    "error.heardAboutOther.invisibleOnly": freeTextMessages(heardAboutOther.what).invisibleOnly,
    "error.heardAboutOther.notAllowed": freeTextMessages(heardAboutOther.what).notAllowed,
    "error.heardAboutOther.oneLine": freeTextMessages(heardAboutOther.what).oneLine,
    "error.mobile.required": FIELD_MESSAGES.missing(mobile.what),
    "error.mobile.invalid": FIELD_MESSAGES.mobile,
    "error.email.required": FIELD_MESSAGES.missing(email.what),
    "error.email.invalid": FIELD_MESSAGES.email,
    "error.consent.required": FIELD_MESSAGES.consent(CONSENT_WHAT.child),
    "error.noticeVersion.missing": NOTICE_VERSION_MESSAGES.missing,
    "error.noticeVersion.changed": NOTICE_VERSION_MESSAGES.changed,
    // The teacher registration: the teacher's own details, consent and CV.
    ...textAnswers("name", teacher.name.what, teacher.name.maxLength),
    ...textAnswers("city", teacher.city.what, teacher.city.maxLength),
    ...textAnswers("experience", teacher.experience.what, teacher.experience.maxLength),
    "error.message.tooLong": FIELD_MESSAGES.tooLong(teacher.message.maxLength),
    "error.message.invisibleOnly": freeTextMessages(teacher.message.what).invisibleOnly,
    "error.message.notAllowed": freeTextMessages(teacher.message.what).notAllowed,
    "error.consent.own": FIELD_MESSAGES.consent(CONSENT_WHAT.own),
    "error.cv.notPdf": MESSAGES.teacher.cvNotPdf,
    "error.cv.tooLarge": TEACHERS_TEXTS.en.cvTooLarge,
    "form.several": FIELD_MESSAGES.several,
    "form.sendAgain": MESSAGES.generic.sendAgain,
    "form.botCheck": MESSAGES.generic.botCheck,
    "form.tooManyRequests": MESSAGES.generic.tooManyRequests,
    /** For an answer not listed here: never the English on a page in another language. */
    check: "Please check “{{label}}”.",
  },
  hi: {
    "error.studentName.required": "कृपया बच्चे का नाम लिखें।",
    "error.studentName.tooLong": `बच्चे का नाम ज़्यादा से ज़्यादा ${LIMITS.name} अक्षरों का हो सकता है।`,
    "error.studentName.invisibleOnly": "बच्चे के नाम में अक्षर या अंक होने चाहिए, सिर्फ़ न दिखने वाले निशान नहीं।",
    "error.studentName.notAllowed":
      "बच्चे के नाम में एक छिपा हुआ निशान है जो यहाँ नहीं चल सकता। कृपया नाम दोबारा टाइप करें।",
    "error.studentName.oneLine": "बच्चे का नाम एक ही लाइन में लिखें।",
    "error.parentName.required": "कृपया अभिभावक का नाम लिखें।",
    "error.parentName.tooLong": `अभिभावक का नाम ज़्यादा से ज़्यादा ${LIMITS.name} अक्षरों का हो सकता है।`,
    "error.parentName.invisibleOnly": "अभिभावक के नाम में अक्षर या अंक होने चाहिए, सिर्फ़ न दिखने वाले निशान नहीं।",
    "error.parentName.notAllowed":
      "अभिभावक के नाम में एक छिपा हुआ निशान है जो यहाँ नहीं चल सकता। कृपया नाम दोबारा टाइप करें।",
    "error.parentName.oneLine": "अभिभावक का नाम एक ही लाइन में लिखें।",
    "error.preferredDateTime.required": "कृपया लिखें कि डेमो के लिए कौन-सा दिन और समय आपके लिए ठीक रहेगा।",
    "error.preferredDateTime.tooLong": `पसंद का दिन और समय ज़्यादा से ज़्यादा ${LIMITS.preferredDateTime} अक्षरों में लिखें।`,
    "error.preferredDateTime.invisibleOnly":
      "पसंद के दिन और समय में अक्षर या अंक होने चाहिए, सिर्फ़ न दिखने वाले निशान नहीं।",
    "error.preferredDateTime.notAllowed":
      "पसंद के दिन और समय में एक छिपा हुआ निशान है जो यहाँ नहीं चल सकता। कृपया इसे दोबारा टाइप करें।",
    "error.preferredDateTime.oneLine": "पसंद का दिन और समय एक ही लाइन में लिखें।",
    "error.dob.required": "कृपया जन्म तिथि भरें।",
    "error.dob.realDate": "कृपया सही जन्म तिथि भरें (जैसे 2019-06-15)।",
    "error.dob.future": translator(AGE_CHECK_TEXTS, "hi")("future"),
    "error.dob.under18": "कृपया जन्म तिथि जाँच लें: हमारे विद्यार्थी 18 साल से कम उम्र के हैं।",
    "error.grade.invalid": "कृपया नर्सरी से कक्षा 8 तक में से कोई कक्षा चुनें।",
    "error.heardAbout.invalid": "कृपया सूची में से चुनें कि आपको हमारे बारे में कहाँ से पता चला, या इसे खाली छोड़ दें।",
    "error.heardAboutOther.tooLong": `यह ज़्यादा से ज़्यादा ${heardAboutOther.maxLength} अक्षरों में लिखें।`,
    "error.heardAboutOther.invisibleOnly": "इसमें अक्षर या अंक होने चाहिए, सिर्फ़ न दिखने वाले निशान नहीं।",
    "error.heardAboutOther.notAllowed": "इसमें एक छिपा हुआ निशान है जो यहाँ नहीं चल सकता। कृपया इसे दोबारा टाइप करें।",
    "error.heardAboutOther.oneLine": "इसे एक ही लाइन में लिखें।",
    "error.mobile.required": "कृपया मोबाइल नंबर लिखें।",
    "error.mobile.invalid": "कृपया सही मोबाइल नंबर लिखें: 10 अंकों का भारतीय नंबर।",
    "error.email.required": "कृपया ईमेल पता लिखें।",
    "error.email.invalid": "कृपया सही ईमेल पता लिखें।",
    "error.consent.required": "आगे बढ़ने के लिए कृपया पुष्टि करें कि आप बच्चे के अभिभावक हैं और गोपनीयता सूचना से सहमत हैं।",
    "error.noticeVersion.missing": "यह फ़ॉर्म पुराना है। कृपया पेज दोबारा खोलें, गोपनीयता सूचना पढ़ें और फिर से पुष्टि करें।",
    "error.noticeVersion.changed": "गोपनीयता सूचना बदल गई है। कृपया उसे पढ़ें और फिर से पुष्टि करें।",
    "error.name.required": "कृपया अपना नाम लिखें।",
    "error.name.tooLong": `नाम ज़्यादा से ज़्यादा ${LIMITS.name} अक्षरों का हो सकता है।`,
    "error.name.invisibleOnly": "नाम में अक्षर या अंक होने चाहिए, सिर्फ़ न दिखने वाले निशान नहीं।",
    "error.name.notAllowed": "नाम में एक छिपा हुआ निशान है जो यहाँ नहीं चल सकता। कृपया नाम दोबारा टाइप करें।",
    "error.name.oneLine": "नाम एक ही लाइन में लिखें।",
    "error.city.required": "कृपया अपना शहर लिखें।",
    "error.city.tooLong": `शहर का नाम ज़्यादा से ज़्यादा ${LIMITS.city} अक्षरों का हो सकता है।`,
    "error.city.invisibleOnly": "शहर के नाम में अक्षर या अंक होने चाहिए, सिर्फ़ न दिखने वाले निशान नहीं।",
    "error.city.notAllowed": "शहर के नाम में एक छिपा हुआ निशान है जो यहाँ नहीं चल सकता। कृपया नाम दोबारा टाइप करें।",
    "error.city.oneLine": "शहर का नाम एक ही लाइन में लिखें।",
    "error.experience.required": "कृपया अपने पढ़ाने के अनुभव के बारे में लिखें।",
    "error.experience.tooLong": `पढ़ाने का अनुभव ज़्यादा से ज़्यादा ${LIMITS.experience} अक्षरों में लिखें।`,
    "error.experience.invisibleOnly": "पढ़ाने के अनुभव में अक्षर या अंक होने चाहिए, सिर्फ़ न दिखने वाले निशान नहीं।",
    "error.experience.notAllowed":
      "पढ़ाने के अनुभव में एक छिपा हुआ निशान है जो यहाँ नहीं चल सकता। कृपया इसे दोबारा टाइप करें।",
    "error.experience.oneLine": "पढ़ाने का अनुभव एक ही लाइन में लिखें।",
    "error.message.tooLong": `संदेश ज़्यादा से ज़्यादा ${LIMITS.message.toLocaleString("en-IN")} अक्षरों का हो सकता है।`,
    "error.message.invisibleOnly": "संदेश में अक्षर या अंक होने चाहिए, सिर्फ़ न दिखने वाले निशान नहीं।",
    "error.message.notAllowed": "संदेश में एक छिपा हुआ निशान है जो यहाँ नहीं चल सकता। कृपया संदेश दोबारा टाइप करें।",
    "error.consent.own": "आगे बढ़ने के लिए कृपया पुष्टि करें कि आप गोपनीयता सूचना से सहमत हैं।",
    "error.cv.notPdf": "कृपया अपने CV के लिए PDF फ़ाइल चुनें। यह फ़ाइल PDF नहीं है, भले ही उसका नाम कुछ भी कहे।",
    "error.cv.tooLarge": translator(TEACHERS_TEXTS, "hi")("cvTooLarge"),
    "form.several": "कुछ जानकारी छूट गई है या सही नहीं है। कृपया फ़ॉर्म जाँचें और फिर से भेजें।",
    "form.sendAgain": "कृपया अपनी जानकारी जाँचें और फ़ॉर्म फिर से भेजें।",
    "form.botCheck": "हम यह फ़ॉर्म अभी नहीं ले पाए। कृपया अपनी जानकारी जाँचें और इसे फिर से भेजें।",
    "form.tooManyRequests": "बहुत बार कोशिश हो चुकी है। कृपया एक मिनट रुककर फिर से कोशिश करें।",
    check: "कृपया “{{label}}” जाँच लें।",
  },
});
