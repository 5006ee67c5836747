import { Link } from "@remix-run/react";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { CompanyDetails } from "~/services/details.server";
import { BrandMark, BrandName } from "./brand-logo";
import { LinkList } from "./link-list";
import { FOOTER_LINKS } from "./nav-links";

/**
 * Contact details come from the database. If they could not be read, the footer keeps showing
 * 'Loading...' and no error (spec section 2): a footer is never worth an error message.
 */
export function SiteFooter({ details }: { details: CompanyDetails | null }) {
  const loading = MESSAGES.details.loading;
  return (
    <footer className="mt-auto bg-navy-dark text-white">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div>
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-xl" aria-label="Zipat home">
            <BrandMark className="h-11 w-11" />
            <BrandName light />
          </Link>
          <p className="mt-4 max-w-xs text-sm text-white/85">
            {SCHOOL.fullName} provides quality education focused on holistic development in a joyful learning
            environment.
          </p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-lg text-sun">Quick links</h2>
          <LinkList
            items={FOOTER_LINKS}
            className="mt-3 space-y-2"
            linkClassName="text-white/90 underline-offset-4 hover:text-white hover:underline"
          />
        </nav>
        <div>
          <h2 className="text-lg text-sun">Contact us</h2>
          <address className="mt-3 space-y-3 not-italic text-white/90">
            <p className="whitespace-pre-line">{details?.address ?? loading}</p>
            <p>
              {details ? (
                <a
                  href={`mailto:${details.email}`}
                  className="underline-offset-4 hover:text-white hover:underline"
                >
                  {details.email}
                </a>
              ) : (
                loading
              )}
            </p>
            <p>
              {details ? (
                <a
                  href={`tel:${details.phone.replace(/[^\d+]/g, "")}`}
                  className="underline-offset-4 hover:text-white hover:underline"
                >
                  {details.phone}
                </a>
              ) : (
                loading
              )}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="container-page py-5 text-sm text-white/80">
          © {new Date().getFullYear()} {SCHOOL.fullName}. {SCHOOL.tagline}.{" "}
          <Link to={PUBLIC_PAGES.privacy.path} className="underline underline-offset-4 hover:text-white">
            Privacy notice
          </Link>
        </p>
      </div>
    </footer>
  );
}
