import type { applications, demoRequests, orders } from "../../../db/schema";

/**
 * Where an enquiry came from (issue 40), as "Download my data" gives it with the record's other
 * fields: the campaign and referring site the family's own visit carried, and their answer to
 * "How did you hear about us?" (their own words for "Other", which an erasure clears with the
 * record's other personal fields: erased-fields.server.ts).
 */
export const sourceColumns = (table: typeof applications | typeof demoRequests | typeof orders) => ({
  utmSource: table.utmSource,
  utmMedium: table.utmMedium,
  utmCampaign: table.utmCampaign,
  referrerHost: table.referrerHost,
  heardAbout: table.heardAbout,
  heardAboutOther: table.heardAboutOther,
});
