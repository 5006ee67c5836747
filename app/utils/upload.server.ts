import { MAX_FORM_FIELD_BYTES, MAX_IMAGE_BYTES } from "~/domain/limits";
import { formValues } from "./forms.server";
import { readMultipart } from "./multipart.server";

/** What an admin form with an image posts: its text fields, and the image's bytes if a file was chosen. */
export type UploadForm = { values: Record<string, string>; image: Uint8Array | undefined };

/** A file input of a page form: its field name and the most bytes it may take. */
export type FileField = { name: string; maxBytes: number };

/** A form's text fields, and the one file it takes if a file was chosen (its bytes and its name). */
export type FormWithFile = {
  values: Record<string, string>;
  file: { name: string; bytes: Uint8Array } | undefined;
};

/**
 * A page form with one file input (`field`) and text fields, nothing else, read by the parser the
 * API uses (multipart.server.ts). The file is kept up to one byte more than its limit, so the
 * service's own size check refuses it with its usual message while the text fields arrive intact
 * for the re-rendered form; a text field is kept up to MAX_FORM_FIELD_BYTES. Of several values of
 * one name the first counts, of several files only the first of `field`. An empty file input (no
 * file chosen) means "no file". A plain URL-encoded post is read too (it simply has no file). A
 * body that is not readable multipart throws a 400 AppError saying so, for the form's alert.
 */
export async function readFormWithFile(request: Request, field: FileField): Promise<FormWithFile> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    return { values: formValues(await request.formData()), file: undefined };

  // The body is already in memory, read within the page limit (decision 0011).
  const body = await readMultipart({ "content-type": type }, new Uint8Array(await request.arrayBuffer()), {
    fieldBytes: MAX_FORM_FIELD_BYTES,
    fileBytes: field.maxBytes + 1,
  });
  const values: Record<string, string> = {};
  for (const { name, value } of body.fields) if (!(name in values)) values[name] = value;
  const chosen = body.files.find((file) => file.field === field.name && file.bytes.length > 0);
  return { values, file: chosen && { name: chosen.fileName, bytes: chosen.bytes } };
}

/** The admin content forms (blog posts, courses): the `image` file and text fields. */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const { values, file } = await readFormWithFile(request, { name: "image", maxBytes: MAX_IMAGE_BYTES });
  return { values, image: file?.bytes };
}
