// The form's draft of a log, apart from checking it (./time-log-form.ts): Track's first visit
// keeps a half-filled draft and opens the form with an empty one, but checks a draft only once
// the form has loaded (issue 29's budget).

/** What the add / edit time-log form holds while a person types. */
export interface TimeLogDraft {
  date: string;
  projectId: string;
  taskId: string;
  memberId: string;
  tags: string;
  desc: string;
  duration: string;
  st: string;
  end: string;
  exp: string;
  /** Billable (issue 29): '' as the project bills, until the person ticks it on or off. */
  billable: '' | 'yes' | 'no';
}

/** An empty draft for `day`. */
export function emptyDraft(day: string, memberId = ''): TimeLogDraft {
  return {
    date: day,
    projectId: '',
    taskId: '',
    memberId,
    tags: '',
    desc: '',
    duration: '',
    st: '',
    end: '',
    exp: '',
    billable: '',
  };
}
