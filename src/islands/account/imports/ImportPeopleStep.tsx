import { useId } from 'react';
import { useDuration } from '../../../ui/time/use-duration';
import type { PersonMapping, PersonPreview } from '../../../stores/imports';

/** A team member the file's people can be mapped to. */
export interface MemberChoice {
  id: string;
  name: string;
}

/** The person's own mapping: the preview's suggestion until they choose otherwise. */
export function suggestedMapping(person: PersonPreview): PersonMapping {
  return {
    email: person.email,
    name: person.name,
    as: person.suggestion.kind,
    memberId: person.suggestion.kind === 'new' ? null : person.suggestion.memberId,
  };
}

const valueOf = (mapping: PersonMapping) =>
  mapping.as === 'member' ? `member:${mapping.memberId ?? ''}` : mapping.as;

function mappingOf(person: PersonPreview, value: string): PersonMapping {
  const base = { email: person.email, name: person.name };
  if (value === 'me') return { ...base, as: 'me', memberId: null };
  if (value === 'new') return { ...base, as: 'new', memberId: null };
  return { ...base, as: 'member', memberId: value.slice('member:'.length) };
}

interface ImportPeopleStepProps {
  people: PersonPreview[];
  members: MemberChoice[];
  mappings: PersonMapping[];
  onChange: (index: number, mapping: PersonMapping) => void;
}

/**
 * Who each person of the file becomes in the workspace: an existing team member, a new team
 * member (added without an invitation or any mail), or the person importing.
 */
export function ImportPeopleStep({ people, members, mappings, onChange }: ImportPeopleStepProps) {
  const duration = useDuration();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        People
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Whose time logs each person’s rows become. A new team member is added without an invitation;
        no mail is sent.
      </p>
      <ul className="mt-2 space-y-3">
        {people.map((person, index) => {
          const mapping = mappings[index] ?? suggestedMapping(person);
          const who =
            person.name && person.email
              ? `${person.name} (${person.email})`
              : person.name || person.email;
          return (
            <li key={`${person.email}|${person.name}`}>
              <label htmlFor={`${id}-${index}`} className="block break-words font-semibold">
                {who}
              </label>
              <p className="text-sm text-slate-600">
                {person.rows} {person.rows === 1 ? 'row' : 'rows'},{' '}
                {duration(person.seconds, 'log')}
              </p>
              <select
                id={`${id}-${index}`}
                className="mt-1 max-w-full rounded border border-slate-300 p-2"
                value={valueOf(mapping)}
                onChange={(event) => onChange(index, mappingOf(person, event.target.value))}
              >
                <option value="me">Me</option>
                <option value="new">A new team member: {person.name || person.email}</option>
                {members.map((member) => (
                  <option key={member.id} value={`member:${member.id}`}>
                    {member.name}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
