// Plain checks instead of zod: this runs on a public page whose JavaScript budget is 5 KB
// gzipped, and zod alone is larger than that.

import { textProblem } from './storable-text';

export const supportTopics = [
  'I have a question before signing up',
  "I can't access my account",
  'Something might be broken',
  'I want to request a feature',
  'I have a billing question',
  'Other',
] as const;

export type SupportField = 'topic' | 'message' | 'name' | 'email';

// The same shape as the HTML email input's own rule: something@domain.tld without spaces.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** First error message per field of the /support form; empty when the message is complete. */
export function checkSupportMessage(
  input: Record<SupportField, string>,
): Partial<Record<SupportField, string>> {
  const errors: Partial<Record<SupportField, string>> = {};
  if (!(supportTopics as readonly string[]).includes(input.topic))
    errors.topic = 'Choose what you need help with';
  const message = input.message.trim();
  if (!message) errors.message = 'Write your message';
  else if (message.length > 5000) errors.message = 'At most 5,000 characters';
  else if (textProblem(message)) errors.message = textProblem(message);
  if (input.name.trim().length > 100) errors.name = 'At most 100 characters';
  else if (textProblem(input.name)) errors.name = textProblem(input.name);
  const email = input.email.trim();
  if (!email) errors.email = 'Enter your email address';
  else if (!emailShape.test(email) || email.length > 254)
    errors.email = 'Enter a valid email address, like name@example.com';
  return errors;
}
