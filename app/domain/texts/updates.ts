import { SCHOOL } from "../brand";
import type { Language } from "../languages";
import { defineTexts } from "../translations";
import { MSG91_TEMPLATE_VARIABLES, type SmsKind, type UpdateChannel, type UpdateKind } from "../updates";

/**
 * The words of the WhatsApp and SMS updates (issue 39), one template per kind, channel and
 * language. The site does not send these words: WhatsApp sends the template approved in Meta's
 * WhatsApp Manager by its name, MSG91 the DLT template registered with the operator by its id.
 * These are the exact texts to submit there (copy them as they are), the texts the admin screen
 * shows, and what the stand-ins of the tests and `npm run dev` check requests against.
 *
 * Variables follow UPDATE_PARAMETERS, in that order in every text: {{1}}, {{2}}, … in WhatsApp's
 * bodies, ##var1##, ##var2##, … in MSG91's (MSG91 turns each into the DLT's {#var#}). WhatsApp
 * refuses a body that starts or ends with a variable, so every body ends with the way to stop.
 * The English SMS stay in GSM-7 (no ₹, no curly quotes: one such letter makes the SMS Unicode, 70
 * letters a part instead of 160), so an amount goes in as "Rs 15,000". DLT caps each variable at
 * 30 letters: a link goes in short. Hindi terms follow docs/hindi-glossary.md.
 */

const school = SCHOOL.name;

