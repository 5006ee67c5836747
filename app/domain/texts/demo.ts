import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/**
 * The free demo class page (/book-demo, /hi/book-demo). Its fields' labels are in ./fields.ts,
 * what the server answers about a value in ./field-errors.ts.
 */
export const DEMO_TEXTS = defineTexts("demo", {
  en: {
    "meta.title": "Book a free demo class | {{school}}",
    "meta.description": "Book a free live demo class at {{school}} for your child, Nursery to Grade 8.",
    eyebrow: "Free demo class",
    title: "See a {{school}} class for yourself",
    intro: "Book a free demo and let your child try a real online lesson before you decide.",
    includes: "Your free demo includes",
    "promise.live": "A live class with one of our teachers",
    "promise.home": "Your child joins from home on a laptop, tablet or phone",
    "promise.watch": "You watch how lessons, activities and progress tracking work",
    "promise.free": "No payment and no obligation",
    formTitle: "Book a Free Demo",
    required: "All fields are required. We will call you to confirm the time.",
    submit: "Book Free Demo",
    success: MESSAGES.demo.success,
    failed: MESSAGES.demo.failed,
  },
  hi: {
    "meta.title": "मुफ़्त डेमो क्लास बुक करें | {{school}}",
    "meta.description": "अपने बच्चे के लिए {{school}} की मुफ़्त लाइव डेमो क्लास बुक करें, नर्सरी से कक्षा 8 तक।",
    eyebrow: "मुफ़्त डेमो क्लास",
    title: "{{school}} की क्लास खुद देखें",
    intro: "मुफ़्त डेमो बुक करें, और फ़ैसला करने से पहले अपने बच्चे को एक असली ऑनलाइन क्लास करके देखने दें।",
    includes: "मुफ़्त डेमो क्लास में क्या मिलेगा",
    "promise.live": "हमारे किसी शिक्षक के साथ एक लाइव क्लास",
    "promise.home": "आपका बच्चा घर से ही लैपटॉप, टैबलेट या फ़ोन पर जुड़ेगा",
    "promise.watch": "आप देखेंगे कि पढ़ाई, गतिविधियाँ और बच्चे की प्रगति पर नज़र कैसे रखी जाती है",
    "promise.free": "न कोई भुगतान, न कोई बंधन",
    formTitle: "मुफ़्त डेमो क्लास बुक करें",
    required: "सारी जानकारी भरना ज़रूरी है। समय पक्का करने के लिए हम आपको फ़ोन करेंगे।",
    submit: "मुफ़्त डेमो बुक करें",
    success: "डेमो क्लास का अनुरोध भेज दिया गया है! समय पक्का करने के लिए हम जल्द ही आपसे संपर्क करेंगे।",
    failed: "कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
  },
});
