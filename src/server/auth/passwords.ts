import { hash, verify } from '@node-rs/argon2';
import { hashQueue } from './hash-queue';

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  // 2 is Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot inline.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password with argon2id (salted, PHC string); waits its turn in the hash queue. */
export function hashPassword(password: string): Promise<string> {
  return hashQueue.run(() => hash(password, ARGON2_OPTIONS));
}

/** Checks a password against its stored hash; false on any malformed hash. Waits its turn. */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return hashQueue.run(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function verifyDummy(password: string): Promise<void> {
  // Computed outside the queue: it runs once per process and must not hold a place in line.
  dummy ??= hash('hourmark-timing-equaliser', ARGON2_OPTIONS);
  await verifyPassword(await dummy, password);
}
