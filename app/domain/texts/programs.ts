import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/**
 * The three program pages (/programs/early-years, /programs/primary, /programs/middle, and under
 * /hi): what they share (the letter's frame, the highlights' eyebrow) and each page's own words,
 * under its program's key. The programs' names, grades and ages, the claims and the calls to
 * action come from ./content.ts and go in as values: {{program}} a program's name, {{grades}} its
 * grades, {{ages}} its ages ("3+ years"), {{school}} the school's name, {{session}} the admission
 * year, {{monitoring}} and {{extracurriculars}} the claims in running text, {{careers}} "100+".
 * Hindi terms follow docs/hindi-glossary.md.
 */
export const PROGRAM_TEXTS = defineTexts("programs", {
  en: {
    "letter.eyebrow": "A letter to parents",
    "letter.greeting": "Dear Parents,",
    "letter.signature": "The {{program}} team, {{school}}",
    "highlights.eyebrow": "{{program}} at {{school}}",
    admissionsOpen: "Admissions open for {{session}}",

    "earlyYears.meta.title": "{{grades}} ({{ages}}) | {{school}}",
    "earlyYears.meta.description":
      "{{title}}: live, playful {{grades}} classes at {{school}}. Admissions open for {{session}}.",
    "earlyYears.hero.title": MESSAGES.content.earlyYearsHero,
    "earlyYears.hero.intro":
      "Playful live classes, caring teachers and plenty of songs, stories and movement: {{grades}} at {{school}}, from the comfort and safety of your home.",
    "earlyYears.admissions.text":
      "Nursery welcomes children aged {{nursery}}, and K.G. children aged {{kindergarten}}. The fee page shows each grade's seats.",
    "earlyYears.letter.title": "Your child's first school, with you close by",
    "earlyYears.letter.1":
      "The first school is where a child learns that learning is fun. We take that job seriously, and we do it playfully.",
    "earlyYears.letter.2":
      "Our Nursery and K.G. classes are short, live and lively. Your child sings, listens to stories, counts, draws, moves and chats with a teacher who knows them by name and with classmates from many backgrounds. Between classes, gentle activities use things you already have at home.",
    "earlyYears.letter.3":
      "You are never left wondering how things are going. You can see the {{monitoring}}, and our teachers are happy to talk whenever you have a question.",
    "earlyYears.letter.4":
      "Most of all, we want your child to look forward to school every day. Happy students make happy parents, and that is how we measure ourselves.",
    "earlyYears.letter.signOff": "With warmth,",
    "earlyYears.intelligences.eyebrow": "Multiple intelligences",
    "earlyYears.intelligences.title": "Six ways to be clever",
    "earlyYears.intelligences.intro":
      "Every child is clever in their own way. Our early years classes give each of these six intelligences room to grow, so your child discovers what they love and builds on it.",
    "earlyYears.intelligence.linguistic.label": "Linguistic",
    "earlyYears.intelligence.linguistic.title": "Word smart",
    "earlyYears.intelligence.linguistic.text":
      "Stories, rhymes and show-and-tell build a love of words, and the confidence to speak up in class.",
    "earlyYears.intelligence.logical.label": "Logical-mathematical",
    "earlyYears.intelligence.logical.title": "Number smart",
    "earlyYears.intelligence.logical.text":
      "Sorting, counting, patterns and puzzles with things from around the house turn maths into a game.",
    "earlyYears.intelligence.musical.label": "Musical",
    "earlyYears.intelligence.musical.title": "Music smart",
    "earlyYears.intelligence.musical.text":
      "Songs, rhythm and clapping games train the ear, the memory and a sense of joy in learning.",
    "earlyYears.intelligence.bodily.label": "Bodily-kinesthetic",
    "earlyYears.intelligence.bodily.title": "Body smart",
    "earlyYears.intelligence.bodily.text":
      "Yoga, dance and action songs get little bodies moving, and build balance and coordination.",
    "earlyYears.intelligence.naturalist.label": "Naturalist",
    "earlyYears.intelligence.naturalist.title": "Nature smart",
    "earlyYears.intelligence.naturalist.text":
      "Plants on the windowsill, birds on the balcony, the weather outside: the world at home becomes a science lab.",
    "earlyYears.intelligence.interpersonal.label": "Interpersonal",
    "earlyYears.intelligence.interpersonal.title": "People smart",
    "earlyYears.intelligence.interpersonal.text":
      "Circle time with classmates from many backgrounds teaches sharing, taking turns and making friends.",
    "earlyYears.focus.eyebrow": "Areas of focus",
    "earlyYears.focus.title": "What we nurture in the early years",
    "earlyYears.focus.text":
      "A balanced start that prepares your child for Grade 1 and, more importantly, for a lifetime of learning.",
    "earlyYears.focus.language": "Language and early literacy",
    "earlyYears.focus.numbers": "Numbers and early maths",
    "earlyYears.focus.motor": "Fine and gross motor skills",
    "earlyYears.focus.social": "Social and emotional growth",
    "earlyYears.focus.creativity": "Creativity through art, music and dance",
    "earlyYears.focus.curiosity": "Curiosity about the world",
    "earlyYears.closing.title": "Give your little one a joyful start",
    "earlyYears.closing.text":
      "Join a free live class together and see your child light up. No commute, no crowded classroom: just learning and laughter at home.",

    "primary.meta.title": "Primary, {{grades}} ({{ages}}) | {{school}}",
    "primary.meta.description":
      "Live online classes for {{grades}} at {{school}}: strong foundations, progress parents can see, and a joyful school day at home.",
    "primary.hero.title": "Primary years: strong roots, joyful learning",
    "primary.hero.intro":
      "From {{grades}}, children build confident reading, writing and number skills, and the curiosity to keep asking why, in live online classes that feel like a real classroom.",
    "primary.letter.title": "The years that shape a learner",
    "primary.letter.1":
      "The primary years are when children learn how to learn. Reading becomes a pleasure, numbers start to make sense, and a child discovers that effort pays off.",
    "primary.letter.2":
      "At {{school}}, your child spends these years in live classes with a teacher who knows them well and classmates from many backgrounds. Lessons are clear, active and full of questions, and practice in between lets each child move at the pace that suits them.",
    "primary.letter.3":
      "You will always know how things are going: you can see the {{monitoring}}. When something needs attention, you will know early, and so will we.",
    "primary.letter.4":
      "We also make room for the things that make childhood rich: music, art, dance, yoga, story-telling and coding, and a counsellor who listens. A happy child learns better, and we never forget it.",
    "primary.letter.signOff": "Warm regards,",
    "primary.highlights.title": "How your child learns with us",
    "primary.highlight.live.title": "Live classes with real teachers",
    "primary.highlight.live.text":
      "Your child learns with a teacher and classmates in real time: asking questions, answering them and working together.",
    "primary.highlight.pace.title": "Practice at their own pace",
    "primary.highlight.pace.text":
      "Between classes, lessons and activities let your child go over what is tricky and race ahead with what they love.",
    "primary.highlight.progress.title": "Progress you can see",
    "primary.highlight.progress.text":
      "You can follow the {{monitoring}}, so you always know where your child is and where to help.",
    "primary.highlight.beyond.title": "More than the timetable",
    "primary.highlight.beyond.text":
      "A world beyond the textbook: {{extracurriculars}}, with classmates from many backgrounds.",
    "primary.tagline.text":
      "Children who love learning, and parents who can see it happen. That is the promise of our primary years, in every grade from {{grades}}.",

    "middle.meta.title": "Middle school, {{grades}} ({{ages}}) | {{school}}",
    "middle.meta.description":
      "{{grades}} at {{school}}: deeper subjects, multicultural classrooms and exposure to {{careers}} careers.",
    "middle.hero.title": "Middle school: find what you love",
    "middle.hero.intro":
      "In {{grades}}, students go deeper into every subject, take charge of their own learning and explore {{careers}} careers along the way.",
    "middle.letter.title": "Growing up, and growing in confidence",
    "middle.letter.1":
      "The middle years are full of change. Your child is becoming more independent, asking bigger questions and starting to wonder what they want to do with their life.",
    "middle.letter.2":
      "At {{school}}, we meet them there. Subjects go deeper, projects get more ambitious, and students learn to plan their time and own their progress, with teachers who guide rather than simply instruct.",
    "middle.letter.3":
      'Students are introduced to {{careers}} careers, so the question "why are we learning this?" always has an answer. You stay in the picture too: you can see the {{monitoring}}.',
    "middle.letter.4":
      "And because growing up is not only about marks, counselling, yoga, the arts and cultural exchanges are part of every week.",
    "middle.letter.signOff": "With best wishes,",
    "middle.highlights.title": "Ready for what comes next",
    "middle.highlight.subjects.title": "Deeper subjects",
    "middle.highlight.subjects.text":
      "Science, mathematics and languages taught in depth by subject teachers, in live classes that leave room for debate.",
    "middle.highlight.careers.title": "Careers, up close",
    "middle.highlight.careers.text":
      "Exposure to {{careers}} careers helps students connect what they learn today with the work they might love tomorrow.",
    "middle.highlight.cultures.title": "Friends across cultures",
    "middle.highlight.cultures.text":
      "Multicultural classrooms and cultural exchanges teach students to listen, collaborate and see the world from other points of view.",
    "middle.highlight.support.title": "Support that listens",
    "middle.highlight.support.text":
      "Counselling, yoga and the arts help young teens handle growing up with confidence and calm.",
    "middle.careers.eyebrow": "Career exposure",
    "middle.careers.title": "Exposure to {{careers}} careers",
    "middle.careers.text":
      "Engineering and medicine, design and coding, science, the arts and business: our middle school students explore the work behind {{careers}} careers, and find out what excites them.",
  },
  hi: {
    "letter.eyebrow": "अभिभावकों के नाम एक पत्र",
    "letter.greeting": "प्रिय अभिभावक,",
    "letter.signature": "{{program}} की टीम, {{school}}",
    "highlights.eyebrow": "{{school}} में {{program}}",
    admissionsOpen: "{{session}} के लिए प्रवेश शुरू",

    "earlyYears.meta.title": "{{grades}} ({{ages}}) | {{school}}",
    "earlyYears.meta.description":
      "{{title}}: {{school}} में {{grades}} की लाइव क्लास, खेल-खेल में पढ़ाई के साथ। {{session}} के लिए प्रवेश शुरू।",
    "earlyYears.hero.title": "आपके बच्चे का पहला स्कूल, अब आपके घर पर",
    "earlyYears.hero.intro":
      "खेल-खेल में लाइव क्लास, प्यार से पढ़ाने वाले शिक्षक और ढेर सारे गीत, कहानियाँ और उछल-कूद: {{school}} में {{grades}}, आपके घर के आराम और सुरक्षा में।",
    "earlyYears.admissions.text":
      "नर्सरी में {{nursery}} उम्र के बच्चे और केजी में {{kindergarten}} उम्र के बच्चे प्रवेश ले सकते हैं। हर कक्षा की सीटें फ़ीस के पेज पर दिखती हैं।",
    "earlyYears.letter.title": "आपके बच्चे का पहला स्कूल, और आप हमेशा पास",
    "earlyYears.letter.1":
      "पहला स्कूल वह जगह है जहाँ बच्चा पहली बार जानता है कि सीखने में मज़ा है। हम इस ज़िम्मेदारी को पूरी गंभीरता से लेते हैं, और इसे निभाते हैं खेल-खेल में।",
    "earlyYears.letter.2":
      "हमारी नर्सरी और केजी की क्लास छोटी, लाइव और जोश से भरी होती हैं। आपका बच्चा गाता है, कहानियाँ सुनता है, गिनती करता है, चित्र बनाता है, उछलता-कूदता है, और उन शिक्षक से बातें करता है जो उसे नाम से जानते हैं, और अलग-अलग पृष्ठभूमि के सहपाठियों से भी। क्लास के बीच में आसान गतिविधियाँ होती हैं, जिनमें घर पर पहले से रखी चीज़ें ही काम आती हैं।",
    "earlyYears.letter.3":
      "आपको कभी सोचना नहीं पड़ता कि सब कैसा चल रहा है। आप {{monitoring}} देख सकते हैं, और जब भी आपका कोई सवाल हो, हमारे शिक्षक खुशी से बात करते हैं।",
    "earlyYears.letter.4":
      "सबसे बढ़कर, हम चाहते हैं कि आपका बच्चा हर दिन स्कूल का इंतज़ार करे। विद्यार्थी खुश हों तो अभिभावक भी खुश होते हैं, और हम खुद को इसी पैमाने पर परखते हैं।",
    "earlyYears.letter.signOff": "स्नेह सहित,",
    "earlyYears.intelligences.eyebrow": "कई तरह की बुद्धि",
    "earlyYears.intelligences.title": "होशियार होने के छह तरीके",
    "earlyYears.intelligences.intro":
      "हर बच्चा अपने तरीके से होशियार होता है। हमारी नर्सरी और केजी की क्लास इन छहों तरह की बुद्धि को बढ़ने का मौका देती हैं, ताकि आपका बच्चा जाने कि उसे क्या पसंद है और उसी में आगे बढ़े।",
    "earlyYears.intelligence.linguistic.label": "भाषा",
    "earlyYears.intelligence.linguistic.title": "शब्दों में होशियार",
    "earlyYears.intelligence.linguistic.text":
      "कहानियाँ, कविताएँ और 'दिखाओ और बताओ' से शब्दों से लगाव बढ़ता है, और क्लास में बोलने का आत्मविश्वास आता है।",
    "earlyYears.intelligence.logical.label": "तर्क और गणित",
    "earlyYears.intelligence.logical.title": "गिनती में होशियार",
    "earlyYears.intelligence.logical.text":
      "घर की चीज़ों को छाँटना, गिनना, उनसे पैटर्न और पहेलियाँ बनाना: गणित एक खेल बन जाता है।",
    "earlyYears.intelligence.musical.label": "संगीत",
    "earlyYears.intelligence.musical.title": "सुरों में होशियार",
    "earlyYears.intelligence.musical.text":
      "गीत, ताल और ताली वाले खेल कान और याददाश्त को तेज़ करते हैं, और सीखने में आनंद जगाते हैं।",
    "earlyYears.intelligence.bodily.label": "शरीर और हलचल",
    "earlyYears.intelligence.bodily.title": "शरीर से होशियार",
    "earlyYears.intelligence.bodily.text":
      "योग, नृत्य और हाव-भाव वाले गीतों से नन्हे शरीर हिलते-डुलते हैं, और संतुलन और तालमेल बढ़ता है।",
    "earlyYears.intelligence.naturalist.label": "प्रकृति",
    "earlyYears.intelligence.naturalist.title": "प्रकृति में होशियार",
    "earlyYears.intelligence.naturalist.text":
      "खिड़की पर रखे पौधे, बालकनी के पंछी, बाहर का मौसम: घर की दुनिया ही विज्ञान की प्रयोगशाला बन जाती है।",
    "earlyYears.intelligence.interpersonal.label": "मेल-जोल",
    "earlyYears.intelligence.interpersonal.title": "लोगों से घुलने-मिलने में होशियार",
    "earlyYears.intelligence.interpersonal.text":
      "अलग-अलग पृष्ठभूमि के सहपाठियों के साथ गोले में बैठकर बच्चे मिल-बाँटना, अपनी बारी का इंतज़ार करना और दोस्त बनाना सीखते हैं।",
    "earlyYears.focus.eyebrow": "हम किन बातों पर ध्यान देते हैं",
    "earlyYears.focus.title": "शुरुआती सालों में हम क्या निखारते हैं",
    "earlyYears.focus.text":
      "एक संतुलित शुरुआत, जो आपके बच्चे को कक्षा 1 के लिए तैयार करती है, और उससे भी ज़रूरी, जीवन भर सीखते रहने के लिए।",
    "earlyYears.focus.language": "भाषा और पढ़ने-लिखने की शुरुआत",
    "earlyYears.focus.numbers": "संख्याएँ और गणित की शुरुआत",
    "earlyYears.focus.motor": "छोटी-बड़ी मांसपेशियों का विकास",
    "earlyYears.focus.social": "सामाजिक और भावनात्मक विकास",
    "earlyYears.focus.creativity": "कला, संगीत और नृत्य से रचनात्मकता",
    "earlyYears.focus.curiosity": "दुनिया के बारे में जिज्ञासा",
    "earlyYears.closing.title": "अपने नन्हे-मुन्ने को दीजिए खुशियों भरी शुरुआत",
    "earlyYears.closing.text":
      "साथ मिलकर एक मुफ़्त लाइव क्लास में बैठिए और देखिए कि आपका बच्चा कैसे खिल उठता है। न आने-जाने की झंझट, न भीड़ भरी क्लास: बस घर पर पढ़ाई और हँसी-खुशी।",

    "primary.meta.title": "प्राइमरी, {{grades}} ({{ages}}) | {{school}}",
    "primary.meta.description":
      "{{school}} में {{grades}} के लिए लाइव ऑनलाइन क्लास: मज़बूत नींव, ऐसी प्रगति जो अभिभावक खुद देख सकें, और घर पर खुशियों भरा स्कूल का दिन।",
    "primary.hero.title": "प्राइमरी के साल: मज़बूत नींव, खुशी से पढ़ाई",
    "primary.hero.intro":
      "{{grades}} में बच्चे आत्मविश्वास से पढ़ना, लिखना और गिनती करना सीखते हैं, और उनमें 'क्यों' पूछते रहने की जिज्ञासा बढ़ती है, ऐसी लाइव ऑनलाइन क्लास में जो असली क्लासरूम जैसी लगती है।",
    "primary.letter.title": "वे साल, जो बच्चे को सीखना सिखाते हैं",
    "primary.letter.1":
      "प्राइमरी के सालों में बच्चे सीखना सीखते हैं। पढ़ना अच्छा लगने लगता है, संख्याएँ समझ में आने लगती हैं, और बच्चा जान जाता है कि मेहनत का फल मिलता है।",
    "primary.letter.2":
      "{{school}} में आपका बच्चा ये साल लाइव क्लास में बिताता है, ऐसे शिक्षक के साथ जो उसे अच्छी तरह जानते हैं, और अलग-अलग पृष्ठभूमि के सहपाठियों के साथ। पाठ साफ़, जीवंत और सवालों से भरे होते हैं, और बीच-बीच का अभ्यास हर बच्चे को उसकी अपनी रफ़्तार से आगे बढ़ने देता है।",
    "primary.letter.3":
      "आपको हमेशा पता रहेगा कि सब कैसा चल रहा है: आप {{monitoring}} देख सकते हैं। जब किसी बात पर ध्यान देने की ज़रूरत होगी, आपको जल्दी पता चल जाएगा, और हमें भी।",
    "primary.letter.4":
      "हम उन चीज़ों के लिए भी जगह बनाते हैं जो बचपन को खूबसूरत बनाती हैं: संगीत, कला, नृत्य, योग, कहानी सुनाना और कोडिंग, और एक काउंसलर जो बच्चे की बात सुनते हैं। खुश बच्चा बेहतर सीखता है, यह हम कभी नहीं भूलते।",
    "primary.letter.signOff": "शुभकामनाओं सहित,",
    "primary.highlights.title": "हमारे साथ आपका बच्चा कैसे सीखता है",
    "primary.highlight.live.title": "असली शिक्षकों के साथ लाइव क्लास",
    "primary.highlight.live.text":
      "आपका बच्चा शिक्षक और सहपाठियों के साथ उसी समय पढ़ता है: सवाल पूछता है, जवाब देता है और सबके साथ मिलकर काम करता है।",
    "primary.highlight.pace.title": "अपनी रफ़्तार से अभ्यास",
    "primary.highlight.pace.text":
      "क्लास के बीच में पाठ और गतिविधियाँ होती हैं, जिनसे बच्चा मुश्किल बातें दोहरा सकता है और जो उसे पसंद है, उसमें आगे निकल सकता है।",
    "primary.highlight.progress.title": "प्रगति, जो आप देख सकें",
    "primary.highlight.progress.text":
      "आप {{monitoring}} देख सकते हैं, इसलिए आपको हमेशा पता रहता है कि आपका बच्चा कहाँ तक पहुँचा है और कहाँ उसे मदद चाहिए।",
    "primary.highlight.beyond.title": "टाइम-टेबल से बढ़कर",
    "primary.highlight.beyond.text":
      "किताबों से आगे की दुनिया: अलग-अलग पृष्ठभूमि के सहपाठियों के साथ {{extracurriculars}}।",
    "primary.tagline.text":
      "ऐसे बच्चे जिन्हें सीखना अच्छा लगता है, और ऐसे अभिभावक जो यह होते हुए देख सकते हैं। यही हमारे प्राइमरी के सालों का वादा है, {{grades}} तक हर कक्षा में।",

    "middle.meta.title": "मिडिल स्कूल, {{grades}} ({{ages}}) | {{school}}",
    "middle.meta.description":
      "{{school}} में {{grades}}: विषयों की गहरी पढ़ाई, हर संस्कृति के सहपाठी और {{careers}} करियर की झलक।",
    "middle.hero.title": "मिडिल स्कूल: अपनी पसंद की राह खोजें",
    "middle.hero.intro":
      "{{grades}} में विद्यार्थी हर विषय को गहराई से पढ़ते हैं, अपनी पढ़ाई की ज़िम्मेदारी खुद लेते हैं और साथ-साथ {{careers}} करियर के बारे में जानते हैं।",
    "middle.letter.title": "बड़े होते हुए, आत्मविश्वास में भी बढ़ते हुए",
    "middle.letter.1":
      "मिडिल स्कूल के साल बदलावों से भरे होते हैं। आपका बच्चा ज़्यादा आत्मनिर्भर हो रहा है, बड़े सवाल पूछ रहा है और सोचने लगा है कि ज़िंदगी में उसे क्या करना है।",
    "middle.letter.2":
      "{{school}} में हम इसी मोड़ पर उसका साथ देते हैं। विषय गहरे होते जाते हैं, प्रोजेक्ट बड़े होते जाते हैं, और विद्यार्थी अपना समय तय करना और अपनी प्रगति की ज़िम्मेदारी लेना सीखते हैं, ऐसे शिक्षकों के साथ जो सिर्फ़ निर्देश नहीं देते, राह दिखाते हैं।",
    "middle.letter.3":
      'विद्यार्थियों का {{careers}} करियर से परिचय कराया जाता है, ताकि "हम यह क्यों पढ़ रहे हैं?" का जवाब हमेशा मिले। आप भी पूरी तरह जुड़े रहते हैं: आप {{monitoring}} देख सकते हैं।',
    "middle.letter.4":
      "और क्योंकि बड़ा होना सिर्फ़ नंबरों की बात नहीं है, काउंसलिंग, योग, कलाएँ और सांस्कृतिक आदान-प्रदान हर हफ़्ते का हिस्सा हैं।",
    "middle.letter.signOff": "हार्दिक शुभकामनाओं सहित,",
    "middle.highlights.title": "आगे की राह के लिए तैयार",
    "middle.highlight.subjects.title": "विषयों की गहरी पढ़ाई",
    "middle.highlight.subjects.text":
      "विज्ञान, गणित और भाषाएँ, हर विषय के अपने शिक्षक से गहराई में, ऐसी लाइव क्लास में जहाँ चर्चा और बहस की जगह हो।",
    "middle.highlight.careers.title": "करियर, करीब से",
    "middle.highlight.careers.text":
      "{{careers}} करियर की झलक से विद्यार्थी आज की पढ़ाई को उस काम से जोड़ पाते हैं जो कल उन्हें पसंद आ सकता है।",
    "middle.highlight.cultures.title": "हर संस्कृति में दोस्त",
    "middle.highlight.cultures.text":
      "अलग-अलग संस्कृतियों वाली क्लास और सांस्कृतिक आदान-प्रदान से विद्यार्थी दूसरों की बात सुनना, मिलकर काम करना और दुनिया को दूसरों की नज़र से देखना सीखते हैं।",
    "middle.highlight.support.title": "साथ, जो बात सुने",
    "middle.highlight.support.text":
      "काउंसलिंग, योग और कलाएँ किशोरों को बड़े होने के इस दौर को आत्मविश्वास और सुकून से संभालने में मदद करती हैं।",
    "middle.careers.eyebrow": "करियर की झलक",
    "middle.careers.title": "{{careers}} करियर की झलक",
    "middle.careers.text":
      "इंजीनियरिंग और मेडिसिन, डिज़ाइन और कोडिंग, विज्ञान, कला और बिज़नेस: हमारे मिडिल स्कूल के विद्यार्थी {{careers}} करियर के पीछे का काम करीब से जानते हैं, और पता लगाते हैं कि उन्हें किसमें मज़ा आता है।",
  },
});
