import { SCHOOL } from "../brand";
import { MESSAGES } from "../messages";
import { STUDENT_CITIES } from "../student-cities";
import { defineTexts } from "../translations";

/**
 * The home page: its title and description, the hero, the banners, the sections and the city
 * carousel. {{school}} is the school's name, {{session}} the admission year, as SCHOOL has them.
 * Hindi terms follow docs/hindi-glossary.md.
 */

type City = (typeof STUDENT_CITIES)[number];

const HINDI_CITIES: Record<City, string> = {
  Chennai: "चेन्नई",
  Pune: "पुणे",
  Hyderabad: "हैदराबाद",
  Coimbatore: "कोयंबटूर",
  Surat: "सूरत",
  Mumbai: "मुंबई",
  Bangalore: "बेंगलुरु",
  Delhi: "दिल्ली",
  Visakhapatnam: "विशाखापत्तनम",
  Gurugram: "गुरुग्राम",
};

/** `city.{name}`: each city of STUDENT_CITIES, named in a language. */
const citiesIn = (name: (city: City) => string) =>
  Object.fromEntries(STUDENT_CITIES.map((city) => [`city.${city}`, name(city)])) as Record<
    `city.${City}`,
    string
  >;

export const HOME_TEXTS = defineTexts("home", {
  en: {
    "meta.title": `${SCHOOL.fullName} | ${SCHOOL.tagline}`,
    "meta.description":
      "{{school}}: the only accredited 100% online school, Nursery to Grade 8, with the most affordable fees. Admissions open for {{session}} in all grades.",

    "hero.tagline": SCHOOL.tagline,
    "hero.title": "The only accredited 100% online school, from Nursery to Grade 8",
    "hero.intro":
      "Live classes with caring teachers, an internationally accredited curriculum and the most affordable fees. Your child learns happily and safely at home, and you can see every step.",
    "hero.bookDemo": "Book a free demo",
    "hero.seeFees": "See the fees",
    "hero.point.admissions": "Admissions open for {{session}}",
    "hero.point.accredited": "Accredited by a US-based consortium",
    "hero.point.affordable": "Most affordable fees",
    "hero.point.progress": "Parents see progress",

    "admissions.badgeOpen": "Open",
    "admissions.badgeNow": "Now",
    "admissions.title": "Admissions open for {{session}}",
    "admissions.text":
      "Applications are open in all grades, from Nursery to Grade 8, with each grade's seats beside its fee.",
    "admissions.link": "How admission works",

    "welcome.eyebrow": "Welcome to {{school}}",
    "welcome.title": "A real school that comes to your home",
    "welcome.intro":
      "{{school}} is a complete school for children from Nursery to Grade 8, taught entirely online. Children join live classes, make friends from many cultures, and grow at their own pace in a joyful learning environment.",
    "welcome.wholeChild":
      "We focus on the whole child: strong academics, confidence, creativity and kindness, so every day ends with happy students and happy parents.",
    "welcome.more": "More about {{school}}",
    "welcome.accredited.title": "Accredited worldwide",
    "welcome.accredited.text":
      "Accredited by a US-based consortium, the largest in the world, with over 40,000 schools in 85 countries.",
    "welcome.affordable.title": "Most affordable",
    "welcome.affordable.text":
      "Quality schooling for a simple yearly fee, with no daily commute or school bus to pay for.",
    "welcome.progress.title": "Parents see progress",
    "welcome.progress.text":
      "Follow the time your child spends on every topic, page and module, from your own phone.",
    "welcome.beyond.title": "More than lessons",
    "welcome.beyond.text":
      "Counselling, yoga, music, art, dance, story-telling, coding and cultural exchanges.",

    "fees.eyebrow": "Fee structure {{session}}",
    "fees.title": "One simple yearly fee",
    "fees.intro":
      "Choose your child's grade to see the fee and enroll online in a few minutes. Every fee includes:",
    "fees.full": "See the full fee structure",

    "demo.eyebrow": "Free, no obligation",
    "demo.title": "Try a free demo class first",
    "demo.text":
      "See how a live online class feels before you decide. Choose a time that suits you, and your child joins a real lesson with one of our teachers.",
    "demo.button": "Book a Free Demo",

    "programs.eyebrow": "Our programs",
    "programs.title": "A program for every stage",
    "programs.intro":
      "From a first day of school at three to the doorstep of high school, one school grows with your child.",
    "programs.explore": "Explore the program →",
    "programs.earlyYears.stage": "Early Years",
    "programs.earlyYears.grades": "Nursery & K.G.",
    "programs.earlyYears.ages": "3+ years",
    "programs.earlyYears.summary":
      "Play, stories and songs that grow curiosity, language and a love of numbers.",
    "programs.primary.stage": "Primary",
    "programs.primary.grades": "Grade 1 to 5",
    "programs.primary.ages": "5+ years",
    "programs.primary.summary":
      "Strong foundations in reading, writing, mathematics and science, taught live.",
    "programs.middle.stage": "Middle",
    "programs.middle.grades": "Grade 6 to 8",
    "programs.middle.ages": "10+ years",
    "programs.middle.summary": "Deeper subjects and exposure to 100+ careers, to find what they love.",

    "cities.eyebrow": "Multicultural classrooms",
    "cities.title": "Classmates from across India",
    "cities.intro":
      "Children from big cities and small towns learn together, share festivals and stories, and make friends everywhere.",
    "cities.list": "Cities our students learn from",
    "cities.pause": "Pause the cities",
    ...citiesIn((city) => city),

    "safety.eyebrow": "Safe at home",
    "safety.title": "Not just the safest school",
    "safety.intro":
      "Online means your child learns from the safety of home, and you stay part of every school day.",
    "safety.commute":
      "No commute: no traffic, crowded buses or long waits at the school gate, and more time for sleep, play and family.",
    "safety.bullying":
      "No bullying in corridors or playgrounds: classes are guided by teachers in a kind, respectful space.",
    "safety.monitor":
      "Parents can monitor the time spent on each topic, page and module, and see exactly how the day went.",
    "safety.nearby": "Learning happens where you are, so you can always be close by.",

    "blog.eyebrow": "From our blog",
    "blog.title": "Latest blogs",
    "blog.intro": "Ideas for learning at home, school news and stories from our classrooms.",
    "blog.viewAll": MESSAGES.home.viewAllBlogs,

    "apply.title": "Give your child a happy school year",
    "apply.text":
      "You can apply for {{session}} in every grade. The form takes about two minutes, and admission is confirmed within 2 working days of payment.",
    "apply.button": MESSAGES.home.apply,
  },
  hi: {
    "meta.title": `${SCHOOL.fullName} | खुश विद्यार्थी, खुश अभिभावक`,
    "meta.description":
      "{{school}}: नर्सरी से कक्षा 8 तक का एकमात्र मान्यता प्राप्त 100% ऑनलाइन स्कूल, सबसे किफ़ायती फ़ीस। {{session}} के लिए सभी कक्षाओं में प्रवेश शुरू।",

    "hero.tagline": "खुश विद्यार्थी, खुश अभिभावक",
    "hero.title": "नर्सरी से कक्षा 8 तक का एकमात्र मान्यता प्राप्त 100% ऑनलाइन स्कूल",
    "hero.intro":
      "प्यार से पढ़ाने वाले शिक्षकों के साथ लाइव क्लास, अंतरराष्ट्रीय मान्यता वाला पाठ्यक्रम और सबसे किफ़ायती फ़ीस। आपका बच्चा घर पर खुशी-खुशी और सुरक्षित रहकर पढ़ता है, और आप उसका हर कदम देख सकते हैं।",
    "hero.bookDemo": "मुफ़्त डेमो क्लास बुक करें",
    "hero.seeFees": "फ़ीस देखें",
    "hero.point.admissions": "{{session}} के लिए प्रवेश शुरू",
    "hero.point.accredited": "अमेरिका के एक शिक्षा संघ से मान्यता प्राप्त",
    "hero.point.affordable": "सबसे किफ़ायती फ़ीस",
    "hero.point.progress": "अभिभावक प्रगति देख सकते हैं",

    "admissions.badgeOpen": "प्रवेश",
    "admissions.badgeNow": "शुरू",
    "admissions.title": "{{session}} के लिए प्रवेश शुरू हैं",
    "admissions.text": "नर्सरी से कक्षा 8 तक, सभी कक्षाओं के लिए आवेदन शुरू हैं; हर कक्षा की सीटें उसकी फ़ीस के साथ दिखती हैं।",
    "admissions.link": "प्रवेश कैसे होता है",

    "welcome.eyebrow": "{{school}} में आपका स्वागत है",
    "welcome.title": "एक असली स्कूल, जो आपके घर आता है",
    "welcome.intro":
      "{{school}} नर्सरी से कक्षा 8 तक के बच्चों के लिए एक पूरा स्कूल है, जिसकी सारी पढ़ाई ऑनलाइन होती है। बच्चे लाइव क्लास में पढ़ते हैं, अलग-अलग संस्कृतियों के दोस्त बनाते हैं, और आनंद भरे माहौल में अपनी रफ़्तार से आगे बढ़ते हैं।",
    "welcome.wholeChild":
      "हम बच्चे के पूरे विकास पर ध्यान देते हैं: पढ़ाई में मज़बूती, आत्मविश्वास, रचनात्मकता और दया, ताकि हर दिन के अंत में विद्यार्थी भी खुश हों और अभिभावक भी।",
    "welcome.more": "{{school}} के बारे में और जानें",
    "welcome.accredited.title": "दुनिया भर में मान्यता",
    "welcome.accredited.text":
      "अमेरिका के एक शिक्षा संघ से मान्यता प्राप्त, जो दुनिया का सबसे बड़ा संघ है और जिससे 85 देशों के 40,000 से ज़्यादा स्कूल जुड़े हैं।",
    "welcome.affordable.title": "सबसे किफ़ायती",
    "welcome.affordable.text": "एक सीधी सालाना फ़ीस में अच्छी पढ़ाई, और न रोज़ आने-जाने का खर्च, न स्कूल बस का।",
    "welcome.progress.title": "अभिभावक प्रगति देखते हैं",
    "welcome.progress.text": "अपने फ़ोन पर ही देखें कि आपका बच्चा हर टॉपिक, पेज और मॉड्यूल पर कितना समय लगाता है।",
    "welcome.beyond.title": "पढ़ाई से बढ़कर",
    "welcome.beyond.text": "काउंसलिंग, योग, संगीत, कला, नृत्य, कहानी सुनाना, कोडिंग और सांस्कृतिक आदान-प्रदान।",

    "fees.eyebrow": "फ़ीस का विवरण {{session}}",
    "fees.title": "एक सीधी सालाना फ़ीस",
    "fees.intro": "फ़ीस देखने के लिए अपने बच्चे की कक्षा चुनें और कुछ ही मिनटों में ऑनलाइन प्रवेश लें। हर फ़ीस में शामिल है:",
    "fees.full": "फ़ीस का पूरा विवरण देखें",

    "demo.eyebrow": "मुफ़्त, कोई बंधन नहीं",
    "demo.title": "पहले एक मुफ़्त डेमो क्लास लेकर देखें",
    "demo.text":
      "फ़ैसला करने से पहले देखिए कि लाइव ऑनलाइन क्लास कैसी होती है। अपनी सुविधा का समय चुनें, और आपका बच्चा हमारे किसी शिक्षक के साथ एक असली क्लास में बैठेगा।",
    "demo.button": "मुफ़्त डेमो क्लास बुक करें",

    "programs.eyebrow": "हमारे कार्यक्रम",
    "programs.title": "हर पड़ाव के लिए एक कार्यक्रम",
    "programs.intro":
      "तीन साल की उम्र में स्कूल के पहले दिन से लेकर हाई स्कूल की दहलीज़ तक, एक ही स्कूल आपके बच्चे के साथ बढ़ता है।",
    "programs.explore": "कार्यक्रम देखें →",
    "programs.earlyYears.stage": "शुरुआती साल",
    "programs.earlyYears.grades": "नर्सरी और केजी",
    "programs.earlyYears.ages": "3+ साल",
    "programs.earlyYears.summary": "खेल, कहानियाँ और गीत, जो जिज्ञासा, भाषा और गिनती से लगाव बढ़ाते हैं।",
    "programs.primary.stage": "प्राइमरी",
    "programs.primary.grades": "कक्षा 1 से 5",
    "programs.primary.ages": "5+ साल",
    "programs.primary.summary": "पढ़ने, लिखने, गणित और विज्ञान की मज़बूत नींव, लाइव क्लास में।",
    "programs.middle.stage": "मिडिल",
    "programs.middle.grades": "कक्षा 6 से 8",
    "programs.middle.ages": "10+ साल",
    "programs.middle.summary":
      "विषयों की गहरी पढ़ाई और 100 से ज़्यादा करियर की झलक, ताकि बच्चे जानें कि उन्हें क्या पसंद है।",

    "cities.eyebrow": "हर संस्कृति के बच्चे",
    "cities.title": "पूरे भारत से सहपाठी",
    "cities.intro":
      "बड़े शहरों और छोटे कस्बों के बच्चे साथ पढ़ते हैं, त्योहार और कहानियाँ साझा करते हैं, और हर जगह दोस्त बनाते हैं।",
    "cities.list": "वे शहर, जहाँ से हमारे विद्यार्थी पढ़ते हैं",
    "cities.pause": "शहरों को रोकें",
    ...citiesIn((city) => HINDI_CITIES[city]),

    "safety.eyebrow": "घर पर सुरक्षित",
    "safety.title": "सिर्फ़ सबसे सुरक्षित स्कूल ही नहीं",
    "safety.intro":
      "ऑनलाइन पढ़ाई का मतलब है कि आपका बच्चा घर की सुरक्षा में पढ़ता है, और आप स्कूल के हर दिन का हिस्सा बने रहते हैं।",
    "safety.commute":
      "आने-जाने की झंझट नहीं: न ट्रैफ़िक, न भीड़ भरी बसें, न स्कूल के गेट पर लंबा इंतज़ार, और नींद, खेल और परिवार के लिए ज़्यादा समय।",
    "safety.bullying":
      "गलियारों या खेल के मैदान में कोई धौंस-धमकी नहीं: क्लास शिक्षकों की देखरेख में, प्यार और सम्मान भरे माहौल में होती हैं।",
    "safety.monitor":
      "अभिभावक देख सकते हैं कि हर टॉपिक, पेज और मॉड्यूल पर कितना समय लगा, और बच्चे का दिन ठीक-ठीक कैसा रहा।",
    "safety.nearby": "पढ़ाई वहीं होती है जहाँ आप हैं, इसलिए आप हमेशा बच्चे के पास रह सकते हैं।",

    "blog.eyebrow": "हमारे ब्लॉग से",
    "blog.title": "नए ब्लॉग",
    "blog.intro": "घर पर पढ़ाई के लिए सुझाव, स्कूल की खबरें और हमारी क्लास की कहानियाँ।",
    "blog.viewAll": "सभी ब्लॉग देखें",

    "apply.title": "अपने बच्चे को दीजिए खुशियों भरा स्कूल का साल",
    "apply.text":
      "{{session}} के लिए आप हर कक्षा में आवेदन कर सकते हैं। फ़ॉर्म भरने में लगभग दो मिनट लगते हैं, और भुगतान के 2 कामकाजी दिनों के भीतर प्रवेश पक्का हो जाता है।",
    "apply.button": "प्रवेश के लिए आवेदन करें",
  },
});
