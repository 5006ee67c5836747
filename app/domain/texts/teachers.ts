import { MAX_CV_BYTES } from "../limits";
import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/** The CV's size limit as the form says it: "5 MB". */
const CV_MEGABYTES = MAX_CV_BYTES / 1024 / 1024;

/**
 * The Teachers page (/teachers, /hi/teachers): "teach with us", how the school teaches, and the
 * teacher registration form with its CV. The claims it names ({{monitoring}}, {{extracurriculars}},
 * {{grades}}) come from the "content" namespace; the mobile, e-mail and consent fields' words from
 * "fields"; what the server answers about a field from "field-errors". Hindi per
 * docs/hindi-glossary.md.
 */
export const TEACHERS_TEXTS = defineTexts("teachers", {
  en: {
    "meta.title": "Teachers | {{school}}",
    "meta.description":
      "Teach live online classes at {{school}}: our teaching environment, our methodology, and register to teach with us.",
    eyebrow: "Teach with us",
    title: "Teach at {{school}}, from wherever you are",
    intro:
      "Join the only accredited 100% online school for {{grades}}, and inspire curious children in live classes, without a commute.",

    "method.eyebrow": "Teaching environment and methodology",
    "method.title": "How we teach",
    "method.intro":
      "Our classrooms are online, but teaching here is anything but distant. These five ideas shape every lesson at {{school}}.",
    "method.live.title": "Live, interactive classes",
    "method.live.text":
      "You teach real classes in real time: children ask, answer, discuss and work together, with you at the centre of it.",
    "method.pace.title": "Every child at their own pace",
    "method.pace.text":
      "Between live lessons, students practise at their own pace, and you and their parents can see the {{monitoring}}, so no one slips through the cracks.",
    "method.multicultural.title": "Multicultural classrooms",
    "method.multicultural.text":
      "Your students join from many places and backgrounds, and learn as much from each other as from the lesson plan.",
    "method.wholeChild.title": "Teaching the whole child",
    "method.wholeChild.text":
      "Academics sit alongside {{extracurriculars}}, and every teacher helps children grow in confidence and kindness.",
    "method.standards.title": "International standards, shared growth",
    "method.standards.text":
      "As an accredited school we plan, review and improve together, and we support our teachers to keep learning too.",

    "form.title": MESSAGES.content.teacherForm,
    "form.description": "Tell us a little about yourself and your teaching. Fields marked * are required.",
    "form.submit": "Send Registration",
    "label.name": "Name",
    "label.city": "City",
    "label.experience": "Teaching experience",
    "help.experience": "For example: 6 years teaching Grade 3 to 5 mathematics.",
    "label.message": "Message",
    "label.cv": "CV (optional)",
    "help.cv": `A PDF file, up to ${CV_MEGABYTES} MB. Only our staff can open it.`,
    /** Said by the browser before anything is uploaded; the server says the same (field-errors). */
    cvTooLarge: MESSAGES.teacher.cvTooLarge(CV_MEGABYTES),
    success: MESSAGES.teacher.success,
    failed: MESSAGES.teacher.failed,
  },
  hi: {
    "meta.title": "शिक्षक | {{school}}",
    "meta.description":
      "{{school}} में लाइव ऑनलाइन क्लास पढ़ाएँ: जानिए हमारे यहाँ पढ़ाने का माहौल और तरीका, और हमारे साथ पढ़ाने के लिए रजिस्टर करें।",
    eyebrow: "हमारे साथ पढ़ाएँ",
    title: "{{school}} में पढ़ाएँ, आप जहाँ भी हों",
    intro:
      "{{grades}} तक के इकलौते मान्यता-प्राप्त 100% ऑनलाइन स्कूल से जुड़ें, और लाइव क्लास में जिज्ञासु बच्चों को प्रेरित करें, वह भी बिना रोज़ आने-जाने के।",

    "method.eyebrow": "पढ़ाने का माहौल और तरीका",
    "method.title": "हम कैसे पढ़ाते हैं",
    "method.intro":
      "हमारी क्लास ऑनलाइन होती हैं, फिर भी यहाँ पढ़ाने में कोई दूरी महसूस नहीं होती। {{school}} का हर पाठ इन पाँच बातों से बनता है।",
    "method.live.title": "लाइव और इंटरैक्टिव क्लास",
    "method.live.text":
      "आप असली समय में असली क्लास पढ़ाते हैं: बच्चे सवाल पूछते हैं, जवाब देते हैं, चर्चा करते हैं और मिलकर काम करते हैं, और इन सबके बीच में आप होते हैं।",
    "method.pace.title": "हर बच्चा अपनी रफ़्तार से",
    "method.pace.text":
      "लाइव क्लास के बीच विद्यार्थी अपनी रफ़्तार से अभ्यास करते हैं, और आप व उनके अभिभावक {{monitoring}} देख सकते हैं, ताकि कोई भी बच्चा पीछे न छूटे।",
    "method.multicultural.title": "अलग-अलग संस्कृतियों वाली क्लास",
    "method.multicultural.text":
      "आपके विद्यार्थी कई जगहों और अलग-अलग माहौल से जुड़ते हैं, और पाठ से जितना सीखते हैं, उतना ही एक-दूसरे से भी सीखते हैं।",
    "method.wholeChild.title": "बच्चे का सर्वांगीण विकास",
    "method.wholeChild.text":
      "पढ़ाई के साथ-साथ {{extracurriculars}} भी होते हैं, और हर शिक्षक बच्चों को आत्मविश्वासी और दयालु बनने में मदद करता है।",
    "method.standards.title": "अंतरराष्ट्रीय स्तर, साथ मिलकर आगे बढ़ना",
    "method.standards.text":
      "एक मान्यता-प्राप्त स्कूल के रूप में हम मिलकर योजना बनाते हैं, उसे परखते हैं और बेहतर करते हैं, और अपने शिक्षकों को भी लगातार सीखते रहने में मदद करते हैं।",

    "form.title": "शिक्षक रजिस्ट्रेशन",
    "form.description": "हमें अपने बारे में और अपने पढ़ाने के अनुभव के बारे में थोड़ा बताएँ। * वाली जानकारी भरना ज़रूरी है।",
    "form.submit": "रजिस्ट्रेशन भेजें",
    "label.name": "नाम",
    "label.city": "शहर",
    "label.experience": "पढ़ाने का अनुभव",
    "help.experience": "जैसे: कक्षा 3 से 5 को गणित पढ़ाने का 6 साल का अनुभव।",
    "label.message": "संदेश",
    "label.cv": "CV (ज़रूरी नहीं)",
    "help.cv": `PDF फ़ाइल, ज़्यादा से ज़्यादा ${CV_MEGABYTES} MB की। इसे सिर्फ़ हमारा स्टाफ़ खोल सकता है।`,
    cvTooLarge: `आपका CV ${CV_MEGABYTES} MB से बड़ा है। कृपया छोटी PDF फ़ाइल चुनें, या फ़ॉर्म CV के बिना भेजें।`,
    success: "धन्यवाद! आपका रजिस्ट्रेशन भेज दिया गया है। हम इसे पढ़कर जल्द ही आपसे संपर्क करेंगे।",
    failed: "कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
  },
});
