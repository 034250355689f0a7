import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import {
  matchesSearch,
  matchesStatus,
  oneOf,
  sortItems,
  statusFilters,
  type SortDirection,
} from '../../lib/list-view';
import { formatDay } from '../../lib/day';
import { formatRate } from '../../lib/money';
import { $abilities, $currency } from '../../stores/access';
import {
  $invitations,
  inviteMember,
  loadInvitations,
  makeMemberResetLink,
  revokeInvitation,
} from '../../stores/invitations';
import {
  $team,
  deleteMember,
  saveMemberOrder,
  setMemberStatus,
  type Member,
} from '../../stores/team';
import { $cacheOwner } from '../../stores/sync/owner';
import { $timeLogs } from '../../stores/time-logs';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../../ui/dialog/ConfirmDialog';
import { RowMenu } from '../../ui/list/RowMenu';
import { SearchBox } from '../../ui/list/SearchBox';
import { ListTable } from '../../ui/list/ListTable';
import { SortHeader } from '../../ui/list/SortHeader';
import { StatusSelect } from '../../ui/list/StatusSelect';
import { useQueryState } from '../../ui/list/use-query-state';
import { useSearchShortcut } from '../../ui/list/use-search-shortcut';
import { InvitationLinks } from './InvitationLink';

// '' shows the saved order (SPEC.md: sorting by name is saved back to storage).
type SortKey = '' | 'name';
const byName = (m: Member) => m.name;

/** Set by the add form on Invite (`/users?added=1`); read once, then removed from the URL. */
export const ADDED_PARAM = 'added';
/** Set with it: the new member to invite (`&invite=<id>`), once their record reached the server. */
export const INVITE_PARAM = 'invite';

