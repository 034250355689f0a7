/** The centred card every sign-in, sign-up and link page is drawn in. */
export const AUTH_CARD =
  'mx-auto my-10 w-[94%] rounded-lg border border-slate-200 bg-white p-6 shadow-sm desk:w-2/5';
