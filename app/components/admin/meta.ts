import type { MetaDescriptor } from "@remix-run/node";
import { SCHOOL } from "~/domain/brand";

/** Title "<Page> | Zipat admin", a description, and no search-engine indexing of the back office. */
export function adminMeta(page: string, description: string): MetaDescriptor[] {
  return [
    { title: `${page} | ${SCHOOL.name} admin` },
    { name: "description", content: description },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
