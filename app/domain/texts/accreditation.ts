import { defineTexts } from "../translations";

/**
 * The accreditation page (/accreditation, /hi/accreditation), its seals' ring texts included (a
 * full ring in English, ending on a dot that joins it to its start; an arc over the seal's top in
 * Hindi, app/components/illustrations/accreditation-seal.tsx).
 * {{school}} is the school's name, {{accreditation}} the claim in running text (./content.ts),
 * {{schools}} and {{countries}} the accrediting network's figures (app/domain/claims.ts).
 * Hindi terms follow docs/hindi-glossary.md.
 */
export const ACCREDITATION_TEXTS = defineTexts("accreditation", {
  en: {
    "meta.title": "Accreditation | {{school}}",
    "meta.description":
      "{{school}} is accredited by {{accreditation}}. Why it matters, and the three capacity areas it reviews.",

    "hero.eyebrow": "Accreditation",
    "hero.title": "An accredited school, 100% online",
    "hero.ring": "ACCREDITED · 100% ONLINE SCHOOL ·",
    "hero.intro":
      "{{school}} is the only accredited 100% online school. We are accredited by {{accreditation}}.",

    "seals.eyebrow": "Our accreditation",
    "seals.title": "Accredited by the largest accrediting community in the world",
    "seals.intro":
      "The consortium that accredits us is based in the United States and works with over {{schools}} schools in {{countries}} countries. These seals stand for what that membership means.",
    "seal.accredited.ring": "ACCREDITED SCHOOL · 100% ONLINE ·",
    "seal.accredited.caption": "Accredited school",
    "seal.accredited.detail": "Recognised by the accrediting consortium as a 100% online school.",
    "seal.network.ring": "{{schools}} SCHOOLS · {{countries}} COUNTRIES ·",
    "seal.network.caption": "A worldwide network",
    "seal.network.detail": "Part of a community of over {{schools}} schools in {{countries}} countries.",
    "seal.standards.ring": "INTERNATIONAL STANDARDS · QUALITY ·",
    "seal.standards.caption": "International standards",
    "seal.standards.detail": "Teaching, leadership and resources reviewed against international standards.",

    "why.eyebrow": "Why it matters",
    "why.title": "Why accreditation matters for your child",
    "why.intro":
      "Anyone can open a website and call it a school. Accreditation is how you can tell a real one: an independent body has looked closely at how the school is run and how children learn there.",
    "why.recognised.title": "Learning that is recognised",
    "why.recognised.text":
      "Accreditation tells other schools and universities that your child's learning meets international standards, in India and abroad.",
    "why.checked.title": "Quality that is checked",
    "why.checked.text":
      "Independent reviewers look at how we teach, lead and plan, so our promises are checked rather than simply made.",
    "why.improving.title": "A school that keeps improving",
    "why.improving.text":
      "Accreditation is not a certificate on a wall: it commits us to review our work regularly and to act on what we find.",
    "why.peaceOfMind.title": "Peace of mind for parents",
    "why.peaceOfMind.text":
      "Choosing an online school is a big step. Accreditation means you are choosing one that answers to a global standard.",

    "capacity.eyebrow": "What is reviewed",
    "capacity.title": "Three capacity areas",
    "capacity.intro":
      "Accreditation looks at a school through three areas. Here is what each one means at {{school}}.",
    "capacity.leadership.title": "Leadership capacity",
    "capacity.leadership.text":
      "Our leaders set a clear purpose, plan with care and involve teachers and parents in decisions, so the whole school pulls in the same direction.",
    "capacity.learning.title": "Learning capacity",
    "capacity.learning.text":
      "Live classes, thoughtful lessons and regular feedback help each child make real progress, and parents can see that progress for themselves.",
    "capacity.resources.title": "Resource capacity",
    "capacity.resources.text":
      "Qualified teachers, a dependable online classroom and well-planned learning materials, looked after so they keep serving children well.",
  },
  hi: {
    "meta.title": "मान्यता | {{school}}",
    "meta.description":
      "{{school}} को जिस संस्था से मान्यता मिली है, वह है {{accreditation}}। यह क्यों ज़रूरी है, और इसमें किन तीन क्षेत्रों को परखा जाता है।",

    "hero.eyebrow": "मान्यता",
    "hero.title": "मान्यता प्राप्त स्कूल, 100% ऑनलाइन",
    "hero.ring": "मान्यता प्राप्त · 100% ऑनलाइन स्कूल",
    "hero.intro":
      "{{school}} एकमात्र मान्यता प्राप्त 100% ऑनलाइन स्कूल है। हमें जिस संस्था से मान्यता मिली है, वह है {{accreditation}}।",

    "seals.eyebrow": "हमारी मान्यता",
    "seals.title": "दुनिया के सबसे बड़े मान्यता देने वाले संघ से मान्यता प्राप्त",
    "seals.intro":
      "हमें मान्यता देने वाला संघ अमेरिका में है और {{countries}} देशों के {{schools}} से ज़्यादा स्कूलों के साथ काम करता है। ये मुहरें बताती हैं कि इस सदस्यता का क्या मतलब है।",
    "seal.accredited.ring": "मान्यता प्राप्त स्कूल · 100% ऑनलाइन",
    "seal.accredited.caption": "मान्यता प्राप्त स्कूल",
    "seal.accredited.detail": "मान्यता देने वाले संघ ने हमें 100% ऑनलाइन स्कूल के रूप में मान्यता दी है।",
    "seal.network.ring": "{{schools}} स्कूल · {{countries}} देश",
    "seal.network.caption": "दुनिया भर का नेटवर्क",
    "seal.network.detail": "{{countries}} देशों के {{schools}} से ज़्यादा स्कूलों के समुदाय का हिस्सा।",
    "seal.standards.ring": "अंतरराष्ट्रीय मानक · गुणवत्ता",
    "seal.standards.caption": "अंतरराष्ट्रीय मानक",
    "seal.standards.detail": "पढ़ाई, स्कूल का संचालन और संसाधन, सब अंतरराष्ट्रीय मानकों पर परखे जाते हैं।",

    "why.eyebrow": "यह क्यों ज़रूरी है",
    "why.title": "आपके बच्चे के लिए मान्यता क्यों ज़रूरी है",
    "why.intro":
      "कोई भी एक वेबसाइट बनाकर उसे स्कूल कह सकता है। असली स्कूल की पहचान मान्यता से होती है: एक स्वतंत्र संस्था ने बारीकी से देखा है कि स्कूल कैसे चलता है और वहाँ बच्चे कैसे सीखते हैं।",
    "why.recognised.title": "ऐसी पढ़ाई, जो हर जगह मानी जाए",
    "why.recognised.text":
      "मान्यता से भारत और विदेश के दूसरे स्कूलों और विश्वविद्यालयों को पता चलता है कि आपके बच्चे की पढ़ाई अंतरराष्ट्रीय मानकों पर खरी है।",
    "why.checked.title": "परखी हुई गुणवत्ता",
    "why.checked.text":
      "स्वतंत्र समीक्षक देखते हैं कि हम कैसे पढ़ाते हैं, स्कूल कैसे चलाते हैं और योजना कैसे बनाते हैं, ताकि हमारे वादे सिर्फ़ किए न जाएँ, परखे भी जाएँ।",
    "why.improving.title": "लगातार बेहतर होता स्कूल",
    "why.improving.text":
      "मान्यता दीवार पर टँगा कोई प्रमाणपत्र नहीं है: इसके लिए हमें अपने काम की नियमित समीक्षा करनी होती है और जो कमी दिखे, उसे दूर करना होता है।",
    "why.peaceOfMind.title": "अभिभावकों के लिए निश्चिंतता",
    "why.peaceOfMind.text":
      "ऑनलाइन स्कूल चुनना एक बड़ा फ़ैसला है। मान्यता का मतलब है कि आप ऐसा स्कूल चुन रहे हैं जो अंतरराष्ट्रीय मानकों के प्रति जवाबदेह है।",

    "capacity.eyebrow": "किसकी समीक्षा होती है",
    "capacity.title": "तीन क्षमता क्षेत्र",
    "capacity.intro": "मान्यता में स्कूल को तीन क्षेत्रों में परखा जाता है। {{school}} में हर क्षेत्र का क्या मतलब है, यहाँ देखें।",
    "capacity.leadership.title": "नेतृत्व की क्षमता",
    "capacity.leadership.text":
      "हमारे स्कूल के प्रमुख साफ़ लक्ष्य तय करते हैं, सोच-समझकर योजना बनाते हैं और फ़ैसलों में शिक्षकों और अभिभावकों को शामिल करते हैं, ताकि पूरा स्कूल एक ही दिशा में आगे बढ़े।",
    "capacity.learning.title": "पढ़ाई की क्षमता",
    "capacity.learning.text":
      "लाइव क्लास, सोच-समझकर बनाए गए पाठ और नियमित फ़ीडबैक से हर बच्चा सचमुच आगे बढ़ता है, और अभिभावक यह प्रगति खुद देख सकते हैं।",
    "capacity.resources.title": "संसाधनों की क्षमता",
    "capacity.resources.text":
      "योग्य शिक्षक, भरोसेमंद ऑनलाइन क्लासरूम और अच्छी तरह तैयार की गई पढ़ाई की सामग्री, जिनकी लगातार देखभाल होती है ताकि वे बच्चों के काम आती रहें।",
  },
});
