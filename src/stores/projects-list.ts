import { fastProject } from '../lib/entities/fast-project';
import type { Project } from '../lib/entities/project';
import { onDemand } from './record-decoder';
import { persistentList } from './persistent-list';
import { projectKind } from '../lib/records/kinds/project';

// The stored list alone, for the screens that only read projects (Track's first visit among
// them): the add, edit and archive actions live in ./projects.ts, which loads with the screens
// that change projects, so Track does not download them (issue 29's budget, docs/bench.md).

/** The project list under the documented `project` key (./projects.ts builds its actions on it). */
export const projectList = persistentList<Project>(
  projectKind.storageKey,
  onDemand(fastProject, projectKind.readSchema),
);

/** Projects, stored under the documented `project` key. */
export const $projects = projectList.$list;
