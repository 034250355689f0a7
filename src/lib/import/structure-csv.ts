import { yesNo } from './cells';
import { columnKey, currencyColumn, locateColumns } from './columns';
import type { CsvRow } from './csv-rows';
import type { RowProblem } from './entry';
import { decideNumberFormat, plainNumber, type NumberFormat } from './numbers';
import { cellAt, shapeProblem } from './source';
import { keepableStructure, type ImportStructure, type StructureProject } from './structure';

// The CSV exports that hold a workspace's structure and no time (issue 33): Clockify's projects
// CSV and Harvest's clients and projects CSVs. Columns as the tools write them (solidtime's
// importers read the same files: ClockifyProjectsImporter, HarvestClientsImporter,
// HarvestProjectsImporter). Recognised, like the time reports, by their required columns.

export type StructureCsvSource = 'clockify-projects' | 'harvest-clients' | 'harvest-projects';

export interface StructureCsv {
  source: StructureCsvSource;
  name: string;
  howToExport: string;
  required: readonly string[];
  /** Reads the file's rows with its header, or says which required columns it lacks. */
  read: (
    header: readonly string[],
    rows: readonly CsvRow[],
  ) =>
    | { structure: ImportStructure; problems: RowProblem[]; numberFormat: NumberFormat }
    | { missing: string[] };
}

const empty = (): ImportStructure => ({ clients: [], projects: [], tags: [], notCarried: [] });

/** A row's problem before its cells are read, listed with its line; true when it is fine. */
function rowFine(row: CsvRow, width: number, problems: RowProblem[]): boolean {
  const problem = shapeProblem(row, width);
  if (problem) problems.push({ line: row.line, reason: problem });
  return problem === null;
}

/** Names in one cell, `Task 1, Task 2`, trimmed, empty ones dropped. */
const names = (cell: string) =>
  cell
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * Clockify → Projects → Export → CSV: `Name` (older exports `Project`), `Client` (missing in
 * newer exports), `Status`, `Visibility`, `Billability`, `Tasks` (or `Task`, `Activities`),
 * `Tracked (h)`, `Estimated (h)`, …, `Billable Rate (USD)`, `Amount (USD)`, `Project members`,
 * `Project manager`, `Note`.
 */
export const clockifyProjects: StructureCsv = {
  source: 'clockify-projects',
  name: 'Clockify projects (CSV)',
  howToExport: 'Clockify’s projects list (Projects → Export → CSV)',
  required: ['Name', 'Status', 'Visibility'],
  read(header, rows) {
    const keys = header.map(columnKey);
    const projectAt = ['name', 'project'].map((k) => keys.indexOf(k)).find((i) => i >= 0) ?? -1;
    const { at, missing } = locateColumns(
      header,
      ['Status', 'Visibility', 'Client', 'Billability', 'Project members'] as const,
      ['Status', 'Visibility'] as const,
    );
    if (projectAt === -1 || missing.length)
      return { missing: [...(projectAt === -1 ? ['Name'] : []), ...missing] };
    const tasksAt = ['tasks', 'task', 'activities'].map((k) => keys.indexOf(k)).find((i) => i >= 0);
    const rate = currencyColumn(header, 'Billable Rate');
    const problems: RowProblem[] = [];
    const fine = rows.filter((row) => rowFine(row, header.length, problems));
    const numberFormat = decideNumberFormat(
      fine.map((row) => cellAt(row.cells, rate?.index ?? -1)),
    );
    const structure = empty();
    for (const row of fine) {
      const cell = (index: number) => cellAt(row.cells, index).trim();
      const name = cell(projectAt);
      if (!name) {
        problems.push({ line: row.line, reason: 'It has no project name.' });
        continue;
      }
      const billability = cell(at.Billability);
      const billable = billability === '' ? true : yesNo(billability);
      const rateCell = cell(rate?.index ?? -1);
      const rateValue = rateCell === '' ? null : plainNumber(rateCell, numberFormat);
      if (billable === null || (rateCell !== '' && (rateValue === null || rateValue < 0))) {
        problems.push({
          line: row.line,
          reason:
            billable === null
              ? `Its Billability “${billability}” is neither Yes nor No.`
              : `Its Billable Rate “${rateCell}” is not a number.`,
        });
        continue;
      }
      structure.projects.push({
        ...project(
          name,
          cell(at.Client),
          billable,
          rateValue,
          /^archived$/i.test(cell(at.Status)),
          {
            tasks: names(cell(tasksAt ?? -1)),
            members: names(cell(at['Project members'])).map((n) => ({ email: '', name: n })),
          },
        ),
        line: row.line,
      });
    }
    structure.notCarried = [
      'colours',
      'visibility (public or private)',
      'estimates',
      'project managers',
      'notes',
    ];
    return finished(structure, problems, numberFormat);
  },
};

