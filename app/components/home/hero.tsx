import { Illustration } from "~/components/illustrations/illustration";
import { HOME_HERO } from "~/components/illustrations/pictures";
import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { CheckList } from "~/components/ui/check-list";

/** The first screen: the page's one h1 beside the hero drawing (preloaded by the home route's `links`). */
export function HomeHero() {
  return (
    <section aria-labelledby="home-title" className="overflow-hidden bg-gradient-to-b from-sun-100 to-sun-50">
      <div className="container-page grid items-center gap-8 py-10 sm:py-14 lg:grid-cols-[1.25fr_1fr] lg:py-20">
        <div>
          <p className="text-sm font-bold uppercase tracking-widest text-coral">{SCHOOL.tagline}</p>
          <h1 id="home-title" className="mt-3 text-4xl leading-tight sm:text-5xl">
            The only accredited 100% online school, from Nursery to Grade 8
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink-soft sm:text-xl">
            Live classes with caring teachers, an internationally accredited curriculum and the most
            affordable fees. Your child learns happily and safely at home, and you can see every step.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/book-demo" size="lg">
              Book a free demo
            </ButtonLink>
            <ButtonLink to="#fees" variant="outline" size="lg">
              See the fees
            </ButtonLink>
          </div>
          <CheckList
            className="mt-8 gap-x-6 font-semibold text-ink sm:grid-cols-2"
            items={[
              `Admissions open for ${SCHOOL.session}`,
              "Accredited by a US-based consortium",
              "Most affordable fees",
              "Parents see progress",
            ]}
          />
        </div>
        <Illustration picture={HOME_HERO} priority className="mx-auto h-auto w-full max-w-md lg:max-w-none" />
      </div>
    </section>
  );
}
