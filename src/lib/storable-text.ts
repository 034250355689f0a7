// Text PostgreSQL cannot store: NUL, and halves of a surrogate pair (invalid UTF-16).
export const unstorable =
  // eslint-disable-next-line no-control-regex -- matching NUL is the point of this pattern.
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
