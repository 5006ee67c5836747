import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EnrollmentDialogs } from "~/components/enrollment/enrollment-dialogs";
import { AdmissionsBanner } from "~/components/home/admissions-banner";
import { ApplyBanner } from "~/components/home/apply-banner";
import { CityCarousel } from "~/components/home/city-carousel";
import { DemoBanner } from "~/components/home/demo-banner";
import { FeeSection } from "~/components/home/fee-section";
import { HomeHero } from "~/components/home/hero";
import { LatestPosts } from "~/components/home/latest-posts";
import { ProgramTiles } from "~/components/home/program-tiles";
import { SafetyBanner } from "~/components/home/safety-banner";
import { WelcomeSection } from "~/components/home/welcome-section";
import { HOME_HERO } from "~/components/illustrations/pictures";
import { SCHOOL } from "~/domain/brand";
import { HOME_TEXTS } from "~/domain/texts/home";
import { translator } from "~/domain/translations";
import { postCard } from "~/utils/card-summaries.server";
import { enrollmentAction } from "~/utils/enrollment.server";
import { enrollmentSourceForm } from "~/utils/source-form.server";
import type { PublicDataHandle } from "~/services/public-data.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { availabilities } from "~/domain/seats";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = translator(HOME_TEXTS, context.language);
  const [posts, fees, seats, tags] = await Promise.all([
    // The latest posts are never worth failing the home page for (spec: the list stays empty).
    context.services.blog.list({ page: 1, limit: 3 }).then(
      (latest) => latest.posts.map(postCard(context.language)),
      (error: unknown) => {
        context.reportError(error);
        return [];
      },
    ),
    context.services.grades.list(),
    context.services.seats.summary(),
    context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.home.path,
      title: t("meta.title"),
      description: t("meta.description", { school: SCHOOL.fullName, session: SCHOOL.session }),
    }),
  ]);
  return {
    posts,
    fees,
    seats: availabilities(seats),
    tags,
    sourceForm: enrollmentSourceForm(request, context.language),
  };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["blog", "grades", "details"] } satisfies PublicDataHandle;

export async function action({ request, context }: ActionFunctionArgs) {
  return enrollmentAction(request, context, "/");
}

export default function Home() {
  const { posts, fees, seats } = useLoaderData<typeof loader>();
  return (
    <>
      <HomeHero />
      <AdmissionsBanner />
      <WelcomeSection />
      <FeeSection fees={fees} seats={seats} />
      <DemoBanner />
      <ProgramTiles />
      <CityCarousel />
      <SafetyBanner />
      <LatestPosts posts={posts} />
      <ApplyBanner />
      <EnrollmentDialogs fees={fees} />
    </>
  );
}

/** The hero drawing is the first screen's picture: fetched alongside the stylesheet, not after it. */
export const links: LinksFunction = () => [
  { rel: "preload", as: "image", href: HOME_HERO.src, type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
