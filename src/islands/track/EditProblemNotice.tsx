import type { ChangeOrigin } from '../../stores/tab-change-origin';
import { WriteFailedMessage } from '../../ui/feedback/WriteFailedMessage';

/** Why the edit dialog's last Save did not store the person's change. */
export type EditProblem =
  | { kind: 'conflict'; fields: string[]; origin: ChangeOrigin }
  | { kind: 'missing'; origin: ChangeOrigin }
  | { kind: 'unsaved'; message: string };

/** Where the other change was made, in words. */
const where = (origin: ChangeOrigin) => (origin === 'tab' ? 'in another tab' : 'on another device');

interface EditProblemNoticeProps {
  problem: EditProblem;
  onReload: () => void;
  /** Saves the form's values over the other change's; receives the form the button sits in. */
  onOverwrite: (form: HTMLFormElement | null) => void;
}

/** Says, at the top of the edit dialog's form, why Save did not go through and what to do. */
export function EditProblemNotice({ problem, onReload, onOverwrite }: EditProblemNoticeProps) {
  if (problem.kind === 'unsaved') return <WriteFailedMessage message={problem.message} />;
  if (problem.kind === 'missing') {
    return (
      <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
        This log was removed {where(problem.origin)} since you opened it, so there is nothing to
        save.
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="mb-4 rounded border border-amber-400 bg-amber-50 p-3 text-amber-950"
    >
      <p className="mb-2">
        {`This log was changed ${where(problem.origin)} since you opened it (${problem.fields.join(', ')}).`}{' '}
        Reload the current values, or overwrite them with yours.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary py-1" onClick={onReload}>
          Reload current values
        </button>
        {/* Not a submit button: Enter in a field must save normally, never overwrite. */}
        <button
          type="button"
          className="btn-secondary py-1"
          onClick={(event) => onOverwrite(event.currentTarget.form)}
        >
          Overwrite with mine
        </button>
      </div>
    </div>
  );
}
