import type { ImportPreview } from '../../../stores/imports';

// A file of clients and projects without time (issue 33: Toggl's account export, Clockify's
// projects CSV, Harvest's clients and projects CSVs): the preview says plainly that no time
// comes with it, and what does and does not.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Records such a file would create (clients, projects and tasks). */
export const recordsToCreate = (preview: ImportPreview) =>
  preview.clients.create + preview.projects.create + preview.tasks.create;

/** The start button's words: logs for a time report, records for a file without time. */
export function startLabel(preview: ImportPreview): string {
  return preview.structure
    ? `Start import of ${plural(recordsToCreate(preview), 'record', 'records')}`
    : `Start import of ${preview.rows.importable} logs`;
}

/** Whether starting would write anything. */
export const hasWork = (preview: ImportPreview) =>
  preview.structure ? recordsToCreate(preview) > 0 : preview.rows.importable > 0;

export function ImportStructureNote({ preview }: { preview: ImportPreview }) {
  const { structure } = preview;
  if (!structure) return null;
  return (
    <div className="mt-3 rounded border border-slate-300 p-3">
      <p className="font-semibold">No time in this file.</p>
      <p className="mt-1">
        It holds clients, projects and tasks: the import creates those that are new and no time
        logs. Importing it again creates nothing twice.
      </p>
      <ul className="mt-2 list-disc pl-5">
        {structure.archivedProjects > 0 ? (
          <li>
            {plural(structure.archivedProjects, 'new project is', 'new projects are')} archived in
            the file and will be archived here.
          </li>
        ) : null}
        {structure.projectMembers > 0 ? (
          <li>
            {plural(structure.projectMembers, 'team member is', 'team members are')} put on the new
            projects, as in the file.
          </li>
        ) : null}
        {structure.peopleNotFound.length > 0 ? (
          <li>
            Not team members here, so not put on projects: {structure.peopleNotFound.join(', ')}.
            Nobody is invited or created by this import.
          </li>
        ) : null}
        {structure.tags > 0 ? (
          <li>
            {plural(structure.tags, 'tag is', 'tags are')} not carried over: Hourmark keeps tags on
            time logs.
          </li>
        ) : null}
        {structure.notCarried.length > 0 ? (
          <li>Not carried over: {structure.notCarried.join(', ')}.</li>
        ) : null}
      </ul>
    </div>
  );
}
