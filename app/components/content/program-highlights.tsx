import { SCHOOL } from "~/domain/brand";
import type { Program } from "~/domain/programs";
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
  return (
    <ContentSection id="highlights" tone="white" eyebrow={`${program.name} at ${SCHOOL.name}`} title={title}>
      <TileGrid tiles={tiles} columns={4} />
    </ContentSection>
  );
}
