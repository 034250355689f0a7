import { describe, expect, it } from 'vitest';
import { confirmation } from '../../../src/scripts/support-form';

describe('the support confirmation', () => {
  it('says the message was mailed only when it was', () => {
    expect(confirmation('sent', 'help@x.test', 'a@b.test')).toEqual({
      title: 'Sent',
      text: 'Your message reached help@x.test. We reply to a@b.test, usually within 24 hours on business days.',
    });
    expect(confirmation('off', 'help@x.test', 'a@b.test').text).toBe(
      'Your message is saved on our server, but this server does not send mail, so nobody has been notified. For a quicker answer, write to help@x.test.',
    );
    const failed = confirmation('failed', 'help@x.test', 'a@b.test');
    expect(failed.title).toBe('Saved');
    expect(failed.text).toContain('mailing it to help@x.test failed');
  });
});
