import http from 'node:http';

/** What came back from a raw request. */
export interface RawAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A request sent exactly as written: fetch and Playwright normalise paths such as
 * `//user/login` and set Host themselves, and these tests are about what an attacker sends.
 */
export function raw(
  baseURL: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request({ hostname, port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
