// A stand-in for XMLHttpRequest in jsdom (issue 32: the import's start is sent through it, for
// its upload progress): each request is made with the test's stubbed `fetch`, so the tests that
// answer `fetch` answer it too. With `held`, a request waits until the test sends its progress
// and lets it go, so the screens between Start and the answer can be looked at.

type Handler =
  ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

export interface HeldRequest {
  method: string;
  url: string;
  body: unknown;
  withCredentials: boolean;
  headers: Record<string, string>;
  /** Reports `loaded` bytes of `total` sent. */
  progress: (loaded: number, total: number) => void;
  /** Reports the whole body sent (upload's load event). */
  sent: () => void;
  /** Makes the request with `fetch` and hands its answer over. */
  answer: () => Promise<void>;
  /** Fails as a network error does. */
  fail: () => void;
  /** Whether the page stopped it (`abort()`). */
  aborted: boolean;
}

export function xhrOverFetch({ held = false } = {}) {
  const requests: HeldRequest[] = [];
  class FakeXhr {
    upload: { onprogress: Handler; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    status = 0;
    responseText = '';
    withCredentials = false;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private response: Response | null = null;
    private request: HeldRequest | null = null;
    abort() {
      if (this.request) this.request.aborted = true;
      this.onabort?.();
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return this.response?.headers.get(name) ?? null;
    }
    send(body: unknown) {
      const request: HeldRequest = {
        method: this.method,
        url: this.url,
        body,
        withCredentials: this.withCredentials,
        headers: this.headers,
        progress: (loaded, total) =>
          this.upload.onprogress?.({ loaded, total, lengthComputable: true }),
        sent: () => this.upload.onload?.(),
        answer: async () => {
          const response = await fetch(this.url, {
            method: this.method,
            body: body as BodyInit,
            headers: this.headers,
            credentials: this.withCredentials ? 'include' : 'same-origin',
          });
          this.response = response;
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        },
        fail: () => this.onerror?.(),
        aborted: false,
      };
      this.request = request;
      requests.push(request);
      if (!held) {
        request.progress(100, 100);
        request.sent();
        void request.answer();
      }
    }
  }
  return { Xhr: FakeXhr, requests };
}
