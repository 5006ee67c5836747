import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { dataFileResponse } from "~/utils/data-download.server";
import { loginUrl } from "~/utils/redirect";

/**
 * "Download my data" (CSV, for a spreadsheet): everything stored about the signed-in account
 * (issue 20), its columns and sections in the language of the profile it was asked from.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const file = await context.services.accountData.download(user.id, "csv", context.language);
  if (!file) throw redirect(loginUrl(request));
  return dataFileResponse(file);
}
