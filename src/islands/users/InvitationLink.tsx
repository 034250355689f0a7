import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $madeInvitation } from '../../stores/invitations';

/** The link an Admin just made: copy it, and read whether it was also mailed. */
export function InvitationLink({ name }: { name: (memberId: string) => string }) {
  const made = useStore($madeInvitation);
  const [copied, setCopied] = useState(false);
  if (!made) return null;
  const who = name(made.memberId) || made.email;
  const said =
    made.mailed === 'sent'
      ? `We mailed it to ${made.email}. You can also copy it and send it yourself.`
      : made.mailed === 'off'
        ? `Mail is not set up on this server: copy the link and send it to ${who}.`
        : `Mailing it to ${made.email} failed: copy the link and send it to ${who}.`;
  return (
    <section
      aria-labelledby="invitation-link-heading"
      className="mb-4 rounded-md border border-brand-100 bg-brand-50 p-4"
    >
      <h2 id="invitation-link-heading" className="font-bold">
        Invitation for {who}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {said} It works once, for seven days, for {made.email} only.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <label className="sr-only" htmlFor="invitation-link">
          Invitation link
        </label>
        <input
          id="invitation-link"
          readOnly
          value={made.link}
          className="field-input min-w-0 flex-1"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(made.link).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy link'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => $madeInvitation.set(null)}>
          Done
        </button>
      </div>
    </section>
  );
}
