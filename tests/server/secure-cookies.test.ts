import { describe, expect, it } from 'vitest';
import { isSecureContext } from '../../src/server/http/cookies';

describe('isSecureContext', () => {
  it('leaves Secure off only for plain http on loopback names, where browsers refuse it', () => {
    const on = (url: string, publicUrl?: string) =>
      isSecureContext(new URL(url), publicUrl ? new URL(publicUrl) : undefined);
    expect(on('http://localhost:4321/user/login')).toBe(false);
    expect(on('http://127.0.0.1:4321/user/login')).toBe(false);
    expect(on('http://api.hourmark.localhost:4397/user/login')).toBe(false);
    expect(on('http://api.example.test/user/login')).toBe(true);
    expect(on('http://localhost.example.test/user/login')).toBe(true);
    expect(on('https://hourmark.example/user/login')).toBe(true);
    expect(on('http://localhost:4321/user/login', 'https://hourmark.example')).toBe(true);
  });
});
