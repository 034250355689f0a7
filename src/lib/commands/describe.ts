import type { CommandName } from './catalog';

// What a refused change was, in words a person reads beside "was not saved". Devices send named
// commands (./catalog.ts); outboxes written before them still hold stored changes (`addTimeLog`,
// `updateClient`…), which keep being described from their verb and kind. No zod here: the shell
// loads it.

const commandWords: Record<CommandName, string> = {
  createClient: 'Adding a client',
  editClient: 'Changing a client',
  deleteClient: 'Deleting a client',
  createProject: 'Adding a project',
  editProject: 'Changing a project',
  deleteProject: 'Deleting a project',
  setProjectRates: 'Changing a project’s rates',
  createTask: 'Adding a task',
  editTask: 'Changing a task',
  deleteTask: 'Deleting a task',
  addMember: 'Adding a team member',
  editMember: 'Changing a team member',
  removeMember: 'Removing a team member',
  setMemberRates: 'Changing a team member’s rates',
  addLog: 'Adding a time log',
  editLog: 'Changing a time log',
  deleteLog: 'Deleting a time log',
  submitWeek: 'Submitting a week for approval',
  reviewLogs: 'Approving or rejecting logs',
  startTimer: 'Starting the stopwatch',
  stopTimer: 'Stopping the stopwatch',
  continueLog: 'Continuing a time log',
  editTimer: 'Changing what the stopwatch is for',
};

/** Commands that make a record, whose refused arguments are worth copying or sending again. */
const creating = new Set<string>([
  'createClient',
  'createProject',
  'createTask',
  'addMember',
  'addLog',
]);

const storedVerbs: Record<string, string> = {
  create: 'Adding',
  add: 'Adding',
  update: 'Changing',
  delete: 'Deleting',
  set: 'Starting or stopping',
};
const storedThings: Record<string, string> = {
  Client: 'a client',
  Project: 'a project',
  Task: 'a task',
  Member: 'a team member',
  TimeLog: 'a time log',
  Timer: 'the stopwatch',
};

/** "Adding a time log", "Changing a client"… from a command's or a stored change's name. */
export function describeChange(name: string): string {
  if (Object.hasOwn(commandWords, name)) return commandWords[name as CommandName];
  const [, verb = '', thing = ''] = /^([a-z]+)([A-Z]\w*)$/.exec(name) ?? [];
  return `${storedVerbs[verb] ?? 'Changing'} ${storedThings[thing] ?? 'a record'}`;
}

/** True when the change made a new record (a command or a stored change of an old outbox). */
export function changeCreates(name: string): boolean {
  return (
    creating.has(name) || (!Object.hasOwn(commandWords, name) && /^(create|add)[A-Z]/.test(name))
  );
}
