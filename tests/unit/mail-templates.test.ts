import { describe, expect, it } from "vitest";
import { ADMISSION_STEPS } from "~/domain/claims";
import { hasHindi } from "~/domain/public-pages";
import { formatMailDateTime, oneLine, rupees, wrap } from "~/mail/text.server";
import {
  MAIL_AUDIENCE,
  MAIL_KINDS,
  mailLink,
  renderMail,
  type MailContent,
  type MailData,
  type MailKind,
  type MailSchool,
} from "~/mail/templates.server";

const SCHOOL: MailSchool = {
  name: "Zipat",
  fullName: "Zipat Online School",
  address: "12 MG Road, Bengaluru 560001",
  email: "office@zipat.school",
  phone: "+91 80 1234 5678",
  publicUrl: "https://zipat.school",
};

const PAID_AT = new Date("2026-11-25T10:35:00Z"); // 4:05 pm in India
const OFFER_ENDS = new Date("2026-12-02T12:30:00Z"); // 6:00 pm in India

/** One sample per kind; the mapped type fails to compile when a kind has none. */
const SAMPLES: { [K in MailKind]: MailData[K] } = {
  applicationReceived: {
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    applicationId: 42,
  },
  offerMade: {
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    applicationId: 42,
    expiresAt: OFFER_ENDS,
    profileUrl: "https://zipat.school/profile",
    fromWaitlist: false,
  },
  offerExpired: {
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    applicationId: 42,
    expiresAt: OFFER_ENDS,
  },
  offerWithdrawn: {
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    applicationId: 42,
  },
  waitlisted: {
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    applicationId: 42,
    position: 3,
    profileUrl: "https://zipat.school/profile",
  },
  demoBooked: {
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    preferredDateTime: "Saturday 10 am",
  },
  paymentReceived: {
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    amountPaise: 2_500_000,
    transactionId: "pay_T123",
    orderId: "ord_9",
    paidAt: PAID_AT,
    receiptUrl: "https://pay.example/receipts/T123",
  },
  paymentFailed: {
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    amountPaise: 2_500_000,
    orderId: "ord_9",
    reason: "The bank declined the card.",
    retryUrl: "https://zipat.school/fee-structure",
  },
  welcome: {
    name: "Asha Sharma",
    email: "asha@example.in",
    verifyUrl: "https://zipat.school/verify-email?token=xyz",
    validHours: 48,
  },
  verifyEmail: {
    name: "Asha Sharma",
    verifyUrl: "https://zipat.school/verify-email?token=xyz",
    validHours: 48,
  },
  passwordReset: {
    name: "Asha Sharma",
    resetUrl: "https://zipat.school/reset-password?token=abc",
    validMinutes: 30,
  },
  passwordChanged: { name: "Asha Sharma", changedAt: PAID_AT },
  accountDeleted: { erasedAt: PAID_AT, applications: 2, demoRequests: 1, courseLikes: 3, orders: 1 },
  staffNewApplication: {
    applicationId: 42,
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    dob: "2018-05-14",
    mobile: "+919876543210",
    email: "asha@example.in",
  },
  staffNewDemo: {
    demoId: 7,
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    mobile: "+919876543210",
    email: "asha@example.in",
    preferredDateTime: "Saturday 10 am",
  },
  teacherApplicationReceived: {
    name: "Priya Nair",
    teacherApplicationId: 5,
    cvFileName: "Priya Nair CV.pdf",
  },
  staffNewTeacherApplication: {
    teacherApplicationId: 5,
    name: "Priya Nair",
    city: "Kochi",
    mobile: "+919876543210",
    email: "priya@example.in",
    experience: "6 years teaching Grade 3 to 5 mathematics",
    message: "I would love to teach online.",
    cvFileName: "Priya Nair CV.pdf",
    cvSizeBytes: 245_760,
  },
  staffPaymentReceived: {
    orderId: "ord_9",
    parentName: "Asha Sharma",
    studentName: "Aarav Sharma",
    grade: "Grade 3",
    amountPaise: 2_500_000,
    transactionId: "pay_T123",
    email: "asha@example.in",
    mobile: "+919876543210",
  },
  staffFollowUps: {
    day: "2026-12-04",
    total: 3,
    groups: [
      {
        name: "Meera Iyer",
        items: [
          { label: "Application #42: Aarav Sharma", dueOn: "2026-12-01", note: "Ask about the fee" },
          { label: "Demo request #7: Diya Rao", dueOn: "2026-12-04", note: "" },
        ],
      },
      {
        name: null,
        items: [{ label: "Application #43: Kabir Das", dueOn: "2026-12-04", note: "Call after 5 pm" }],
      },
    ],
  },
};

const render = <K extends MailKind>(kind: K, data: Partial<MailData[K]> = {}, school = SCHOOL) =>
  renderMail(kind, { ...SAMPLES[kind], ...data }, school);

