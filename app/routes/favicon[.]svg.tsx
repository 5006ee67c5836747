import { renderToStaticMarkup } from "react-dom/server";
import { BrandMark } from "~/components/layout/brand-logo";

const svg = renderToStaticMarkup(<BrandMark className="" />).replace(
  "<svg",
  '<svg xmlns="http://www.w3.org/2000/svg"',
);

export async function loader() {
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
