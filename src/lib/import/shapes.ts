import type { AnyCsvMapping, AnyCsvPreview } from './any-csv-mapping';
import type { DateFormat } from './date-formats';
import type { RowProblem } from './entry';
import type { NumberFormat } from './numbers';
import type { ProjectRate } from './project-rates';
import type { ReadImportFile } from './read-file';

// The shapes of the import endpoints' answers and of the choices sent to them (issues 32 and 33;
// docs/api.md, Imports): the server builds them and the islands read them over HTTP, so both
// take them from here.

type ReadFile = Extract<ReadImportFile, { ok: true }>;

/** How many of a kind of record the import would create, and how many it finds. */
export interface Counted {
  create: number;
  match: number;
  /** The names it would create, in the file's spelling, first seen first. */
  created: string[];
}

/** A person of the file and who they would become in the workspace. */
export interface PersonPreview {
  name: string;
  email: string;
  rows: number;
  seconds: number;
  /** 'me': the importing person; 'member': an existing team member; 'new': a new one (not invited). */
  suggestion: { kind: 'me' | 'member' | 'new'; memberId: string | null; memberName: string };
  /**
   * The labour rate a NEW team member would get: the cost rate of the person's latest row in the
   * file (Harvest's Cost Rate); null for an existing member (their rate stays) or a file without one.
   */
  labourRate: number | null;
}

export interface ImportPreview {
  source: ReadFile['source'];
  sourceName: string;
  encoding: ReadFile['encoding'];
  timeZone: string;
  /** The orders that read every date; when there are several, the person must choose one. */
  dateFormats: DateFormat[];
  /** The order the dates were read in (the person's choice, the only fitting one or the tool's default). */
  dateFormat: DateFormat;
  mustChooseDateFormat: boolean;
  /** The decimal mark the file's numbers were read with, decided from its values (issue 33). */
  numberFormat: NumberFormat;
  /** `alreadyImported`: rows an earlier import wrote (by fingerprint), left out of every figure. */
  rows: { importable: number; refused: number; alreadyImported: number };
  dateRange: { from: string; to: string } | null;
  totalSeconds: number;
  billableSeconds: number;
  clients: Counted;
  projects: Counted;
  tasks: Counted;
  tags: Counted;
  members: Counted;
  people: PersonPreview[];
  amounts: {
    /** The file's own currency (from its header) and the sum of its amounts. */
    fileCurrency: string | null;
    fileMinor: number;
    /** The workspace's currency, which its rates bill in. */
    workspaceCurrency: string;
    /** Rows whose rate the workspace already decides (a matched project, and its task or member when it bills theirs). */
    pricedRows: number;
    /** What those rows bill at the workspace's rates, and what the file says they billed. */
    workspaceMinor: number;
    fileMinorOfPricedRows: number;
  };
  /** Rows that cannot be imported, first 500, in the file's order. */
  problems: RowProblem[];
  /**
   * Importable rows the old tool marked invoiced (kept off Uninvoiced) and approved (issue 33);
   * `needApproval`: rows going to a project here that asks for approval that the file does not
   * say were approved, which the import approves unless the person says not to (issue 47).
   */
  history: { invoicedElsewhere: number; approved: number; needApproval: number };
  /**
   * The projects the import would create whose rows have amounts, each with the rate the
   * amounts imply (amount ÷ hours), which it bills at (issue 47); the person may change each.
   */
  newProjectRates: ProjectRate[];
  /** Said when the file's amounts are in another currency than the workspace bills in. */
  currencyNotice: string | null;
  /**
   * A file of clients and projects without time (issue 33: Toggl's account export, Clockify's
   * projects CSV, Harvest's clients and projects CSVs): no logs are created from it.
   */
  structure?: StructurePreview;
  /** Any CSV (issue 33): the file's columns, the mapping read with, and its first rows. */
  anyCsv?: AnyCsvPreview;
}

