import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_FORM_FIELD_BYTES, MAX_IMAGE_BYTES } from "~/domain/limits";
import { formValues } from "./forms.server";

/** What an admin form with an image posts: its text fields, and the image's bytes if a file was chosen. */
export type UploadForm = { values: Record<string, string>; image: Uint8Array | undefined };

/**
 * Reads a part up to `cap` bytes and discards the rest, so a huge part never sits in memory and
 * the parts after it are still read.
 */
async function readCapped(data: AsyncIterable<Uint8Array>, cap: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  for await (const chunk of data) {
    if (kept >= cap) continue;
    const piece = chunk.subarray(0, cap - kept);
    chunks.push(piece);
    kept += piece.length;
  }
  return Buffer.concat(chunks, kept);
}

/**
 * The admin content forms (blog posts, courses): the `image` file and text fields, nothing else.
 * An image is kept up to one byte more than the limit, so the image storage's own size check
 * refuses it with its usual message while the text fields arrive intact for the re-rendered form.
 * An empty file input (no file chosen) means "no new image". A plain URL-encoded post is read too
 * (it simply has no image).
 */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    return { values: formValues(await request.formData()), image: undefined };

  let image: Uint8Array | undefined;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      return new TextDecoder().decode(await readCapped(data, MAX_FORM_FIELD_BYTES));
    }
    const bytes = await readCapped(data, name === "image" && image === undefined ? MAX_IMAGE_BYTES + 1 : 0);
    if (bytes.length > 0) image = bytes;
    return undefined;
  };
  const formData = await unstable_parseMultipartFormData(request, handler);
  return { values: formValues(formData), image };
}
