import type { Database } from "../../db/client";
import { createAuthService } from "./auth.server";
import { createBlogService } from "./blog.server";
import { createBotCheck } from "./bot-check.server";
import { createCoursesService } from "./courses.server";
import { createDashboardService } from "./dashboard.server";
import { createDetailsService } from "./details.server";
import { createApplicationsService, createDemosService } from "./enquiries.server";
import { createGradesService } from "./grades.server";
import type { ImageStorage } from "./image-storage.server";
import { createOrdersService } from "./orders.server";
import { createTestGateway, type PaymentGateway } from "./payment-gateway.server";
import { createPasswordHasher } from "./password.server";
import { createPublicDataCache, invalidatedByWrites } from "./public-data.server";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server";

export type ServiceDependencies = {
  db: Database;
  images: ImageStorage;
  jwtSecret: string;
  gateway?: PaymentGateway;
  rateLimiter?: RateLimiter;
  /** FORM_MIN_FILL_MS; the bot check's default when absent. */
  formMinFillMs?: number;
  /** PASSWORD_HASH_COST (log2 of scrypt's N); the production default when absent. */
  passwordHashCost?: number;
};

/**
 * Builds every domain service once; the /api router and the Remix routes share these. The
 * services whose writes can change what anyone may read (a deleted account takes its likes
 * with it) empty the public cache after each method that is not listed as a read.
 */
export function createServices({
  db,
  images,
  jwtSecret,
  gateway = createTestGateway(),
  rateLimiter = createRateLimiter(),
  formMinFillMs,
  passwordHashCost,
}: ServiceDependencies) {
  const publicData = createPublicDataCache();
  const grades = invalidatedByWrites(createGradesService(db, publicData), ["list", "feeFor"], publicData);
  const courses = invalidatedByWrites(
    createCoursesService({ db, images, cache: publicData }),
    ["list", "get", "count"],
    publicData,
  );
  const applications = createApplicationsService(db);
  const demos = createDemosService(db);
  const orders = createOrdersService({ db, grades, gateway });
  return {
    auth: invalidatedByWrites(
      createAuthService({ db, jwtSecret, passwords: createPasswordHasher(passwordHashCost) }),
      ["issueToken", "authenticate", "login", "listUsers", "listUsersPage"],
      publicData,
    ),
    blog: invalidatedByWrites(
      createBlogService({ db, images, cache: publicData }),
      ["list", "get", "listPage"],
      publicData,
    ),
    courses,
    applications,
    demos,
    details: invalidatedByWrites(createDetailsService(db, publicData), ["get"], publicData),
    grades,
    orders,
    dashboard: createDashboardService({ applications, demos, orders, courses }),
    images,
    rateLimiter,
    botCheck: createBotCheck({ secret: jwtSecret, minFillMs: formMinFillMs }),
    /** Its generation tells the HTTP response cache whether a stored answer is still true. */
    publicData,
  };
}

export type Services = ReturnType<typeof createServices>;
