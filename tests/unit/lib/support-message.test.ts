import { describe, expect, it } from 'vitest';
import { checkSupportMessage, supportTopics } from '../../../src/lib/support-message';

const complete = {
  topic: supportTopics[2],
  message: 'The stopwatch stopped.',
  name: 'Asha',
  email: 'asha@example.com',
};

describe('checkSupportMessage', () => {
  it('accepts a complete message, name optional', () => {
    expect(checkSupportMessage(complete)).toEqual({});
    expect(checkSupportMessage({ ...complete, name: '' })).toEqual({});
  });

  it('asks for a message and an email when they are blank', () => {
    expect(checkSupportMessage({ ...complete, message: '   ', email: '' })).toEqual({
      message: 'Write your message',
      email: 'Enter your email address',
    });
  });

  it.each(['asha', 'asha@', 'asha@example', 'a sha@example.com', '@example.com'])(
    'rejects the email %s',
    (email) => {
      expect(checkSupportMessage({ ...complete, email }).email).toMatch(/valid email/);
    },
  );

  it('rejects a topic that is not one of the six', () => {
    expect(supportTopics).toHaveLength(6);
    expect(checkSupportMessage({ ...complete, topic: 'Spam' }).topic).toBe(
      'Choose what you need help with',
    );
  });
});
