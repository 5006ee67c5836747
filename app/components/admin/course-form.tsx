import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { HindiVersionFields, ImageDescriptionField, ImageField, TitleAndDescription } from "./content-form";
import { contentScreens, defineContentKind } from "./content-kind";

/**
 * Courses: title, description, their optional Hindi, and an image (required when adding, optional
 * when editing) with its description.
 */
export const COURSES = defineContentKind({
  listPath: "/admin/courses",
  noun: "course",
  one: "a course",
  home: "the school's catalogue",
  newDescription: "Add a course to the school's catalogue.",
  addLabel: "Add course",
  messages: MESSAGES.courses,
  form: FORMS.courseWithHindi,
  service: (services) => services.courses,
  fields: (
    form,
    course:
      | {
          title: string;
          description: string;
          imageUrl: string;
          imageAlt: string | null;
          titleHi: string | null;
          descriptionHi: string | null;
        }
      | undefined,
  ) => (
    <>
      <TitleAndDescription
        form={form}
        fields={FORMS.course}
        stored={course}
        descriptionHint="Parents read it on the course card and in the course details."
      />
      <HindiVersionFields form={form} fields={FORMS.courseWithHindi} stored={course} />
      <ImageField form={form} current={course?.imageUrl} required={!course} />
      <ImageDescriptionField form={form} field={FORMS.course.imageAlt} stored={course?.imageAlt} />
    </>
  ),
});

export const COURSE_SCREENS = contentScreens(COURSES);