/** What a reader of the HTML part sees: the text between the tags, entities decoded. */
function visible(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return body
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Each fact appears in what the HTML shows and in the text part. */
function expectBothSay(mail: MailContent, ...facts: string[]) {
  const seen = visible(mail.html);
  const text = mail.text.replace(/\s+/g, " ");
  for (const fact of facts) {
    expect(seen, `HTML shows ${fact}`).toContain(fact);
    expect(text, `text says ${fact}`).toContain(fact);
  }
}

/** Each fact row: its label beside its value in the HTML's table, "Label: value" in the text. */
function expectFacts(mail: MailContent, ...rows: (readonly [label: string, value: string])[]) {
  const seen = visible(mail.html);
  const text = mail.text.replace(/\s+/g, " ");
  for (const [label, value] of rows) {
    expect(seen, `HTML shows ${label} ${value}`).toContain(` ${label} ${value} `);
    expect(text, `text says ${label}: ${value}`).toContain(`${label}: ${value}`);
  }
}

/** The link is a real link in the HTML and on a line of its own in the text. */
function expectLink(mail: MailContent, url: string) {
  expect(mail.html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
  expect(mail.text.split("\n")).toContain(url);
}

/** Every string field the reader sees a person's name in. */
const NAME_FIELDS = ["parentName", "studentName", "name"] as const;
const withNames = <K extends MailKind>(kind: K, name: string): MailData[K] => {
  const data: Record<string, unknown> = { ...SAMPLES[kind] };
  for (const field of NAME_FIELDS) if (field in data) data[field] = name;
  // The follow-ups mail names each person who set them.
  if (Array.isArray(data.groups))
    data.groups = (data.groups as { name: string | null }[]).map((group) => ({ ...group, name }));
  return data as MailData[K];
};

describe("the mail kinds", () => {
  it("MAIL_KINDS lists every kind once, each with its audience", () => {
    expect([...MAIL_KINDS].sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(new Set(MAIL_KINDS).size).toBe(MAIL_KINDS.length);
    expect(MAIL_KINDS.filter((kind) => MAIL_AUDIENCE[kind] === "staff").sort()).toEqual([
      "staffFollowUps",
      "staffNewApplication",
      "staffNewDemo",
      "staffNewTeacherApplication",
      "staffPaymentReceived",
    ]);
    expect(MAIL_KINDS.filter((kind) => MAIL_AUDIENCE[kind] === "parent").sort()).toEqual([
      "applicationReceived",
      "demoBooked",
      "offerExpired",
      "offerMade",
      "offerWithdrawn",
      "paymentFailed",
      "paymentReceived",
      "waitlisted",
      "welcome",
    ]);
    expect(MAIL_KINDS.filter((kind) => MAIL_AUDIENCE[kind] === "account").sort()).toEqual([
      "accountDeleted",
      "passwordChanged",
      "passwordReset",
      "verifyEmail",
    ]);
  });
});

describe("every mail", () => {
  it.each(MAIL_KINDS)("%s is a self-contained HTML document and a plain text part", (kind) => {
    const mail = render(kind);
    expect(mail.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(visible(`<body>${/<title>(.*)<\/title>/.exec(mail.html)?.[1]}`).trim()).toBe(mail.subject);
    expect(mail.html).not.toMatch(/src="http/i);
    expect(mail.html).not.toMatch(/<(script|style|img|svg|link)\b/i);
    expect(mail.html).not.toContain("class=");
    expect(mail.html).toContain("max-width:600px");
    // The school's contact details and why the reader got the mail, in both parts.
    expectBothSay(
      mail,
      SCHOOL.fullName,
      SCHOOL.address,
      SCHOOL.email,
      SCHOOL.phone,
      "You are receiving this e-mail",
    );
    expect(mail.html).toContain('href="mailto:office@zipat.school"');
    expect(mail.html).toContain('href="tel:+918012345678"');
    // Plain text really is plain: no tags, no entities, short lines but for URLs.
    expect(mail.text).not.toMatch(/<[a-z/]|&[a-z#0-9]+;/i);
    for (const line of mail.text.split("\n"))
      if (!/^https?:\/\//.test(line)) expect(line.length).toBeLessThanOrEqual(78);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  // The account-deleted notice carries counts only: no name to escape.
  it.each(MAIL_KINDS.filter((kind) => kind !== "accountDeleted"))(
    "%s escapes a name with markup in the HTML and keeps it literal in the text",
    (kind) => {
      const name = "Tom & <b>Jerry</b>";
      const mail = renderMail(kind, withNames(kind, name), SCHOOL);
      expect(mail.html).not.toContain("<b>");
      expect(mail.html).toContain("Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;");
      expect(mail.text).toContain(name);
    },
  );

  it.each(MAIL_KINDS)("%s keeps a stored name's line break out of the subject", (kind) => {
    const mail = renderMail(kind, withNames(kind, "Aarav\r\nBcc: x@y.z"), SCHOOL);
    expect(mail.subject).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}]/u);
    expect(mail.text).not.toContain("\r");
    if (mail.subject.includes("Aarav")) expect(mail.subject).toContain("Aarav Bcc: x@y.z");
  });

  it("leaves out contact details the school has not entered yet", () => {
    const mail = render("applicationReceived", {}, { ...SCHOOL, address: "", email: "", phone: "" });
    expect(mail.text).not.toContain("E-mail:");
    expect(mail.text).not.toContain("Phone:");
    expect(mail.text).not.toContain("If you have any questions");
    expect(mail.html).not.toContain("mailto:");
    expect(mail.html).not.toContain("tel:");
    expectBothSay(mail, "Zipat Online School", "https://zipat.school");
  });
});

describe("the helpers", () => {
  it("oneLine collapses line breaks and other control characters to one space", () => {
    expect(oneLine("Aarav\r\nBcc: x@y.z")).toBe("Aarav Bcc: x@y.z");
    expect(oneLine(" Asha\t\u0000Sharma\u2028\u2029\n")).toBe("Asha Sharma");
    expect(oneLine("Aarav Sharma")).toBe("Aarav Sharma");
  });

  it("formats times in India's time zone, in Indian English", () => {
    expect(formatMailDateTime(PAID_AT)).toBe("25 November 2026, 4:05 pm IST");
    expect(formatMailDateTime(new Date("2026-01-31T18:30:00Z"))).toBe("1 February 2026, 12:00 am IST");
    expect(formatMailDateTime(new Date("nonsense"))).toBe("(time not recorded)");
  });

  it("shows rupees in the Indian grouping, with paise only when there are some", () => {
    expect(rupees(2_500_000)).toBe("₹25,000");
    expect(rupees(15_000_000)).toBe("₹1,50,000");
    expect(rupees(2_500_050)).toBe("₹25,000.50");
  });

  it("wraps text at 78 characters and never breaks a long word", () => {
    const url = `https://zipat.school/${"x".repeat(90)}`;
    const lines = wrap(`${"word ".repeat(40)}${url} end`).split("\n");
    expect(lines.every((line) => line.length <= 78 || line === url)).toBe(true);
    expect(lines).toContain(url);
  });
});

describe("to the parent", () => {
  it("applicationReceived: the application, the four steps, the 2-working-day promise and the fee", () => {
    const mail = render("applicationReceived");
    expect(mail.subject).toBe("We have received Aarav Sharma's application to Zipat");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "Aarav Sharma (Grade 3)",
      "Application number",
      "42",
      "Admission is confirmed within 2 working days after payment",
      "Warm regards, The Zipat Online School team",
    );
    ADMISSION_STEPS.forEach((step, index) => {
      expectBothSay(mail, step.title, step.text);
      expect(mail.text).toContain(`${index + 1}. ${step.title}`);
    });
    expectLink(mail, "https://zipat.school/fee-structure");
    expectLink(mail, "https://zipat.school/admissions");
  });

  it("demoBooked: the student, grade and preferred time, and the courses", () => {
    const mail = render("demoBooked");
    expect(mail.subject).toBe("Demo class booked for Aarav Sharma");
    expectBothSay(mail, "Dear Asha Sharma,", "Aarav Sharma", "Grade 3", "Saturday 10 am", "get in touch");
    expectLink(mail, "https://zipat.school/courses");
  });

  it("paymentReceived: amount, transaction, time in IST and the receipt link", () => {
    const mail = render("paymentReceived");
    expect(mail.subject).toBe("Payment received: ₹25,000 for Aarav Sharma (Grade 3)");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "₹25,000",
      "Aarav Sharma (Grade 3)",
      "ord_9",
      "pay_T123",
      "25 November 2026, 4:05 pm IST",
      "within 2 working days",
      "View your receipt",
    );
    expectLink(mail, "https://pay.example/receipts/T123");
  });

  it("paymentReceived without a receipt, or with a link that is not http(s), has no receipt button", () => {
    for (const receiptUrl of [null, "javascript:alert(1)"]) {
      const mail = render("paymentReceived", { receiptUrl });
      expect(mail.html).not.toContain("View your receipt");
      expect(mail.text).not.toContain("View your receipt");
      expect(mail.html).not.toContain("javascript:");
      expectBothSay(mail, "₹25,000", "pay_T123");
    }
  });

  it("paymentFailed: the reason, trying again with the same details, and whom to contact", () => {
    const mail = render("paymentFailed");
    expect(mail.subject).toBe("Payment not completed: ₹25,000 for Aarav Sharma (Grade 3)");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "₹25,000",
      "did not go through",
      "The bank declined the card.",
      "ord_9",
      "try again with the same details",
      "Try again",
      "If the payment keeps failing, please contact us at office@zipat.school or on +91 80 1234 5678",
    );
    expectLink(mail, "https://zipat.school/fee-structure");
    // Nothing the school cannot promise about the bank.
    expect(mail.text).not.toMatch(/refund|no money/i);
  });

  it("offerMade: the seat held until a time in IST, accept and pay on the profile, or decline", () => {
    const mail = render("offerMade");
    expect(mail.subject).toBe("A seat for Aarav Sharma in Grade 3 at Zipat");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "there is a seat for Aarav Sharma in Grade 3 at Zipat Online School",
      "We are holding it for you until 2 December 2026, 6:00 pm IST.",
      "accept the offer and pay the year's fee on your profile before then",
      "Accept and pay",
      "decline the offer on your profile, so that another family can have it",
      "If you have any questions, write to us at office@zipat.school",
      "an application for Aarav Sharma was made on zipat.school",
    );
    expectFacts(
      mail,
      ["Application number", "42"],
      ["Student", "Aarav Sharma"],
      ["Grade", "Grade 3"],
      ["Offer open until", "2 December 2026, 6:00 pm IST"],
    );
    expect(mail.text).toContain("Accept and pay:\nhttps://zipat.school/profile\n");
    expectLink(mail, "https://zipat.school/profile");
    expect(mail.text).not.toContain("waitlist");
  });

  it("offerMade from the waitlist: the seat came free and the child was next", () => {
    const mail = render("offerMade", { fromWaitlist: true, grade: "Nursery" });
    expect(mail.subject).toBe("A seat for Aarav Sharma in Nursery at Zipat");
    expectBothSay(
      mail,
      "a seat in Nursery at Zipat Online School has come free, and Aarav Sharma was next on the waitlist",
      "We are holding the seat for you until 2 December 2026, 6:00 pm IST.",
    );
    expect(mail.text).not.toContain("there is a seat for");
    expectLink(mail, "https://zipat.school/profile");
  });

  it("offerExpired: when the offer ended unpaid, the seat given back, and whom to contact", () => {
    const mail = render("offerExpired");
    expect(mail.subject).toBe("The seat offer for Aarav Sharma (Grade 3) has ended");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "We held a seat in Grade 3 for Aarav Sharma until 2 December 2026, 6:00 pm IST.",
      "the offer has ended and the seat has been given back",
      "If you would still like a seat for Aarav Sharma, please contact us at office@zipat.school or on +91 80 1234 5678.",
    );
    expectFacts(mail, ["Application number", "42"]);
    expect(mail.html).not.toContain("Accept and pay");
  });

  it("offerWithdrawn: the school took the offer back; contact us with questions", () => {
    const mail = render("offerWithdrawn", { grade: "Kindergarten" });
    expect(mail.subject).toBe("The seat offer for Aarav Sharma (Kindergarten) has been withdrawn");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "we have withdrawn our offer of a seat in Kindergarten for Aarav Sharma",
      "If you have any questions about this, please contact us at office@zipat.school",
    );
    expectFacts(mail, ["Application number", "42"]);
    expect(render("offerWithdrawn", {}, { ...SCHOOL, email: "", phone: "" }).text).toContain(
      "please contact the school.",
    );
  });

  it("waitlisted: the position on the grade's waitlist, how it moves, and the profile", () => {
    const mail = render("waitlisted", { position: 12 });
    expect(mail.subject).toBe("Aarav Sharma is number 12 on the Grade 3 waitlist");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "All the seats in Grade 3 at Zipat Online School are taken at the moment, so Aarav Sharma is on the waitlist, at number 12.",
      "Families move up the waitlist as seats come free. When it is Aarav Sharma's turn,",
      "we will send you an offer by e-mail, and you will see it on your profile too",
      "Go to your profile",
    );
    expectFacts(mail, ["Application number", "42"], ["Waitlist number", "12"]);
    expectLink(mail, "https://zipat.school/profile");
  });

  it("welcome: the account's e-mail, the profile and the courses", () => {
    const mail = render("welcome");
    expect(mail.subject).toBe("Welcome to Zipat Online School, Asha Sharma");
    expectBothSay(mail, "Dear Asha Sharma,", "asha@example.in", "zipat.school is ready");
    expectLink(mail, "https://zipat.school/profile");
    expectLink(mail, "https://zipat.school/courses");
  });

  it("welcome: the link that confirms the address, how long it works and what it is for", () => {
    const mail = render("welcome");
    expectBothSay(mail, "Confirm my e-mail address", "48 hours", "before you had an account");
    expectLink(mail, "https://zipat.school/verify-email?token=xyz");
    // Welcome mails queued before verification existed (and sent ones, whose link is removed) have none.
    const older = render("welcome", { verifyUrl: undefined, validHours: undefined });
    expect(older.text).not.toMatch(/verify-email|Confirm my e-mail address/);
    expectLink(older, "https://zipat.school/profile");
  });
});

