import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";

export function ApplyBanner() {
  return (
    <section aria-labelledby="apply-title" className="container-page pb-20">
      <div className="rounded-4xl bg-sun px-6 py-12 text-center sm:px-12">
        <h2 id="apply-title" className="text-3xl text-ink sm:text-4xl">
          Give your child a happy school year
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-ink">
          Admissions for {SCHOOL.session} are open in every grade. The form takes about two minutes, and
          admission is confirmed within 2 working days of payment.
        </p>
        <ButtonLink to="/apply" variant="secondary" size="lg" className="mt-8">
          {MESSAGES.home.apply}
        </ButtonLink>
      </div>
    </section>
  );
}
