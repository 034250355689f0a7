import { useStore } from '@nanostores/react';
import { trialDaysLeft } from '../../lib/trial';
import { $user } from '../../stores/auth';

/** The Pro-trial banner, counted from the account's creation date (SPEC.md: 14 days). */
export function TrialBanner() {
  const user = useStore($user);
  if (!user) return null;
  const days = trialDaysLeft(new Date(user.createdAt), new Date());
  return (
    <div className="m-3 rounded-md bg-brand-800 p-3 text-sm">
      <p>
        {days > 0
          ? `Your Pro trial expires in ${days} ${days === 1 ? 'day' : 'days'}.`
          : 'Your Pro trial has ended.'}
      </p>
      <a href="/pricing" className="mt-1 inline-block font-semibold underline">
        Keep or leave Pro
      </a>
    </div>
  );
}
