import { BackupRefused, type Header } from './format';

/**
 * This release's migrations up to the backup's last one: what the target must have applied before
 * the rows go in. Refuses a backup from a newer release (a migration this one does not know) and
 * one whose migrations are not the first ones of this release's list.
 */
export function migrationsFor(header: Header, known: string[]): string[] {
  const unknown = header.migrations.filter((id) => !known.includes(id));
  if (unknown.length > 0)
    throw new BackupRefused(
      `This backup was made by a newer Hourmark: its database has migrations this release does not know (${unknown.join(', ')}). Upgrade Hourmark, then restore.`,
    );
  const wanted = known.slice(0, header.migrations.length);
  if (wanted.some((id) => !header.migrations.includes(id)))
    throw new BackupRefused(
      `The backup's migrations (${header.migrations.join(', ')}) are not the first ones of this release (${known.join(', ')}), so its tables cannot be matched.`,
    );
  return wanted;
}
