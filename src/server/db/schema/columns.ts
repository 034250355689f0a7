import { customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * `timestamptz`, as every time column of the migrations is. Generic so the column keeps its name
 * as a literal type, which `RawRow` (../raw-row.ts) reads.
 */
export const timestamptz = <TName extends string>(name: TName) =>
  timestamp(name, { withTimezone: true });

/** `bytea` (drizzle has no built-in for it): file bytes and logos, read as Node buffers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
