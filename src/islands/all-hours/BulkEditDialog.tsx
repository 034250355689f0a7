import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { changesSomething, type BulkChange } from '../../lib/bulk-edit';
import { $abilities } from '../../stores/access';
import { $activeMembers, $projectChoices, $tasksByProject } from '../../stores/choices';
import { GroupedCombobox } from '../../ui/combobox/GroupedCombobox';
import { Field } from '../../ui/form/Field';

// The team-member select's "leave each log's member as it is" (the empty value means "Me").
const KEEP = 'keep';

interface BulkEditDialogProps {
  count: number;
  open: boolean;
  onApply: (change: BulkChange) => void;
  onClose: () => void;
}

function BulkEditForm({ count, onApply, onClose }: Omit<BulkEditDialogProps, 'open'>) {
  const projects = useStore($projectChoices);
  const tasksByProject = useStore($tasksByProject);
  const members = useStore($activeMembers);
  const can = useStore($abilities);
  const [projectId, setProjectId] = useState('');
  const [taskId, setTaskId] = useState('');
  const [memberId, setMemberId] = useState(KEEP);
  const [addTags, setAddTags] = useState('');
  const [billable, setBillable] = useState<'keep' | 'yes' | 'no'>('keep');
  const [error, setError] = useState('');
  const tasks = tasksByProject.get(projectId) ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const change: BulkChange = {
      projectId: projectId || undefined,
      taskId: projectId ? taskId : undefined,
      memberId: memberId === KEEP ? undefined : memberId,
      addTags: addTags.trim() || undefined,
      billable: billable === 'keep' ? undefined : billable === 'yes',
    };
    if (!changesSomething(change)) {
      setError('Choose a project, a team member, billable or tags to add.');
      return;
    }
    onApply(change);
    onClose();
  }

  const logs = `${count} time log${count === 1 ? '' : 's'}`;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Edit selected time logs"
      // Capitals by CSS, words for screen readers, as on the log form (issue 47).
      className="[&_.field-label]:uppercase"
    >
      <p className="mb-4 text-slate-700">Fields left as they are keep each log&apos;s own value.</p>
      {error ? (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {error}
        </p>
      ) : null}
      <GroupedCombobox
        label="Client & project"
        options={projects}
        value={projectId}
        onChange={(value) => {
          setProjectId(value);
          setTaskId('');
        }}
        placeholder="Keep each log's project"
        emptyText="No project matches."
      />
      <Field label="Task">
        {(p) => (
          <select
            {...p}
            className="field-input"
            value={taskId}
            disabled={!projectId}
            onChange={(e) => setTaskId(e.target.value)}
          >
            <option value="">{projectId ? 'No task' : 'Choose a project first'}</option>
            {tasks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Team member">
        {(p) => (
          <select
            {...p}
            className="field-input"
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
          >
            <option value={KEEP}>Keep each log&apos;s member</option>
            {/* Someone with a member of their own logs under it, as on Track's form. */}
            {can.memberId ? null : <option value="">Me (not on the team list)</option>}
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Billable">
        {(p) => (
          <select
            {...p}
            className="field-input"
            value={billable}
            onChange={(e) => setBillable(e.target.value as 'keep' | 'yes' | 'no')}
          >
            <option value="keep">Keep each log&apos;s billable</option>
            <option value="yes">Billable</option>
            <option value="no">Non-billable</option>
          </select>
        )}
      </Field>
      <Field label="Add tags" hint="Separate tags with commas; each log keeps its own tags too">
        {(p) => (
          <input
            {...p}
            className="field-input"
            value={addTags}
            onChange={(e) => setAddTags(e.target.value)}
          />
        )}
      </Field>
      <div className="mt-6 flex justify-end gap-3">
        <DialogDismiss className="btn-secondary">Cancel</DialogDismiss>
        <button type="submit" className="btn-primary">
          Apply to {logs}
        </button>
      </div>
    </form>
  );
}

/** Changes project and task, team member, billable or tags of every selected log at once. */
export function BulkEditDialog({ count, open, onApply, onClose }: BulkEditDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      unmountOnHide
      backdrop={<div className="fixed inset-0 bg-slate-900/40" />}
      className="fixed inset-x-2 top-8 z-50 mx-auto max-h-[90vh] max-w-xl overflow-auto rounded-lg bg-white p-6 shadow-xl"
    >
      <DialogHeading className="mb-2 text-xl font-bold">
        Edit {count} selected time log{count === 1 ? '' : 's'}
      </DialogHeading>
      {open ? <BulkEditForm count={count} onApply={onApply} onClose={onClose} /> : null}
    </Dialog>
  );
}
