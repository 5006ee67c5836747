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

/** A file input of a page form: its field name and the most bytes it may take. */
export type FileField = { name: string; maxBytes: number };

/** A form's text fields, and the one file it takes if a file was chosen (its bytes and its name). */
export type FormWithFile = {
  values: Record<string, string>;
  file: { name: string; bytes: Uint8Array } | undefined;
};

/**
 * A page form with one file input (`field`) and text fields, nothing else. The file is kept up to
 * one byte more than its limit, so the service's own size check refuses it with its usual message
 * while the text fields arrive intact for the re-rendered form. An empty file input (no file
 * chosen) means "no file". A plain URL-encoded post is read too (it simply has no file).
 */
export async function readFormWithFile(request: Request, field: FileField): Promise<FormWithFile> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    return { values: formValues(await request.formData()), file: undefined };

  let file: FormWithFile["file"];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      return new TextDecoder().decode(await readCapped(data, MAX_FORM_FIELD_BYTES));
    }
    const bytes = await readCapped(data, name === field.name && file === undefined ? field.maxBytes + 1 : 0);
    if (bytes.length > 0) file = { name: filename, bytes };
    return undefined;
  };
  const formData = await unstable_parseMultipartFormData(request, handler);
  return { values: formValues(formData), file };
}

/** The admin content forms (blog posts, courses): the `image` file and text fields. */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const { values, file } = await readFormWithFile(request, { name: "image", maxBytes: MAX_IMAGE_BYTES });
  return { values, image: file?.bytes };
}
