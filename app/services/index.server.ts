import { DEFAULT_RETENTION_MONTHS } from "~/domain/personal-data";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import type { RateLimits } from "~/domain/rate-limits";
import type { RetryPolicy } from "~/domain/settings";
import type { Database } from "../../db/client";
import { createAccountDataService } from "./account-data.server";
import { createAccountErasureService } from "./account-erasure.server";
import { createAdminSearch } from "./admin-search.server";
import { createAuthService } from "./auth.server";
import { createBlogService } from "./blog.server";
import { createBotCheck } from "./bot-check.server";
import { createCoursesService } from "./courses.server";
import { createDashboardService } from "./dashboard.server";
import { createDetailsService } from "./details.server";
import { createDuplicates } from "./duplicates.server";
import { createEmailVerificationService } from "./email-verification.server";
import { createApplicationsService, createDemosService } from "./enquiries.server";
import { createFamilyRecordsService } from "./family-records.server";
import { createFollowUpsService } from "./follow-ups.server";
import { createGradesService } from "./grades.server";
import type { ImageStorage } from "./image-storage.server";
import { createListExport } from "./list-export.server";
import { createOrdersService, createPaymentsService } from "./payments/index.server";
import { createTestGateway, type PaymentGateway } from "./payments/gateway.server";
import { createMailOutbox } from "./mail/outbox.server";
import { createNotificationsService } from "./notifications.server";
import { createPageTags } from "./page-tags.server";
import { createPasswordHasher } from "./password.server";
import { createPublicDataCache, invalidatedByWrites } from "./public-data.server";
import { createRateLimiter } from "./rate-limit.server";
import { createRecordHistory } from "./record-history.server";
import { createRecordDetails } from "./record-details.server";
import { createRetentionService } from "./retention.server";
import { createOffersService } from "./offers.server";
import type { EnrollmentInput } from "./payments/checkout.server";
import { createSeatsService } from "./seats.server";
import { createInsightsService } from "./insights.server";
import { createSiteIndexService } from "./site-index.server";
import { createTeacherApplicationsService } from "./teacher-applications.server";
import { createUserAdmin } from "./user-admin.server";
import { createUpdatesAdmin } from "./updates/admin.server";
import { createUpdatesOutbox, type UpdateChannels } from "./updates/outbox.server";
import { createShortLinks } from "./updates/short-links.server";
import { createUpdatePreferences } from "./updates/preferences.server";
import { createWhatsAppWebhook } from "./updates/webhook.server";

export type ServiceDependencies = {
  db: Database;
  images: ImageStorage;
  jwtSecret: string;
  gateway?: PaymentGateway;
  /** RATE_LIMIT_*: attempts per window; RATE_LIMITS when absent. */
  rateLimits?: Partial<RateLimits>;
  /** Replaces the database's clock in the rate limiter (tests move it by hand). */
  rateLimitClock?: () => number;
  /** Replaces the clock of the follow-ups (tests move it across days). */
  followUpClock?: () => Date;
  /** FORM_MIN_FILL_MS; the bot check's default when absent. */
  formMinFillMs?: number;
  /** PASSWORD_HASH_COST (log2 of scrypt's N); the production default when absent. */
  passwordHashCost?: number;
  /** The site's public address (PUBLIC_URL): links in mails, the sitemap and the feed. */
  publicUrl?: string;
  /** STAFF_EMAIL and the retry policy of the mail outbox. */
  mail?: { staffEmail?: string; retry?: RetryPolicy; delivering?: boolean };
  /** ACADEMIC_YEAR_START (YYYY-MM-DD): the day the applications' age check goes by. */
  academicYearStart?: string;
  /** RETENTION_MONTHS: rejected applications and finished demo requests are anonymised after this. */
  retentionMonths?: number;
  /**
   * WhatsApp and SMS updates (issue 39): the configured channels' clients (none: both off), the
   * send rate across instances (UPDATES_PER_SECOND) and the retry policy.
   */
  updates?: { channels: UpdateChannels; perSecond: number; retry?: RetryPolicy };
};

/**
 * Builds every domain service once; the /api router and the Remix routes share these. The
 * services whose writes can change what anyone may read empty the topics they change after
 * each method that is not declared to leave them unchanged.
 */
