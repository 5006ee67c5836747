import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/**
 * The blog (/blog, /blog?page=N, /blog/:id and their /hi twins): the list's head, its pager and
 * empty state, a post's page and its "not found". What staff wrote (titles, categories, texts)
 * is not here: it is shown as written, marked with its language. {{school}} is SCHOOL.name,
 * {{fullName}} SCHOOL.fullName. Hindi terms follow docs/hindi-glossary.md.
 */
export const BLOG_TEXTS = defineTexts("blog", {
  en: {
    "meta.title": "Blog | {{school}}",
    "meta.titlePage": "Blog, page {{page}} | {{school}}",
    "meta.description":
      "Tips for parents, stories from online classrooms and school news from {{fullName}}, Nursery to Grade 8.",
    /** After the description, on the pages after the first. */
    "meta.descriptionPage": "Page {{page}} of {{pages}}.",
    "meta.post": "{{title}} | {{school}} Blog",
    "meta.notFoundTitle": `${MESSAGES.blog.notFound} | {{school}} Blog`,
    "meta.notFoundDescription": "This post is not on the {{fullName}} blog.",

    eyebrow: "{{school}} Blog",
    title: "Ideas and news for happy learning at home",
    intro: "Tips for parents, stories from our online classrooms and news from the school.",
    feed: "Subscribe to the blog (Atom feed)",

    "empty.title": MESSAGES.blog.empty,
    "empty.text":
      "Our teachers are busy writing. Please come back soon for tips and stories from our classrooms.",
    "empty.home": "Go to the home page",

    "pager.label": "Blog pages",
    "pager.previous": "Previous",
    "pager.next": "Next",
    "pager.status": "Page {{page}} of {{pages}}",

    back: "Back to blog",
    "notFound.title": MESSAGES.blog.notFound,
    "notFound.text":
      "It may have been removed, or the link may be mistyped. Our other posts are waiting for you.",
    "failed.text": MESSAGES.generic.serverError,
  },
  hi: {
    "meta.title": "ब्लॉग | {{school}}",
    "meta.titlePage": "ब्लॉग, पेज {{page}} | {{school}}",
    "meta.description":
      "{{fullName}} से अभिभावकों के लिए सुझाव, ऑनलाइन क्लास की कहानियाँ और स्कूल की खबरें, नर्सरी से कक्षा 8 तक।",
    "meta.descriptionPage": "{{pages}} में से पेज {{page}}।",
    "meta.post": "{{title}} | {{school}} ब्लॉग",
    "meta.notFoundTitle": "पोस्ट नहीं मिली | {{school}} ब्लॉग",
    "meta.notFoundDescription": "यह पोस्ट {{fullName}} के ब्लॉग पर नहीं है।",

    eyebrow: "{{school}} ब्लॉग",
    title: "घर पर खुशी-खुशी पढ़ाई के लिए सुझाव और खबरें",
    intro: "अभिभावकों के लिए सुझाव, हमारी ऑनलाइन क्लास की कहानियाँ और स्कूल की खबरें।",
    feed: "नई पोस्ट की सूचना पाएँ (Atom फ़ीड, अंग्रेज़ी में)",

    "empty.title": "अभी कोई ब्लॉग पोस्ट नहीं है",
    "empty.text": "हमारे शिक्षक अभी लिख रहे हैं। सुझावों और हमारी क्लास की कहानियों के लिए जल्द ही फिर से आइए।",
    "empty.home": "मुखपृष्ठ पर जाएँ",

    "pager.label": "ब्लॉग के पेज",
    "pager.previous": "पिछला",
    "pager.next": "अगला",
    "pager.status": "{{pages}} में से पेज {{page}}",

    back: "ब्लॉग पर वापस जाएँ",
    "notFound.title": "पोस्ट नहीं मिली।",
    "notFound.text":
      "हो सकता है यह पोस्ट हटा दी गई हो, या लिंक में कोई गलती हो। हमारी बाकी पोस्ट आपका इंतज़ार कर रही हैं।",
    "failed.text": "हमारी तरफ़ कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
  },
});
