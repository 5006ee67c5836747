/** What every grade's yearly fee pays for: the fee accordion lists the titles, /fee-structure all of it. */
export const FEE_INCLUDES = [
  {
    title: "Live classes with caring teachers",
    detail: "Interactive online classes every school day, where your child can ask questions and be heard.",
  },
  {
    title: "Recorded lessons",
    detail: "Every lesson can be watched again, so a missed class or a tricky topic is never lost.",
  },
  {
    title: "Extracurriculars",
    detail: "Counselling, yoga, music, art, dance, story-telling, coding and cultural exchanges.",
  },
  {
    title: "Progress monitoring for parents",
    detail: "See the time your child spends on each topic, page and module, whenever you like.",
  },
] as const;
