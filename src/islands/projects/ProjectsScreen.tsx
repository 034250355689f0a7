import { useStore } from '@nanostores/react';
import { Fragment, useMemo, useRef, useState } from 'react';
import { matchesSearch, matchesStatus, oneOf, sortItems, statusFilters } from '../../lib/list-view';
import { formatMoney } from '../../lib/money';
import {
  budgetUse,
  groupByClient,
  projectRows,
  projectsCsv,
  type ProjectRow,
} from '../../lib/project-rows';
import type { Totals } from '../../lib/totals';
import { $abilities, $currency, $durationFormat } from '../../stores/access';
import { $economyContext } from '../../stores/economy';
import { $projects, deleteProject, setProjectStatus, type Project } from '../../stores/projects';
import { $tasks } from '../../stores/tasks';
import {
  $olderProjectTotals,
  approvePendingLogs,
  loadOlderProjectTotals,
} from '../../stores/project-totals-older';
import { formatDay } from '../../lib/day';
import { $timeLogs } from '../../stores/time-logs';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../../ui/dialog/ConfirmDialog';
import { downloadFile } from '../../ui/feedback/download';
import { RowMenu } from '../../ui/list/RowMenu';
import { SearchBox } from '../../ui/list/SearchBox';
import { ListTable } from '../../ui/list/ListTable';
import { SortHeader } from '../../ui/list/SortHeader';
import { StatusSelect } from '../../ui/list/StatusSelect';
import { useQueryState } from '../../ui/list/use-query-state';
import { useSearchShortcut } from '../../ui/list/use-search-shortcut';
import { useSortInUrl } from '../../ui/list/use-sort-in-url';
import { useShowMore } from '../../ui/list/use-show-more';
import { ShowMore } from '../../ui/list/ShowMore';
import { AddProjectForm } from './AddProjectForm';
import { AssignTaskForm } from './AssignTaskForm';
import { BudgetCell } from './BudgetCell';
import { ProjectTasks } from './ProjectTasks';
import { leadsWork } from '../../lib/policy';
import { invoiceHoldRefusal } from '../../lib/policy/invoice-hold';

const sortKeys = ['name', 'client', 'hours', 'amount', 'spend', 'expenses', 'created'] as const;
type SortKey = (typeof sortKeys)[number];
const sortValue: Record<SortKey, (r: ProjectRow) => string | number> = {
  name: (r) => r.project.projectName,
  client: (r) => r.clientName,
  hours: (r) => r.totals.seconds,
  amount: (r) => r.totals.billableMinor,
  spend: (r) => r.totals.costMinor,
  expenses: (r) => r.totals.expensesMinor,
  created: (r) => r.createdAt,
};
const groupings = ['none', 'client'] as const;
// Every column, and those of amounts (shown to those who may see them).
const COLUMNS = 9;
const AMOUNT_COLUMNS = 2;

