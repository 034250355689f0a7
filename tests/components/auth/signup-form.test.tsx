// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $token, $user } from '../../../src/stores/auth';
import { $auth } from '../../../src/stores/sign-in';
import { SignupForm } from '../../../src/ui/auth/SignupForm';
import { SuccessMessage } from '../../../src/ui/auth/SuccessMessage';

beforeEach(() => {
  $auth.set({ status: 'idle' });
  $token.set('');
  $user.set(null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function fill(name: string, email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('SignupForm', () => {
  it('shows the hints and validates each field beside it', async () => {
    render(<SignupForm />);
    expect(screen.getByText('So we know what to call you in the app')).toBeTruthy();
    expect(screen.getByText('You will use this email to login')).toBeTruthy();
    fill('Asha', 'not-an-email', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText('Enter a valid email address, like name@example.com'),
    ).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
  });

  it('toggles the password between hidden and visible', () => {
    render(<SignupForm />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
  });

  it('explains a taken email in words', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 'email_taken' }), { status: 409 }),
    );
    render(<SignupForm />);
    fill('Asha', 'asha@example.com', 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this email already exists',
    );
  });

  it('replaces the form with the thank-you screen on success', async () => {
    const user = { id: 'u1', name: 'Asha', email: 'asha@example.com', createdAt: '2026-11-28' };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ token: 't', user }), { status: 201 }),
    );
    render(<SignupForm />);
    fill('Asha', 'asha@example.com', 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for signing up' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
  });
  it('keeps the session the server made, so the person lands in their workspace (issue 47)', async () => {
    const user = { id: 'u1', name: 'Asha', email: 'asha@example.com', createdAt: '2026-11-28' };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ token: 'handle-1', user }), { status: 201 }),
    );
    render(<SignupForm />);
    fill('Asha', 'asha@example.com', 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('status')).textContent).toContain('You are signed in');
    expect(screen.getByRole('link', { name: 'Open it now' }).getAttribute('href')).toBe('/login/');
    expect($token.get()).toBe('handle-1');
    expect($user.get()).toEqual(user);
  });
});

describe('SuccessMessage', () => {
  it('opens Track at once when the sign-up signed the person in (issue 47)', () => {
    vi.useFakeTimers();
    const redirect = vi.fn();
    render(<SuccessMessage signedIn redirect={redirect} />);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(redirect).toHaveBeenCalledWith('/login/');
  });

  it('redirects to /login after 4 seconds, not before', () => {
    vi.useFakeTimers();
    const redirect = vi.fn();
    render(<SuccessMessage redirect={redirect} />);
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(redirect).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(redirect).toHaveBeenCalledWith('/login');
    expect(screen.getByRole('link', { name: 'click here' }).getAttribute('href')).toBe('/login');
  });
});