export function createServices({
  db,
  images,
  jwtSecret,
  gateway = createTestGateway(),
  rateLimits,
  rateLimitClock,
  followUpClock,
  formMinFillMs,
  passwordHashCost,
  publicUrl = "http://localhost:3000",
  mail = {},
  academicYearStart,
  retentionMonths = DEFAULT_RETENTION_MONTHS,
  updates = { channels: { whatsapp: null, sms: null }, perSecond: 10 },
}: ServiceDependencies) {
  const publicData = createPublicDataCache();
  const details = invalidatedByWrites(
    createDetailsService(db, publicData),
    { topics: ["details"], unchanged: ["get"] },
    publicData,
  );
  const outbox = createMailOutbox({ db, details, publicUrl, ...mail });
  const shortLinks = createShortLinks({ db, publicUrl });
  const updatesOutbox = createUpdatesOutbox({ db, ...updates, links: shortLinks });
  const grades = invalidatedByWrites(
    createGradesService(db, publicData),
    { topics: ["grades"], unchanged: ["list", "feeFor"] },
    publicData,
  );
  const courses = invalidatedByWrites(
    createCoursesService({ db, images, cache: publicData }),
    { topics: ["courses"], unchanged: ["list", "get", "count"] },
    publicData,
  );
  const history = createRecordHistory(db);
  const updatesAdmin = createUpdatesAdmin({
    db,
    history,
    channels: { whatsapp: updates.channels.whatsapp !== null, sms: updates.channels.sms !== null },
  });
  const duplicates = createDuplicates({ db, history });
  const applications = createApplicationsService(
    db,
    outbox,
    updatesOutbox,
    history,
    academicYearStart,
    publicUrl,
    duplicates,
  );
  const demos = createDemosService(db, outbox, updatesOutbox, history, duplicates);
  // A grade's free seats are counted from the enrollments paid for (issue 38): whatever can move
  // an order (enrolling, paying, a webhook, a refund) empties the grades' public data.
  const ordersNow = createOrdersService({
    db,
    grades,
    gateway,
    outbox,
    publicUrl,
    history,
    updates: updatesOutbox,
  });
  const orders = invalidatedByWrites(
    ordersNow,
    {
      topics: ["grades"],
      unchanged: ["paymentPage", "receipt", "history", "listPaid", "exportRows", "paymentStep"],
    },
    publicData,
  );
  const payments = invalidatedByWrites(
    createPaymentsService({ db, gateway, recorder: ordersNow.payments }),
    { topics: ["grades"], unchanged: [] },
    publicData,
  );
  const seats = invalidatedByWrites(
    createSeatsService(db, history, publicData),
    { topics: ["grades"], unchanged: ["summary", "current"] },
    publicData,
  );
  // Offers and the waitlist hold and free seats (issue 38): every write empties the grades' public data.
  const offers = invalidatedByWrites(
    createOffersService({
      db,
      outbox,
      updates: updatesOutbox,
      history,
      publicUrl,
      orderFor: (offer, applicant, options) =>
        ordersNow.createOrder(
          {
            studentName: applicant.studentName,
            parentName: applicant.parentName,
            grade: offer.grade,
            email: applicant.email,
            mobile: applicant.mobile,
            amount: undefined,
            whatsappUpdates: applicant.whatsappUpdatesAt !== null,
            consent: true,
            // The family's consent is the application's: the order is its fee.
            noticeVersion: applicant.noticeVersion ?? PRIVACY_NOTICE_VERSION,
          } as EnrollmentInput,
          { ...options, offerId: offer.id, whatsappUpdatesAt: applicant.whatsappUpdatesAt },
        ),
    }),
    { topics: ["grades"], unchanged: ["list", "forUser", "forOwner", "ofApplication", "ownerOf"] },
    publicData,
  );
  const teacherApplications = createTeacherApplicationsService(db, outbox, history);
  const userAdmin = createUserAdmin({ db, history });
  const followUps = createFollowUpsService({ db, history, outbox, now: followUpClock });
  return {
    auth: invalidatedByWrites(
      createAuthService({
        db,
        jwtSecret,
        passwords: createPasswordHasher(passwordHashCost),
        outbox,
        publicUrl,
      }),
      // An account's only public trace is its likes; signing up, in or out changes nothing public.
      {
        topics: ["courses"],
        unchanged: [
          "authenticate",
          "session",
          "revoke",
          "register",
          "login",
          "ensureAdmin",
          "listUsers",
          "listUsersPage",
          "requestPasswordReset",
          "resetLinkWorks",
          "resetPassword",
          "changePassword",
          "issueToken",
        ],
      },
      publicData,
    ),
    blog: invalidatedByWrites(
      createBlogService({ db, images, cache: publicData }),
      { topics: ["blog"], unchanged: ["list", "get", "listPage"] },
      publicData,
    ),
    courses,
    applications,
    demos,
    /** Registrations from the Teachers page, with their CVs (issue 18). */
    teacherApplications,
    details,
    grades,
    /** Each grade's seats and reserved seats, and what is taken and free (issue 38). */
    seats,
    /** Seats offered to applications, and each grade's waitlist (issue 38). */
    offers,
    orders,
    /** Razorpay's webhooks and refunds. */
    payments,
    /** The admissions funnel by week, grade and source (issue 40 point 2). */
    insights: createInsightsService(db),
    dashboard: createDashboardService({
      db,
      sources: {
        applications: applications.dashboard,
        demos: demos.dashboard,
        orders: orders.dashboard,
      },
      catalogue: courses.counted,
      followUps: () => followUps.due(),
    }),
    /** "Call back by" days on applications and demo requests, and the morning mail (issue 40). */
    followUps,
    /** The link that proves an account's e-mail address (registration mails the first). */
    emailVerification: createEmailVerificationService({ db, outbox, publicUrl }),
    /** A parent's own applications, demo requests and orders (the profile page). */
    familyRecords: createFamilyRecordsService(db),
    /** "Download my data" on the profile (issue 20). */
    accountData: createAccountDataService(db),
    /** "Delete my account" on the profile (issue 20). */
    accountErasure: createAccountErasureService({
      db,
      passwords: createPasswordHasher(passwordHashCost),
      outbox,
      history,
    }),
    /** Possible duplicates among applications and demo requests, merged or told apart by staff (issue 40). */
    duplicates,
    /** What happened to records: status changes, notes, erasures (the admin History screen). */
    history,
    /** One application, demo request or teacher application with its history; notes (issue 19). */
    recordDetails: createRecordDetails({
      db,
      history,
      updates: updatesAdmin,
      academicYearStart: applications.academicYearStart,
    }),
    /** The admin bell: what arrived since each admin last looked (issue 19). */
    notifications: createNotificationsService(db),
    /** The admin header's search over every kind of record (issue 19). */
    adminSearch: createAdminSearch(db),
    /** Staff's changes to accounts: the ADMIN role, disabling (issue 19). */
    userAdmin,
    /** Each admin list as a CSV download with its filters (issue 19). */
    listExport: createListExport({
      applications: (filter) => applications.exportRows(filter),
      demos: demos.exportRows,
      teacherApplications: teacherApplications.exportRows,
      orders: orders.exportRows,
      users: userAdmin.exportRows,
    }),
    /** Anonymises old rejected applications and finished demo requests (the scheduled job and its CLI). */
    retention: createRetentionService({ db, history, months: retentionMonths }),
    images,
    /** Counted in the database, so every instance of the site spends one budget (decision 0033). */
    rateLimiter: createRateLimiter({ db, limits: rateLimits, now: rateLimitClock }),
    botCheck: createBotCheck({ secret: jwtSecret, minFillMs: formMinFillMs }),
    /** Every mail the site sends: queued with its record, delivered by the mail worker. */
    mail: outbox,
    /** WhatsApp and SMS updates to families (issue 39): the outbox and the WhatsApp webhook's changes. */
    updates: updatesOutbox,
    whatsappWebhook: createWhatsAppWebhook({ db, outbox: updatesOutbox }),
    /** What staff see and do with those updates: /admin/messages, a record's messages, "Send again". */
    updatesAdmin,
    /** The parent's switches of WhatsApp and SMS updates on the profile (issue 39 point 3). */
    updatePreferences: createUpdatePreferences({ db }),
    /** The short links of those updates (`/l/<code>`): a link too long for an SMS variable. */
    shortLinks,
    /** Tells the HTTP store of public answers which topics a write changed. */
    publicData,
    /** Each public page's head: canonical link, share tags and JSON-LD, absolute from PUBLIC_URL. */
    pageTags: createPageTags({ publicUrl, details }),
    /** robots.txt, the sitemap and the blog's feed, read from the database at each request. */
    siteIndex: createSiteIndexService({ db, publicUrl }),
  };
}

export type Services = ReturnType<typeof createServices>;
