import { formatFileSize, formatMobile } from "~/domain/format";
import { paragraph, questions, type Templates } from "./data.server";

/** The mails of a registration from the Teachers page: to the teacher, and to the staff inbox. */
export const TEACHER_TEMPLATES: Pick<Templates, "teacherApplicationReceived" | "staffNewTeacherApplication"> =
  {
    teacherApplicationReceived: (data, { school, link, site }) => ({
      subject: `We have received your teacher registration for ${school.name}`,
      preheader: `Registration number ${data.teacherApplicationId}. Our team will read it and get in touch.`,
      greeting: `Dear ${data.name},`,
      blocks: [
        paragraph(
          `Thank you for your interest in teaching at ${school.fullName}. We have received your registration${data.cvFileName ? " and your CV" : ""}.`,
        ),
        {
          kind: "facts",
          rows: [
            ["Registration number", String(data.teacherApplicationId)],
            ["CV", data.cvFileName ?? "Not sent"],
          ],
        },
        paragraph(
          "Our team reads every registration. If your experience fits a class we are planning, we will call or e-mail you to arrange an interview.",
        ),
        { kind: "button", label: "Read how we teach", url: link("/teachers") },
        questions(school),
      ],
      signOff: "team",
      reason: `You are receiving this e-mail because a teacher registration was sent on ${site} with this e-mail address.`,
    }),

    staffNewTeacherApplication: (data, context) => ({
      subject: `New teacher registration: ${data.name}, ${data.city}`,
      preheader: `${data.cvFileName ? "With a CV" : "Without a CV"}. Experience: ${data.experience}`,
      blocks: [
        paragraph("A teacher registered on the website's Teachers page."),
        {
          kind: "facts",
          rows: [
            ["Registration number", String(data.teacherApplicationId)],
            ["Name", data.name],
            ["City", data.city],
            ["Mobile", formatMobile(data.mobile)],
            ["E-mail", data.email],
            ["Teaching experience", data.experience],
            ["Message", data.message || "None"],
            [
              "CV",
              data.cvFileName && data.cvSizeBytes !== null
                ? `${data.cvFileName} (${formatFileSize(data.cvSizeBytes)}): download it from the admin screen`
                : "No CV was sent",
            ],
          ],
        },
        {
          kind: "button",
          label: "Open teacher applications",
          url: context.link("/admin/teacher-applications"),
        },
      ],
      signOff: "website",
      reason: `You are receiving this e-mail because this address receives the staff notifications of ${context.site}.`,
    }),
  };
