// A free-text note (BT-22) in UBL carries its subject code (BT-21) as a prefix, `#CODE#text`,
// and EN 16931's rule BR-CL-08 reads the first `#…#` run of three characters anywhere in a note
// as such a code: a note typed as "#abc# order 12" (or "PO #123# …") was refused by validators
// because "abc" is no UNTDID 4451 code. Such a note is written under the code AAI (general
// information), which keeps the text exactly as typed after it; CII reads no code in a note's
// text, so there the text stands as typed.

const GENERAL_INFORMATION = 'AAI';
const PREFIX = `#${GENERAL_INFORMATION}#`;

/** Whether BR-CL-08 would read a subject code in `text`: its first `#…#` run is 3 characters. */
function readsAsSubjectCode(text: string): boolean {
  const first = text.indexOf('#');
  if (first < 0) return false;
  const next = text.indexOf('#', first + 1);
  return next - first - 1 === 3;
}

/** The note as UBL's cbc:Note carries it. */
export function ublNote(text: string): string {
  return readsAsSubjectCode(text) ? `${PREFIX}${text}` : text;
}

/**
 * A UBL note read back into CII's parts: the text after the code ublNote gave it, and that code.
 * `typedOf` answers the note as typed when `note` is escaped for the XML writer
 * (e-invoice-text.ts), whose escapes would change the count of characters between two `#`.
 */
export function ciiNote(
  note: string,
  typedOf: (escaped: string) => string = (text) => text,
): { text: string; subjectCode: string | null } {
  // Exactly the inverse of ublNote: a note it left alone cannot start with a 3-character run.
  const typed = typedOf(note);
  if (typed.startsWith(PREFIX) && readsAsSubjectCode(typed.slice(PREFIX.length)))
    return { text: note.slice(PREFIX.length), subjectCode: GENERAL_INFORMATION };
  return { text: note, subjectCode: null };
}
