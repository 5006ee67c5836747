import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/**
 * The admission application page (/apply, /hi/apply). Its fields' labels are in ./fields.ts, the
 * age check's words in ./age-check.ts, what the server answers about a value in ./field-errors.ts.
 */
export const APPLY_TEXTS = defineTexts("apply", {
  en: {
    "meta.title": "Apply for admission {{session}} | {{school}}",
    "meta.description": "Apply online for admission to {{school}}, Nursery to Grade 8, session {{session}}.",
    eyebrow: "Admissions open {{session}}",
    title: "Apply for admission",
    /** Each grade's seats are listed under the grade the parent picks, as they are. */
    intro:
      "Apply for any grade from Nursery to Grade 8: the form shows which grades have seats and which have a waitlist. It takes about two minutes.",
    nextSteps: "What happens next",
    "step.review": "Our admissions team reviews your application.",
    "step.call": "We call or email you to confirm the grade and answer your questions.",
    "step.pay": "You pay the admission fee by card or online banking and receive a confirmation email.",
    "step.confirmed": "Admission is confirmed within 2 working days.",
    formTitle: "Student Admission Form",
    required: "Fields marked * are required.",
    gradeLabel: "Grade applying for",
    submit: "Submit Application",
    success: MESSAGES.application.success,
    failed: MESSAGES.application.failed,
  },
  hi: {
    "meta.title": "प्रवेश के लिए आवेदन {{session}} | {{school}}",
    "meta.description": "{{school}} में नर्सरी से कक्षा 8 तक, सत्र {{session}} के प्रवेश के लिए ऑनलाइन आवेदन करें।",
    eyebrow: "सत्र {{session}} के लिए प्रवेश शुरू",
    title: "प्रवेश के लिए आवेदन करें",
    intro:
      "नर्सरी से कक्षा 8 तक किसी भी कक्षा के लिए आवेदन करें: फ़ॉर्म में लिखा है कि किस कक्षा में सीटें हैं और किसमें वेटिंग लिस्ट है। आवेदन भरने में लगभग दो मिनट लगते हैं।",
    nextSteps: "आगे क्या होगा",
    "step.review": "हमारी प्रवेश टीम आपका आवेदन देखेगी।",
    "step.call": "कक्षा पक्की करने और आपके सवालों के जवाब देने के लिए हम आपको फ़ोन या ईमेल करेंगे।",
    "step.pay": "आप कार्ड या ऑनलाइन बैंकिंग से प्रवेश फ़ीस भरेंगे और आपको पुष्टि का ईमेल मिलेगा।",
    "step.confirmed": "2 कामकाजी दिनों के अंदर प्रवेश पक्का हो जाएगा।",
    formTitle: "विद्यार्थी प्रवेश फ़ॉर्म",
    required: "* वाली जानकारी भरना ज़रूरी है।",
    gradeLabel: "किस कक्षा में प्रवेश चाहिए",
    submit: "आवेदन भेजें",
    success: "आपका आवेदन भेज दिया गया है! हम जल्द ही आपसे संपर्क करेंगे।",
    failed: "कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
  },
});
