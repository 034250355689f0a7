import { z } from 'zod';
import { anyCsvMappingSchema } from '../../lib/import/any-csv-mapping';
import type { Member } from '../../lib/entities/member';
import type { ImportPreview } from './preview';
import { projectKeyOf, type ProjectRate } from '../../lib/import/project-rates';
import type { ImportChoices, PersonChoice } from './store';

// What the person answers before an import starts (issue 32): the time zone, the date order when
// the file's dates read several ways, and who each person of the file is. People not named keep
// the preview's suggestion.

export const choicesSchema = z
  .object({
    timeZone: z.string().max(100).optional(),
    dateFormat: z.enum(['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY']).optional(),
    people: z
      .array(
        z
          .object({
            /** The person as the preview lists them: their email, or their name when they have none. */
            email: z.string().max(254).default(''),
            name: z.string().max(200).default(''),
            as: z.enum(['me', 'member', 'new']),
            memberId: z.string().max(200).optional(),
          })
          .strict()
          .refine((p) => p.email.trim() || p.name.trim(), 'Name the person by email or name')
          .refine((p) => p.as !== 'member' || !!p.memberId, 'Choose the team member'),
      )
      .max(1000)
      .default([]),
    /** Any CSV (issue 33): which column is what, for a file no known source recognises. */
    mapping: anyCsvMappingSchema.optional(),
    /**
     * The hourly rate a project the import creates bills at, where the person changed what the
     * file's amounts imply (issue 47); projects not named keep the file's rate.
     */
    projectRates: z
      .array(
        z
          .object({
            client: z.string().max(200).default(''),
            project: z.string().trim().min(1, 'Name the project').max(200),
            rate: z
              .number({ message: 'Enter a rate of 0 or more' })
              .finite()
              .min(0, 'Enter a rate of 0 or more')
              .max(1_000_000, 'Enter a rate of at most 1,000,000'),
          })
          .strict(),
      )
      .max(10_000)
      .default([]),
    /** Rows going to projects that ask for approval come in approved (issue 47); on by default. */
    approveHistory: z.boolean().default(true),
  })
  .strict();

export type ChoicesInput = z.infer<typeof choicesSchema>;

const key = (text: string) => text.trim().toLowerCase();

/** A person's label in a message: their name and email as the file has them. */
const labelOf = (p: { name: string; email: string }) =>
  p.name && p.email ? `${p.name} (${p.email})` : p.name || p.email;

/**
 * The people of the file with the person's choices laid over the preview's suggestions, or the
 * message naming the first person mapped to someone not in this workspace (or not in the file).
 */
export function choosePeople(
  preview: ImportPreview,
  given: ChoicesInput['people'],
  members: readonly Member[],
  me: string | null,
): { ok: true; people: PersonChoice[] } | { ok: false; error: string; message: string } {
  const people: PersonChoice[] = preview.people.map((p) => ({
    email: p.email,
    name: p.name,
    as: p.suggestion.kind,
    memberId: p.suggestion.kind === 'new' ? null : p.suggestion.memberId,
  }));
  const live = new Set(members.map((m) => m.id));
  for (const choice of given) {
    const person = people.find((p) =>
      choice.email.trim()
        ? p.email === key(choice.email)
        : !p.email && key(p.name) === key(choice.name),
    );
    if (!person)
      return {
        ok: false,
        error: 'unknown_person',
        message: `${labelOf(choice)} is not a person of this file.`,
      };
    if (choice.as === 'member' && !live.has(choice.memberId ?? ''))
      return {
        ok: false,
        error: 'unknown_member',
        message: `${labelOf(person)} is mapped to a team member who is not in this workspace. Choose one of its team members, a new member or yourself.`,
      };
    if (choice.as === 'me' && !me)
      return {
        ok: false,
        error: 'unknown_member',
        message: `${labelOf(person)} is mapped to you, but you have no team-member record in this workspace.`,
      };
    person.as = choice.as;
    person.memberId =
      choice.as === 'me' ? me : choice.as === 'member' ? (choice.memberId ?? null) : null;
  }
  return { ok: true, people };
}

/**
 * The rate each project the import creates bills at, by project key: the file's, with the
 * person's own figures laid over; or the message naming a project the file does not create.
 */
export function chooseProjectRates(
  fromFile: ReadonlyMap<string, ProjectRate>,
  given: ChoicesInput['projectRates'],
  found: (projectKey: string) => boolean,
):
  | { ok: true; rates: { client: string; project: string; rate: number }[] }
  | { ok: false; message: string } {
  const rates = new Map<string, { client: string; project: string; rate: number }>();
  for (const [k, r] of fromFile)
    if (!found(k)) rates.set(k, { client: r.client, project: r.project, rate: r.rate });
  for (const choice of given) {
    const chosen = rates.get(projectKeyOf(choice));
    if (!chosen)
      return {
        ok: false,
        message: `${choice.project} is not a project this import creates from rows with amounts, so the import sets no rate for it.`,
      };
    chosen.rate = Math.round(choice.rate * 100) / 100;
  }
  return { ok: true, rates: [...rates.values()] };
}

export type { ImportChoices };
