import { defineTexts } from "../translations";

/**
 * The fee structure page: its head, the yearly fees' heading and the boxes beside them. The fee
 * cards, what the fee includes and the enrollment dialog are the enrollment namespace's
 * (./enrollment.ts). {{session}} is the admission year, {{school}} the school's name, {{days}}
 * CONFIRMATION_WORKING_DAYS. Hindi terms follow docs/hindi-glossary.md.
 */
export const FEE_STRUCTURE_TEXTS = defineTexts("feeStructure", {
  en: {
    "meta.title": "Fee structure {{session}} | {{school}}",
    "meta.description":
      "Yearly fees for every grade at {{school}}, Nursery to Grade 8, for {{session}}: live classes, recorded lessons, extracurriculars and progress monitoring included. Enroll online.",

    "header.eyebrow": "Admissions {{session}}",
    "header.title": "Fee structure",
    "header.intro":
      "One yearly fee per grade covers everything your child needs to learn with us. Enroll online in a few minutes.",

    "fees.title": "Yearly fees by grade",
    "fees.intro":
      "Fees are in Indian rupees for the full {{session}} school year, paid online by credit card, debit card or online banking.",
    "fees.label": "Yearly fee for each grade, {{session}}",

    "includes.title": "What the fee includes",

    "process.title": "Applying for admission",
    "process.text":
      "Fill in the admission form, pay the admission fee online and receive a confirmation e-mail. Admission is confirmed within {{days}} working days.",
    "process.link": "See the admission process",

    demoFirst: "Book a free demo first",
  },
  hi: {
    "meta.title": "फ़ीस का विवरण {{session}} | {{school}}",
    "meta.description":
      "{{school}} में {{session}} के लिए नर्सरी से कक्षा 8 तक की सालाना फ़ीस: लाइव क्लास, रिकॉर्ड किए गए पाठ, दूसरी गतिविधियाँ और प्रगति की जानकारी शामिल।",

    "header.eyebrow": "प्रवेश {{session}}",
    "header.title": "फ़ीस का विवरण",
    "header.intro":
      "हर कक्षा की एक सालाना फ़ीस, जिसमें वह सब शामिल है जो आपके बच्चे को हमारे साथ पढ़ने के लिए चाहिए। कुछ ही मिनटों में ऑनलाइन प्रवेश लें।",

    "fees.title": "कक्षा के अनुसार सालाना फ़ीस",
    "fees.intro":
      "फ़ीस भारतीय रुपयों में है और {{session}} के पूरे स्कूल साल के लिए है। इसका भुगतान ऑनलाइन, क्रेडिट कार्ड, डेबिट कार्ड या नेट बैंकिंग से होता है।",
    "fees.label": "हर कक्षा की सालाना फ़ीस, {{session}}",

    "includes.title": "फ़ीस में क्या-क्या शामिल है",

    "process.title": "प्रवेश के लिए आवेदन",
    "process.text":
      "प्रवेश फ़ॉर्म भरें, प्रवेश फ़ीस का ऑनलाइन भुगतान करें और पुष्टि का ईमेल पाएँ। {{days}} कामकाजी दिनों के भीतर प्रवेश पक्का हो जाता है।",
    "process.link": "प्रवेश की प्रक्रिया देखें",

    demoFirst: "पहले मुफ़्त डेमो क्लास बुक करें",
  },
});
