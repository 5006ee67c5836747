/**
 * Draws the site's two share pictures from its own artwork, once: the card link previews show for
 * a page without a picture of its own (1200×630, the size Facebook, WhatsApp and X ask for) and
 * the school's logo as a raster (structured data's `logo`; search engines want 112 px or more).
 * Both are committed under app/assets; run `npm run social-card` after the brand changes.
 * JPEG, not WebP: WhatsApp does not show WebP previews on every version.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { BrandMark } from "~/components/layout/brand-logo";
import { SCHOOL } from "~/domain/brand";

const ROOT = path.resolve(import.meta.dirname, "..");
const ASSETS = path.join(ROOT, "app", "assets");

const mark = renderToStaticMarkup(<BrandMark className="" />).replace(
  "<svg",
  '<svg xmlns="http://www.w3.org/2000/svg"',
);
const hero = readFileSync(path.join(ROOT, "app/components/illustrations/home-hero.svg"), "utf8");
const inner = (svg: string) => svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#FFF7E6"/>
  <rect y="570" width="1200" height="60" fill="#2E4A7D"/>
  <svg x="72" y="72" width="132" height="132" viewBox="0 0 48 48">${inner(mark)}</svg>
  <g font-family="DejaVu Sans, Arial, sans-serif">
    <text x="72" y="300" font-size="76" font-weight="bold" fill="#2E4A7D">${SCHOOL.name}</text>
    <text x="72" y="360" font-size="40" font-weight="bold" fill="#1F2A44">${SCHOOL.fullName.slice(SCHOOL.name.length).trim()}</text>
    <text x="72" y="430" font-size="30" fill="#B93A24" font-weight="bold">${SCHOOL.tagline}</text>
    <text x="72" y="490" font-size="26" fill="#52607A">Nursery to Grade 8, 100% online</text>
    <text x="72" y="610" font-size="24" fill="#FFFFFF" font-weight="bold">Admissions open in all grades</text>
  </g>
  <svg x="600" y="70" width="560" height="474" viewBox="0 0 520 440">${inner(hero)}</svg>
</svg>`;

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 48 48">${inner(mark)}</svg>`;

const cardFile = path.join(ASSETS, "social-card.jpg");
const logoFile = path.join(ASSETS, "school-logo.png");
await sharp(Buffer.from(card))
  .flatten({ background: "#FFF7E6" })
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(cardFile);
await sharp(Buffer.from(logo)).png({ palette: true, compressionLevel: 9 }).toFile(logoFile);
for (const file of [cardFile, logoFile]) {
  const { width, height, size } = await sharp(file)
    .metadata()
    .then(async (meta) => ({
      ...meta,
      size: readFileSync(file).length,
    }));
  console.log(`${path.relative(ROOT, file)}: ${width}×${height}, ${size} bytes`);
}
