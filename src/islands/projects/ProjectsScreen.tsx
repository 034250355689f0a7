import { useStore } from '@nanostores/react';
import { Fragment, useMemo, useState } from 'react';
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
import { $economyContext } from '../../stores/economy';
import { $projects, deleteProject, setProjectStatus } from '../../stores/projects';
import { $tasks } from '../../stores/tasks';
import { $timeLogs, approveTimeLog } from '../../stores/time-logs';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../../ui/dialog/ConfirmDialog';
import { downloadFile } from '../../ui/feedback/download';
import { RowMenu } from '../../ui/list/RowMenu';
import { SearchBox } from '../../ui/list/SearchBox';
import { ListTable } from '../../ui/list/ListTable';
import { SortHeader } from '../../ui/list/SortHeader';
import { StatusSelect } from '../../ui/list/StatusSelect';
import { useQueryState } from '../common/use-query-state';
import { useSearchShortcut } from '../common/use-search-shortcut';
import { useSortInUrl } from '../common/use-sort-in-url';
import { useShowMore } from '../common/use-show-more';
import { ShowMore } from '../../ui/list/ShowMore';
import { AddProjectForm } from './AddProjectForm';
import { AssignTaskForm } from './AssignTaskForm';
import { BudgetCell } from './BudgetCell';
import { ProjectTasks } from './ProjectTasks';

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
const COLUMNS = 9;

/** /projects: the table with totals from the time logs, the Add Project and Assign Task forms. */
export function ProjectsScreen() {
  const projects = useStore($projects);
  const logs = useStore($timeLogs);
  const tasks = useStore($tasks);
  const lookups = useStore($economyContext);
  const [query, setQuery] = useQueryState<string>('q', '');
  const [status, setStatus] = useQueryState('status', 'Active', (raw) =>
    oneOf(statusFilters, raw, 'Active'),
  );
  const [group, setGroup] = useQueryState('group', 'none', (raw) => oneOf(groupings, raw, 'none'));
  const { sort, direction, sortOn } = useSortInUrl(sortKeys, 'created', 'desc', (key) =>
    key === 'name' || key === 'client' ? 'asc' : 'desc',
  );
  const [panel, setPanel] = useState<'none' | 'project' | 'task'>('none');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<ProjectRow | null>(null);
  useSearchShortcut();

  const rows = useMemo(() => projectRows(projects, logs, lookups), [projects, logs, lookups]);
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
    downloadFile(`hourmark-projects-${day}.csv`, projectsCsv(ordered), 'text/csv;charset=utf-8');
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
      <BudgetCell use={budgetUse(totals.seconds, budget)} />
      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(totals.billableMinor)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(totals.costMinor)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(totals.expensesMinor)}</td>
    </>
  );

  const projectRow = (row: ProjectRow) => {
    const { project } = row;
    const open = expanded.has(project.id);
    const projectTasks = tasks.filter((t) => t.projectId === project.id);
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
          <td className="px-3 py-2">{row.clientName || '—'}</td>
          {figures(row.totals, project.hours)}
          <td className="px-3 py-2 tabular-nums">{row.created}</td>
          <td className="px-3 py-2">
            <RowMenu
              label={`Actions for ${project.projectName}`}
              actions={[
                ...(row.pendingLogIds.length > 0
                  ? [
                      {
                        label: `Approve ${row.pendingLogIds.length} pending`,
                        onSelect: () => {
                          for (const id of row.pendingLogIds) approveTimeLog(id);
                          showToast(
                            `Approved ${row.pendingLogIds.length} time logs of ${project.projectName}`,
                          );
                        },
                      },
                    ]
                  : []),
                project.status === 'Active'
                  ? { label: 'Archive', onSelect: () => setProjectStatus(project.id, 'Archived') }
                  : { label: 'Restore', onSelect: () => setProjectStatus(project.id, 'Active') },
                { label: 'Delete', danger: true, onSelect: () => setDeleting(row) },
              ]}
            />
          </td>
        </tr>
        {open ? (
          <tr className="border-b border-slate-100 bg-slate-50">
            <td colSpan={COLUMNS} className="px-8 py-3">
              <ProjectTasks project={project} tasks={projectTasks} />
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  };

  return (
    <section aria-labelledby="projects-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="projects-heading" className="text-3xl font-bold">
          Projects
        </h1>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-primary"
            aria-expanded={panel === 'project'}
            onClick={() => setPanel(panel === 'project' ? 'none' : 'project')}
          >
            Add Project
          </button>
          <button
            type="button"
            className="btn-secondary"
            aria-expanded={panel === 'task'}
            onClick={() => setPanel(panel === 'task' ? 'none' : 'task')}
          >
            Assign Task
          </button>
        </div>
      </div>
      {panel !== 'none' ? (
        <div className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-3 text-xl font-bold">
            {panel === 'project' ? 'Add Project' : 'Assign Task'}
          </h2>
          {panel === 'project' ? (
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
          disabled={shown.length === 0}
        >
          Export
        </button>
      </div>
      <ListTable
        caption={`Projects, ${shown.length} shown`}
        head={
          <>
            {header('name', 'Name')}
            {header('client', 'Client')}
            {header('hours', 'Total hours', 'text-right')}
            {header('amount', 'Billable amount', 'text-right')}
            {header('spend', 'Spend', 'text-right')}
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
              <td colSpan={COLUMNS} className="px-3 py-8 text-center text-slate-700">
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
                  <th scope="colgroup" colSpan={COLUMNS} className="px-3 py-2 text-left font-bold">
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
          const count = deleting
            ? logs.filter((l) => l.projectId === deleting.project.id).length
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
