// The person's locale (issue 47): the language their browser asks for, which money and duration
// fields read and amounts are shown in. The server has no person of its own, so it answers
// null there and callers fall back to English, as documents the server makes are written.

/** The browser's first language, e.g. 'de-DE'; null outside a browser or when it says none. */
export function personLocale(): string | null {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return null;
  const asked = navigator.language;
  if (!asked) return null;
  try {
    // An odd tag (a hand-set browser pref) would make every Intl call throw: read it as none.
    return Intl.getCanonicalLocales(asked)[0] ?? null;
  } catch {
    return null;
  }
}

/** The language part of a locale tag, e.g. 'de' of 'de-DE'. */
export const languageOf = (locale: string) => locale.split('-')[0]?.toLowerCase() ?? '';
