import { z } from 'zod';
import { supportTopics } from '../../lib/support-message';
import { checkText, unstorable } from '../../lib/storable-text';
import { currentZoneName } from '../../lib/time-zones';
import { isTimeZone } from '../../lib/workspace-rules';

// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate cannot be encoded as UTF-8:
// both must be a 400 for the caller, not a database error. Control characters are refused
// too, as everywhere text is written (src/lib/storable-text.ts).
const text = z.string({ invalid_type_error: 'Must be text' });
const storable = (schema: z.ZodString) => schema.superRefine(checkText);
// Passwords are only hashed, never shown or exported: one set before control characters were
// refused must still sign in, so they are held to what can be encoded alone.
const encodable = (schema: z.ZodString) =>
  schema.refine((value) => !unstorable.test(value), 'Contains characters that cannot be stored');

const email = storable(
  text
    .trim()
    .min(1, 'Enter your email address')
    .max(254, 'At most 254 characters')
    .email('Enter a valid email address'),
);
const newPassword = encodable(
  text.min(8, 'Use at least 8 characters').max(256, 'At most 256 characters'),
);
const anyPassword = encodable(
  text.min(1, 'Enter your password').max(256, 'At most 256 characters'),
);

/**
 * The browser's time zone (issue 31), which a new workspace starts in: an IANA name, kept under
 * its current name (a browser may still say Asia/Calcutta). Optional: without it, UTC.
 */
const browserZone = text
  .max(64, 'Not a time zone')
  .refine(isTimeZone, 'Not a time zone')
  .transform(currentZoneName)
  .optional();

/** POST /user/register */
export const registerBody = z.object({
  timeZone: browserZone,
  name: storable(text.trim().min(1, 'Enter your full name').max(100, 'At most 100 characters')),
  email,
  password: newPassword,
});

/** POST /user/login */
export const loginBody = z.object({
  email: storable(
    text.trim().min(1, 'Enter your email address').max(254, 'At most 254 characters'),
  ),
  password: anyPassword,
  // 'Remember me': a 30-day session; otherwise it ends with the browser (hours on the server).
  remember: z.boolean({ invalid_type_error: 'Must be true or false' }).optional().default(false),
});

/** POST /user/password */
export const passwordBody = z.object({ currentPassword: anyPassword, newPassword });

/** POST /user/forgot-password */
export const forgotBody = z.object({ email }).strict();

const resetToken = text.max(200, 'Not a reset link');

/** POST /user/reset-check */
export const resetCheckBody = z.object({ token: resetToken }).strict();

/** POST /user/reset-password */
export const resetBody = z.object({ token: resetToken, password: newPassword }).strict();

/** POST /user/delete */
export const deleteBody = z.object({
  password: anyPassword,
  /** Workspaces the person is the last Admin of, to delete with the account instead of handing over. */
  deleteWorkspaces: z
    .array(text.uuid('Must be a workspace id'), {
      invalid_type_error: 'Must be a list of workspaces',
    })
    .max(100)
    .default([]),
});

/** POST /sync/workspaces */
export const newWorkspaceBody = z
  .object({
    name: storable(text.trim().min(1, 'Name the workspace').max(100, 'At most 100 characters')),
    timeZone: browserZone,
  })
  .strict();

/** POST /support/messages: the same rules the form checks beside each field. */
export const supportBody = z
  .object({
    topic: z.enum(supportTopics, {
      errorMap: () => ({ message: 'Choose what you need help with' }),
    }),
    message: storable(
      text.trim().min(1, 'Write your message').max(5000, 'At most 5,000 characters'),
    ),
    name: storable(text.trim().max(100, 'At most 100 characters')).optional().default(''),
    email,
  })
  .strict();

/** POST /user/invitation-check */
export const tokenBody = z.object({ token: text.max(200, 'Not an invitation link') }).strict();

/** POST /user/accept-invitation: name and password only when the account is new. */
export const acceptBody = z
  .object({
    token: text.max(200, 'Not an invitation link'),
    name: storable(
      text.trim().min(1, 'Enter your full name').max(100, 'At most 100 characters'),
    ).optional(),
    password: newPassword.optional(),
  })
  .strict();

/** POST /user/confirm-email */
export const confirmBody = z
  .object({ token: text.max(200, 'Not a confirmation link'), timeZone: browserZone })
  .strict();
