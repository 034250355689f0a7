interface FormActionsProps {
  submitLabel: string;
  /** Cancel as a link back (forms on their own page) or a button (forms inside a screen). */
  cancel: { href: string } | { onCancel: () => void };
}

/** The submit and Cancel buttons at the foot of a form. */
export function FormActions({ submitLabel, cancel }: FormActionsProps) {
  return (
    <div className="flex gap-3">
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
      {'href' in cancel ? (
        <a href={cancel.href} className="btn-secondary">
          Cancel
        </a>
      ) : (
        <button type="button" className="btn-secondary" onClick={cancel.onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
