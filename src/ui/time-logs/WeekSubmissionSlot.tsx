import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { lazy, Suspense } from 'react';
import { $projects } from '../../stores/projects-list';

// Submitting a week matters only in a workspace with a project that needs approval: its code
// (the week's logs, the approval commands) loads only there (issue 29's budget).
const WeekSubmission = lazy(() =>
  import('./WeekSubmission').then((m) => ({ default: m.WeekSubmission })),
);

const $someProjectNeedsApproval = computed($projects, (projects) =>
  projects.some((p) => p.approval === true),
);

/** Track's place for Submit week (./WeekSubmission.tsx), empty where no project needs approval. */
export function WeekSubmissionSlot({ day }: { day: string }) {
  const needed = useStore($someProjectNeedsApproval);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <WeekSubmission day={day} />
    </Suspense>
  );
}
