// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $token } from '../../../src/stores/auth';
import { $auth, $rememberedEmail } from '../../../src/stores/sign-in';
import { LoginForm } from '../../../src/ui/auth/LoginForm';

function respondWith(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  localStorage.clear();
  $auth.set({ status: 'idle' });
  $token.set('');
  $rememberedEmail.set('');
});
afterEach(() => vi.restoreAllMocks());

describe('LoginForm', () => {
  it('asks for the missing fields beside them without calling the server', async () => {
    const fetch = respondWith(200, {});
    render(<LoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads "Login In Processing..." while the request is in flight', async () => {
    let finish: (r: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (finish = resolve)));
    render(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      (await screen.findByRole('button', { name: 'Login In Processing...' })).hasAttribute(
        'disabled',
      ),
    ).toBe(true);
    finish(
      new Response(
        JSON.stringify({
          error: 'invalid_credentials',
          message: 'Email or password is incorrect.',
        }),
        { status: 401 },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Email or password is incorrect.',
    );
  });

  it('stores the session handle and, with Remember me, only the email', async () => {
    respondWith(200, {
      token: 'handle-1',
      user: { id: 'u1', name: 'Asha', email: 'a@b.co', createdAt: '2026-11-01T00:00:00.000Z' },
    });
    render(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: ' a@b.co ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('handle-1'));
    expect(localStorage.getItem('rememberedEmail')).toBe('a@b.co');
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-pass');
  });

  it('explains a network failure in words', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    render(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot reach Hourmark');
  });
});
