import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/**
 * The about page (/about-us-zipat, /hi/about-us-zipat). The claims, the grades it names and the
 * tagline come from ./content.ts and go in as values: {{school}} is the school's name,
 * {{grades}} "Nursery to Grade 8", {{tagline}} the school's tagline, {{accreditation}},
 * {{extracurriculars}} and {{monitoring}} the claims in running text, {{careers}} "100+".
 * Hindi terms follow docs/hindi-glossary.md.
 */
export const ABOUT_TEXTS = defineTexts("about", {
  en: {
    "meta.title": "About us | {{school}}",
    "meta.description":
      "{{school}} is the only accredited 100% online school for {{grades}}. Our vision, our mission and how we teach.",

    "hero.eyebrow": "About us",
    "hero.title": "Welcome to {{school}}",
    "hero.intro":
      "{{tagline}}. We are the only accredited 100% online school for {{grades}}: a real school, with real teachers and real classmates, that your child attends from home.",

    "about.eyebrow": "Who we are",
    "about.title": "A whole school, wherever your family lives",
    "about.builtFor":
      "{{school}} was built for families who want the care and structure of a good school without the daily commute. Children join live lessons with their teachers and classmates, practise at their own pace in between, and grow up in multicultural classrooms that bring together children from many backgrounds.",
    "about.accredited":
      "We are accredited by {{accreditation}}. Our teaching, our leadership and our resources are reviewed against international standards, so your child's learning is recognised wherever life takes your family.",
    "about.affordable":
      "Because there is no campus to run, we are also the most affordable accredited school you will find: one clear yearly fee per grade. And you never have to guess how school is going: you can see the {{monitoring}}.",
    "about.beyond": "Beyond the timetable there is room to grow: {{extracurriculars}}.",
    "about.bookDemo": MESSAGES.content.bookDemo,
    "about.demoNote": "A free live class, so you can see for yourself.",

    "highlight.online": "online: live classes and lessons at home",
    "highlight.schools": "schools in our accrediting network",
    "highlight.countries": "countries where that network teaches",
    "highlight.careers": "careers explored in the middle years",

    "vision.eyebrow": "Vision and mission",
    "vision.title": "What we are here to do",
    "vision.heading": "Our vision",
    "vision.text":
      "{{tagline}}: every child, wherever they live, learning joyfully in a school that knows them by name and prepares them for a world without borders.",
    "mission.heading": "Our mission",
    "mission.1":
      "Give every child an accredited, world-class education at home, at a fee families can truly afford.",
    "mission.2":
      "Teach in live classes where every child is seen, heard and encouraged by a teacher who knows them.",
    "mission.3": "Nurture the whole child, not just the report card, with {{extracurriculars}}.",
    "mission.4":
      "Build multicultural classrooms where children learn with, and from, classmates of many backgrounds.",
    "mission.5": "Keep parents close to their child's learning, down to the {{monitoring}}.",
    "mission.6":
      "Open young minds to the world of work, with exposure to {{careers}} careers in the middle years.",
    "mission.7":
      "Hold ourselves to international standards through our accreditation, and keep improving our teaching, leadership and resources.",
  },
  hi: {
    "meta.title": "हमारे बारे में | {{school}}",
    "meta.description":
      "{{school}} {{grades}} तक का एकमात्र मान्यता प्राप्त 100% ऑनलाइन स्कूल है। हमारा विज़न, हमारा मिशन और हमारे पढ़ाने का तरीका।",

    "hero.eyebrow": "हमारे बारे में",
    "hero.title": "{{school}} में आपका स्वागत है",
    "hero.intro":
      "{{tagline}}। हम {{grades}} तक के एकमात्र मान्यता प्राप्त 100% ऑनलाइन स्कूल हैं: एक असली स्कूल, जिसमें असली शिक्षक और असली सहपाठी हैं, और जहाँ आपका बच्चा घर बैठे पढ़ता है।",

    "about.eyebrow": "हम कौन हैं",
    "about.title": "एक पूरा स्कूल, आपका परिवार चाहे जहाँ भी रहे",
    "about.builtFor":
      "{{school}} उन परिवारों के लिए बना है जो अपने बच्चे के लिए एक अच्छे स्कूल जैसी देखभाल और व्यवस्था चाहते हैं, पर रोज़ के आने-जाने के बिना। बच्चे अपने शिक्षकों और सहपाठियों के साथ लाइव क्लास में पढ़ते हैं, बीच के समय में अपनी रफ़्तार से अभ्यास करते हैं, और ऐसी क्लास में बड़े होते हैं जहाँ अलग-अलग पृष्ठभूमि के बच्चे साथ पढ़ते हैं।",
    "about.accredited":
      "हमें जिस संस्था से मान्यता मिली है, वह है {{accreditation}}। हमारे पढ़ाने के तरीके, स्कूल के संचालन और हमारे संसाधनों को अंतरराष्ट्रीय मानकों पर परखा जाता है, ताकि ज़िंदगी आपके परिवार को जहाँ भी ले जाए, आपके बच्चे की पढ़ाई वहाँ मानी जाए।",
    "about.affordable":
      "हमें कोई कैंपस नहीं चलाना पड़ता, इसलिए हम सबसे किफ़ायती मान्यता प्राप्त स्कूल भी हैं: हर कक्षा की एक साफ़ सालाना फ़ीस। और आपको कभी अंदाज़ा नहीं लगाना पड़ता कि पढ़ाई कैसी चल रही है: आप {{monitoring}} देख सकते हैं।",
    "about.beyond": "टाइम-टेबल के बाहर भी आगे बढ़ने की पूरी जगह है: {{extracurriculars}}।",
    "about.bookDemo": "डेमो क्लास बुक करें",
    "about.demoNote": "एक मुफ़्त लाइव क्लास, ताकि आप खुद देख सकें।",

    "highlight.online": "ऑनलाइन: घर पर लाइव क्लास और पाठ",
    "highlight.schools": "स्कूल हमें मान्यता देने वाले संघ से जुड़े",
    "highlight.countries": "देशों में उस संघ के स्कूल पढ़ाते हैं",
    "highlight.careers": "करियर की झलक मिडिल स्कूल के सालों में",

    "vision.eyebrow": "विज़न और मिशन",
    "vision.title": "हम किसलिए हैं",
    "vision.heading": "हमारा विज़न",
    "vision.text":
      "{{tagline}}: हर बच्चा, चाहे वह कहीं भी रहता हो, ऐसे स्कूल में खुशी-खुशी पढ़े जो उसे नाम से जानता हो और उसे बिना सरहदों वाली दुनिया के लिए तैयार करे।",
    "mission.heading": "हमारा मिशन",
    "mission.1": "हर बच्चे को घर पर ही मान्यता प्राप्त, विश्व-स्तरीय शिक्षा देना, ऐसी फ़ीस में जो परिवार सच में दे सकें।",
    "mission.2":
      "लाइव क्लास में पढ़ाना, जहाँ बच्चे को जानने वाले शिक्षक हर बच्चे पर ध्यान दें, उसकी बात सुनें और उसका हौसला बढ़ाएँ।",
    "mission.3": "{{extracurriculars}} के ज़रिए सिर्फ़ रिपोर्ट कार्ड पर नहीं, बच्चे के पूरे विकास पर ध्यान देना।",
    "mission.4": "ऐसी क्लास बनाना जहाँ अलग-अलग पृष्ठभूमि के बच्चे साथ पढ़ें और एक-दूसरे से सीखें।",
    "mission.5": "अभिभावकों को बच्चे की पढ़ाई से जोड़े रखना, इतना कि वे {{monitoring}} भी देख सकें।",
    "mission.6": "मिडिल स्कूल में {{careers}} करियर की झलक दिखाकर बच्चों को काम-काज की दुनिया से परिचित कराना।",
    "mission.7":
      "अपनी मान्यता के ज़रिए खुद को अंतरराष्ट्रीय मानकों पर खरा रखना, और अपने पढ़ाने के तरीके, संचालन और संसाधनों को लगातार बेहतर करते रहना।",
  },
});

/** The mission's points, in order: `mission.{n}`. */
export const MISSION_POINTS = [1, 2, 3, 4, 5, 6, 7] as const;