const WHATSAPP_BODIES = {
  en: {
    applicationReceived: `Dear {{1}}, thank you for applying to ${school}. We have received the application for {{2}} ({{3}}); its number is {{4}}. The next step is paying the admission fee.\n\nReply STOP to stop these updates.`,
    applicationStatusChanged: `Dear {{1}}, the application for {{2}} at ${school} is now: {{3}}. See the details on your profile: {{4}}\n\nReply STOP to stop these updates.`,
    demoReceived: `Dear {{1}}, thank you for booking a free demo class with ${school} for {{2}}. Your preferred time: {{3}}. Our team will get in touch with you to confirm the date and time.\n\nReply STOP to stop these updates.`,
    demoConfirmed: `Dear {{1}}, the free demo class for {{2}} at ${school} is confirmed for {{3}}. We look forward to meeting your child.\n\nReply STOP to stop these updates.`,
    offerMade: `Dear {{1}}, good news: there is a seat for {{2}} in {{3}} at ${school}. We are holding it for you until {{4}}. To keep it, accept the offer and pay the fee before then: {{5}}\n\nReply STOP to stop these updates.`,
    offerLapsing: `Dear {{1}}, a reminder: the seat for {{2}} in {{3}} at ${school} is held only until {{4}}. To keep it, accept the offer and pay the fee before then: {{5}}\n\nIf you no longer want the seat, please decline it there, so that another family can have it. Reply STOP to stop these updates.`,
    paymentReceived: `Dear {{1}}, thank you: we have received your payment of {{2}} for admission to {{3}} at ${school}. Our admissions team will now confirm the admission. Your receipt: {{4}}\n\nReply STOP to stop these updates.`,
    paymentFailed: `Dear {{1}}, your payment of {{2}} for admission to {{3}} at ${school} did not go through. You can try again here: {{4}}\n\nReply STOP to stop these updates.`,
    optedOut: `You will no longer get updates from ${school} on WhatsApp. To get them again, reply START.`,
    optedIn: `You will get updates from ${school} on WhatsApp again. To stop them, reply STOP.`,
  },
  hi: {
    applicationReceived: `प्रिय {{1}}, ${school} में आवेदन करने के लिए धन्यवाद। हमें {{2}} ({{3}}) का आवेदन मिल गया है, आवेदन संख्या {{4}} है। अगला कदम: प्रवेश फ़ीस का भुगतान।\n\nये अपडेट बंद करने के लिए STOP लिखकर भेजें।`,
    applicationStatusChanged: `प्रिय {{1}}, ${school} में {{2}} के आवेदन की स्थिति अब है: {{3}}। पूरी जानकारी अपनी प्रोफ़ाइल पर देखें: {{4}}\n\nये अपडेट बंद करने के लिए STOP लिखकर भेजें।`,
    demoReceived: `प्रिय {{1}}, {{2}} के लिए ${school} में मुफ़्त डेमो क्लास बुक करने के लिए धन्यवाद। आपका पसंदीदा समय: {{3}}। तारीख और समय पक्का करने के लिए हमारी टीम आपसे संपर्क करेगी।\n\nये अपडेट बंद करने के लिए STOP लिखकर भेजें।`,
    demoConfirmed: `प्रिय {{1}}, ${school} में {{2}} की मुफ़्त डेमो क्लास {{3}} के लिए पक्की हो गई है। हमें आपके बच्चे से मिलकर खुशी होगी।\n\nये अपडेट बंद करने के लिए STOP लिखकर भेजें।`,
    offerMade: `प्रिय {{1}}, खुशखबरी: ${school} में {{2}} के लिए {{3}} में एक सीट है। हमने यह सीट {{4}} तक आपके लिए रखी है। सीट पक्की करने के लिए, उससे पहले ऑफ़र स्वीकार करें और फ़ीस का भुगतान करें: {{5}}\n\nये अपडेट बंद करने के लिए STOP लिखकर भेजें।`,
    offerLapsing: `प्रिय {{1}}, याद दिला दें: ${school} में {{2}} के लिए {{3}} की सीट सिर्फ़ {{4}} तक रखी गई है। सीट पक्की करने के लिए, उससे पहले ऑफ़र स्वीकार करें और फ़ीस का भुगतान करें: {{5}}\n\nअगर अब आपको यह सीट नहीं चाहिए, तो कृपया वहीं ऑफ़र अस्वीकार कर दें, ताकि यह सीट किसी और परिवार को मिल सके। ये अपडेट बंद करने के लिए STOP लिखकर भेजें।`,
    paymentReceived: `प्रिय {{1}}, धन्यवाद: ${school} में प्रवेश के लिए आपका {{2}} का भुगतान ({{3}}) हमें मिल गया है। हमारी प्रवेश टीम अब प्रवेश की पुष्टि करेगी। आपकी रसीद: {{4}}\n\nये अपडेट बंद करने के लिए STOP लिखकर भेजें।`,
    paymentFailed: `प्रिय {{1}}, ${school} में प्रवेश के लिए आपका {{2}} का भुगतान ({{3}}) पूरा नहीं हो पाया। आप यहाँ फिर से कोशिश कर सकते हैं: {{4}}\n\nये अपडेट बंद करने के लिए STOP लिखकर भेजें।`,
    optedOut: `अब आपको WhatsApp पर ${school} से अपडेट नहीं मिलेंगे। इन्हें फिर से पाने के लिए START या शुरू लिखकर भेजें।`,
    optedIn: `अब आपको WhatsApp पर ${school} से फिर से अपडेट मिलेंगे। इन्हें बंद करने के लिए STOP या रोकें लिखकर भेजें।`,
  },
} satisfies Record<Language, Record<UpdateKind, string>>;

