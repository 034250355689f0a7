import { z, type ZodTypeAny } from 'zod';
import { commands } from './catalog';
import { membershipCommands } from './membership-commands';
import { workspaceCommands } from './workspace-commands';

// docs/api.md's table of every command (issue 48), written from the catalogs by
// `npm run docs:commands` and checked by tests/unit/lib/commands-table.test.ts, so the table and
// what the server accepts cannot drift apart.

/** The object a schema describes, under its refinements, or null when it is not an object. */
function objectOf(schema: ZodTypeAny): z.AnyZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodEffects) return objectOf(schema.innerType() as ZodTypeAny);
  return null;
}

/** The argument names of a schema, `?` after the optional ones, in declared order. */
export function argumentNames(schema: ZodTypeAny): string {
  const object = objectOf(schema);
  if (!object) return '';
  return Object.entries(object.shape as Record<string, ZodTypeAny>)
    .map(([name, field]) => `${name}${field.isOptional() ? '?' : ''}`)
    .join(', ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The commands as a Markdown table: pushed ones (records, timer, weeks), the workspace's, and
 * joining and leaving.
 */
export function commandsTable(): string {
  const rows = [
    '| Command | Sent by | Arguments | Allowed by | What it does |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(commands).map(
      ([name, command]) =>
        `| \`${name}\` | push | ${cell(argumentNames(command.args))} | the policy, per record | ${cell(command.summary)} |`,
    ),
    ...Object.entries(workspaceCommands).map(
      ([name, command]) =>
        `| \`${name}\` | REST | ${cell(argumentNames(command.args))} | ${command.action ? `\`${command.action}\`` : 'any member, on their own'} | ${cell(command.summary)} |`,
    ),
    ...Object.entries(membershipCommands).map(
      ([name, command]) =>
        `| \`${name}\` | the account | ${cell(command.given)} | ${cell(command.allowedBy)} | ${cell(command.summary)} |`,
    ),
  ];
  return rows.join('\n');
}
