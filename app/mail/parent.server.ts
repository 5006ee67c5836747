import { ADMISSION_STEPS } from "~/domain/claims";
import { contactUs, paragraph, possessive, questions, workingDays, type Templates } from "./data.server";
import { verifyAddressBlocks } from "./account.server";
import { formatMailDateTime, rupees } from "./text.server";

/** The mails a parent gets about an application, a demo class, a payment or a new account. */
export const PARENT_TEMPLATES: Pick<
  Templates,
  "applicationReceived" | "demoBooked" | "paymentReceived" | "paymentFailed" | "welcome"
> = {
  applicationReceived: (data, { school, link, site }) => ({
    subject: `We have received ${possessive(data.studentName)} application to ${school.name}`,
    preheader: `Application number ${data.applicationId}. The next step is paying the admission fee.`,
    greeting: `Dear ${data.parentName},`,
    blocks: [
      paragraph(
        `Thank you for applying to ${school.fullName}. We have received the application for ${data.studentName} (${data.grade}).`,
      ),
      {
        kind: "facts",
        rows: [
          ["Application number", String(data.applicationId)],
          ["Student", data.studentName],
          ["Grade", data.grade],
        ],
      },
      { kind: "heading", text: "What happens next" },
      paragraph(
        `You have finished steps 1 and 2. The next step is to pay the admission fee. Admission is confirmed within ${workingDays} after payment.`,
      ),
      { kind: "steps", items: ADMISSION_STEPS },
      { kind: "button", label: "See the fee structure", url: link("/fee-structure") },
      { kind: "button", label: "Read about admissions", url: link("/admissions"), secondary: true },
      questions(school),
    ],
    signOff: "team",
    reason: `You are receiving this e-mail because an application for ${data.studentName} was made on ${site} with this e-mail address.`,
  }),

  demoBooked: (data, { school, link, site }) => ({
    subject: `Demo class booked for ${data.studentName}`,
    preheader: `Your preferred time: ${data.preferredDateTime}. We will get in touch to confirm it.`,
    greeting: `Dear ${data.parentName},`,
    blocks: [
      paragraph(`Thank you for booking a free demo class with ${school.fullName} for ${data.studentName}.`),
      {
        kind: "facts",
        rows: [
          ["Student", data.studentName],
          ["Grade", data.grade],
          ["Preferred date and time", data.preferredDateTime],
        ],
      },
      paragraph("Our team will get in touch with you to confirm the date and time of the class."),
      paragraph(`Meanwhile, have a look at what ${data.studentName} could learn with us.`),
      { kind: "button", label: "Explore our courses", url: link("/courses") },
      questions(school),
    ],
    signOff: "team",
    reason: `You are receiving this e-mail because a demo class for ${data.studentName} was booked on ${site} with this e-mail address.`,
  }),

  paymentReceived: (data, { school, site }) => {
    const amount = rupees(data.amountPaise);
    return {
      subject: `Payment received: ${amount} for ${data.studentName} (${data.grade})`,
      preheader: `Transaction ${data.transactionId}. Admission is confirmed within ${workingDays}.`,
      greeting: `Dear ${data.parentName},`,
      blocks: [
        paragraph(
          `Thank you. We have received your payment of ${amount} for the admission of ${data.studentName} (${data.grade}).`,
        ),
        {
          kind: "facts",
          rows: [
            ["Amount paid", amount],
            ["Student", data.studentName],
            ["Grade", data.grade],
            ["Order number", data.orderId],
            ["Transaction ID", data.transactionId],
            ["Paid on", formatMailDateTime(data.paidAt)],
          ],
        },
        paragraph(
          `Our admissions team will confirm ${possessive(data.studentName)} admission within ${workingDays}.`,
        ),
        data.receiptUrl !== null && { kind: "button", label: "View your receipt", url: data.receiptUrl },
        paragraph("Please keep this e-mail for your records."),
        questions(school),
      ],
      signOff: "team",
      reason: `You are receiving this e-mail because a payment for ${possessive(data.studentName)} admission was made on ${site} with this e-mail address.`,
    };
  },

  paymentFailed: (data, { school, site }) => {
    const amount = rupees(data.amountPaise);
    return {
      subject: `Payment not completed: ${amount} for ${data.studentName} (${data.grade})`,
      preheader: "You can try again with the same details.",
      greeting: `Dear ${data.parentName},`,
      blocks: [
        paragraph(
          `Your payment of ${amount} for the admission of ${data.studentName} (${data.grade}) did not go through.`,
        ),
        {
          kind: "facts",
          rows: [
            ["Amount", amount],
            ["Student", data.studentName],
            ["Grade", data.grade],
            ["Order number", data.orderId],
            ["Reason", data.reason],
          ],
        },
        paragraph("You can try again with the same details."),
        { kind: "button", label: "Try again", url: data.retryUrl },
        paragraph(`If the payment keeps failing, please ${contactUs(school)} and we will help you.`),
      ],
      signOff: "team",
      reason: `You are receiving this e-mail because a payment for ${possessive(data.studentName)} admission was attempted on ${site} with this e-mail address.`,
    };
  },

  welcome: (data, { school, link, site }) => ({
    subject: `Welcome to ${school.fullName}, ${data.name}`,
    preheader: data.verifyUrl
      ? "Your account is ready. Please confirm your e-mail address."
      : "Your account is ready.",
    greeting: `Dear ${data.name},`,
    blocks: [
      paragraph(`Welcome to ${school.fullName}. Your account on ${site} is ready.`),
      { kind: "facts", rows: [["Sign in with", data.email]] },
      ...(data.verifyUrl ? verifyAddressBlocks(data.verifyUrl, data.validHours) : []),
      paragraph("Your profile shows your account details and what you have sent us."),
      { kind: "button", label: "Go to your profile", url: link("/profile") },
      paragraph("Have a look at our courses for every grade."),
      { kind: "button", label: "Explore our courses", url: link("/courses"), secondary: true },
      questions(school),
    ],
    signOff: "team",
    reason: `You are receiving this e-mail because an account was created on ${site} with this e-mail address.`,
  }),
};
