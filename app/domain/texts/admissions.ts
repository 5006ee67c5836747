import { EVALUATION_TEST } from "../grades";
import { defineTexts } from "../translations";

/**
 * The admissions page: its head, the age-eligibility and evaluation-test tables and the admission
 * process around the four steps (the steps themselves, the grades and the calls to action are
 * shared: ./content.ts, ./grades.ts). {{session}} is the admission year, {{school}} the school's
 * name, as SCHOOL has them. Hindi terms follow docs/hindi-glossary.md.
 */

type Subject = keyof typeof EVALUATION_TEST.marks;

export const ADMISSIONS_TEXTS = defineTexts("admissions", {
  en: {
    "meta.title": "Admissions {{session}} | {{school}}",
    "meta.description":
      "Admissions are open for {{session}} at {{school}}: age eligibility, the evaluation test and the four-step admission process.",

    "header.eyebrow": "Admissions open {{session}}",
    "header.title": "Admissions",
    /**
     * {{grades}}: every grade the school teaches, "Nursery to Grade 8". It promises no seats: each
     * grade's are in the table below, as they are.
     */
    "header.intro":
      "We teach {{grades}}. See each grade's age and seats below, how the short evaluation test works, and apply online in four simple steps.",

    "column.grade": "Grade",
    "column.age": "Age",
    "column.total": "Total",

    "age.eyebrow": "Who can join",
    "age.title": "Age eligibility",
    "age.intro":
      "Each grade welcomes children in the age range below, and says whether it has seats, only a few left, or a waitlist.",
    "age.caption": "Age eligibility and seats by grade",

    "test.eyebrow": "Evaluation test",
    "test.title": "A short evaluation test",
    /** {{from}} and {{to}}: the first and last grade that take the test. */
    "test.intro":
      "Children joining {{from}} to {{to}} take a short evaluation test in English, Mathematics and Science, so their teacher knows where to begin.",
    "test.caption": "Evaluation test marks by grade",
    ...({
      "subject.English": "English",
      "subject.Mathematics": "Mathematics",
      "subject.Science": "Science",
    } satisfies Record<`subject.${Subject}`, string>),

    "process.eyebrow": "How to apply",
    "process.title": "The admission process",
    "process.intro": "Four steps from the form to a confirmed seat.",
    "process.feesFirst": "Want to know the fees first?",
    "process.feesLink": "See the fee structure",
  },
  hi: {
    "meta.title": "प्रवेश {{session}} | {{school}}",
    "meta.description":
      "{{school}} में {{session}} के लिए प्रवेश शुरू हैं: हर कक्षा के लिए उम्र की शर्त, मूल्यांकन टेस्ट और चार चरणों में प्रवेश की प्रक्रिया।",

    "header.eyebrow": "{{session}} के लिए प्रवेश शुरू",
    "header.title": "प्रवेश",
    "header.intro":
      "हमारे यहाँ {{grades}} तक की पढ़ाई होती है। नीचे देखें कि किस कक्षा के लिए कितनी उम्र चाहिए और उसमें सीटें हैं या नहीं, छोटा-सा मूल्यांकन टेस्ट कैसे होता है, और चार आसान चरणों में ऑनलाइन आवेदन करें।",

    "column.grade": "कक्षा",
    "column.age": "उम्र",
    "column.total": "कुल",

    "age.eyebrow": "कौन प्रवेश ले सकता है",
    "age.title": "प्रवेश के लिए उम्र",
    "age.intro":
      "हर कक्षा में नीचे दी गई उम्र के बच्चों का स्वागत है। साथ में लिखा है कि उस कक्षा में सीटें हैं, कुछ ही बची हैं, या सिर्फ़ वेटिंग लिस्ट है।",
    "age.caption": "कक्षा के अनुसार प्रवेश की उम्र और सीटें",

    "test.eyebrow": "मूल्यांकन टेस्ट",
    "test.title": "एक छोटा-सा मूल्यांकन टेस्ट",
    "test.intro":
      "{{from}} से {{to}} तक की किसी कक्षा में प्रवेश लेने वाले बच्चे अंग्रेज़ी, गणित और विज्ञान का एक छोटा-सा मूल्यांकन टेस्ट देते हैं, ताकि उनके शिक्षक जान सकें कि पढ़ाई कहाँ से शुरू करनी है।",
    "test.caption": "कक्षा के अनुसार मूल्यांकन टेस्ट के अंक",
    "subject.English": "अंग्रेज़ी",
    "subject.Mathematics": "गणित",
    "subject.Science": "विज्ञान",

    "process.eyebrow": "आवेदन कैसे करें",
    "process.title": "प्रवेश की प्रक्रिया",
    "process.intro": "फ़ॉर्म भरने से लेकर सीट पक्की होने तक, बस चार चरण।",
    "process.feesFirst": "पहले फ़ीस जानना चाहते हैं?",
    "process.feesLink": "फ़ीस का विवरण देखें",
  },
});
