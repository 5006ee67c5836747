import { ENQUIRY_SOURCE_TEXTS } from "~/domain/texts/enquiry-sources";
import { Fact, nothing } from "./record-pages";

/** What a record keeps of where it came from (issue 40): the columns of applications, demo requests and orders. */
export type EnquirySourceView = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  heardAbout: string | null;
  heardAboutOther: string | null;
};

const heardLabel = (value: string) =>
  (ENQUIRY_SOURCE_TEXTS.en as Record<string, string | undefined>)[`heard.${value}`] ?? value;

/**
 * A record page's "Source" (issue 40): the campaign of the address the family arrived on, the
 * site that sent them, and their answer to "How did you hear about us?", each as it was stored.
 * In a card of its own, beside the record's facts; the admin area is in English.
 */
export function EnquirySource({ record }: { record: EnquirySourceView }) {
  const campaign = [
    ["Source", record.utmSource],
    ["Medium", record.utmMedium],
    ["Campaign", record.utmCampaign],
  ].filter((pair): pair is [string, string] => Boolean(pair[1]));
  return (
    <section aria-labelledby="enquiry-source-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="enquiry-source-title" className="text-xl">
        Source
      </h2>
      <dl className="mt-4 grid gap-x-8 gap-y-5 sm:grid-cols-2 xl:grid-cols-3">
        <Fact term="Campaign">
          {campaign.length > 0 ? (
            <ul className="break-words">
              {campaign.map(([term, value]) => (
                <li key={term}>
                  <span className="text-ink-soft">{term}:</span> {value}
                </li>
              ))}
            </ul>
          ) : (
            nothing("None")
          )}
        </Fact>
        <Fact term="Referring site">
          {record.referrerHost ? <span className="break-words">{record.referrerHost}</span> : nothing("None")}
        </Fact>
        <Fact term="How they heard">
          {record.heardAbout ? (
            <span className="break-words">
              {heardLabel(record.heardAbout)}
              {record.heardAboutOther ? `: ${record.heardAboutOther}` : null}
            </span>
          ) : record.heardAboutOther ? (
            <span className="break-words">{record.heardAboutOther}</span>
          ) : (
            nothing("Not answered")
          )}
        </Fact>
      </dl>
    </section>
  );
}
