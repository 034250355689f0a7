import { z } from 'zod';

const email = z.string({ invalid_type_error: 'Must be text' }).trim().min(1, 'Enter your email address').max(254, 'At most 254 characters').email('Enter a valid email address');
const newPassword = z.string({ invalid_type_error: 'Must be text' }).min(8, 'Use at least 8 characters').max(256, 'At most 256 characters');
const anyPassword = z.string({ invalid_type_error: 'Must be text' }).min(1, 'Enter your password').max(256, 'At most 256 characters');

/** POST /user/register */
export const registerBody = z.object({
  name: z.string({ invalid_type_error: 'Must be text' }).trim().min(1, 'Enter your full name').max(100, 'At most 100 characters'),
  email,
  password: newPassword,
});

/** POST /user/login */
export const loginBody = z.object({ email: z.string({ invalid_type_error: 'Must be text' }).trim().min(1, 'Enter your email address').max(254, 'At most 254 characters'), password: anyPassword });

/** POST /user/password */
export const passwordBody = z.object({ currentPassword: anyPassword, newPassword });

/** POST /user/delete */
export const deleteBody = z.object({ password: anyPassword });
