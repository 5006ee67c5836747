import { defineTexts } from "../translations";

/**
 * The family's seat offers and waitlist places on the profile (issue 38): what each says, the
 * "Accept and pay" and "Decline" forms, and what the server answers to them. The buttons say
 * what the offer's mail says ("Accept and pay", "decline"). {{grade}} is given already
 * translated, {{time}} in the page's language. Hindi terms follow docs/hindi-glossary.md (Seats).
 */
export const OFFER_TEXTS = defineTexts("offers", {
  en: {
    title: "Seat offers",
    intro: "The seats the school has offered your children, and their places on a waitlist.",
    "open.held": "A seat in {{grade}} is held for {{student}} until {{time}}.",
    "open.keep":
      "To keep it, accept the offer and pay the year's fee before then. If you no longer want the seat, please decline it, so that another family can have it.",
    "open.accept": "Accept and pay",
    "open.accepting": "Opening the payment...",
    "open.decline": "Decline",
    "open.declineWarning": "The seat will go to the next family on the waitlist. This cannot be undone.",
    "open.declineConfirm": "Yes, decline the seat",
    "open.declining": "Declining...",
    "open.actionFor": "{{action}}: {{student}}, {{grade}}",
    accepted: "{{student}} is admitted to {{grade}}: the fee has been paid. Welcome to {{school}}!",
    declined: "You declined this seat in {{grade}}.",
    expired:
      "The seat in {{grade}} was held until {{time}}. The fee was not paid by then, so the offer has ended.",
    withdrawn: "The school withdrew this offer of a seat in {{grade}}.",
    "waiting.position": "You are number {{position}} on the {{grade}} waitlist.",
    "waiting.moves":
      "Families move up as seats come free. When it is your turn, we will send you an offer by e-mail, and it will show here.",
    "waiting.application": "Application no. {{id}}",
    "flash.declined": "You declined the seat in {{grade}} for {{student}}. Thank you for letting us know.",
    "error.notOpen":
      "This offer is no longer open, so it cannot be accepted or declined now. Its state is shown below.",
    "error.notFound": "We could not find this offer among your family's applications.",
    "error.failed":
      "The offer could not be accepted just now. No money was taken; please try again in a minute.",
  },
  hi: {
    title: "सीट के ऑफ़र",
    intro: "स्कूल ने आपके बच्चों को जो सीटें ऑफ़र की हैं, और वेटिंग लिस्ट में उनका नंबर।",
    "open.held": "{{grade}} में {{student}} के लिए एक सीट {{time}} तक रखी गई है।",
    "open.keep":
      "सीट पक्की करने के लिए, उससे पहले ऑफ़र स्वीकार करें और साल की फ़ीस का भुगतान करें। अगर अब आपको यह सीट नहीं चाहिए, तो कृपया ऑफ़र अस्वीकार कर दें, ताकि यह सीट किसी और परिवार को मिल सके।",
    "open.accept": "स्वीकार करें और भुगतान करें",
    "open.accepting": "भुगतान खोला जा रहा है...",
    "open.decline": "अस्वीकार करें",
    "open.declineWarning":
      "यह सीट वेटिंग लिस्ट में अगले परिवार को मिल जाएगी। इसके बाद ऑफ़र फिर से स्वीकार नहीं किया जा सकेगा।",
    "open.declineConfirm": "हाँ, सीट अस्वीकार करें",
    "open.declining": "अस्वीकार किया जा रहा है...",
    "open.actionFor": "{{action}}: {{student}}, {{grade}}",
    accepted:
      "{{grade}} में {{student}} का प्रवेश पक्का हो गया है: फ़ीस का भुगतान हो गया है। {{school}} में आपका स्वागत है!",
    declined: "आपने {{grade}} की यह सीट अस्वीकार कर दी।",
    expired: "{{grade}} की सीट {{time}} तक रखी गई थी। तब तक फ़ीस का भुगतान नहीं हुआ, इसलिए ऑफ़र खत्म हो गया है।",
    withdrawn: "स्कूल ने {{grade}} की सीट का यह ऑफ़र वापस ले लिया है।",
    "waiting.position": "{{grade}} की वेटिंग लिस्ट में आप {{position}} नंबर पर हैं।",
    "waiting.moves":
      "जैसे-जैसे सीटें खाली होंगी, वेटिंग लिस्ट आगे बढ़ेगी। जब आपकी बारी आएगी, हम आपको ईमेल से ऑफ़र भेजेंगे, और वह यहाँ भी दिखेगा।",
    "waiting.application": "आवेदन संख्या {{id}}",
    "flash.declined": "आपने {{student}} के लिए {{grade}} की सीट अस्वीकार कर दी। हमें बताने के लिए धन्यवाद।",
    "error.notOpen":
      "यह ऑफ़र अब खुला नहीं है, इसलिए इसे अभी स्वीकार या अस्वीकार नहीं किया जा सकता। इसकी स्थिति नीचे दी गई है।",
    "error.notFound": "यह ऑफ़र आपके परिवार के आवेदनों में नहीं मिला।",
    "error.failed": "ऑफ़र अभी स्वीकार नहीं हो सका। कोई पैसा नहीं कटा है; कृपया एक मिनट बाद फिर से कोशिश करें।",
  },
});
