import { SCHOOL } from "~/domain/brand";
import type { Program } from "~/domain/programs";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { PROGRAM_TEXTS } from "~/domain/texts/programs";
import { useTexts } from "~/utils/language";
import { ContentSection } from "./section";
import { TileGrid, type Tile } from "./tile-grid";

/** "What this program is like": four tiles on a white band, named after the program. */
export function ProgramHighlights({
  program,
  title,
  tiles,
}: {
  program: Program;
  title: string;
  tiles: readonly Tile[];
}) {
  const t = useTexts(PROGRAM_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  return (
    <ContentSection
      id="highlights"
      tone="white"
      eyebrow={t("highlights.eyebrow", {
        program: content(`program.${program.key}.name`),
        school: SCHOOL.name,
      })}
      title={title}
    >
      <TileGrid tiles={tiles} columns={4} />
    </ContentSection>
  );
}