/** /projects: the table with totals from the time logs, the Add Project and Assign Task forms. */
export function ProjectsScreen() {
  const projects = useStore($projects);
  const logs = useStore($timeLogs);
  const tasks = useStore($tasks);
  const lookups = useStore($economyContext);
  const can = useStore($abilities);
  const currency = useStore($currency);
  const durationFormat = useStore($durationFormat);
  const columns = can.seesAmounts ? COLUMNS : COLUMNS - AMOUNT_COLUMNS;
  const [query, setQuery] = useQueryState<string>('q', '');
  const [status, setStatus] = useQueryState('status', 'Active', (raw) =>
    oneOf(statusFilters, raw, 'Active'),
  );
  const [group, setGroup] = useQueryState('group', 'none', (raw) => oneOf(groupings, raw, 'none'));
  const { sort, direction, sortOn } = useSortInUrl(sortKeys, 'created', 'desc', (key) =>
    key === 'name' || key === 'client' ? 'asc' : 'desc',
  );
  const [panel, setPanel] = useState<'none' | 'project' | 'task' | { edit: Project }>('none');
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<ProjectRow | null>(null);
  useSearchShortcut();

  const older = useStore($olderProjectTotals);
  // Cached logs from the window's first day on; the server sums the older ones.
  const rows = useMemo(() => {
    const recent = logs.filter((log) => !log.date || log.date >= older.before);
    // An older log approved here (fetched into the cache) waits no more, whatever the server's
    // figures said before the approval reached it.
    const cached = new Map(logs.map((log) => [log.id, log.status]));
    const olderFigures = new Map(
      [...older.byProject].map(([id, figures]) => [
        id,
        {
          ...figures,
          pendingLogIds: (figures.pendingLogIds ?? []).filter(
            (logId) => (cached.get(logId) ?? 'pending') === 'pending',
          ),
        },
      ]),
    );
    return projectRows(projects, recent, lookups, olderFigures, (log, project) =>
      can.reviews(project, log.memberId),
    );
  }, [projects, logs, lookups, older, can]);
  const shown = useMemo(
    () =>
      sortItems(
        rows.filter(
          (r) =>
            matchesStatus(r.project.status, status) &&
            matchesSearch(query, r.project.projectName, r.clientName),
        ),
        sortValue[sort],
        direction,
      ),
    [rows, status, query, sort, direction],
  );
  const groups = useMemo(() => (group === 'client' ? groupByClient(shown) : null), [group, shown]);
  // Grouped rows are drawn in group order; the limit counts rows across groups, while each
  // subtotal always covers every row of its client.
  const ordered = useMemo(() => (groups ? groups.flatMap((g) => g.rows) : shown), [groups, shown]);
  const { visible, hidden, showMore } = useShowMore(
    ordered,
    `${query}|${status}|${group}|${sort}|${direction}`,
  );
  const drawn = useMemo(() => new Set(visible.map((r) => r.project.id)), [visible]);

  function toggleTasks(id: string) {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  }

  function exportShown() {
    const day = new Date().toISOString().slice(0, 10);
    downloadFile(
      `hourmark-projects-${day}.csv`,
      projectsCsv(ordered, currency, can.seesAmounts),
      'text/csv;charset=utf-8',
    );
  }

  const header = (key: SortKey, label: string, className = '') => (
    <SortHeader
      label={label}
      active={sort === key}
      direction={direction}
      onSort={() => sortOn(key)}
      className={className}
    />
  );

  // Subtotals have no budget: their hours are shown alone.
  const figures = (totals: Totals, budget = 0) => (
    <>
      <BudgetCell use={budgetUse(totals.seconds, budget, durationFormat)} />
      {can.seesAmounts ? amountCells(totals) : null}
      <td data-label="Expenses" className="px-3 py-2 text-right tabular-nums">
        {formatMoney(totals.expensesMinor, currency)}
      </td>
    </>
  );
  const amountCells = (totals: Totals) => (
    <>
      <td data-label="Billable amount" className="px-3 py-2 text-right tabular-nums">
        {formatMoney(totals.billableMinor, currency)}
      </td>
      <td data-label="Spend" className="px-3 py-2 text-right tabular-nums">
        {formatMoney(totals.costMinor, currency)}
      </td>
    </>
  );

  const projectRow = (row: ProjectRow) => {
    const { project } = row;
    const open = expanded.has(project.id);
    const projectTasks = tasks.filter((t) => t.projectId === project.id);
    const actions = projectActions(row);
    return (
      <Fragment key={project.id}>
        <tr className="border-b border-slate-100">
          <th scope="row" className="px-3 py-2 text-left font-semibold">
            <button
              type="button"
              aria-expanded={open}
              onClick={() => toggleTasks(project.id)}
              className="inline-flex items-center gap-1 text-left hover:text-brand-700"
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
              {project.projectName}
              <span className="sr-only">, show tasks</span>
            </button>
            {project.status === 'Archived' ? (
              <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs">Archived</span>
            ) : null}
            {row.pendingLogIds.length > 0 ? (
              <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">
                {row.pendingLogIds.length} pending
              </span>
            ) : null}
          </th>
          <td data-label="Client" className="px-3 py-2">
            {row.clientName || '—'}
          </td>
          {figures(row.totals, project.hours)}
          <td data-label="Created" className="px-3 py-2 tabular-nums">
            {row.created}
          </td>
          <td className="px-3 py-2">
            {actions.length > 0 ? (
              <RowMenu label={`Actions for ${project.projectName}`} actions={actions} />
            ) : null}
          </td>
        </tr>
        {open ? (
          <tr className="border-b border-slate-100 bg-slate-50">
            <td colSpan={columns} className="px-8 py-3">
              <ProjectTasks project={project} tasks={projectTasks} currency={currency} />
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  };

  // Only what the person's role lets them do is offered (the server refuses the rest anyway).
  const projectActions = (row: ProjectRow) => {
    const { project } = row;
    const manages = can.managesProject(project);
    return [
      ...(manages
        ? [
            {
              label: 'Edit',
              onSelect: () => {
                setPanel({ edit: project });
                // The form opens above the table: take the person there.
                requestAnimationFrame(() => panelHeading.current?.focus());
              },
            },
            ...(row.pendingLogIds.length > 0
              ? [
                  {
                    label: `Approve ${row.pendingLogIds.length} pending`,
                    onSelect: () => {
                      void approvePendingLogs(project.id, row.pendingLogIds).then((done) =>
                        showToast(
                          done.ok
                            ? `Approved ${row.pendingLogIds.length} time logs of ${project.projectName}`
                            : `Could not approve the time logs of ${project.projectName}: ${done.message}`,
                        ),
                      );
                    },
                  },
                ]
              : []),
          ]
        : []),
      ...(can.managesWorkspace
        ? [
            project.status === 'Active'
              ? { label: 'Archive', onSelect: () => setProjectStatus(project.id, 'Archived') }
              : { label: 'Restore', onSelect: () => setProjectStatus(project.id, 'Active') },
            {
              label: 'Delete',
              danger: true,
              onSelect: () => {
                // An issued invoice that holds its time keeps it (the server says the same).
                const held = invoiceHoldRefusal(
                  'project',
                  logs.find((l) => l.projectId === row.project.id && l.invoice)?.invoice,
                );
                if (held) showToast(held);
                else setDeleting(row);
              },
            },
          ]
        : []),
    ];
  };

  return (
    <section aria-labelledby="projects-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="projects-heading" className="text-3xl font-bold">
          Projects
        </h1>
        <div className="flex gap-2">
          {can.managesWorkspace ? (
            <button
              type="button"
              className="btn-primary"
              aria-expanded={panel === 'project'}
              onClick={() => setPanel(panel === 'project' ? 'none' : 'project')}
            >
              Add Project
            </button>
          ) : null}
          {leadsWork(can) ? (
            <button
              type="button"
              className="btn-secondary"
              aria-expanded={panel === 'task'}
              onClick={() => setPanel(panel === 'task' ? 'none' : 'task')}
            >
              Assign Task
            </button>
          ) : null}
        </div>
      </div>
      {panel !== 'none' ? (
        <div className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 ref={panelHeading} tabIndex={-1} className="mb-3 text-xl font-bold">
            {typeof panel === 'object'
              ? `Edit ${panel.edit.projectName}`
              : panel === 'project'
                ? 'Add Project'
                : 'Assign Task'}
          </h2>
          {typeof panel === 'object' ? (
            <AddProjectForm
              key={panel.edit.id}
              editing={panel.edit}
              onDone={() => setPanel('none')}
            />
          ) : panel === 'project' ? (
            <AddProjectForm onDone={() => setPanel('none')} />
          ) : (
            <AssignTaskForm onDone={() => setPanel('none')} />
          )}
        </div>
      ) : null}
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SearchBox label="Search by project or client" value={query} onChange={setQuery} />
        <StatusSelect value={status} onChange={setStatus} />
        <div className="flex items-center gap-2">
          <label htmlFor="group-by" className="text-sm font-semibold text-slate-700">
            Group by
          </label>
          <select
            id="group-by"
            className="field-input w-32"
            value={group}
            onChange={(e) => setGroup(oneOf(groupings, e.target.value, 'none'))}
          >
            <option value="none">None</option>
            <option value="client">Client</option>
          </select>
        </div>
        <button
          type="button"
          className="btn-secondary"
          onClick={exportShown}
          // A file made while the older logs are still being added up would hold partial
          // hours and amounts; the status beside it says what it waits for.
          disabled={shown.length === 0 || older.state === 'loading'}
        >
          Export
        </button>
      </div>
      <div role="status" className="mb-3">
        {older.state === 'loading' ? (
          <p className="text-sm text-slate-700">
            Adding up the time logs before {formatDay(older.before)}…
          </p>
        ) : older.state === 'unavailable' ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3">
            <p>
              The totals count only the time logs from {formatDay(older.before)} on: the older ones
              are kept on the server, which could not be reached ({older.message}).
            </p>
            <button
              type="button"
              className="btn-secondary mt-2 py-1"
              onClick={() => void loadOlderProjectTotals()}
            >
              Try again
            </button>
          </div>
        ) : null}
      </div>
      <ListTable
        caption={`Projects, ${shown.length} shown`}
        head={
          <>
            {header('name', 'Name')}
            {header('client', 'Client')}
            {header('hours', 'Total hours', 'text-right')}
            {can.seesAmounts ? (
              <>
                {header('amount', 'Billable amount', 'text-right')}
                {header('spend', 'Spend', 'text-right')}
              </>
            ) : null}
            {header('expenses', 'Expenses', 'text-right')}
            {header('created', 'Created')}
            <th scope="col" className="px-3 py-2 text-left font-bold uppercase">
              Action
            </th>
          </>
        }
      >
        {shown.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={columns} className="px-3 py-8 text-center text-slate-700">
                No projects found.
              </td>
            </tr>
          </tbody>
        ) : groups ? (
          groups
            .filter((g) => g.rows.some((r) => drawn.has(r.project.id)))
            .map((g) => (
              <tbody key={g.clientName}>
                <tr className="bg-brand-50">
                  <th scope="colgroup" colSpan={columns} className="px-3 py-2 text-left font-bold">
                    {g.clientName}
                  </th>
                </tr>
                {g.rows.filter((r) => drawn.has(r.project.id)).map(projectRow)}
                <tr className="border-b-2 border-slate-300 font-semibold">
                  <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                    Subtotal {g.clientName}
                  </th>
                  {figures(g.subtotal)}
                  <td colSpan={2} />
                </tr>
              </tbody>
            ))
        ) : (
          <tbody>{visible.map(projectRow)}</tbody>
        )}
      </ListTable>
      <ShowMore hidden={hidden} total={ordered.length} onShowMore={showMore} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.project.projectName ?? ''}?`}
        description={(() => {
          // Cached logs of the window and the server's count of older ones.
          const count = deleting
            ? logs.filter(
                (l) => l.projectId === deleting.project.id && (!l.date || l.date >= older.before),
              ).length + (older.byProject.get(deleting.project.id)?.logs ?? 0)
            : 0;
          return count === 0
            ? 'No time logs use this project.'
            : `Its ${count} time ${count === 1 ? 'log stays' : 'logs stay'} and will show the project as deleted.`;
        })()}
        confirmLabel="Delete project"
        onConfirm={() => {
          if (!deleting) return;
          showToast(
            `Deleted ${deleting.project.projectName}`,
            deleteProject(deleting.project.id).undo,
          );
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
