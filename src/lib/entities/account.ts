import { z } from 'zod';
import { checkText } from '../storable-text';

/** The sign-up form; the server applies the same limits (name 1–100, email ≤ 254, password 8–256). */
export const signupSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter your full name')
    .max(100, 'At most 100 characters')
    .superRefine(checkText),
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .max(254, 'At most 254 characters')
    .email('Enter a valid email address, like name@example.com'),
  password: z.string().min(8, 'Use at least 8 characters').max(256, 'At most 256 characters'),
});
export type Signup = z.infer<typeof signupSchema>;