/** /users: search, status filter, name sort (saved) and the row actions. */
export function UsersScreen() {
  const members = useStore($team);
  const logs = useStore($timeLogs);
  const [query, setQuery] = useQueryState<string>('q', '');
  const [status, setStatus] = useQueryState('status', 'Active', (raw) =>
    oneOf(statusFilters, raw, 'Active'),
  );
  const [sort, setSort] = useQueryState<SortKey>('sort', '', (raw) =>
    raw === 'name' ? 'name' : '',
  );
  const [direction, setDirection] = useQueryState<SortDirection>('dir', 'asc', (raw) =>
    oneOf(['asc', 'desc'] as const, raw, 'asc'),
  );
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [notice, setNotice] = useState('');
  const [resetLink, setResetLink] = useState<{
    name: string;
    link: string;
    mailed: 'sent' | 'off' | 'failed';
  } | null>(null);
  const invitations = useStore($invitations);
  // Only Admins change the team; Managers may see rates when the workspace allows.
  const can = useStore($abilities);
  const currency = useStore($currency);
  useSearchShortcut();

  // Set after the first render, so the status region exists before its text and is announced.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(ADDED_PARAM)) return;
    setNotice('New team member added');
    const invitee = url.searchParams.get(INVITE_PARAM);
    url.searchParams.delete(ADDED_PARAM);
    url.searchParams.delete(INVITE_PARAM);
    window.history.replaceState(window.history.state, '', url);
    if (invitee) void invite(invitee, 'New team member added');
  }, []);

  // Who is invited and who joined, once the workspace this browser opened is known.
  const workspaceId = useStore($cacheOwner)?.workspaceId;
  useEffect(() => {
    if (workspaceId && can.isAdmin) void loadInvitations();
  }, [workspaceId, can.isAdmin]);

  /** Makes (or remakes) a member's link; the notice says what happened. */
  async function invite(memberId: string, before = '') {
    const done = await inviteMember(memberId);
    const lead = before ? `${before}. ` : '';
    setNotice(
      done.ok
        ? `${lead}Invitation ready: copy the link below.`
        : `${lead}No invitation was made: ${done.message}`,
    );
  }

  const signIn = (member: Member) => {
    if (invitations.joined.includes(member.id)) return { label: 'Signed in', pending: null };
    const pending = invitations.pending.find((p) => p.memberId === member.id) ?? null;
    if (pending)
      return {
        label: `Invited, until ${formatDay(pending.expiresAt.slice(0, 10))}`,
        pending,
      };
    return { label: invitations.state === 'ready' ? 'Not invited' : '', pending: null };
  };

  const shown = useMemo(() => {
    const matching = members.filter(
      (m) => matchesStatus(m.status, status) && matchesSearch(query, m.name),
    );
    return sort === 'name' ? sortItems(matching, byName, direction) : matching;
  }, [members, status, query, sort, direction]);

  function sortByName() {
    const next: SortDirection = sort === 'name' && direction === 'asc' ? 'desc' : 'asc';
    setSort('name');
    setDirection(next);
    // Every member, archived and filtered-out ones too, so the saved order is the full list's.
    saveMemberOrder(sortItems(members, byName, next).map((m) => m.id));
  }

  function remove(member: Member) {
    showToast(`Deleted ${member.name}`, deleteMember(member.id).undo);
  }

  // Only Admins get the invitation list; for others there is nothing to offer.
  const inviteActions = (member: Member) => {
    if (invitations.state !== 'ready' || member.status !== 'Active' || !member.email) return [];
    const state = signIn(member);
    if (state.label === 'Signed in')
      return [
        {
          label: 'Create password reset link',
          onSelect: () => {
            void makeMemberResetLink(member.id).then((made) => {
              setResetLink(
                made.ok ? { name: member.name, link: made.link, mailed: made.mailed } : null,
              );
              setNotice(
                made.ok
                  ? `Password reset link for ${member.name} ready: copy it below.`
                  : `No reset link was made: ${made.message}`,
              );
            });
          },
        },
      ];
    const pending = state.pending;
    return pending
      ? [
          { label: 'Resend invitation', onSelect: () => void invite(member.id) },
          {
            label: 'Revoke invitation',
            onSelect: () => {
              void revokeInvitation(pending.id).then((done) =>
                setNotice(
                  done.ok
                    ? `The invitation for ${member.name} no longer works.`
                    : `Could not revoke the invitation: ${done.message}`,
                ),
              );
            },
          },
        ]
      : [{ label: 'Invite to sign in', onSelect: () => void invite(member.id) }];
  };

  const logCount = (memberId: string) => logs.filter((l) => l.memberId === memberId).length;
  const editHref = (member: Member) => `/users/${encodeURIComponent(member.id)}`;

  return (
    <section aria-labelledby="users-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="users-heading" className="text-3xl font-bold">
          Team Members
        </h1>
        {can.managesWorkspace ? (
          <a href="/users/new" className="btn-primary">
            + New Team member
          </a>
        ) : null}
      </div>
      <p
        role="status"
        className={
          notice
            ? 'mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-2 font-semibold text-green-900'
            : 'sr-only'
        }
      >
        {notice}
      </p>
      <InvitationLinks name={(id) => members.find((m) => m.id === id)?.name ?? ''} />
      {resetLink ? (
        <section
          aria-label={`Password reset link for ${resetLink.name}`}
          className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
        >
          <label htmlFor="reset-link" className="field-label">
            Password reset link
          </label>
          <input
            id="reset-link"
            readOnly
            className="field-input"
            value={resetLink.link}
            onFocus={(e) => e.target.select()}
          />
          <p className="mt-1 text-sm text-slate-700">
            It works once, within an hour, and signs {resetLink.name} out everywhere else.{' '}
            {resetLink.mailed === 'sent'
              ? 'We mailed it to them too.'
              : 'It was not mailed: send it to them yourself.'}
          </p>
        </section>
      ) : null}
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SearchBox label="Search by name" value={query} onChange={setQuery} />
        <StatusSelect value={status} onChange={setStatus} />
      </div>
      <ListTable
        caption={`Team members, ${shown.length} shown`}
        head={
          <>
            <SortHeader
              label="Name"
              active={sort === 'name'}
              direction={direction}
              onSort={sortByName}
            />
            {['Activity', 'Email'].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-bold uppercase">
                {label}
              </th>
            ))}
            {(can.seesAmounts ? ['Labor rate', 'Billable rate'] : []).map((label) => (
              <th key={label} scope="col" className="px-3 py-2 text-right font-bold uppercase">
                {label}
              </th>
            ))}
            {['Role', 'Status', 'Action'].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-bold uppercase">
                {label}
              </th>
            ))}
          </>
        }
      >
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td
                colSpan={can.seesAmounts ? 8 : 6}
                className="px-3 py-8 text-center text-slate-700"
              >
                No team members found.
              </td>
            </tr>
          ) : (
            shown.map((member) => (
              <tr key={member.id} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {can.managesWorkspace ? (
                    <a href={editHref(member)} className="text-brand-700 hover:underline">
                      {member.name}
                    </a>
                  ) : (
                    member.name
                  )}
                </th>
                <td data-label="Activity" className="px-3 py-2">
                  <a
                    href={`/reports/activity?member=${encodeURIComponent(member.id)}`}
                    className="text-brand-700 underline"
                  >
                    View Activity<span className="sr-only"> of {member.name}</span>
                  </a>
                </td>
                <td data-label="Email" className="px-3 py-2">
                  {member.email || '—'}
                </td>
                {can.seesAmounts ? (
                  <>
                    <td data-label="Labor rate" className="px-3 py-2 text-right tabular-nums">
                      {formatRate(member.LoborRate, currency)}
                    </td>
                    <td data-label="Billable rate" className="px-3 py-2 text-right tabular-nums">
                      {formatRate(member.BillableRate, currency)}
                    </td>
                  </>
                ) : null}
                <td data-label="Role" className="px-3 py-2">
                  {member.Role}
                </td>
                <td data-label="Status" className="px-3 py-2">
                  {member.status}
                  <SignInState label={signIn(member).label} />
                </td>
                <td className="px-3 py-2">
                  {can.managesWorkspace ? (
                    <RowMenu
                      label={`Actions for ${member.name}`}
                      actions={[
                        { label: 'Edit', onSelect: () => window.location.assign(editHref(member)) },
                        member.status === 'Active'
                          ? {
                              label: 'Archive',
                              onSelect: () => setMemberStatus(member.id, 'Archived'),
                            }
                          : {
                              label: 'Restore',
                              onSelect: () => setMemberStatus(member.id, 'Active'),
                            },
                        ...inviteActions(member),
                        { label: 'Delete', danger: true, onSelect: () => setDeleting(member) },
                      ]}
                    />
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </ListTable>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={(() => {
          const count = deleting ? logCount(deleting.id) : 0;
          const logsText =
            count === 0
              ? 'They have no time logs.'
              : `Their ${count} ${count === 1 ? 'time log stays' : 'time logs stay'}, without a team member.`;
          return `${logsText} Archived members are not charged, so archive instead to keep them.`;
        })()}
        confirmLabel="Delete team member"
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/** Whether a member can sign in yet: 'Signed in', 'Invited, until …' or 'Not invited'. */
function SignInState({ label }: { label: string }) {
  return label ? <span className="block text-xs text-slate-700">{label}</span> : null;
}
