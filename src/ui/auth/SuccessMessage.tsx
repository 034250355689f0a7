import { useEffect } from 'react';

/** SPEC.md section 9: the thank-you screen sends the person to sign in after 4000 ms. */
export const SIGNUP_REDIRECT_MS = 4000;

/** "Thank you for signing up", then a redirect to /login. */
export function SuccessMessage({
  redirect = (url: string) => window.location.assign(url),
}: {
  redirect?: (url: string) => void;
}) {
  useEffect(() => {
    const timer = setTimeout(() => redirect('/login'), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirect]);
  return (
    <div className="mx-auto my-10 w-[94%] rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm desk:w-2/5">
      <h1 className="mb-4 text-2xl font-bold">Thank you for signing up</h1>
      <p>
        If you are not automatically redirected,{' '}
        <a href="/login" className="text-brand-700 underline">
          click here
        </a>
        .
      </p>
    </div>
  );
}
