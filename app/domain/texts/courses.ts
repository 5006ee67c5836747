import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/**
 * The course catalogue (/courses, a course's dialog /courses/:id and their /hi twins): the page's
 * head, its empty state, the cards, the like control and a course that is not there. What staff
 * wrote (course names and descriptions) is not here: it is shown as written, marked with its
 * language. {{school}} is SCHOOL.name, {{fullName}} SCHOOL.fullName. Hindi terms follow
 * docs/hindi-glossary.md.
 */
export const COURSES_TEXTS = defineTexts("courses", {
  en: {
    "meta.title": "Courses | {{school}}",
    "meta.description":
      "The courses of {{fullName}}: English, maths, science, coding, art, music, yoga and story-telling, online from Nursery to Grade 8.",
    "meta.course": "{{title}} | Courses | {{school}}",
    "meta.notFoundTitle": "Course not found | {{school}}",
    "meta.notFoundDescription": "This course is not in the {{fullName}} catalogue.",

    eyebrow: "Courses",
    title: "Learning that children look forward to",
    intro:
      "Strong foundations in language, maths and science, with yoga, music, art, coding and story-telling alongside. Open a course to read more, and like the ones your family loves.",

    "empty.title": MESSAGES.courses.empty,
    "empty.text": "New courses are being prepared. Meanwhile, see what a class looks like in a free demo.",

    readMore: "Read more",
    like: "Like {{title}}",
    likes_one: "{{count}} like",
    likes_other: "{{count}} likes",

    "notFound.title": MESSAGES.courses.notFound,
    "notFound.text":
      "It may have been removed, or the link may be mistyped. Every course we teach is listed here.",
    "failed.text": MESSAGES.generic.serverError,
    seeAll: "See all courses",
  },
  hi: {
    "meta.title": "कोर्स | {{school}}",
    "meta.description":
      "{{fullName}} के कोर्स: अंग्रेज़ी, गणित, विज्ञान, कोडिंग, कला, संगीत, योग और कहानी सुनाना, नर्सरी से कक्षा 8 तक, सब ऑनलाइन।",
    "meta.course": "{{title}} | कोर्स | {{school}}",
    "meta.notFoundTitle": "कोर्स नहीं मिला | {{school}}",
    "meta.notFoundDescription": "यह कोर्स {{fullName}} की कोर्स सूची में नहीं है।",

    eyebrow: "कोर्स",
    title: "ऐसी पढ़ाई, जिसका बच्चे इंतज़ार करते हैं",
    intro:
      "भाषा, गणित और विज्ञान की मज़बूत नींव, और साथ में योग, संगीत, कला, कोडिंग और कहानी सुनाना। किसी कोर्स के बारे में और पढ़ने के लिए उसे खोलें, और जो कोर्स आपके परिवार को पसंद हों, उन्हें लाइक करें।",

    "empty.title": "अभी कोई कोर्स उपलब्ध नहीं है।",
    "empty.text": "नए कोर्स तैयार हो रहे हैं। तब तक मुफ़्त डेमो क्लास में देखिए कि हमारी क्लास कैसी होती है।",

    readMore: "और पढ़ें",
    like: "{{title}} को लाइक करें",
    likes_one: "{{count}} लाइक",
    likes_other: "{{count}} लाइक",

    "notFound.title": "कोर्स नहीं मिला।",
    "notFound.text": "हो सकता है यह कोर्स हटा दिया गया हो, या लिंक में कोई गलती हो। हमारे सभी कोर्स यहाँ दिए गए हैं।",
    "failed.text": "हमारी तरफ़ कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
    seeAll: "सभी कोर्स देखें",
  },
});