const SMS_TEXTS = {
  en: {
    applicationReceived: `Dear ##var1##, we have received the application for ##var2## (##var3##), no. ##var4##. Next step: pay the admission fee. - ${school}`,
    applicationStatusChanged: `Dear ##var1##, the application for ##var2## is now: ##var3##. Details: ##var4## - ${school}`,
    demoReceived: `Dear ##var1##, your free demo class for ##var2## is booked for ##var3##. We will call you to confirm it. - ${school}`,
    demoConfirmed: `Dear ##var1##, the free demo class for ##var2## is confirmed for ##var3##. - ${school}`,
    offerMade: `Dear ##var1##, a seat for ##var2## in ##var3## is held until ##var4##. Accept and pay: ##var5## - ${school}`,
    offerLapsing: `Dear ##var1##, the seat for ##var2## in ##var3## ends soon, at ##var4##. Accept and pay: ##var5## - ${school}`,
    paymentReceived: `Dear ##var1##, we have received your payment of ##var2## for admission to ##var3##. Receipt: ##var4## - ${school}`,
    paymentFailed: `Dear ##var1##, your payment of ##var2## for admission to ##var3## did not go through. Try again: ##var4## - ${school}`,
  },
  hi: {
    applicationReceived: `प्रिय ##var1##, ##var2## (##var3##) का आवेदन मिल गया है, आवेदन संख्या ##var4##। अगला कदम: प्रवेश फ़ीस का भुगतान। - ${school}`,
    applicationStatusChanged: `प्रिय ##var1##, ##var2## के आवेदन की स्थिति अब है: ##var3##। जानकारी: ##var4## - ${school}`,
    demoReceived: `प्रिय ##var1##, ##var2## की मुफ़्त डेमो क्लास बुक हो गई है, समय: ##var3##। समय पक्का करने के लिए हम आपसे संपर्क करेंगे। - ${school}`,
    demoConfirmed: `प्रिय ##var1##, ##var2## की मुफ़्त डेमो क्लास ##var3## के लिए पक्की हो गई है। - ${school}`,
    offerMade: `प्रिय ##var1##, ##var2## के लिए ##var3## में सीट ##var4## तक रखी गई है। सीट पक्की करने के लिए स्वीकार करें और भुगतान करें: ##var5## - ${school}`,
    offerLapsing: `प्रिय ##var1##, याद दिला दें: ##var2## के लिए ##var3## की सीट सिर्फ़ ##var4## तक रखी गई है। स्वीकार करें और भुगतान करें: ##var5## - ${school}`,
    paymentReceived: `प्रिय ##var1##, आपका ##var2## का भुगतान (##var3## में प्रवेश) मिल गया है। रसीद: ##var4## - ${school}`,
    paymentFailed: `प्रिय ##var1##, आपका ##var2## का भुगतान (##var3## में प्रवेश) पूरा नहीं हो पाया। फिर से कोशिश करें: ##var4## - ${school}`,
  },
} satisfies Record<Language, Record<SmsKind, string>>;

// Registered like every namespace, so `npm run lint:texts` holds both languages to the same kinds.
defineTexts("whatsappUpdates", WHATSAPP_BODIES);
defineTexts("smsUpdates", SMS_TEXTS);

const isSmsKind = (kind: UpdateKind): kind is SmsKind => kind in MSG91_TEMPLATE_VARIABLES;

/**
 * The template as registered with the provider, variables unfilled; null for a kind the channel
 * has none of (the STOP and START answers go by WhatsApp only).
 */
export function updateTemplate(channel: UpdateChannel, kind: UpdateKind, language: Language): string | null {
  if (channel === "WHATSAPP") return WHATSAPP_BODIES[language][kind];
  return isSmsKind(kind) ? SMS_TEXTS[language][kind] : null;
}

/** A template's variables, by number: {{2}} and ##var2## are both 2. */
const VARIABLE = { WHATSAPP: /\{\{(\d+)\}\}/g, SMS: /##var(\d+)##/g } as const satisfies Record<
  UpdateChannel,
  RegExp
>;

/**
 * The update as the family reads it: the template with its variables filled, in order. Throws
 * when the channel has no template for the kind, or when the parameters are not one per variable
 * (a caller's mistake: the parameters of a kind are fixed by UPDATE_PARAMETERS).
 */
export function renderUpdateText(
  channel: UpdateChannel,
  kind: UpdateKind,
  language: Language,
  parameters: readonly string[],
): string {
  const template = updateTemplate(channel, kind, language);
  if (template === null) throw new Error(`There is no ${channel} template for ${kind}`);
  const variables = new Set([...template.matchAll(VARIABLE[channel])].map((match) => Number(match[1])));
  const oneEach = [...variables].every((number) => number >= 1 && number <= parameters.length);
  if (variables.size !== parameters.length || !oneEach) {
    throw new Error(
      `The ${channel} template for ${kind} takes ${variables.size} parameters, not ${parameters.length}`,
    );
  }
  return template.replace(VARIABLE[channel], (_variable, number: string) => parameters[Number(number) - 1]!);
}
