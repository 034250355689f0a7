import { useEffect } from 'react';

/** SPEC.md section 9: the thank-you screen sends the person to sign in after 4000 ms. */
export const SIGNUP_REDIRECT_MS = 4000;

/**
 * "Thank you for signing up", then a redirect: to /login after 4000 ms as SPEC.md says, or at
 * once to Track (/login/) when the sign-up already signed the person in (issue 47): a second
 * sign-in form after the server made a session would only ask for the password again.
 */
export function SuccessMessage({
  signedIn = false,
  redirect = (url: string) => window.location.assign(url),
}: {
  signedIn?: boolean;
  redirect?: (url: string) => void;
}) {
  const to = signedIn ? '/login/' : '/login';
  useEffect(() => {
    const timer = setTimeout(() => redirect(to), signedIn ? 0 : SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirect, signedIn, to]);
  return (
    <div className="mx-auto my-10 w-[94%] rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm desk:w-2/5">
      <h1 className="mb-4 text-2xl font-bold">Thank you for signing up</h1>
      {signedIn ? (
        <p role="status">
          You are signed in. Opening your workspace…{' '}
          <a href={to} className="text-brand-700 underline">
            Open it now
          </a>
        </p>
      ) : (
        <p>
          If you are not automatically redirected,{' '}
          <a href={to} className="text-brand-700 underline">
            click here
          </a>
          .
        </p>
      )}
    </div>
  );
}
