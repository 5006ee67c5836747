import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";

type Props = { parentName: string; grade: string; transactionId: string; receiptPath: string };

/** The spec's confirmation after a hosted checkout: thanks, the e-mail notice, the transaction id, the receipt. */
export function PaymentConfirmed({ parentName, grade, transactionId, receiptPath }: Props) {
  return (
    <div className="mt-4">
      <p className="text-lg">
        Thank you, <strong className="text-navy">{parentName}</strong>! Your child&apos;s place in {grade} for{" "}
        {SCHOOL.session} is confirmed and the fee has been paid.
      </p>
      <p className="mt-3 text-ink-soft">A confirmation e-mail with these details will follow shortly.</p>
      <dl className="mt-6 rounded-3xl bg-sun-50 px-5 py-4">
        <dt className="text-sm font-semibold text-ink-soft">Transaction ID</dt>
        <dd className="mt-1 break-all font-mono text-lg font-bold text-ink">{transactionId}</dd>
      </dl>
      <p className="mt-3 text-sm text-ink-soft">
        Please keep this ID in case you contact the school about the payment.
      </p>
      <ButtonLink to={receiptPath} size="lg" className="mt-6 w-full">
        View and print the receipt
      </ButtonLink>
    </div>
  );
}
