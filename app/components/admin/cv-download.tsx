import { formatFileSize } from "~/domain/format";
import { nothing } from "./record-pages";

/** A teacher's CV as a download link (a file, never a page: see its route), or plainly "No CV". */
export function CvDownload({
  applicationId,
  teacher,
  fileName,
  sizeBytes,
}: {
  applicationId: number;
  teacher: string;
  fileName: string | null;
  sizeBytes: number | null;
}) {
  if (fileName === null) return nothing("No CV");
  return (
    <span className="flex flex-col">
      <a
        href={`/admin/teacher-applications/${applicationId}/cv`}
        download={fileName}
        className="font-semibold text-navy underline underline-offset-2 hover:text-navy-dark"
      >
        Download CV<span className="sr-only"> of {teacher}</span>
      </a>
      <span className="break-words text-sm text-ink-soft">
        {fileName} ({formatFileSize(sizeBytes ?? 0)})
      </span>
    </span>
  );
}
