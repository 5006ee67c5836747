import { SCHOOL } from "~/domain/brand";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { gradeLabel } from "~/domain/texts/grades";
import { useLanguage, useTexts } from "~/utils/language";

/** `fee` already written out in rupees (the loader does it, so the page ships no formatting code). */
type Summary = { studentName: string; parentName: string; grade: string; fee: string };

/** What is being paid for, above the checkout button. */
export function CheckoutSummary({ order }: { order: Summary }) {
  const t = useTexts(ENROLLMENT_TEXTS);
  const language = useLanguage();
  return (
    <dl className="mt-6 divide-y divide-ink/10 rounded-3xl bg-sun-50 px-5 py-2">
      {/* The names as the family typed them: no page translator should touch them. */}
      <Row term={t("checkout.student")} detail={<span translate="no">{order.studentName}</span>} />
      <Row term={t("checkout.parent")} detail={<span translate="no">{order.parentName}</span>} />
      <Row term={t("checkout.grade")} detail={`${gradeLabel(order.grade, language)}, ${SCHOOL.session}`} />
      <Row term={t("yearlyFee")} detail={<strong className="text-lg">{order.fee}</strong>} />
    </dl>
  );
}

function Row({ term, detail }: { term: string; detail: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
      <dd className="text-right text-ink">{detail}</dd>
    </div>
  );
}