/** What a file without time brings besides the counted clients, projects and tasks. */
export interface StructurePreview {
  /** Projects the file marks archived (created archived; matched ones stay as they are). */
  archivedProjects: number;
  /** Team members the file puts on projects it would create, found in the workspace. */
  projectMembers: number;
  /** People on the file's projects who are not team members here (nobody is created). */
  peopleNotFound: string[];
  /** Tags named in the file: Hourmark keeps tags on logs, so none is created. */
  tags: number;
  /** What the file holds that Hourmark has no place for. */
  notCarried: string[];
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed' | 'undone';

/** Who a person of the file becomes: the importer, an existing member, or a new one. */
export interface PersonChoice {
  /** The person's email as read (lowercased), or '' when the file names them only. */
  email: string;
  name: string;
  as: 'me' | 'member' | 'new';
  /** The member ('member'), the importer's own record ('me'); null for 'new' until created. */
  memberId: string | null;
}

/** What the person chose before the import started. */
export interface ImportChoices {
  timeZone: string;
  /** The date order chosen when the file's dates read several ways; null when only one does. */
  dateFormat: string | null;
  people: PersonChoice[];
  /**
   * Any CSV (issue 33): the mapping the file was read with, the file's shape (remembered for the
   * next file of that shape) and whose rows naming no person are.
   */
  anyCsv?:
    { shape: string; mapping: AnyCsvMapping; me: { name: string; email: string } } | undefined;
  /**
   * Each person's labour rate from the file (labour-rates.ts), by person key, worked out as the
   * upload staged the entries (issue 32), so the job need not read every entry for it. Set (if
   * only `{}`) exactly on imports whose entries are staged (import_entries): imports started
   * before that have none, and their job reads the file.
   */
  labourRates?: Record<string, number> | undefined;
  /**
   * The hourly rate each project the import creates bills at, named by client and project as the
   * file has them (a list: jsonb keys cannot hold the project key's NUL): the file's amounts ÷
   * hours, or the person's own figure (issue 47). Absent on older imports.
   */
  projectRates?: { client: string; project: string; rate: number }[] | undefined;
  /**
   * Rows going to projects that ask for approval are imported approved (issue 47: history was
   * agreed in the other tool). Absent on imports before it: they were pending.
   */
  approveHistory?: boolean | undefined;
}

/** A record the import created, by id and the name it was given. */
export interface CreatedRecord {
  id: string;
  name: string;
}

/** What an import came to, so far: kept as it runs, shown on its result page. */
export interface ImportResult {
  created: {
    clients: CreatedRecord[];
    projects: CreatedRecord[];
    tasks: CreatedRecord[];
    /** Tags no log of the workspace had, in the file's spelling. */
    tags: string[];
    /** New team members, with the person of the file each is (their email, else name). */
    members: (CreatedRecord & { person: string })[];
  };
  /** Logs created, and their seconds. */
  logs: number;
  seconds: number;
  /** Rows an earlier import wrote (by fingerprint), not written again. */
  alreadyImported: number;
  /** Rows not imported, with line and reason: the first 500; `skippedCount` counts all. */
  skipped: RowProblem[];
  skippedCount: number;
  /** Set by undo: what it removed, and what it kept because it was used or changed since. */
  undo: UndoResult | null;
}

export interface UndoResult {
  removed: { logs: number; clients: number; projects: number; tasks: number; members: number };
  kept: {
    kind: 'log' | 'client' | 'project' | 'task' | 'member';
    id: string;
    name: string;
    why: string;
  }[];
}

/** An import as the API answers it (never its file). */
export interface ImportView {
  id: string;
  status: ImportStatus;
  source: string;
  fileName: string;
  fileSize: number;
  /** The name of the person who started it. */
  startedBy: string;
  createdAt: string;
  finishedAt: string | null;
  timeZone: string;
  dateFormat: string | null;
  people: PersonChoice[];
  progress: { done: number; total: number };
  result: ImportResult;
  error: string | null;
}
