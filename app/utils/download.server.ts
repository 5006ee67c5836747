/**
 * The headers of a private PDF download (a teacher's CV), for the admin page and /api alike: a
 * file to save, never a page to render here. `nosniff` and the sandboxing policy keep a browser
 * from treating its bytes as anything else or running anything in them if opened; `private,
 * no-store` keeps it out of every cache, ours included (decision 0029).
 */
export function pdfDownloadHeaders(fileName: string, sizeBytes: number): Record<string, string> {
  return {
    "Content-Type": "application/pdf",
    "Content-Length": String(sizeBytes),
    "Content-Disposition": contentDisposition(fileName),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
}

/**
 * `attachment` with the name twice (RFC 6266): `filename` in plain ASCII for old clients (other
 * characters, quotes and backslashes become "_"), `filename*` in UTF-8 for the rest, so a
 * Devanagari or accented name survives and no name can break out of the header.
 */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
