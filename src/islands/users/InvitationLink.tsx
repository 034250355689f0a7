import { useStore } from '@nanostores/react';
import { useState } from 'react';
import {
  $madeInvitations,
  dismissMadeInvitation,
  type MadeInvitation,
} from '../../stores/invitations';

/**
 * Every link an Admin made in this tab that is still pending, each to copy, and whether it was
 * also mailed: inviting a second person keeps the first person's link on screen (issue 47).
 */
export function InvitationLinks({ name }: { name: (memberId: string) => string }) {
  const made = useStore($madeInvitations);
  if (made.length === 0) return null;
  return (
    // Named apart from each link's field, so "Invitation link for …" names one thing only.
    <ul aria-label="Links to share" className="mb-4 space-y-2">
      {made.map((one) => (
        <InvitationLink key={one.id} made={one} who={name(one.memberId) || one.email} />
      ))}
    </ul>
  );
}

/** One link: copy it, and read whether it was also mailed. */
function InvitationLink({ made, who }: { made: MadeInvitation; who: string }) {
  const [copied, setCopied] = useState(false);
  const inputId = `invitation-link-${made.id}`;
  const headingId = `invitation-heading-${made.id}`;
  const said =
    made.mailed === 'sent'
      ? `We mailed it to ${made.email}. You can also copy it and send it yourself.`
      : made.mailed === 'off'
        ? `Mail is not set up on this server: copy the link and send it to ${who}.`
        : `Mailing it to ${made.email} failed: copy the link and send it to ${who}.`;
  return (
    <li>
      <section
        aria-labelledby={headingId}
        className="rounded-md border border-brand-100 bg-brand-50 p-4"
      >
        <h2 id={headingId} className="font-bold">
          Invitation for {who}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {said} It works once, for seven days, for {made.email} only.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <label className="sr-only" htmlFor={inputId}>
            Invitation link for {who}
          </label>
          <input
            id={inputId}
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
            <span className="sr-only"> for {who}</span>
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => dismissMadeInvitation(made.id)}
          >
            Done<span className="sr-only"> with the link for {who}</span>
          </button>
        </div>
      </section>
    </li>
  );
}
