import type { MetaFunction } from "@remix-run/node";
import { SCHOOL } from "~/domain/brand";
import { languageOfPath } from "~/domain/languages";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { translator } from "~/domain/translations";

/**
 * The head of a page reached through a mailed link (password reset, e-mail verification): its
 * title in the address's language, and kept out of search engines even when the link leaks.
 */
export const linkPageMeta =
  (title: "reset.title" | "verify.title"): MetaFunction =>
  ({ location }) => [
    { title: translator(ACCOUNT_TEXTS, languageOfPath(location.pathname))(title, { school: SCHOOL.name }) },
    { name: "robots", content: "noindex" },
  ];
