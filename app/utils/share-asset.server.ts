import type { AppLoadContext } from "@remix-run/node";

/**
 * One of the site's share pictures (app/assets). Pages name it with `?v=` and a hash of its bytes,
 * so the address changes with the drawing and a day's caching is safe; any other `v` gets the
 * current bytes too (an old link still shows a picture).
 */
export function shareAssetResponse(context: AppLoadContext, name: "card" | "logo"): Response {
  const { bytes, type } = context.services.pageTags.asset(name);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
