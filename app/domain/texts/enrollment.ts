import { MESSAGES } from "../messages";
import { defineTexts } from "../translations";

/**
 * Enrolling in a grade from a page that lists the fees (home, fee structure): the fee panels and
 * cards, the enrollment dialog, its confirmation and the hosted checkout's summary and receipt
 * link, and what the server says about an enrollment. Field labels and the shared field messages
 * are in the "fields" namespace; grade names in "grades" ({{grade}} is given already translated).
 */
export const ENROLLMENT_TEXTS = defineTexts("enrollment", {
  en: {
    enrollNow: MESSAGES.enrollment.enrollNow("{{grade}}"),
    viewFee: "View fee",
    yearlyFee: "Yearly fee",
    age: "Age:",

    "includes.liveClasses.title": "Live classes with caring teachers",
    "includes.liveClasses.detail":
      "Interactive online classes every school day, where your child can ask questions and be heard.",
    "includes.recordedLessons.title": "Recorded lessons",
    "includes.recordedLessons.detail":
      "Every lesson can be watched again, so a missed class or a tricky topic is never lost.",
    "includes.extracurriculars.title": "Extracurriculars",
    "includes.extracurriculars.detail":
      "Counselling, yoga, music, art, dance, story-telling, coding and cultural exchanges.",
    "includes.progress.title": "Progress monitoring for parents",
    "includes.progress.detail":
      "See the time your child spends on each topic, page and module, whenever you like.",

    "form.title": "Enroll in {{grade}}",
    /** Around the fee, which is set in bold: before, the fee, after. */
    "form.summaryBefore": "The yearly fee for {{grade}} in {{session}} is ",
    "form.summaryAfter": ". Fill in the details below to enroll and pay online.",
    "form.processing": "Processing...",
    "form.confirm": MESSAGES.enrollment.confirmButton("{{fee}}"),

    "confirmed.title": MESSAGES.enrollment.confirmedTitle,
    /** Around the parent's name, which is set in bold. */
    "confirmed.thanksBefore": "Thank you, ",
    "confirmed.thanksAfter":
      "! Your child's place in {{grade}} for {{session}} is confirmed and the fee has been paid.",
    "confirmed.mailFollows": "A confirmation e-mail with these details will follow shortly.",
    "confirmed.transactionId": "Transaction ID",
    "confirmed.keepId": "Please keep this ID in case you contact the school about the payment.",
    "confirmed.done": "Done",
    "confirmed.receipt": "View and print the receipt",
    /** The flash a successful enrollment leaves (its dialog shows instead of a toast). */
    "confirmed.flash": "Thank you, {{parent}}! The enrollment in {{grade}} is confirmed.",

    "checkout.student": "Student",
    "checkout.parent": "Parent",
    "checkout.grade": "Grade",

    failed: MESSAGES.enrollment.failed,
    "error.amount.changed": MESSAGES.enrollment.feeChanged("{{grade}}", "{{fee}}"),
    "error.amount.number": "The amount must be the fee in rupees, as a number.",
    "error.form.paymentFailed": MESSAGES.enrollment.paymentFailed,
    "error.form.noSeat": MESSAGES.enrollment.noSeat("{{grade}}"),
  },
  hi: {
    enrollNow: "{{grade}} में प्रवेश लें",
    viewFee: "फ़ीस देखें",
    yearlyFee: "सालाना फ़ीस",
    age: "उम्र:",

    "includes.liveClasses.title": "स्नेह से पढ़ाने वाले शिक्षकों के साथ लाइव क्लास",
    "includes.liveClasses.detail":
      "हर स्कूल के दिन इंटरैक्टिव ऑनलाइन क्लास, जहाँ आपका बच्चा सवाल पूछ सकता है और उसकी बात सुनी जाती है।",
    "includes.recordedLessons.title": "रिकॉर्ड किए गए पाठ",
    "includes.recordedLessons.detail":
      "हर पाठ दोबारा देखा जा सकता है, इसलिए छूटी हुई क्लास या मुश्किल टॉपिक कभी पीछे नहीं छूटता।",
    "includes.extracurriculars.title": "पढ़ाई के साथ दूसरी गतिविधियाँ",
    "includes.extracurriculars.detail":
      "काउंसलिंग, योग, संगीत, कला, नृत्य, कहानी सुनाना, कोडिंग और सांस्कृतिक आदान-प्रदान।",
    "includes.progress.title": "अभिभावकों के लिए प्रगति की जानकारी",
    "includes.progress.detail": "जब चाहें देखें कि आपका बच्चा हर टॉपिक, पेज और मॉड्यूल पर कितना समय लगाता है।",

    "form.title": "{{grade}} में प्रवेश",
    "form.summaryBefore": "{{session}} के लिए {{grade}} की सालाना फ़ीस ",
    "form.summaryAfter": " है। प्रवेश लेने और ऑनलाइन भुगतान करने के लिए नीचे अपनी जानकारी भरें।",
    "form.processing": "भेजा जा रहा है...",
    "form.confirm": "प्रवेश पक्का करें ({{fee}})",

    "confirmed.title": "प्रवेश पक्का हो गया!",
    "confirmed.thanksBefore": "धन्यवाद, ",
    "confirmed.thanksAfter":
      "! {{session}} के लिए {{grade}} में आपके बच्चे की सीट पक्की हो गई है और फ़ीस का भुगतान हो गया है।",
    "confirmed.mailFollows": "इन सभी जानकारियों के साथ पुष्टि का ईमेल जल्द ही आपको मिलेगा।",
    "confirmed.transactionId": "ट्रांज़ैक्शन आईडी",
    "confirmed.keepId": "यह आईडी संभालकर रखें: भुगतान के बारे में स्कूल से बात करते समय इसकी ज़रूरत होगी।",
    "confirmed.done": "ठीक है",
    "confirmed.receipt": "रसीद देखें और प्रिंट करें",
    "confirmed.flash": "धन्यवाद, {{parent}}! {{grade}} में प्रवेश पक्का हो गया है।",

    "checkout.student": "विद्यार्थी",
    "checkout.parent": "अभिभावक",
    "checkout.grade": "कक्षा",

    failed: "प्रवेश का फ़ॉर्म नहीं भेजा जा सका। कृपया फिर से कोशिश करें।",
    "error.amount.changed": "{{grade}} की फ़ीस {{fee}} है। कृपया पेज को रिफ़्रेश करके फिर से कोशिश करें।",
    "error.amount.number": "राशि रुपयों में फ़ीस होनी चाहिए, एक संख्या के रूप में।",
    "error.form.paymentFailed": "भुगतान पूरा नहीं हो सका। कोई पैसा नहीं कटा है; कृपया फिर से कोशिश करें।",
    "error.form.noSeat":
      "{{grade}} में अभी कोई सीट खाली नहीं है। कृपया प्रवेश के लिए आवेदन करें: हम आवेदन को कक्षा की वेटिंग लिस्ट में रखेंगे और सीट खाली होते ही आपको ऑफ़र भेजेंगे।",
  },
});
