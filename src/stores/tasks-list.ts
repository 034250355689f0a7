import { fastTask } from '../lib/entities/fast-task';
import type { Task } from '../lib/entities/task';
import { onDemand } from './record-decoder';
import { persistentList } from './persistent-list';
import { taskKind } from '../lib/records/kinds/task';

// The stored list alone, for the screens that only read tasks (Track's first visit among them):
// assigning and changing tasks live in ./tasks.ts, which loads with the Projects screen, so
// Track does not download them (issue 29's budget, docs/bench.md).

/** The task list under the documented `task` key (./tasks.ts builds its actions on it). */
export const taskList = persistentList<Task>(
  taskKind.storageKey,
  onDemand(fastTask, taskKind.readSchema),
);

/** Tasks, stored under the documented `task` key. */
export const $tasks = taskList.$list;
