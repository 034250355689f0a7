import { z } from 'zod';

// What /api/tokens answers (src/server/api/token-handlers.ts, issue 50): personal access tokens
// of the public API. The secret is in the answer to POST only, once.

/** One token as its owner sees it afterwards: never its secret. */
export const apiToken = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    scope: z.enum(['read', 'write']),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .strict();
export type ApiToken = z.infer<typeof apiToken>;

/** POST /api/tokens: the new token's id and, this once, its secret. */
export const createdTokenResponse = z.object({ id: z.string(), token: z.string() }).strict();

/** GET /api/tokens: the caller's tokens that still work, newest first. */
export const tokensResponse = z.object({ tokens: z.array(apiToken) }).strict();
