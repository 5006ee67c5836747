import { formatFileSize, formatMobile } from "~/domain/format";
import { greeting, paragraph, questions, type Templates } from "./data.server";

/**
 * The mails of a registration from the Teachers page: to the teacher (in the language of the page
 * they registered on), and to the staff inbox (English).
 */
export const TEACHER_TEMPLATES: Pick<Templates, "teacherApplicationReceived" | "staffNewTeacherApplication"> =
  {
    teacherApplicationReceived: {
      subject: (_data, { school, t }) => t("teacherApplicationReceived.subject", { school: school.name }),
      body: (data, context) => {
        const { school, link, site, t } = context;
        const thanks = data.cvFileName
          ? "teacherApplicationReceived.thanksWithCv"
          : "teacherApplicationReceived.thanks";
        return {
          preheader: t("teacherApplicationReceived.preheader", { id: data.teacherApplicationId }),
          greeting: greeting(data.name, t),
          blocks: [
            paragraph(t(thanks, { school: school.fullName })),
            {
              kind: "facts",
              rows: [
                [t("teacherApplicationReceived.number"), String(data.teacherApplicationId)],
                [
                  t("teacherApplicationReceived.cv"),
                  data.cvFileName ?? t("teacherApplicationReceived.cvNotSent"),
                ],
              ],
            },
            paragraph(t("teacherApplicationReceived.next")),
            { kind: "button", label: t("teacherApplicationReceived.button"), url: link("/teachers") },
            questions(context),
          ],
          signOff: "team",
          reason: t("teacherApplicationReceived.reason", { site }),
        };
      },
    },

    staffNewTeacherApplication: {
      subject: (data) => `New teacher registration: ${data.name}, ${data.city}`,
      body: (data, context) => ({
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
    },
  };