describe("about the account", () => {
  it("verifyEmail: the new link, how long it works and what it is for", () => {
    const mail = render("verifyEmail");
    expect(mail.subject).toBe("Confirm your e-mail address for Zipat");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "Confirm my e-mail address",
      "The link works once, for the next 48 hours.",
      "before you had an account",
      "If you did not ask for this",
    );
    expectLink(mail, "https://zipat.school/verify-email?token=xyz");
    expect(render("verifyEmail", { validHours: 1 }).text).toContain("for the next 1 hour.");
  });

  it("passwordReset: the link and how long it works", () => {
    const mail = render("passwordReset");
    expect(mail.subject).toBe("Reset your Zipat password");
    expectBothSay(mail, "Dear Asha Sharma,", "Choose a new password", "30 minutes", "did not ask for this");
    expectLink(mail, "https://zipat.school/reset-password?token=abc");
    expect(render("passwordReset", { validMinutes: 1 }).text).toContain("for the next 1 minute.");
  });

  it("passwordChanged: when, in IST, and what to do if it was not you", () => {
    const mail = render("passwordChanged");
    expect(mail.subject).toBe("Your Zipat password was changed");
    expectBothSay(
      mail,
      "Dear Asha Sharma,",
      "25 November 2026, 4:05 pm IST",
      "If this was not you, reset your password now and contact us at office@zipat.school",
    );
    expectLink(mail, "https://zipat.school/login?view=forgot");
  });
});

