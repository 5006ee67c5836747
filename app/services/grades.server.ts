import { asc, eq } from "drizzle-orm";
import { DEFAULT_FEE_RUPEES, GRADES, type Grade } from "~/domain/grades";
import type { Database, Executor } from "../../db/client";
import { grades } from "../../db/schema";
import { frozen, type PublicDataCache } from "./public-data.server";

export type GradeFee = { grade: Grade; fee: number };

/** Makes sure every grade has a fee row; existing fees are left as staff set them. */
export async function ensureGrades(db: Executor): Promise<void> {
  await db
    .insert(grades)
    .values(GRADES.map((name, position) => ({ name, position, fee: DEFAULT_FEE_RUPEES })))
    .onConflictDoNothing({ target: grades.name });
}

export type GradesService = ReturnType<typeof createGradesService>;

/** The fee of each grade (whole rupees a year): the one source for the accordion and for orders. */
export function createGradesService(db: Database, cache: PublicDataCache) {
  return {
    async list(): Promise<GradeFee[]> {
      return cache.read("grades", "grades", async () =>
        frozen(
          await db.select({ grade: grades.name, fee: grades.fee }).from(grades).orderBy(asc(grades.position)),
        ),
      );
    },

    async feeFor(grade: Grade, executor: Executor = db): Promise<number> {
      const [row] = await executor.select({ fee: grades.fee }).from(grades).where(eq(grades.name, grade));
      return row?.fee ?? DEFAULT_FEE_RUPEES;
    },
  };
}
