import { FORMS } from "~/domain/forms";
import type { Database } from "../../db/client";
import { companyDetails } from "../../db/schema";
import { notFound } from "./errors";
import { frozen, type PublicDataCache } from "./public-data.server";
import { schemaOf, type FormInput } from "./validation";

export const detailsInput = schemaOf(FORMS.details);

export type CompanyDetails = FormInput<typeof FORMS.details>;

const fields = { address: companyDetails.address, email: companyDetails.email, phone: companyDetails.phone };

/** The school's contact details: one record, shown in the footer and edited by staff. */
export function createDetailsService(db: Database, cache: PublicDataCache) {
  return {
    async get(): Promise<CompanyDetails> {
      return cache.read("details", "details", async () => {
        const [row] = await db.select(fields).from(companyDetails).limit(1);
        if (!row) throw notFound("Company details have not been set up yet.");
        return frozen(row);
      });
    },

    async update(values: CompanyDetails): Promise<CompanyDetails> {
      const [row] = await db
        .insert(companyDetails)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: companyDetails.id, set: { ...values, updatedAt: new Date() } })
        .returning(fields);
      return row!;
    },
  };
}