describe("to staff", () => {
  it("staffNewApplication: every detail to call the parent back, and the admin list", () => {
    const mail = render("staffNewApplication");
    expect(mail.subject).toBe("New application: Aarav Sharma, Grade 3");
    expectBothSay(
      mail,
      "42",
      "Aarav Sharma",
      "Grade 3",
      "14 May 2018",
      "Asha Sharma",
      "+91 98765 43210",
      "asha@example.in",
    );
    expect(mail.text).not.toContain("Dear");
    expectLink(mail, "https://zipat.school/admin/applications");
  });

  it("staffNewDemo: the request and the parent's preferred time, and the admin list", () => {
    const mail = render("staffNewDemo");
    expect(mail.subject).toBe("New demo request: Aarav Sharma, Grade 3");
    expectBothSay(
      mail,
      "7",
      "Aarav Sharma",
      "Grade 3",
      "Saturday 10 am",
      "Asha Sharma",
      "+91 98765 43210",
      "asha@example.in",
    );
    expectLink(mail, "https://zipat.school/admin/demos");
  });

  it("staffPaymentReceived: amount, order, transaction and the parent, and the orders list", () => {
    const mail = render("staffPaymentReceived");
    expect(mail.subject).toBe("Payment received: ₹25,000 for Aarav Sharma, Grade 3");
    expectBothSay(
      mail,
      "₹25,000",
      "Aarav Sharma",
      "Grade 3",
      "Asha Sharma",
      "+91 98765 43210",
      "asha@example.in",
      "ord_9",
      "pay_T123",
      "within 2 working days",
    );
    expectLink(mail, "https://zipat.school/admin/orders");
  });

  it("staffFollowUps: each person's overdue and due-today calls with their notes, and the dashboard", () => {
    const mail = render("staffFollowUps");
    expect(mail.subject).toBe("Follow-ups for 4 December 2026: 3 calls to make");
    expectBothSay(
      mail,
      "3 follow-ups are overdue or due today, 4 December 2026.",
      "Set by Meera Iyer",
      "Application #42: Aarav Sharma",
      "Overdue since 1 December 2026: Ask about the fee",
      "Demo request #7: Diya Rao",
      "Due today",
      "Set by a removed account",
      "Due today: Call after 5 pm",
    );
    expectLink(mail, "https://zipat.school/admin");
    const cut = render("staffFollowUps", { total: 5 });
    expectBothSay(cut, "2 more are listed on the dashboard.");
  });
});

