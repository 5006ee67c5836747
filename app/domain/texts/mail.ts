import { SCHOOL } from "../brand";
import { defineTexts } from "../translations";

/**
 * The words of every mail to a family, a teacher or an account holder (issue 37: each is written
 * in the language the family used). Staff notices stay English and keep their words in
 * app/mail/staff.server.ts. Placeholders: {{school}} the school's short or full name as the
 * sentence needs, {{site}} the site's host, {{student}} and {{name}} the names as stored, {{days}}
 * the working days admission is confirmed within. Hindi terms follow docs/hindi-glossary.md.
 */
export const MAIL_TEXTS = defineTexts("mail", {
  en: {
    // The frame of every mail: the logo's line, the sign-off, the footer, a button's fallback.
    "frame.tagline": SCHOOL.tagline,
    "frame.openLink": "Or open this link:",
    "frame.email": "E-mail:",
    "frame.phone": "Phone:",
    "frame.regards": "Warm regards,",
    "frame.team": "The {{school}} team",
    greeting: "Dear {{name}},",
    timeNotRecorded: "(time not recorded)",
    "questions.both": "If you have any questions, write to us at {{email}} or call us on {{phone}}.",
    "questions.email": "If you have any questions, write to us at {{email}}.",
    "questions.phone": "If you have any questions, call us on {{phone}}.",
    "contact.both": "contact us at {{email}} or on {{phone}}",
    "contact.email": "contact us at {{email}}",
    "contact.phone": "contact us on {{phone}}",
    "contact.none": "contact the school",
    "grade.nursery": "Nursery",
    "grade.kindergarten": "Kindergarten",
    "grade.numbered": "Grade {{number}}",
    "fact.student": "Student",
    "fact.grade": "Grade",
    "fact.orderNumber": "Order number",
    "fact.transactionId": "Transaction ID",
    "fact.preferredTime": "Preferred date and time",
    "fact.applicationNumber": "Application number",
    "button.courses": "Explore our courses",
    "button.profile": "Go to your profile",
    /** Why a family gets a mail about its application: the application was made with this address. */
    "reason.application":
      "You are receiving this e-mail because an application for {{student}} was made on {{site}} with this e-mail address.",
    minutes_one: "{{count}} minute",
    minutes_other: "{{count}} minutes",
    hours_one: "{{count}} hour",
    hours_other: "{{count}} hours",

    "applicationReceived.subject": "We have received {{student}}'s application to {{school}}",
    "applicationReceived.preheader": "Application number {{id}}. The next step is paying the admission fee.",
    "applicationReceived.thanks":
      "Thank you for applying to {{school}}. We have received the application for {{student}} ({{grade}}).",
    "applicationReceived.nextHeading": "What happens next",
    "applicationReceived.next":
      "You have finished steps 1 and 2. The next step is to pay the admission fee. Admission is confirmed within {{days}} working days after payment.",
    "applicationReceived.feeButton": "See the fee structure",
    "applicationReceived.admissionsButton": "Read about admissions",

    "demoBooked.subject": "Demo class booked for {{student}}",
    "demoBooked.preheader": "Your preferred time: {{time}}. We will get in touch to confirm it.",
    "demoBooked.thanks": "Thank you for booking a free demo class with {{school}} for {{student}}.",
    "demoBooked.confirm": "Our team will get in touch with you to confirm the date and time of the class.",
    "demoBooked.meanwhile": "Meanwhile, have a look at what {{student}} could learn with us.",
    "demoBooked.reason":
      "You are receiving this e-mail because a demo class for {{student}} was booked on {{site}} with this e-mail address.",

    "paymentReceived.subject": "Payment received: {{amount}} for {{student}} ({{grade}})",
    "paymentReceived.preheader":
      "Transaction {{transaction}}. Admission is confirmed within {{days}} working days.",
    "paymentReceived.thanks":
      "Thank you. We have received your payment of {{amount}} for the admission of {{student}} ({{grade}}).",
    "paymentReceived.amount": "Amount paid",
    "paymentReceived.paidOn": "Paid on",
    "paymentReceived.confirm":
      "Our admissions team will confirm {{student}}'s admission within {{days}} working days.",
    "paymentReceived.receipt": "View your receipt",
    "paymentReceived.keep": "Please keep this e-mail for your records.",
    "paymentReceived.reason":
      "You are receiving this e-mail because a payment for {{student}}'s admission was made on {{site}} with this e-mail address.",

    "paymentFailed.subject": "Payment not completed: {{amount}} for {{student}} ({{grade}})",
    "paymentFailed.sameDetails": "You can try again with the same details.",
    "paymentFailed.failed":
      "Your payment of {{amount}} for the admission of {{student}} ({{grade}}) did not go through.",
    "paymentFailed.amount": "Amount",
    "paymentFailed.why": "Reason",
    "paymentFailed.notCompleted": "The payment was not completed.",
    "paymentFailed.retry": "Try again",
    "paymentFailed.help": "If the payment keeps failing, please {{contact}} and we will help you.",
    "paymentFailed.reason":
      "You are receiving this e-mail because a payment for {{student}}'s admission was attempted on {{site}} with this e-mail address.",

    // Seats (issue 38): {{time}} is when the offer ends, in India's time; {{position}} a number.
    "offerMade.subject": "A seat for {{student}} in {{grade}} at {{school}}",
    "offerMade.preheader":
      "The seat is held for you until {{time}}. Accept and pay on your profile to keep it.",
    "offerMade.offer":
      "Good news: there is a seat for {{student}} in {{grade}} at {{school}}. We are holding it for you until {{time}}.",
    "offerMade.offerFromWaitlist":
      "Good news: a seat in {{grade}} at {{school}} has come free, and {{student}} was next on the waitlist. We are holding the seat for you until {{time}}.",
    "offerMade.keep":
      "To keep the seat, accept the offer and pay the year's fee on your profile before then.",
    "offerMade.button": "Accept and pay",
    "offerMade.decline":
      "If you no longer want the seat, please decline the offer on your profile, so that another family can have it.",
    "offerMade.until": "Offer open until",

    "offerExpired.subject": "The seat offer for {{student}} ({{grade}}) has ended",
    "offerExpired.preheader": "The fee was not paid by {{time}}, so the seat has been given back.",
    "offerExpired.ended":
      "We held a seat in {{grade}} for {{student}} until {{time}}. The fee was not paid by then, so the offer has ended and the seat has been given back.",
    "offerExpired.help": "If you would still like a seat for {{student}}, please {{contact}}.",

    "offerWithdrawn.subject": "The seat offer for {{student}} ({{grade}}) has been withdrawn",
    "offerWithdrawn.preheader": "If you have any questions about it, please contact us.",
    "offerWithdrawn.withdrawn":
      "We are sorry to let you know that we have withdrawn our offer of a seat in {{grade}} for {{student}}.",
    "offerWithdrawn.help": "If you have any questions about this, please {{contact}}.",

    "waitlisted.subject": "{{student}} is number {{position}} on the {{grade}} waitlist",
    "waitlisted.preheader": "We will write to you as soon as a seat comes free for {{student}}.",
    "waitlisted.full":
      "All the seats in {{grade}} at {{school}} are taken at the moment, so {{student}} is on the waitlist, at number {{position}}.",
    "waitlisted.position": "Waitlist number",
    "waitlisted.moves":
      "Families move up the waitlist as seats come free. When it is {{student}}'s turn, we will send you an offer by e-mail, and you will see it on your profile too.",

    "welcome.subject": "Welcome to {{school}}, {{name}}",
    "welcome.preheaderVerify": "Your account is ready. Please confirm your e-mail address.",
    "welcome.preheader": "Your account is ready.",
    "welcome.ready": "Welcome to {{school}}. Your account on {{site}} is ready.",
    "welcome.signInWith": "Sign in with",
    "welcome.profile": "Your profile shows your account details and what you have sent us.",
    "welcome.courses": "Have a look at our courses for every grade.",
    "welcome.reason":
      "You are receiving this e-mail because an account was created on {{site}} with this e-mail address.",

    "verify.why":
      "Please confirm that this e-mail address is yours. Then your profile also shows the applications, demo requests and fee payments sent from this address before you had an account.",
    "verify.button": "Confirm my e-mail address",
    "verify.validFor": "The link works once, for the next {{hours}}.",
    "verify.once": "The link works once.",
    "verifyEmail.subject": "Confirm your e-mail address for {{school}}",
    "verifyEmail.preheader": "The link works for {{hours}}.",
    "verifyEmail.ignore": "If you did not ask for this, you can ignore this e-mail.",
    "verifyEmail.reason":
      "You are receiving this e-mail because a new confirmation link was asked for on {{site}} for the account with this e-mail address.",

    "passwordReset.subject": "Reset your {{school}} password",
    "passwordReset.preheader": "The link works for {{minutes}}.",
    "passwordReset.asked": "We received a request to reset the password of your account on {{site}}.",
    "passwordReset.button": "Choose a new password",
    "passwordReset.validFor": "The link works for the next {{minutes}}.",
    "passwordReset.ignore":
      "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    "passwordReset.reason":
      "You are receiving this e-mail because a password reset was requested on {{site}} for this e-mail address.",

    "passwordChanged.subject": "Your {{school}} password was changed",
    "passwordChanged.preheader": "If this was not you, reset your password now.",
    "passwordChanged.changed":
      "The password of your account on {{site}} was changed on {{time}}. If you made this change, there is nothing more to do.",
    "passwordChanged.notYou": "If this was not you, reset your password now and {{contact}}.",
    "passwordChanged.button": "Reset your password",
    "passwordChanged.reason":
      "You are receiving this e-mail because the password of the account with this e-mail address on {{site}} was changed.",

    "accountDeleted.subject": "Your {{school}} account has been deleted",
    "accountDeleted.preheader": "What we erased, and the payment records the law asks us to keep.",
    "accountDeleted.greeting": "Hello,",
    "accountDeleted.done":
      "As you asked on {{time}}, your account on {{site}} has been deleted and you have been signed out everywhere.",
    "accountDeleted.erasedHeading": "What we erased",
    "accountDeleted.account": "Your account",
    "accountDeleted.accountFields": "name, e-mail address and password",
    "accountDeleted.applications": "Admission applications",
    "accountDeleted.applicationCount_one": "{{count}} application",
    "accountDeleted.applicationCount_other": "{{count}} applications",
    "accountDeleted.demoRequests": "Demo class requests",
    "accountDeleted.demoRequestCount_one": "{{count}} request",
    "accountDeleted.demoRequestCount_other": "{{count}} requests",
    "accountDeleted.courseLikes": "Liked courses",
    "accountDeleted.courseLikeCount_one": "{{count}} like",
    "accountDeleted.courseLikeCount_other": "{{count}} likes",
    "accountDeleted.teacherApplications": "Teacher registrations",
    "accountDeleted.teacherApplicationCount_one": "{{count}} registration and its CV",
    "accountDeleted.teacherApplicationCount_other": "{{count}} registrations and their CVs",
    "accountDeleted.replaced":
      "The names, dates of birth, phone numbers and e-mail addresses in those records were replaced, and the e-mails we had sent you were removed from our records.",
    "accountDeleted.keptHeading": "What we keep, and why",
    "accountDeleted.kept":
      "Tax and accounting law requires us to keep a record of every fee payment. For your {{payments}} we keep only the amount, the dates, the status and the payment references; the names, phone number and e-mail address on them were removed.",
    "accountDeleted.paymentCount_one": "{{count}} payment",
    "accountDeleted.paymentCount_other": "{{count}} payments",
    "accountDeleted.notYou": "If you did not ask for this, {{contact}} at once.",
    "accountDeleted.reason":
      "You are receiving this e-mail because the account with this e-mail address on {{site}} was deleted at its owner's request. This is the last e-mail we send to this address about it.",

    "teacherApplicationReceived.subject": "We have received your teacher registration for {{school}}",
    "teacherApplicationReceived.preheader":
      "Registration number {{id}}. Our team will read it and get in touch.",
    "teacherApplicationReceived.thanksWithCv":
      "Thank you for your interest in teaching at {{school}}. We have received your registration and your CV.",
    "teacherApplicationReceived.thanks":
      "Thank you for your interest in teaching at {{school}}. We have received your registration.",
    "teacherApplicationReceived.number": "Registration number",
    "teacherApplicationReceived.cv": "CV",
    "teacherApplicationReceived.cvNotSent": "Not sent",
    "teacherApplicationReceived.next":
      "Our team reads every registration. If your experience fits a class we are planning, we will call or e-mail you to arrange an interview.",
    "teacherApplicationReceived.button": "Read how we teach",
    "teacherApplicationReceived.reason":
      "You are receiving this e-mail because a teacher registration was sent on {{site}} with this e-mail address.",
  },
  hi: {
    "frame.tagline": "खुश विद्यार्थी, खुश अभिभावक",
    "frame.openLink": "या यह लिंक खोलें:",
    "frame.email": "ईमेल:",
    "frame.phone": "फ़ोन:",
    "frame.regards": "शुभकामनाओं सहित,",
    "frame.team": "{{school}} टीम",
    greeting: "प्रिय {{name}} जी,",
    timeNotRecorded: "(समय दर्ज नहीं है)",
    "questions.both": "कोई सवाल हो तो हमें {{email}} पर ईमेल करें या {{phone}} पर फ़ोन करें।",
    "questions.email": "कोई सवाल हो तो हमें {{email}} पर ईमेल करें।",
    "questions.phone": "कोई सवाल हो तो हमें {{phone}} पर फ़ोन करें।",
    "contact.both": "हमसे {{email}} या {{phone}} पर संपर्क करें",
    "contact.email": "हमसे {{email}} पर संपर्क करें",
    "contact.phone": "हमसे {{phone}} पर संपर्क करें",
    "contact.none": "स्कूल से संपर्क करें",
    "grade.nursery": "नर्सरी",
    "grade.kindergarten": "केजी",
    "grade.numbered": "कक्षा {{number}}",
    "fact.student": "विद्यार्थी",
    "fact.grade": "कक्षा",
    "fact.orderNumber": "ऑर्डर नंबर",
    "fact.transactionId": "ट्रांज़ैक्शन आईडी",
    "fact.preferredTime": "पसंदीदा तारीख और समय",
    "fact.applicationNumber": "आवेदन संख्या",
    "button.courses": "हमारे कोर्स देखें",
    "button.profile": "अपनी प्रोफ़ाइल देखें",
    "reason.application":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते से {{student}} के लिए आवेदन किया गया।",
    minutes_one: "{{count}} मिनट",
    minutes_other: "{{count}} मिनट",
    hours_one: "{{count}} घंटे",
    hours_other: "{{count}} घंटे",

    "applicationReceived.subject": "{{student}} का आवेदन हमें मिल गया है",
    "applicationReceived.preheader": "आवेदन संख्या {{id}}। अगला कदम: प्रवेश फ़ीस का भुगतान।",
    "applicationReceived.thanks":
      "{{school}} में आवेदन करने के लिए धन्यवाद। हमें {{student}} ({{grade}}) का आवेदन मिल गया है।",
    "applicationReceived.nextHeading": "आगे क्या होगा",
    "applicationReceived.next":
      "आपने पहले दो कदम पूरे कर लिए हैं। अगला कदम प्रवेश फ़ीस का भुगतान है। भुगतान के बाद {{days}} कामकाजी दिनों में प्रवेश पक्का हो जाता है।",
    "applicationReceived.feeButton": "फ़ीस का विवरण देखें",
    "applicationReceived.admissionsButton": "प्रवेश के बारे में पढ़ें",

    "demoBooked.subject": "{{student}} की डेमो क्लास बुक हो गई",
    "demoBooked.preheader": "आपका पसंदीदा समय: {{time}}। इसे पक्का करने के लिए हम आपसे संपर्क करेंगे।",
    "demoBooked.thanks": "{{student}} के लिए {{school}} में मुफ़्त डेमो क्लास बुक करने के लिए धन्यवाद।",
    "demoBooked.confirm": "क्लास की तारीख और समय पक्का करने के लिए हमारी टीम आपसे संपर्क करेगी।",
    "demoBooked.meanwhile": "तब तक देखिए कि {{student}} हमारे साथ क्या-क्या सीख सकते हैं।",
    "demoBooked.reason":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते से {{student}} के लिए डेमो क्लास बुक की गई।",

    "paymentReceived.subject": "भुगतान मिल गया: {{student}} ({{grade}}) के लिए {{amount}}",
    "paymentReceived.preheader": "ट्रांज़ैक्शन {{transaction}}। {{days}} कामकाजी दिनों में प्रवेश पक्का हो जाएगा।",
    "paymentReceived.thanks":
      "धन्यवाद। {{student}} ({{grade}}) के प्रवेश के लिए आपका {{amount}} का भुगतान हमें मिल गया है।",
    "paymentReceived.amount": "भुगतान की गई राशि",
    "paymentReceived.paidOn": "भुगतान का समय",
    "paymentReceived.confirm": "हमारी प्रवेश टीम {{days}} कामकाजी दिनों में {{student}} के प्रवेश की पुष्टि करेगी।",
    "paymentReceived.receipt": "अपनी रसीद देखें",
    "paymentReceived.keep": "कृपया यह ईमेल अपने रिकॉर्ड के लिए संभालकर रखें।",
    "paymentReceived.reason":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते से {{student}} के प्रवेश के लिए भुगतान किया गया।",

    "paymentFailed.subject": "भुगतान पूरा नहीं हुआ: {{student}} ({{grade}}) के लिए {{amount}}",
    "paymentFailed.sameDetails": "आप इसी जानकारी के साथ फिर से कोशिश कर सकते हैं।",
    "paymentFailed.failed": "{{student}} ({{grade}}) के प्रवेश के लिए आपका {{amount}} का भुगतान पूरा नहीं हो पाया।",
    "paymentFailed.amount": "राशि",
    "paymentFailed.why": "कारण",
    "paymentFailed.notCompleted": "भुगतान पूरा नहीं हुआ।",
    "paymentFailed.retry": "फिर से भुगतान करें",
    "paymentFailed.help": "अगर भुगतान बार-बार नहीं हो पा रहा है, तो कृपया {{contact}}, हम आपकी मदद करेंगे।",
    "paymentFailed.reason":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते से {{student}} के प्रवेश के लिए भुगतान की कोशिश की गई।",

    "offerMade.subject": "{{school}} की {{grade}} में {{student}} के लिए सीट",
    "offerMade.preheader":
      "सीट {{time}} तक आपके लिए रखी गई है। इसे पक्का करने के लिए अपनी प्रोफ़ाइल पर ऑफ़र स्वीकार करें और भुगतान करें।",
    "offerMade.offer":
      "खुशखबरी: {{school}} की {{grade}} में {{student}} के लिए एक सीट है। हमने यह सीट {{time}} तक आपके लिए रखी है।",
    "offerMade.offerFromWaitlist":
      "खुशखबरी: {{school}} की {{grade}} में एक सीट खाली हुई है, और वेटिंग लिस्ट में अगला नाम {{student}} का था। हमने यह सीट {{time}} तक आपके लिए रखी है।",
    "offerMade.keep": "सीट पक्की करने के लिए, उससे पहले अपनी प्रोफ़ाइल पर ऑफ़र स्वीकार करें और साल की फ़ीस का भुगतान करें।",
    "offerMade.button": "स्वीकार करें और भुगतान करें",
    "offerMade.decline":
      "अगर अब आपको यह सीट नहीं चाहिए, तो कृपया अपनी प्रोफ़ाइल पर ऑफ़र अस्वीकार कर दें, ताकि यह सीट किसी और परिवार को मिल सके।",
    "offerMade.until": "ऑफ़र की आखिरी तारीख",

    "offerExpired.subject": "{{student}} ({{grade}}) के लिए सीट का ऑफ़र खत्म हो गया",
    "offerExpired.preheader": "{{time}} तक फ़ीस का भुगतान नहीं हुआ, इसलिए सीट वापस ले ली गई है।",
    "offerExpired.ended":
      "हमने {{grade}} में {{student}} के लिए एक सीट {{time}} तक रखी थी। तब तक फ़ीस का भुगतान नहीं हुआ, इसलिए ऑफ़र खत्म हो गया है और सीट वापस ले ली गई है।",
    "offerExpired.help": "अगर आप अब भी {{student}} के लिए सीट चाहते हैं, तो कृपया {{contact}}।",

    "offerWithdrawn.subject": "{{student}} ({{grade}}) के लिए सीट का ऑफ़र वापस ले लिया गया है",
    "offerWithdrawn.preheader": "इस बारे में कोई सवाल हो तो कृपया हमसे संपर्क करें।",
    "offerWithdrawn.withdrawn": "हमें खेद है कि हमने {{grade}} में {{student}} के लिए सीट का ऑफ़र वापस ले लिया है।",
    "offerWithdrawn.help": "इस बारे में कोई सवाल हो तो कृपया {{contact}}।",

    "waitlisted.subject": "{{student}} का नाम {{grade}} की वेटिंग लिस्ट में {{position}} नंबर पर है",
    "waitlisted.preheader": "जैसे ही {{student}} के लिए सीट खाली होगी, हम आपको ईमेल करेंगे।",
    "waitlisted.full":
      "अभी {{school}} में {{grade}} की सभी सीटें भरी हुई हैं, इसलिए {{student}} का नाम वेटिंग लिस्ट में {{position}} नंबर पर है।",
    "waitlisted.position": "वेटिंग लिस्ट में नंबर",
    "waitlisted.moves":
      "जैसे-जैसे सीटें खाली होंगी, वेटिंग लिस्ट आगे बढ़ेगी। जब {{student}} की बारी आएगी, हम आपको ईमेल से ऑफ़र भेजेंगे, और यह आपकी प्रोफ़ाइल पर भी दिखेगा।",

    "welcome.subject": "{{school}} में आपका स्वागत है, {{name}}",
    "welcome.preheaderVerify": "आपका खाता तैयार है। कृपया अपने ईमेल पते की पुष्टि करें।",
    "welcome.preheader": "आपका खाता तैयार है।",
    "welcome.ready": "{{school}} में आपका स्वागत है। {{site}} पर आपका खाता तैयार है।",
    "welcome.signInWith": "लॉग इन का ईमेल",
    "welcome.profile": "आपकी प्रोफ़ाइल में आपके खाते की जानकारी और आपके भेजे गए फ़ॉर्म दिखते हैं।",
    "welcome.courses": "हर कक्षा के लिए हमारे कोर्स देखें।",
    "welcome.reason": "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते से खाता बनाया गया।",

    "verify.why":
      "कृपया पुष्टि करें कि यह ईमेल पता आपका है। इसके बाद, खाता बनाने से पहले इस पते से भेजे गए आवेदन, डेमो क्लास के अनुरोध और फ़ीस के भुगतान भी आपकी प्रोफ़ाइल में दिखेंगे।",
    "verify.button": "मेरे ईमेल पते की पुष्टि करें",
    "verify.validFor": "यह लिंक एक ही बार, अगले {{hours}} तक काम करेगा।",
    "verify.once": "यह लिंक एक ही बार काम करेगा।",
    "verifyEmail.subject": "{{school}} के लिए अपने ईमेल पते की पुष्टि करें",
    "verifyEmail.preheader": "यह लिंक {{hours}} तक काम करेगा।",
    "verifyEmail.ignore": "अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें।",
    "verifyEmail.reason":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते वाले खाते के लिए नया पुष्टि लिंक माँगा गया।",

    "passwordReset.subject": "अपना {{school}} पासवर्ड रीसेट करें",
    "passwordReset.preheader": "यह लिंक {{minutes}} तक काम करेगा।",
    "passwordReset.asked": "{{site}} पर आपके खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।",
    "passwordReset.button": "नया पासवर्ड चुनें",
    "passwordReset.validFor": "यह लिंक अगले {{minutes}} तक काम करेगा।",
    "passwordReset.ignore": "अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड नहीं बदलेगा।",
    "passwordReset.reason":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते के लिए पासवर्ड रीसेट करने का अनुरोध किया गया।",

    "passwordChanged.subject": "आपका {{school}} पासवर्ड बदल दिया गया है",
    "passwordChanged.preheader": "अगर यह आपने नहीं किया, तो अभी अपना पासवर्ड रीसेट करें।",
    "passwordChanged.changed":
      "{{site}} पर आपके खाते का पासवर्ड {{time}} पर बदला गया। अगर यह बदलाव आपने किया है, तो आपको कुछ और करने की ज़रूरत नहीं है।",
    "passwordChanged.notYou": "अगर यह आपने नहीं किया, तो अभी अपना पासवर्ड रीसेट करें और {{contact}}।",
    "passwordChanged.button": "अपना पासवर्ड रीसेट करें",
    "passwordChanged.reason":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते वाले खाते का पासवर्ड बदला गया।",

    "accountDeleted.subject": "आपका {{school}} खाता हटा दिया गया है",
    "accountDeleted.preheader": "हमने क्या मिटाया, और भुगतान के कौन-से रिकॉर्ड कानून के कारण हमें रखने होते हैं।",
    "accountDeleted.greeting": "नमस्ते,",
    "accountDeleted.done":
      "{{time}} पर आपके अनुरोध के अनुसार {{site}} पर आपका खाता हटा दिया गया है और आपको हर जगह से लॉग आउट कर दिया गया है।",
    "accountDeleted.erasedHeading": "हमने क्या मिटाया",
    "accountDeleted.account": "आपका खाता",
    "accountDeleted.accountFields": "नाम, ईमेल पता और पासवर्ड",
    "accountDeleted.applications": "प्रवेश के आवेदन",
    "accountDeleted.applicationCount_one": "{{count}} आवेदन",
    "accountDeleted.applicationCount_other": "{{count}} आवेदन",
    "accountDeleted.demoRequests": "डेमो क्लास के अनुरोध",
    "accountDeleted.demoRequestCount_one": "{{count}} अनुरोध",
    "accountDeleted.demoRequestCount_other": "{{count}} अनुरोध",
    "accountDeleted.courseLikes": "पसंद किए गए कोर्स",
    "accountDeleted.courseLikeCount_one": "{{count}} कोर्स",
    "accountDeleted.courseLikeCount_other": "{{count}} कोर्स",
    "accountDeleted.teacherApplications": "शिक्षक रजिस्ट्रेशन",
    "accountDeleted.teacherApplicationCount_one": "{{count}} रजिस्ट्रेशन और उसका CV",
    "accountDeleted.teacherApplicationCount_other": "{{count}} रजिस्ट्रेशन और उनके CV",
    "accountDeleted.replaced":
      "इन रिकॉर्ड में लिखे नाम, जन्म तिथि, फ़ोन नंबर और ईमेल पते हटा दिए गए हैं, और आपको भेजे गए ईमेल भी हमारे रिकॉर्ड से हटा दिए गए हैं।",
    "accountDeleted.keptHeading": "हम क्या रखते हैं, और क्यों",
    "accountDeleted.kept":
      "टैक्स और हिसाब-किताब के कानून के अनुसार हमें फ़ीस के हर भुगतान का रिकॉर्ड रखना होता है। आपके {{payments}} के लिए हम सिर्फ़ राशि, तारीखें, स्थिति और भुगतान के संदर्भ नंबर रखते हैं; उन पर लिखे नाम, फ़ोन नंबर और ईमेल पता हटा दिए गए हैं।",
    "accountDeleted.paymentCount_one": "{{count}} भुगतान",
    "accountDeleted.paymentCount_other": "{{count}} भुगतानों",
    "accountDeleted.notYou": "अगर आपने यह अनुरोध नहीं किया था, तो तुरंत {{contact}}।",
    "accountDeleted.reason":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते वाला खाता उसके मालिक के अनुरोध पर हटाया गया। इस बारे में इस पते पर यह हमारा आखिरी ईमेल है।",

    "teacherApplicationReceived.subject": "{{school}} में आपका शिक्षक रजिस्ट्रेशन मिल गया है",
    "teacherApplicationReceived.preheader": "रजिस्ट्रेशन नंबर {{id}}। हमारी टीम इसे पढ़कर आपसे संपर्क करेगी।",
    "teacherApplicationReceived.thanksWithCv":
      "{{school}} में पढ़ाने में रुचि दिखाने के लिए धन्यवाद। हमें आपका रजिस्ट्रेशन और आपका CV मिल गया है।",
    "teacherApplicationReceived.thanks":
      "{{school}} में पढ़ाने में रुचि दिखाने के लिए धन्यवाद। हमें आपका रजिस्ट्रेशन मिल गया है।",
    "teacherApplicationReceived.number": "रजिस्ट्रेशन नंबर",
    "teacherApplicationReceived.cv": "CV",
    "teacherApplicationReceived.cvNotSent": "नहीं भेजा गया",
    "teacherApplicationReceived.next":
      "हमारी टीम हर रजिस्ट्रेशन पढ़ती है। अगर आपका अनुभव हमारी किसी आने वाली क्लास के लिए सही है, तो इंटरव्यू तय करने के लिए हम आपको फ़ोन या ईमेल करेंगे।",
    "teacherApplicationReceived.button": "जानें कि हम कैसे पढ़ाते हैं",
    "teacherApplicationReceived.reason":
      "आपको यह ईमेल इसलिए मिला है क्योंकि {{site}} पर इस ईमेल पते से शिक्षक रजिस्ट्रेशन भेजा गया।",
  },
});