/** A project of a structure file; billed at its own rate when the file gives one. */
function project(
  name: string,
  client: string,
  billable: boolean,
  rate: number | null,
  archived: boolean,
  more: Pick<StructureProject, 'tasks' | 'members'>,
): StructureProject {
  return {
    name,
    client,
    billable: !billable ? 'false' : rate !== null && rate > 0 ? 'project' : 'member',
    rate: billable && rate !== null && rate > 0 ? rate : null,
    archived,
    ...more,
  };
}

/** Harvest → Manage → Clients → Export: `Client Name` (and its address and currency). */
export const harvestClients: StructureCsv = {
  source: 'harvest-clients',
  name: 'Harvest clients (CSV)',
  howToExport: 'Harvest’s clients list (Manage → Clients → Export)',
  required: ['Client Name'],
  read(header, rows) {
    const { at, missing } = locateColumns(
      header,
      ['Client Name'] as const,
      ['Client Name'] as const,
    );
    if (missing.length) return { missing };
    const problems: RowProblem[] = [];
    const structure = empty();
    for (const row of rows) {
      if (!rowFine(row, header.length, problems)) continue;
      const name = cellAt(row.cells, at['Client Name']).trim();
      if (name) structure.clients.push({ name, archived: false, line: row.line });
      else problems.push({ line: row.line, reason: 'It has no client name.' });
    }
    structure.notCarried = ['addresses', 'currencies'];
    return finished(structure, problems, 'decimal-point');
  },
};

/**
 * Harvest → Projects → Export (CSV): `Client, Project, Project Code, Start Date, End Date,
 * Project Notes, Total Hours, Billable Hours, Billable Amount, Budget, …`. It has no rates and
 * no billable flag: a project with billable hours is billable (at each member's rate).
 */
export const harvestProjects: StructureCsv = {
  source: 'harvest-projects',
  name: 'Harvest projects (CSV)',
  howToExport: 'Harvest’s projects list (Projects → Export → CSV)',
  required: ['Client', 'Project', 'Budget', 'Billable Hours'],
  read(header, rows) {
    const { at, missing } = locateColumns(
      header,
      ['Client', 'Project', 'Budget', 'Billable Hours'] as const,
      ['Client', 'Project', 'Budget', 'Billable Hours'] as const,
    );
    if (missing.length) return { missing };
    const problems: RowProblem[] = [];
    const fine = rows.filter((row) => rowFine(row, header.length, problems));
    const numberFormat = decideNumberFormat(
      fine.map((row) => cellAt(row.cells, at['Billable Hours'])),
    );
    const structure = empty();
    for (const row of fine) {
      const cell = (index: number) => cellAt(row.cells, index).trim();
      const name = cell(at.Project);
      const hoursCell = cell(at['Billable Hours']);
      const hours = hoursCell === '' ? 0 : plainNumber(hoursCell, numberFormat);
      if (!name || hours === null) {
        problems.push({
          line: row.line,
          reason: !name
            ? 'It has no project name.'
            : `Its Billable Hours “${hoursCell}” is not a number.`,
        });
        continue;
      }
      structure.projects.push({
        ...project(name, cell(at.Client), hours > 0, null, false, { tasks: [], members: [] }),
        line: row.line,
      });
    }
    structure.notCarried = ['project codes', 'start and end dates', 'budgets', 'notes'];
    return finished(structure, problems, numberFormat);
  },
};

/** A file's structure without names Hourmark cannot keep, its problems in line order. */
function finished(structure: ImportStructure, problems: RowProblem[], numberFormat: NumberFormat) {
  const kept = keepableStructure(structure);
  return {
    structure: kept.structure,
    problems: [...problems, ...kept.problems].sort((a, b) => a.line - b.line),
    numberFormat,
  };
}

/** Tried after the time reports, in this order. */
export const structureCsvSources: readonly StructureCsv[] = [
  clockifyProjects,
  harvestProjects,
  harvestClients,
];
