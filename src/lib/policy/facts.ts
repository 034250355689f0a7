// The facts the policy decides on: records as plain shapes, so the server can load them from its
// tables and a device from its cache. `undefined` means "not known here" (a device outside its
// 8-week window, a field a role never receives); `null` means "there is none".

/** A project as the policy needs it. */
export interface ProjectFacts {
  /** Its team: the members who may track on it, Managers among them manage it. */
  memberIds?: readonly string[] | undefined;
  /** Whether its logs go through approval. */
  approval?: boolean | undefined;
}

/** A task as the policy needs it. */
export interface TaskFacts {
  projectId?: string | null | undefined;
  /** Members it is assigned to; empty or missing: anyone on the project. */
  assigneeIds?: readonly string[] | undefined;
}

/** A time log as the policy needs it. */
export interface LogFacts {
  date: string;
  projectId?: string | null | undefined;
  taskId?: string | null | undefined;
  memberId: string | null;
  status?: string | undefined;
  reviewNote?: string | undefined;
  /** The issued invoice that holds it (its number), if any. */
  invoice?: string | undefined;
  /** Invoiced in another tool before it was imported (issue 32). */
  invoicedElsewhere?: boolean | undefined;
}

/** Reads a stored record's fields into the shapes above (server rows and device caches alike). */
export const factsOf = {
  project: (data: Record<string, unknown> | null | undefined): ProjectFacts | null =>
    data
      ? {
          memberIds: Array.isArray(data['memberIds']) ? data['memberIds'].map(String) : [],
          approval: data['approval'] === true,
        }
      : null,
  task: (data: Record<string, unknown> | null | undefined): TaskFacts | null =>
    data
      ? {
          projectId: typeof data['projectId'] === 'string' ? data['projectId'] : null,
          assigneeIds: Array.isArray(data['assigneeIds']) ? data['assigneeIds'].map(String) : [],
        }
      : null,
  log: (data: Record<string, unknown>): LogFacts => ({
    date: typeof data['date'] === 'string' ? data['date'] : '',
    projectId: typeof data['projectId'] === 'string' ? data['projectId'] : null,
    taskId: typeof data['taskId'] === 'string' ? data['taskId'] : null,
    memberId: typeof data['memberId'] === 'string' ? data['memberId'] : null,
    status: typeof data['status'] === 'string' ? data['status'] : undefined,
    reviewNote: typeof data['reviewNote'] === 'string' ? data['reviewNote'] : undefined,
    invoice: typeof data['invoice'] === 'string' ? data['invoice'] : undefined,
    invoicedElsewhere: data['invoicedElsewhere'] === true,
  }),
};

/** Whether `memberId` is on the project's team. */
export function isOn(project: ProjectFacts | null | undefined, memberId: string | null): boolean {
  return Boolean(project && memberId && project.memberIds?.includes(memberId));
}
