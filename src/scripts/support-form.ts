import { checkSupportMessage, type SupportField } from '../lib/support-message';

const fields: SupportField[] = ['topic', 'message', 'name', 'email'];

/** Validates the support form beside each field, then shows the closeable 'Success!' alert. */
export function wireSupportForm(form: HTMLFormElement, success: HTMLElement): void {
  const control = (field: SupportField) =>
    form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const errorOf = (field: SupportField) => form.querySelector<HTMLElement>(`#${field}-error`);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries(
      fields.map((field) => [field, control(field).value]),
    ) as Record<SupportField, string>;
    const errors = checkSupportMessage(values);
    for (const field of fields) {
      const message = errors[field];
      const output = errorOf(field);
      if (output) output.textContent = message ?? '';
      control(field).setAttribute('aria-invalid', String(Boolean(message)));
    }
    const firstInvalid = fields.find((field) => errors[field]);
    if (firstInvalid) {
      control(firstInvalid).focus();
      return;
    }
    success.hidden = false;
    success.querySelector<HTMLButtonElement>('button')?.focus();
  });

  success.querySelector('button')?.addEventListener('click', () => {
    success.hidden = true;
    form.reset();
    control('topic').focus();
  });
}
