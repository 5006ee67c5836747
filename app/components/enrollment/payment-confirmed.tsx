import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { gradeLabel } from "~/domain/texts/grades";
import { useLanguage, useTexts } from "~/utils/language";

/**
 * The spec's confirmation of a paid enrollment: thanks, the e-mail notice and the transaction id
 * to keep. The parent's name and the id are shown as typed and issued (`translate="no"`).
 */
export function ConfirmedDetails({
  thanksId,
  parentName,
  grade,
  transactionId,
  className = "",
}: {
  thanksId?: string;
  parentName: string;
  /** As the page's language names it. */
  grade: string;
  transactionId: string;
  className?: string;
}) {
  const t = useTexts(ENROLLMENT_TEXTS);
  return (
    <div className={className}>
      <p id={thanksId} className="text-lg">
        {t("confirmed.thanksBefore")}
        <strong className="text-navy" translate="no">
          {parentName}
        </strong>
        {t("confirmed.thanksAfter", { grade, session: SCHOOL.session })}
      </p>
      <p className="mt-3 text-ink-soft">{t("confirmed.mailFollows")}</p>
      <dl className="mt-6 w-full rounded-3xl bg-sun-50 px-5 py-4">
        <dt className="text-sm font-semibold text-ink-soft">{t("confirmed.transactionId")}</dt>
        <dd className="mt-1 break-all font-mono text-lg font-bold text-ink" translate="no">
          {transactionId}
        </dd>
      </dl>
      <p className="mt-3 text-sm text-ink-soft">{t("confirmed.keepId")}</p>
    </div>
  );
}

type Props = { parentName: string; grade: string; transactionId: string; receiptPath: string };

/** The confirmation after a hosted checkout: the details above, and the receipt. */
export function PaymentConfirmed({ parentName, grade, transactionId, receiptPath }: Props) {
  const t = useTexts(ENROLLMENT_TEXTS);
  const language = useLanguage();
  return (
    <div className="mt-4">
      <ConfirmedDetails
        parentName={parentName}
        grade={gradeLabel(grade, language)}
        transactionId={transactionId}
      />
      <ButtonLink to={receiptPath} size="lg" className="mt-6 w-full">
        {t("confirmed.receipt")}
      </ButtonLink>
    </div>
  );
}
