import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/**
 * The privacy notice (issue 20, decision 0036) in English and in Hindi: the Digital Personal Data
 * Protection Rules, 2025 require that a notice can be read in English or in a language of the
 * Eighth Schedule. The Hindi says what the English says, clause by clause, in plain words; it is the
 * same notice, so it has the same version (PRIVACY_NOTICE_VERSION): change a sentence in one
 * language and the other changes with it, under a new version.
 *
 * A sentence with a link or bold words in it is written as its parts, so Hindi can order them its
 * own way. Values come from their homes: {{school}} the school's name, {{date}} the version's day,
 * {{months}} DEFAULT_RETENTION_MONTHS, {{email}} and {{phone}} the school's contact details.
 * The Act's own terms keep their English name beside the Hindi, as the law names them.
 */

export const PRIVACY_TEXTS = defineTexts("privacy", {
  en: {
    "meta.title": "Privacy notice | {{school}}",
    "meta.description":
      "How {{school}} collects, uses, shares and keeps the personal data of parents, children and teachers, and how to see, correct or erase it.",

    "header.eyebrow": "Your family's data",
    "header.title": "Privacy notice",
    "header.intro":
      "What we collect about you and your child, why, who sees it, how long we keep it, and what you can do about it.",
    /** Around the version, which is set in bold. */
    "version.before": "Version ",
    "version.after": ", in effect from {{date}}.",
    loading: MESSAGES.details.loading,

    "who.title": "Who we are",
    "who.text":
      "{{school}} (“we”) is an online school for children from Nursery to Grade 8. We decide why and how the personal data given to us on this website is used: under India’s Digital Personal Data Protection Act, 2023, we are its Data Fiduciary.",
    "who.email": "E-mail:",
    "who.phone": "Phone:",

    "collected.title": "What we collect and why",
    "collected.intro": "We collect only what each form asks for, and use it only for that form’s purpose:",
    "collected.what": "What: ",
    "collected.why": "Why: ",
    "collected.application.form": "Admission application",
    "collected.application.what":
      "Your child's name, date of birth and grade; your name, mobile number and e-mail address.",
    "collected.application.why":
      "To consider the admission, check the grade fits your child's age, and call or write to you about it.",
    "collected.demo.form": "Free demo class",
    "collected.demo.what":
      "Your name, your child's name and grade, your mobile number, e-mail address and the time that suits you.",
    "collected.demo.why": "To arrange the demo class and confirm it with you.",
    "collected.enrollment.form": "Enrollment and fee payment",
    "collected.enrollment.what":
      "Your child's name and grade; your name, mobile number and e-mail address; the fee, the payment's reference and its outcome.",
    "collected.enrollment.why":
      "To enroll your child, take the fee, send the receipt and keep the school's accounts.",
    "collected.teacher.form": "Teacher registration",
    "collected.teacher.what":
      "Your name, city, mobile number, e-mail address, teaching experience, your message and the CV you choose to send.",
    "collected.teacher.why": "To consider you for teaching work and contact you about it.",
    "collected.account.form": "A parent's account",
    "collected.account.what":
      "Your name, e-mail address and a password (stored only as a one-way hash); the courses you like.",
    "collected.account.why":
      "To let you sign in and see your applications, demo requests and payments in one place.",
    "collected.recorded":
      "With every application, demo request, enrollment and teacher registration we also record when consent was given and which version of this notice was shown. We do not sell personal data, show advertising, or track or profile children. The only cookies we set keep you signed in and carry a one-time message after a form is sent.",

    "consent.title": "Why we may use it: your consent",
    "consent.text":
      "We use personal data because you agree to it: each form has a box to tick, next to a link to this notice. The law treats everyone under 18 as a child, and a child’s data needs the verifiable consent of a parent or lawful guardian. So the forms about a child ask you to confirm that you are the child’s parent or guardian. Please do not fill them in for a child who is not in your care.",
    "consent.withdraw":
      "You may withdraw your consent at any time, as easily as you gave it: write to us or delete your account (below). Withdrawing does not undo what was lawfully done before, and we may keep what the law requires us to keep.",

    "shared.title": "Who sees it",
    "shared.staff":
      "Our admissions, teaching and office staff, who need it to do the work the form asks for.",
    "shared.payments":
      "Razorpay, our payment gateway, which receives the order’s amount and reference and takes the card or bank details itself: we never see or store them.",
    "shared.mail": "Our e-mail provider, which delivers the confirmations and letters we send you.",
    "shared.authorities": "Authorities, only when a law requires us to hand it over.",

    "kept.title": "How long we keep it",
    "kept.unfinished":
      "Applications that were not accepted, and demo requests once the demo has taken place or been cancelled: {{months}} months after they were sent; then the names, mobile number and e-mail address are erased automatically.",
    "kept.payments":
      "Paid fees: the amount, date and references for as long as the law on accounts and taxes requires. If you ask us to erase your data, the names and contact details on them are removed.",
    "kept.accounts":
      "Accounts, and the records linked to them: until you delete the account or ask us to erase them.",
    "kept.teachers":
      "Teacher registrations: while we consider you for work, or until you ask us to erase yours.",

    "rights.title": "Your rights",
    "rights.intro": "You have the right to:",
    "rights.see": "see the personal data we hold about you and your child, and how it is used;",
    "rights.correct": "have it corrected, completed or brought up to date;",
    "rights.erase": "have it erased, except what the law requires us to keep;",
    "rights.nominate": "name someone to use these rights for you if you die or cannot act;",
    "rights.complain": "have a complaint about it heard.",
    /** "If you have an account, your [profile] has [Download my data] (…) and [Delete my account]. …" */
    "rights.profileBefore": "If you have an account, your ",
    "rights.profileLink": "profile",
    "rights.profileHas": " has ",
    "rights.download": "Download my data",
    "rights.downloadWhat":
      " (a file with everything stored about your account and its verified e-mail address) and ",
    "rights.delete": "Delete my account",
    "rights.profileAfter":
      ". For anything else, or if you sent a form without an account, write to us at the e-mail address above: tell us which forms you sent and from which e-mail address.",
    "rights.grievanceTitle": "Grievances:",
    /** {{email}}: the address, or `rights.grievanceEmailUnknown`; {{call}}: one of the `rights.grievanceCall…`. */
    "rights.grievance":
      "write to {{email}} with “Privacy” in the subject line, or {{call}}. We reply within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.",
    "rights.grievanceEmailUnknown": "the e-mail address above",
    "rights.grievanceCallPhone": "call {{phone}}",
    "rights.grievanceCallUs": "call us",

    "changes.title": "Changes to this notice",
    "changes.text":
      "When this notice changes, it gets a new version and date at the top of this page. The forms then ask you to read it and agree again before sending; what you sent before stays recorded with the version you agreed to.",
  },
  hi: {
    "meta.title": "गोपनीयता सूचना | {{school}}",
    "meta.description":
      "{{school}} अभिभावकों, बच्चों और शिक्षकों का डेटा कैसे लेता, इस्तेमाल करता, साझा करता और रखता है, और आप उसे कैसे देखें, सुधरवाएँ या मिटवाएँ।",

    "header.eyebrow": "आपके परिवार का डेटा",
    "header.title": "गोपनीयता सूचना",
    "header.intro":
      "हम आपके और आपके बच्चे के बारे में कौन-सी जानकारी लेते हैं, क्यों लेते हैं, उसे कौन देखता है, हम उसे कितने समय तक रखते हैं, और इस बारे में आप क्या कर सकते हैं।",
    "version.before": "संस्करण ",
    "version.after": ", {{date}} से लागू।",
    loading: "लोड हो रहा है...",

    "who.title": "हम कौन हैं",
    "who.text":
      "{{school}} (“हम”) नर्सरी से कक्षा 8 तक के बच्चों का एक ऑनलाइन स्कूल है। इस वेबसाइट पर हमें दिए गए व्यक्तिगत डेटा (आपकी निजी जानकारी) का इस्तेमाल क्यों और कैसे होगा, यह हम तय करते हैं: भारत के डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023 (Digital Personal Data Protection Act, 2023) के तहत हम इस डेटा के “डेटा न्यासी” (Data Fiduciary) हैं।",
    "who.email": "ईमेल:",
    "who.phone": "फ़ोन:",

    "collected.title": "हम क्या जानकारी लेते हैं और क्यों",
    "collected.intro":
      "हम सिर्फ़ वही जानकारी लेते हैं जो हर फ़ॉर्म में पूछी जाती है, और उसका इस्तेमाल सिर्फ़ उसी फ़ॉर्म के मकसद के लिए करते हैं:",
    "collected.what": "क्या: ",
    "collected.why": "क्यों: ",
    "collected.application.form": "प्रवेश का आवेदन",
    "collected.application.what": "आपके बच्चे का नाम, जन्म तिथि और कक्षा; आपका नाम, मोबाइल नंबर और ईमेल पता।",
    "collected.application.why":
      "प्रवेश पर विचार करने, यह जाँचने कि कक्षा आपके बच्चे की उम्र के हिसाब से सही है, और इस बारे में आपको फ़ोन करने या लिखने के लिए।",
    "collected.demo.form": "मुफ़्त डेमो क्लास",
    "collected.demo.what": "आपका नाम, आपके बच्चे का नाम और कक्षा, आपका मोबाइल नंबर, ईमेल पता और आपकी सुविधा का समय।",
    "collected.demo.why": "डेमो क्लास तय करने और आपके साथ उसकी पुष्टि करने के लिए।",
    "collected.enrollment.form": "प्रवेश और फ़ीस का भुगतान",
    "collected.enrollment.what":
      "आपके बच्चे का नाम और कक्षा; आपका नाम, मोबाइल नंबर और ईमेल पता; फ़ीस, भुगतान का रेफ़रेंस और भुगतान का नतीजा।",
    "collected.enrollment.why": "आपके बच्चे को प्रवेश देने, फ़ीस लेने, रसीद भेजने और स्कूल का हिसाब-किताब रखने के लिए।",
    "collected.teacher.form": "शिक्षक के रूप में रजिस्ट्रेशन",
    "collected.teacher.what":
      "आपका नाम, शहर, मोबाइल नंबर, ईमेल पता, पढ़ाने का अनुभव, आपका संदेश और वह सीवी (बायोडाटा) जो आप भेजना चाहें।",
    "collected.teacher.why": "पढ़ाने के काम के लिए आप पर विचार करने और इस बारे में आपसे संपर्क करने के लिए।",
    "collected.account.form": "अभिभावक का खाता",
    "collected.account.what":
      "आपका नाम, ईमेल पता और पासवर्ड (जो सिर्फ़ “वन-वे हैश” के रूप में रखा जाता है, यानी उससे असली पासवर्ड वापस नहीं निकाला जा सकता); आपके पसंद किए गए कोर्स।",
    "collected.account.why": "ताकि आप लॉग इन कर सकें और अपने आवेदन, डेमो क्लास के अनुरोध और भुगतान एक ही जगह देख सकें।",
    "collected.recorded":
      "हर आवेदन, डेमो क्लास के अनुरोध, प्रवेश और शिक्षक रजिस्ट्रेशन के साथ हम यह भी दर्ज करते हैं कि सहमति कब दी गई और इस सूचना का कौन-सा संस्करण दिखाया गया था। हम व्यक्तिगत डेटा बेचते नहीं हैं, विज्ञापन नहीं दिखाते, और न बच्चों पर नज़र (ट्रैकिंग) रखते हैं, न उनकी प्रोफ़ाइल बनाते हैं। हम सिर्फ़ ऐसी कुकी इस्तेमाल करते हैं जो आपको लॉग इन रखती हैं और फ़ॉर्म भेजने के बाद एक बार दिखने वाला संदेश पहुँचाती हैं।",

    "consent.title": "हम इसका इस्तेमाल क्यों कर सकते हैं: आपकी सहमति",
    "consent.text":
      "हम व्यक्तिगत डेटा का इस्तेमाल इसलिए करते हैं क्योंकि आप इसके लिए सहमति देते हैं: हर फ़ॉर्म में टिक करने के लिए एक बॉक्स है, जिसके पास इस सूचना का लिंक है। क़ानून 18 साल से कम उम्र के हर व्यक्ति को बच्चा मानता है, और बच्चे के डेटा के लिए माता-पिता या क़ानूनी अभिभावक की ऐसी सहमति ज़रूरी है जिसकी पुष्टि की जा सके। इसलिए बच्चे से जुड़े फ़ॉर्म आपसे यह पुष्टि करने को कहते हैं कि आप बच्चे के माता-पिता या अभिभावक हैं। कृपया ऐसे किसी बच्चे के लिए ये फ़ॉर्म न भरें, जो आपकी देखरेख में नहीं है।",
    "consent.withdraw":
      "आप अपनी सहमति कभी भी वापस ले सकते हैं, उतनी ही आसानी से जितनी आसानी से आपने दी थी: हमें लिखें या अपना खाता हटा दें (नीचे देखें)। सहमति वापस लेने पर भी, उससे पहले क़ानून के अनुसार जो किया जा चुका है, वह रद्द नहीं होता; और जो जानकारी रखना क़ानून के तहत ज़रूरी है, उसे हम रख सकते हैं।",

    "shared.title": "इसे कौन देखता है",
    "shared.staff": "हमारे प्रवेश, पढ़ाई और ऑफ़िस के कर्मचारी, जिन्हें फ़ॉर्म में माँगा गया काम करने के लिए इसकी ज़रूरत होती है।",
    "shared.payments":
      "Razorpay, हमारा पेमेंट गेटवे, जिसे ऑर्डर की राशि और रेफ़रेंस मिलता है और जो कार्ड या बैंक की जानकारी ख़ुद लेता है: हम उसे न कभी देखते हैं, न रखते हैं।",
    "shared.mail": "हमारी ईमेल सेवा देने वाली कंपनी, जो हमारे भेजे पुष्टि के ईमेल और पत्र आप तक पहुँचाती है।",
    "shared.authorities": "सरकारी अधिकारी, सिर्फ़ तब, जब कोई क़ानून हमें यह जानकारी उन्हें सौंपने के लिए बाध्य करे।",

    "kept.title": "हम इसे कितने समय तक रखते हैं",
    "kept.unfinished":
      "जो आवेदन स्वीकार नहीं हुए, और डेमो क्लास के वे अनुरोध जिनकी डेमो क्लास हो चुकी है या रद्द हो गई है: भेजे जाने के {{months}} महीने बाद तक; उसके बाद नाम, मोबाइल नंबर और ईमेल पता अपने-आप मिटा दिए जाते हैं।",
    "kept.payments":
      "चुकाई गई फ़ीस: राशि, तारीख और रेफ़रेंस, तब तक जब तक हिसाब-किताब और टैक्स से जुड़ा क़ानून कहता है। अगर आप हमसे अपना डेटा मिटाने को कहते हैं, तो उनसे नाम और संपर्क की जानकारी हटा दी जाती है।",
    "kept.accounts": "खाते, और उनसे जुड़े रिकॉर्ड: जब तक आप खाता हटा न दें या हमसे उन्हें मिटाने को न कहें।",
    "kept.teachers":
      "शिक्षकों के रजिस्ट्रेशन: जब तक हम काम के लिए आप पर विचार कर रहे हैं, या जब तक आप हमसे अपना रजिस्ट्रेशन मिटाने को न कहें।",

    "rights.title": "आपके अधिकार",
    "rights.intro": "आपको ये अधिकार हैं:",
    "rights.see":
      "हमारे पास आपके और आपके बच्चे के बारे में जो व्यक्तिगत डेटा है, उसे देखना, और यह जानना कि उसका इस्तेमाल कैसे होता है;",
    "rights.correct": "उसे ठीक करवाना, पूरा करवाना या अपडेट करवाना;",
    "rights.erase": "उसे मिटवाना, सिवाय उस जानकारी के जिसे रखना क़ानून के तहत हमारे लिए ज़रूरी है;",
    "rights.nominate":
      "किसी व्यक्ति को नामित करना, जो आपकी मृत्यु होने पर या आपके असमर्थ होने पर आपकी ओर से इन अधिकारों का इस्तेमाल करे;",
    "rights.complain": "इसके बारे में अपनी शिकायत की सुनवाई करवाना।",
    "rights.profileBefore": "अगर आपका खाता है, तो आपकी ",
    "rights.profileLink": "प्रोफ़ाइल",
    "rights.profileHas": " में ",
    "rights.download": "मेरा डेटा डाउनलोड करें",
    "rights.downloadWhat":
      " (एक फ़ाइल, जिसमें आपके खाते और उसके पुष्टि किए गए ईमेल पते के बारे में रखी गई हर जानकारी होती है) और ",
    "rights.delete": "मेरा खाता हटाएँ",
    "rights.profileAfter":
      " के विकल्प हैं। किसी और बात के लिए, या अगर आपने बिना खाते के कोई फ़ॉर्म भेजा था, तो ऊपर दिए गए ईमेल पते पर हमें लिखें: बताएँ कि आपने कौन-से फ़ॉर्म भेजे थे और किस ईमेल पते से।",
    "rights.grievanceTitle": "शिकायत:",
    "rights.grievance":
      "{{email}} पर ईमेल करें (विषय में “Privacy” लिखें) या {{call}}। हम 30 दिनों के भीतर जवाब देते हैं। अगर आप हमारे जवाब से संतुष्ट नहीं हैं, तो आप भारतीय डेटा संरक्षण बोर्ड (Data Protection Board of India) से शिकायत कर सकते हैं।",
    "rights.grievanceEmailUnknown": "ऊपर दिए गए ईमेल पते",
    "rights.grievanceCallPhone": "{{phone}} पर फ़ोन करें",
    "rights.grievanceCallUs": "हमें फ़ोन करें",

    "changes.title": "इस सूचना में बदलाव",
    "changes.text":
      "जब यह सूचना बदलती है, तो इस पेज पर सबसे ऊपर उसका नया संस्करण और तारीख दी जाती है। इसके बाद फ़ॉर्म भेजने से पहले आपसे इसे पढ़कर दोबारा सहमति देने को कहा जाता है; आपने पहले जो भेजा था, वह उसी संस्करण के साथ दर्ज रहता है जिससे आप सहमत हुए थे।",
  },
});
