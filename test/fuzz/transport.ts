import http from 'node:http';

/** One request as generated: the bytes that go out, nothing normalised by a client library. */
export interface HttpCase {
  /** What the case is about, for reports (`GET /v1/events/{id}`, `graphql Query.chain`). */
  label: string;
  method: string;
  /** Request target as sent: already encoded, may hold deliberately invalid percent-encoding. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Server-sent events: read the first event, then hang up (subscriptions may never end on their own). */
  stream?: boolean;
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The connection failed or the server closed it without an answer. */
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const MAX_READ = 4 * 1024 * 1024;

/** Sends `c` to `base` (http://host:port) with node:http, so methods, paths and headers go out as generated. */
export function send(base: string, c: HttpCase, timeoutMs = 10_000): Promise<HttpResult> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const done = (r: HttpResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    let req: http.ClientRequest;
    try {
      // A body always goes with its length (Node would send a GET body unframed, as the start of another request).
      const headers = c.body === undefined ? c.headers : { ...c.headers, 'content-length': String(Buffer.byteLength(c.body)) };
      req = http.request({ host: url.hostname, port: url.port, method: c.method, path: c.path, headers, agent });
    } catch (e) {
      // The client itself refuses it (e.g. a character Node never sends): not a server answer, not a finding.
      return done({ status: 0, headers: {}, text: '', error: `client refused: ${(e as Error).message}` });
    }
    let streaming: (() => void) | undefined;
    // A subscription that is open but has nothing to push yet is a good answer: its headers were read.
    timer = setTimeout(
      () => (streaming ? streaming() : req.destroy(new Error(`no answer within ${timeoutMs} ms`))),
      c.stream ? Math.min(timeoutMs, 1_500) : timeoutMs,
    );
    req.on('error', (e) => done({ status: 0, headers: {}, text: '', error: e.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => done({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
      if (c.stream && /^text\/event-stream/.test(res.headers['content-type'] ?? '')) {
        streaming = () => {
          finish();
          res.destroy();
        };
      }
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_READ) chunks.push(chunk);
        // An event stream: one complete event (or the stream's end) is the answer; then hang up.
        if (
          c.stream &&
          /^text\/event-stream/.test(res.headers['content-type'] ?? '') &&
          /\n\n/.test(
            Buffer.concat(chunks)
              .toString('utf8')
              .replace(/^:[^\n]*\n\n/gm, ''),
          )
        ) {
          finish();
          res.destroy();
        }
      });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    if (c.body !== undefined) req.end(c.body);
    else req.end();
  });
}

/** Percent-encodes every byte of the UTF-8 form except RFC 3986 unreserved characters (lone surrogates become U+FFFD). */
export function pct(s: string): string {
  const wellFormed = s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  return encodeURIComponent(wellFormed).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A header value Node will send: characters outside what HTTP allows are replaced (latin-1 bytes stay). */
export const headerSafe = (s: string) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

export function closeTransport() {
  agent.destroy();
}
