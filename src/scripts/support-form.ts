import { checkSupportMessage, type SupportField } from '../lib/support-message';

const fields: SupportField[] = ['topic', 'message', 'name', 'email'];

/** What the server said became of a stored message. */
type Mailed = 'sent' | 'off' | 'failed';

/** The truthful confirmation for each outcome: the message is always stored on the server. */
export function confirmation(mailed: Mailed, supportEmail: string, replyTo: string) {
  if (mailed === 'sent')
    return {
      title: 'Sent',
      text: `Your message reached ${supportEmail}. We reply to ${replyTo}, usually within 24 hours on business days.`,
    };
  const why =
    mailed === 'off'
      ? 'this server does not send mail, so nobody has been notified'
      : `mailing it to ${supportEmail} failed, so nobody has been notified yet`;
  return {
    title: 'Saved',
    text: `Your message is saved on our server, but ${why}. For a quicker answer, write to ${supportEmail}.`,
  };
}

async function deliver(
  values: Record<SupportField, string>,
): Promise<{ ok: true; mailed: Mailed; supportEmail: string } | { ok: false; message: string }> {
  try {
    const res = await fetch('/support/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(values),
    });
    const body = (await res.json().catch(() => ({}))) as {
      mailed?: Mailed;
      supportEmail?: string;
      message?: string;
    };
    if (res.ok && body.mailed)
      return { ok: true, mailed: body.mailed, supportEmail: body.supportEmail ?? '' };
    return { ok: false, message: body.message ?? 'The server could not take your message.' };
  } catch {
    return { ok: false, message: 'You seem to be offline.' };
  }
}

/**
 * Validates the support form beside each field, sends it, and says truthfully what happened.
 * The text stays in the form until the server has stored it.
 */
export function wireSupportForm(
  form: HTMLFormElement,
  success: HTMLElement,
  failure: HTMLElement,
): void {
  const control = (field: SupportField) =>
    form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const errorOf = (field: SupportField) => form.querySelector<HTMLElement>(`#${field}-error`);
  const send = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const part = (name: string) => success.querySelector<HTMLElement>(`[data-part="${name}"]`);

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
    failure.hidden = true;
    if (send) send.disabled = true;
    void deliver(values).then((result) => {
      if (send) send.disabled = false;
      if (!result.ok) {
        failure.textContent = `Not sent: ${result.message} Your message is still in the form.`;
        failure.hidden = false;
        return;
      }
      const said = confirmation(result.mailed, result.supportEmail, values.email.trim());
      const title = part('title');
      const text = part('text');
      if (title) title.textContent = said.title;
      if (text) text.textContent = said.text;
      form.reset();
      success.hidden = false;
      success.querySelector<HTMLButtonElement>('button')?.focus();
    });
  });

  success.querySelector('button')?.addEventListener('click', () => {
    success.hidden = true;
    control('topic').focus();
  });
}
