/**
 * The HTML part of every mail: inline styles only (mail clients drop <style> and classes), layout
 * tables, at most 600 px wide and fluid below, 16 px body text, the logo drawn as text, no image.
 */
import type { CSSProperties, ReactNode } from "react";
import type { Language } from "~/domain/languages";
import { MAIL_TEXTS } from "~/domain/texts/mail";
import { translator } from "~/domain/translations";
import type { MailTexts } from "./data.server";
import { blocksOf, linkable, signOffLines, type Block, type MailBody, type MailSchool } from "./text.server";

// The site's palette (tailwind.config.ts); every text pairing used here passes WCAG AA.
const INK = "#1F2A44";
const INK_SOFT = "#52607A";
const NAVY = "#2E4A7D";
const CORAL = "#B93A24";
const SUN = "#FFC93C";
const SUN_50 = "#FFF7E6";
const SKY_50 = "#EEF8FC";
const WHITE = "#FFFFFF";
/** Hindi adds the Devanagari faces phones and Windows have, before the Latin fallbacks. */
const FONTS: Record<Language, string> = {
  en: "system-ui, -apple-system, Segoe UI, Roboto, Noto Sans, Helvetica, Arial, sans-serif",
  hi: "system-ui, -apple-system, Segoe UI, Roboto, Noto Sans, Noto Sans Devanagari, Nirmala UI, Mangal, Helvetica, Arial, sans-serif",
};

const text: CSSProperties = { margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: INK };
const small: CSSProperties = { margin: "0 0 8px", fontSize: "14px", lineHeight: "20px", color: INK_SOFT };
const wrapAnywhere: CSSProperties = { wordBreak: "break-word", overflowWrap: "anywhere" };

