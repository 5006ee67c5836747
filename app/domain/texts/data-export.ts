import { defineTexts } from "../translations";

/**
 * The human labels of "Download my data" as a CSV (issue 20): its columns and the section each
 * row is in, keyed by the JSON key the same data has in the JSON download (which keeps its
 * English keys in every language). The CSV is in the language of the page it was asked from.
 */
export const DATA_EXPORT_TEXTS = defineTexts("dataExport", {
  en: {
    "column.section": "Section",
    "column.record": "Record",
    "column.field": "Field",
    "column.value": "Value",
    "section.exportedAt": "Export",
    "section.account": "Account",
    "section.applications": "Application",
    "section.demoRequests": "Demo request",
    "section.orders": "Order",
    "section.refunds": "Refund",
    "section.teacherApplications": "Teacher application",
    "section.courseLikes": "Course like",
    "section.mails": "Mail",
    "section.messages": "WhatsApp or SMS update",
    "section.updateOptOuts": "Updates switched off",
  },
  hi: {
    "column.section": "भाग",
    "column.record": "रिकॉर्ड",
    "column.field": "फ़ील्ड",
    "column.value": "जानकारी",
    "section.exportedAt": "डाउनलोड",
    "section.account": "खाता",
    "section.applications": "आवेदन",
    "section.demoRequests": "डेमो क्लास का अनुरोध",
    "section.orders": "फ़ीस का भुगतान",
    "section.refunds": "रिफ़ंड",
    "section.teacherApplications": "शिक्षक के रूप में आवेदन",
    "section.courseLikes": "पसंद किया गया कोर्स",
    "section.mails": "ईमेल",
    "section.messages": "WhatsApp या SMS अपडेट",
    "section.updateOptOuts": "बंद किए गए अपडेट",
  },
});

/** A section of the CSV, named by its JSON key: a kind's store declares its own (app/services/record-kinds/). */
export type DataExportSection =
  Extract<keyof typeof DATA_EXPORT_TEXTS.en, `section.${string}`> extends `section.${infer Key}`
    ? Key
    : never;
