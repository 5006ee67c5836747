import type { Database } from "../../db/client";
import { createAuthService } from "./auth.server";
import { createBlogService } from "./blog.server";
import { createCoursesService } from "./courses.server";
import { createDetailsService } from "./details.server";
import { createApplicationsService, createDemosService } from "./enquiries.server";
import { createGradesService } from "./grades.server";
import type { ImageStorage } from "./image-storage.server";
import { createOrdersService } from "./orders.server";
import { createTestGateway, type PaymentGateway } from "./payment-gateway.server";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server";

export type ServiceDependencies = {
  db: Database;
  images: ImageStorage;
  jwtSecret: string;
  gateway?: PaymentGateway;
  rateLimiter?: RateLimiter;
};

/** Builds every domain service once; the /api router and the Remix routes share these. */
export function createServices({
  db,
  images,
  jwtSecret,
  gateway = createTestGateway(),
  rateLimiter = createRateLimiter(),
}: ServiceDependencies) {
  const grades = createGradesService(db);
  return {
    auth: createAuthService({ db, jwtSecret }),
    blog: createBlogService({ db, images }),
    courses: createCoursesService({ db, images }),
    applications: createApplicationsService(db),
    demos: createDemosService(db),
    details: createDetailsService(db),
    grades,
    orders: createOrdersService({ db, grades, gateway }),
    images,
    rateLimiter,
  };
}

export type Services = ReturnType<typeof createServices>;
