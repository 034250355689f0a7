/**
 * The token of a reset or invitation link, from the address's #fragment (browsers never send it
 * to a server), then taken out of the address bar and history so it is not shared or reopened.
 */
export function takeLinkToken(): string {
  const token = decodeURIComponent(window.location.hash.slice(1));
  if (token) history.replaceState(null, '', window.location.pathname);
  return token;
}
