import { MESSAGES } from "~/domain/messages";
import { ContentFormModal, ImageField, TitleAndDescription } from "./content-form";

export const COURSES_ADMIN_PATH = "/admin/courses";

/** Adding (no `course`: the image is required) or editing a course (a new image is optional). */
export function CourseForm({
  course,
}: {
  course?: { title: string; description: string; imageUrl: string };
}) {
  return (
    <ContentFormModal
      noun="course"
      editing={course !== undefined}
      addLabel="Add course"
      closeTo={COURSES_ADMIN_PATH}
      failedText={MESSAGES.courses.saveFailed}
    >
      {(form) => (
        <>
          <TitleAndDescription
            form={form}
            stored={course}
            descriptionHint="Parents read it on the course card and in the course details."
          />
          <ImageField form={form} current={course?.imageUrl} required={!course} />
        </>
      )}
    </ContentFormModal>
  );
}