/** A table used for layout only. */
function Layout({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0} style={style}>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The brand drawn in text: no image to load or block, and nothing Gmail strips. */
function Logo({ school, t }: { school: MailSchool; t: MailTexts }) {
  return (
    <Layout style={{ width: "auto" }}>
      <tr>
        <td
          width={48}
          height={48}
          align="center"
          valign="middle"
          style={{
            width: "48px",
            height: "48px",
            borderRadius: "14px",
            backgroundColor: SUN,
            color: CORAL,
            fontSize: "28px",
            lineHeight: "48px",
            fontWeight: 900,
          }}
        >
          {school.name.charAt(0)}
        </td>
        <td style={{ paddingLeft: "12px" }}>
          <div style={{ fontSize: "26px", lineHeight: "30px", fontWeight: 800, color: NAVY }}>
            {school.name}
          </div>
          <div style={{ fontSize: "14px", lineHeight: "20px", fontWeight: 700, color: CORAL }}>
            {t("frame.tagline")}
          </div>
        </td>
      </tr>
    </Layout>
  );
}

function Button({
  label,
  url,
  secondary,
  t,
}: {
  label: string;
  url: string;
  secondary?: boolean;
  t: MailTexts;
}) {
  return (
    <div style={{ margin: "8px 0 24px" }}>
      <Layout style={{ width: "auto" }}>
        <tr>
          <td
            style={{
              borderRadius: "10px",
              backgroundColor: secondary ? WHITE : NAVY,
              border: `2px solid ${NAVY}`,
            }}
          >
            <a
              href={url}
              style={{
                display: "inline-block",
                padding: "12px 22px",
                fontSize: "16px",
                lineHeight: "24px",
                fontWeight: 700,
                color: secondary ? NAVY : WHITE,
                textDecoration: "none",
                borderRadius: "10px",
              }}
            >
              {label}
            </a>
          </td>
        </tr>
      </Layout>
      <p style={{ ...small, margin: "8px 0 0", ...wrapAnywhere }}>
        {t("frame.openLink")} <span style={{ color: NAVY }}>{url}</span>
      </p>
    </div>
  );
}

function BlockView({ block, school, t }: { block: Block; school: MailSchool; t: MailTexts }) {
  switch (block.kind) {
    case "paragraph":
      return <p style={text}>{block.text}</p>;
    case "heading":
      return (
        <h2 style={{ margin: "24px 0 12px", fontSize: "20px", lineHeight: "28px", color: NAVY }}>
          {block.text}
        </h2>
      );
    case "note":
      return (
        <p
          style={{
            ...text,
            padding: "12px 16px",
            backgroundColor: SUN_50,
            borderLeft: `4px solid ${CORAL}`,
            borderRadius: "6px",
          }}
        >
          {block.text}
        </p>
      );
    case "facts":
      return (
        <Layout style={{ margin: "0 0 16px", backgroundColor: SKY_50, borderRadius: "10px" }}>
          {block.rows.map(([label, value]) => (
            <tr key={label}>
              <td
                valign="top"
                width="38%"
                style={{ padding: "8px 8px 8px 16px", fontSize: "15px", lineHeight: "22px", color: INK_SOFT }}
              >
                {label}
              </td>
              <td
                valign="top"
                style={{ padding: "8px 16px 8px 8px", ...text, margin: 0, fontWeight: 700, ...wrapAnywhere }}
              >
                {value}
              </td>
            </tr>
          ))}
        </Layout>
      );
    case "steps":
      return (
        <Layout style={{ margin: "0 0 16px" }}>
          {block.items.map((item, index) => (
            <tr key={item.title}>
              <td valign="top" width={40} style={{ padding: "0 12px 16px 0" }}>
                <div
                  style={{
                    width: "32px",
                    height: "32px",
                    borderRadius: "16px",
                    backgroundColor: SUN,
                    color: INK,
                    fontSize: "16px",
                    lineHeight: "32px",
                    fontWeight: 800,
                    textAlign: "center",
                  }}
                >
                  {index + 1}
                </div>
              </td>
              <td valign="top" style={{ padding: "4px 0 16px" }}>
                <p style={{ ...text, margin: "0 0 4px", fontWeight: 700 }}>{item.title}</p>
                <p style={{ ...text, margin: 0 }}>{item.text}</p>
              </td>
            </tr>
          ))}
        </Layout>
      );
    case "button": {
      const url = linkable(block.url, school);
      return url ? <Button label={block.label} url={url} secondary={block.secondary} t={t} /> : null;
    }
  }
}

function Footer({ body, school, t }: { body: MailBody; school: MailSchool; t: MailTexts }) {
  const phoneDigits = school.phone.replace(/[^\d+]/g, "");
  return (
    <td style={{ padding: "24px 24px 8px", textAlign: "left", ...wrapAnywhere }}>
      <p style={{ ...small, fontWeight: 700, color: INK }}>{school.fullName}</p>
      {school.address ? <p style={small}>{school.address}</p> : null}
      {school.email ? (
        <p style={small}>
          {t("frame.email")}{" "}
          <a href={`mailto:${school.email}`} style={{ color: NAVY }}>
            {school.email}
          </a>
        </p>
      ) : null}
      {school.phone ? (
        <p style={small}>
          {t("frame.phone")}{" "}
          {phoneDigits ? (
            <a href={`tel:${phoneDigits}`} style={{ color: NAVY }}>
              {school.phone}
            </a>
          ) : (
            school.phone
          )}
        </p>
      ) : null}
      <p style={small}>
        <a href={school.publicUrl} style={{ color: NAVY }}>
          {school.publicUrl}
        </a>
      </p>
      <p style={{ ...small, marginTop: "16px" }}>{body.reason}</p>
    </td>
  );
}

/** The HTML part, a whole document; render it with `renderToStaticMarkup`. */
export function MailDocument({
  body,
  school,
  language = "en",
}: {
  body: MailBody;
  school: MailSchool;
  /** The reader's language: the frame's words, `<html lang>` and the fonts follow it. */
  language?: Language;
}) {
  const t = translator(MAIL_TEXTS, language);
  const font = FONTS[language];
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light only" />
        <title>{body.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: SKY_50, fontFamily: font }}>
        <div
          style={{
            display: "none",
            maxHeight: 0,
            overflow: "hidden",
            opacity: 0,
            fontSize: "1px",
            lineHeight: "1px",
            color: SKY_50,
          }}
        >
          {body.preheader}
        </div>
        <Layout style={{ backgroundColor: SKY_50 }}>
          <tr>
            <td align="center" style={{ padding: "24px 12px", fontFamily: font }}>
              <Layout style={{ maxWidth: "600px", margin: "0 auto" }}>
                <tr>
                  <td style={{ padding: "0 8px 16px", textAlign: "left" }}>
                    <Logo school={school} t={t} />
                  </td>
                </tr>
                <tr>
                  <td
                    style={{
                      padding: "28px 24px 12px",
                      backgroundColor: WHITE,
                      borderRadius: "16px",
                      textAlign: "left",
                    }}
                  >
                    {body.greeting ? <p style={text}>{body.greeting}</p> : null}
                    {blocksOf(body).map((block, index) => (
                      <BlockView key={index} block={block} school={school} t={t} />
                    ))}
                    <p style={{ ...text, marginTop: "24px" }}>
                      {signOffLines(body, school, language).map((line, index) => (
                        <span key={index}>
                          {index > 0 ? <br /> : null}
                          {line}
                        </span>
                      ))}
                    </p>
                  </td>
                </tr>
                <tr>
                  <Footer body={body} school={school} t={t} />
                </tr>
              </Layout>
            </td>
          </tr>
        </Layout>
      </body>
    </html>
  );
}

/** The two parts of a mail; React escapes every value, so no name or reason can add markup. */
