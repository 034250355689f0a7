import { z } from 'zod';
import { checkText } from '../storable-text';
import { idSchema, isoTimestamp } from './common';
import { withFastPath } from './with-fast-path';
import { fastTask, withTaskId } from './fast-task';
import { localeNumberText } from './number-text';

const taskObject = z
  .object({
    id: idSchema.optional(),
    project: z.string(),
    projectId: z.string().nullable().catch(null),
    task: z.string(),
    assign: z.array(z.string()).catch([]),
    assigneeIds: z.array(z.string()).catch([]),
    billableRate: z.number().min(0).nullable().catch(null),
    createdAt: isoTimestamp.optional(),
  })
  .passthrough();
const withId = (t: z.infer<typeof taskObject>) => withTaskId(t);

/**
 * A task as stored under the `task` key: SPEC.md's project name, text and assignee names,
 * plus ids that survive renames and an optional task-based billable rate (decimal per hour).
 */
export const taskSchema = withFastPath(taskObject.transform(withId), fastTask);
export type Task = z.infer<typeof taskSchema>;

/** The Assign Task form. */
export const taskFormSchema = z.object({
  projectId: z.string().min(1, 'Choose a project'),
  task: z
    .string()
    .trim()
    .min(1, 'Enter the task')
    .max(200, 'At most 200 characters')
    .superRefine(checkText),
  assigneeIds: z.array(z.string()),
  billableRate: localeNumberText('Enter an amount of 0 or more'),
});
export type TaskForm = z.infer<typeof taskFormSchema>;