describe("about a teacher registration", () => {
  it("teacherApplicationReceived: thanks the teacher, says whether the CV came", () => {
    const mail = render("teacherApplicationReceived");
    expect(mail.subject).toBe("We have received your teacher registration for Zipat");
    expectBothSay(mail, "Dear Priya Nair,", "your registration and your CV", "Registration number", "5");
    expectLink(mail, "https://zipat.school/teachers");
    const without = render("teacherApplicationReceived", { cvFileName: null });
    expectBothSay(without, "We have received your registration.", "Not sent");
  });

  it("staffNewTeacherApplication: every detail, the CV named (never attached) and the admin screen", () => {
    const mail = render("staffNewTeacherApplication");
    expect(mail.subject).toBe("New teacher registration: Priya Nair, Kochi");
    expectBothSay(
      mail,
      "+91 98765 43210",
      "priya@example.in",
      "6 years teaching Grade 3 to 5 mathematics",
      "I would love to teach online.",
      "Priya Nair CV.pdf (240 KB): download it from the admin screen",
    );
    expectLink(mail, "https://zipat.school/admin/teacher-applications");
    expectBothSay(
      render("staffNewTeacherApplication", { cvFileName: null, cvSizeBytes: null, message: "" }),
      "No CV was sent",
    );
  });
});

