import type { DataFile } from "~/services/account-data.server";

/**
 * A family's data file as a download (issue 20): saved, never shown as a page, kept by no cache
 * (ours, a proxy's or the browser's), and never sniffed as anything but its type.
 */
export function dataFileResponse(file: DataFile): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