describe("in the family's language (issue 37)", () => {
  const FAMILY_KINDS = MAIL_KINDS.filter((kind) => MAIL_AUDIENCE[kind] !== "staff");
  const DEVANAGARI = /\p{Script=Devanagari}/u;
  const inHindi = <K extends MailKind>(kind: K, data: Partial<MailData[K]> = {}) =>
    render(kind, { ...data, language: "hi" });
  /** The site's link to a page as a Hindi mail gives it: its Hindi once the page has one. */
  const hindiPage = (path: string) => `https://zipat.school${hasHindi(path) ? `/hi${path}` : path}`;

  it("staff notices have no language: they stay English", () => {
    expect(FAMILY_KINDS.sort()).toEqual(MAIL_KINDS.filter((kind) => !kind.startsWith("staff")).sort());
  });

  it.each(FAMILY_KINDS)("%s in Hindi: subject, body, frame and footer, in both parts", (kind) => {
    const english = render(kind);
    const mail = inHindi(kind);
    expect(mail.subject).toMatch(DEVANAGARI);
    expect(mail.subject).not.toBe(english.subject);
    expect(mail.subject).not.toMatch(
      /received|booked|payment|welcome|confirm|reset|password|deleted|seat|offer|waitlist/i,
    );
    expect(mail.html.startsWith('<!doctype html><html lang="hi">')).toBe(true);
    expect(visible(`<body>${/<title>(.*)<\/title>/.exec(mail.html)?.[1]}`).trim()).toBe(mail.subject);
    expect(mail.html).toContain("Noto Sans Devanagari");
    // The frame: tagline, sign-off, footer labels, and why the reader got it.
    expectBothSay(
      mail,
      "खुश विद्यार्थी, खुश अभिभावक",
      "शुभकामनाओं सहित,",
      "Zipat Online School टीम",
      "ईमेल: office@zipat.school",
      "फ़ोन: +91 80 1234 5678",
      "आपको यह ईमेल इसलिए मिला है",
    );
    for (const englishFrame of [
      "Warm regards",
      "You are receiving this e-mail",
      "Or open this link",
      "Happy Students",
      "E-mail:",
      "Phone:",
      "Dear ",
    ]) {
      expect(visible(mail.html)).not.toContain(englishFrame);
      expect(mail.text).not.toContain(englishFrame);
    }
    for (const line of mail.text.split("\n"))
      if (!/^https?:\/\//.test(line)) expect(line.length).toBeLessThanOrEqual(78);
  });

  it.each(FAMILY_KINDS)("%s with language en is today's English mail, byte for byte", (kind) => {
    expect(render(kind, { language: "en" })).toEqual(render(kind));
  });

  it.each(FAMILY_KINDS.filter((kind) => kind !== "accountDeleted"))(
    "%s in Hindi keeps a name literal: markup escaped, no placeholder or nesting expanded",
    (kind) => {
      const name = "Tom & <b>{{school}}</b> $t(greeting)";
      const mail = renderMail(kind, { ...withNames(kind, name), language: "hi" } as never, SCHOOL);
      expect(mail.html).not.toContain("<b>");
      expect(mail.html).toContain("Tom &amp; &lt;b&gt;{{school}}&lt;/b&gt; $t(greeting)");
      expect(mail.text).toContain(name);
    },
  );

  it("applicationReceived: the application, the grade in Hindi, the four steps and the fee", () => {
    const mail = inHindi("applicationReceived");
    expect(mail.subject).toBe("Aarav Sharma का आवेदन हमें मिल गया है");
    expectBothSay(
      mail,
      "प्रिय Asha Sharma जी,",
      "Aarav Sharma (कक्षा 3)",
      "आवेदन संख्या",
      "42",
      "2 कामकाजी दिनों में प्रवेश पक्का हो जाता है",
      "प्रवेश फ़ॉर्म खोलें",
      "प्रवेश की पुष्टि पाएँ",
      "फ़ीस का विवरण देखें",
      "कोई सवाल हो तो हमें office@zipat.school पर ईमेल करें या +91 80 1234 5678 पर फ़ोन करें।",
    );
    expect(mail.text).toContain("4. प्रवेश की पुष्टि पाएँ");
    expectLink(mail, hindiPage("/fee-structure"));
    expectLink(mail, hindiPage("/admissions"));
  });

  it("names every grade the Hindi way, and leaves a grade it does not know as stored", () => {
    expectBothSay(inHindi("demoBooked", { grade: "Nursery" }), "नर्सरी");
    expectBothSay(inHindi("demoBooked", { grade: "Kindergarten" }), "केजी");
    expectBothSay(inHindi("demoBooked", { grade: "Grade 8" }), "कक्षा 8");
    expectBothSay(inHindi("demoBooked", { grade: "Class X" }), "Class X");
  });

  it("demoBooked: the preferred time as the parent wrote it, and the courses", () => {
    const mail = inHindi("demoBooked");
    expect(mail.subject).toBe("Aarav Sharma की डेमो क्लास बुक हो गई");
    expectBothSay(mail, "मुफ़्त डेमो क्लास", "पसंदीदा तारीख और समय", "Saturday 10 am", "कक्षा 3");
    expectLink(mail, hindiPage("/courses"));
  });

  it("paymentReceived: amount and time in Hindi formats; the receipt keeps its one address", () => {
    const mail = inHindi("paymentReceived", { amountPaise: 12_500_050 });
    expect(mail.subject).toBe("भुगतान मिल गया: Aarav Sharma (कक्षा 3) के लिए ₹1,25,000.50");
    expectBothSay(
      mail,
      "₹1,25,000.50",
      "25 नवंबर 2026, 4:05 pm IST",
      "ट्रांज़ैक्शन आईडी",
      "pay_T123",
      "2 कामकाजी दिनों में",
      "अपनी रसीद देखें",
    );
    expectLink(mail, "https://pay.example/receipts/T123");
  });

  it("paymentFailed: the site's own reason in Hindi, a gateway's as it wrote it; the pay link unchanged", () => {
    const own = inHindi("paymentFailed", {
      reason: "The payment was not completed.",
      retryUrl: "https://zipat.school/pay/tok",
    });
    expect(own.subject).toBe("भुगतान पूरा नहीं हुआ: Aarav Sharma (कक्षा 3) के लिए ₹25,000");
    expectBothSay(
      own,
      "कारण",
      "भुगतान पूरा नहीं हुआ।",
      "फिर से भुगतान करें",
      "हमसे office@zipat.school या +91 80 1234 5678 पर संपर्क करें",
    );
    expect(own.text).not.toContain("The payment was not completed.");
    expectLink(own, "https://zipat.school/pay/tok");
    expectBothSay(inHindi("paymentFailed"), "The bank declined the card.");
  });

  it("welcome and verifyEmail: the verification link moves to Hindi only with its page", () => {
    for (const kind of ["welcome", "verifyEmail"] as const) {
      const mail = inHindi(kind);
      expectBothSay(mail, "मेरे ईमेल पते की पुष्टि करें", "अगले 48 घंटे तक");
      expectLink(mail, `${hindiPage("/verify-email")}?token=xyz`);
    }
    expectLink(inHindi("welcome"), hindiPage("/profile"));
    expect(inHindi("verifyEmail", { validHours: 1 }).text).toContain("अगले 1 घंटे तक");
  });

  it("passwordReset and passwordChanged: minutes, time and whom to contact in Hindi", () => {
    const reset = inHindi("passwordReset");
    expect(reset.subject).toBe("अपना Zipat पासवर्ड रीसेट करें");
    expectBothSay(reset, "नया पासवर्ड चुनें", "अगले 30 मिनट तक");
    expectLink(reset, `${hindiPage("/reset-password")}?token=abc`);
    const changed = inHindi("passwordChanged");
    expectBothSay(
      changed,
      "25 नवंबर 2026, 4:05 pm IST पर बदला गया",
      "अभी अपना पासवर्ड रीसेट करें और हमसे office@zipat.school या +91 80 1234 5678 पर संपर्क करें।",
    );
    expectLink(changed, `${hindiPage("/login")}?view=forgot`);
    expect(inHindi("passwordChanged", { changedAt: new Date("nonsense") }).text).toContain("(समय दर्ज नहीं है)");
  });

  it("accountDeleted: what was erased and kept, counted in Hindi", () => {
    const mail = inHindi("accountDeleted", { orders: 3, teacherApplications: 1 });
    expect(mail.subject).toBe("आपका Zipat खाता हटा दिया गया है");
    expectBothSay(
      mail,
      "नमस्ते,",
      "2 आवेदन",
      "1 अनुरोध",
      "3 कोर्स",
      "1 रजिस्ट्रेशन और उसका CV",
      "आपके 3 भुगतानों के लिए",
      "हम क्या रखते हैं, और क्यों",
    );
  });

  it("teacherApplicationReceived: with and without a CV", () => {
    const mail = inHindi("teacherApplicationReceived");
    expect(mail.subject).toBe("Zipat में आपका शिक्षक रजिस्ट्रेशन मिल गया है");
    expectBothSay(mail, "प्रिय Priya Nair जी,", "आपका रजिस्ट्रेशन और आपका CV मिल गया है", "Priya Nair CV.pdf");
    expectLink(mail, hindiPage("/teachers"));
    expectBothSay(inHindi("teacherApplicationReceived", { cvFileName: null }), "नहीं भेजा गया");
  });

  it("offerMade: the seat, its time in Hindi, accept and pay on the Hindi profile", () => {
    const mail = inHindi("offerMade", { profileUrl: "https://zipat.school/hi/profile" });
    expect(mail.subject).toBe("Zipat की कक्षा 3 में Aarav Sharma के लिए सीट");
    expectBothSay(
      mail,
      "प्रिय Asha Sharma जी,",
      "Zipat Online School की कक्षा 3 में Aarav Sharma के लिए एक सीट है।",
      "हमने यह सीट 2 दिसंबर 2026, 6:00 pm IST तक आपके लिए रखी है।",
      "साल की फ़ीस का भुगतान करें",
      "स्वीकार करें और भुगतान करें",
      "ऑफ़र अस्वीकार कर दें, ताकि यह सीट किसी और परिवार को मिल सके",
    );
    expectFacts(
      mail,
      ["आवेदन संख्या", "42"],
      ["विद्यार्थी", "Aarav Sharma"],
      ["ऑफ़र की आखिरी तारीख", "2 दिसंबर 2026, 6:00 pm IST"],
    );
    expectLink(mail, "https://zipat.school/hi/profile");
    // An English profile address in a Hindi mail goes to the Hindi profile, not /hi/hi/.
    expectLink(inHindi("offerMade"), hindiPage("/profile"));
    for (const english of ["Accept and pay", "Offer open until", "Application number", "decline"])
      expect(mail.text).not.toContain(english);
    const fromWaitlist = inHindi("offerMade", { fromWaitlist: true });
    expectBothSay(fromWaitlist, "एक सीट खाली हुई है, और वेटिंग लिस्ट में अगला नाम Aarav Sharma का था।");
  });

  it("offerExpired: the time the offer ended and whom to contact, in Hindi", () => {
    const mail = inHindi("offerExpired");
    expect(mail.subject).toBe("Aarav Sharma (कक्षा 3) के लिए सीट का ऑफ़र खत्म हो गया");
    expectBothSay(
      mail,
      "हमने कक्षा 3 में Aarav Sharma के लिए एक सीट 2 दिसंबर 2026, 6:00 pm IST तक रखी थी।",
      "सीट वापस ले ली गई है",
      "तो कृपया हमसे office@zipat.school या +91 80 1234 5678 पर संपर्क करें।",
    );
    expectFacts(mail, ["आवेदन संख्या", "42"]);
    expect(mail.text).not.toMatch(/offer|seat|ended/i);
  });

  it("offerWithdrawn: the offer taken back, in Hindi", () => {
    const mail = inHindi("offerWithdrawn", { grade: "Nursery" });
    expect(mail.subject).toBe("Aarav Sharma (नर्सरी) के लिए सीट का ऑफ़र वापस ले लिया गया है");
    expectBothSay(
      mail,
      "हमें खेद है कि हमने नर्सरी में Aarav Sharma के लिए सीट का ऑफ़र वापस ले लिया है।",
      "इस बारे में कोई सवाल हो तो कृपया हमसे office@zipat.school या +91 80 1234 5678 पर संपर्क करें।",
    );
    expect(mail.text).not.toMatch(/withdrawn|seat/i);
  });

  it("waitlisted: the position and the grade in Hindi, and the Hindi profile", () => {
    const mail = inHindi("waitlisted", { position: 7, grade: "Grade 5" });
    expect(mail.subject).toBe("Aarav Sharma का नाम कक्षा 5 की वेटिंग लिस्ट में 7 नंबर पर है");
    expectBothSay(
      mail,
      "अभी Zipat Online School में कक्षा 5 की सभी सीटें भरी हुई हैं, इसलिए Aarav Sharma का नाम वेटिंग लिस्ट में 7 नंबर पर है।",
      "जब Aarav Sharma की बारी आएगी, हम आपको ईमेल से ऑफ़र भेजेंगे",
      "अपनी प्रोफ़ाइल देखें",
    );
    expectFacts(mail, ["वेटिंग लिस्ट में नंबर", "7"]);
    expectLink(mail, hindiPage("/profile"));
    expect(mail.text).not.toMatch(/waitlist|Go to your profile/i);
  });

  it("leaves out contact details the school has not entered yet, in Hindi too", () => {
    const mail = renderMail(
      "paymentFailed",
      { ...SAMPLES.paymentFailed, language: "hi" },
      { ...SCHOOL, address: "", email: "", phone: "" },
    );
    expect(mail.text).not.toContain("ईमेल:");
    expect(mail.text).not.toContain("फ़ोन:");
    expectBothSay(mail, "कृपया स्कूल से संपर्क करें");
  });

  it("mailLink: a page with Hindi moves under /hi, query kept; files, receipts and other sites do not", () => {
    const base = "https://zipat.school";
    expect(mailLink(base, "hi", "/?from=mail")).toBe("https://zipat.school/hi?from=mail");
    expect(mailLink(base, "hi", "https://zipat.school/")).toBe("https://zipat.school/hi");
    expect(mailLink(base, "en", "/")).toBe("https://zipat.school/");
    expect(mailLink(base, "hi", "/receipt/tok")).toBe("https://zipat.school/receipt/tok");
    expect(mailLink(base, "hi", "https://pay.example/receipts/T123")).toBe(
      "https://pay.example/receipts/T123",
    );
    expect(mailLink(`${base}/`, "hi", "/admin/orders")).toBe("https://zipat.school/admin/orders");
  });
});
