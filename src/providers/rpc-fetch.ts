import { STATUS_CODES } from 'node:http';
import { Agent, interceptors, type request } from 'undici';
import { ResponseBodyTooLargeError } from 'viem';
import { ACCEPT_ENCODING, decodeBody, isDecodeOverflow, requestUntilAborted } from './http.js';

/** viem's own cap on a JSON-RPC answer (its `maxResponseBodySize` default), enforced here as the body arrives. */
export const MAX_RPC_RESPONSE_BYTES = 10 * 2 ** 20;

// One keep-alive agent for every chain's node. Redirects are followed as fetch follows them (a 301/302 turns a POST
// into a GET, 307/308 keep it), at most 3. Idle connections are dropped after 4 s, as fetch's are.
const agent = new Agent({ keepAliveTimeout: 4_000, maxResponseSize: MAX_RPC_RESPONSE_BYTES }).compose(interceptors.redirect({ maxRedirections: 3 }));

/** The size is the declared length when the node declared one, else the first byte over the cap (reading stops there). */
const tooLarge = (declared: string | string[] | undefined) =>
  new ResponseBodyTooLargeError({
    maxSize: MAX_RPC_RESPONSE_BYTES,
    size: Number(declared) > MAX_RPC_RESPONSE_BYTES ? Number(declared) : MAX_RPC_RESPONSE_BYTES + 1,
  });

/** What viem's HTTP transport reads of a response (src: viem/utils/rpc/http.ts): status, headers and the body as text. */
class RpcResponse {
  readonly body = null;
  readonly statusText: string;
  constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly bodyText: string,
  ) {
    this.statusText = STATUS_CODES[status] ?? '';
  }
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  text() {
    return Promise.resolve(this.bodyText);
  }
  json() {
    return Promise.resolve(JSON.parse(this.bodyText) as unknown);
  }
}

/**
 * The `fetchFn` of the EVM clients' viem transport (src/assets/rpc.ts): the same request through undici's `request`
 * instead of global `fetch`, whose Request, Headers and WHATWG-stream machinery cost about 0.3 ms of CPU per call; a
 * balances request sends 25 calls in a row, so the last chain's left ~8 ms after the first (bench/balances.ts).
 * viem keeps everything else: the JSON-RPC body and batching, the timeout (its abort signal is passed through, and
 * covers the body too), the retries and the error classes. As with fetch, compressed answers (gzip, deflate, br) are
 * asked for and undone; an answer over MAX_RPC_RESPONSE_BYTES, compressed or not, is viem's ResponseBodyTooLargeError.
 */
export async function rpcFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' || input instanceof URL ? input : input.url;
  // What fetch sent by default (some nodes' edges refuse a request without a user agent), then viem's own headers.
  const headers: Record<string, string> = { accept: '*/*', 'accept-encoding': ACCEPT_ENCODING, 'user-agent': 'node' };
  new Headers(init?.headers).forEach((value, key) => {
    headers[key] = value;
  });
  let raw: Buffer;
  let res: Awaited<ReturnType<typeof request>> | undefined;
  try {
    res = await requestUntilAborted(url, {
      dispatcher: agent,
      method: (init?.method ?? 'POST') as 'POST',
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    });
    raw = Buffer.from(await res.body.arrayBuffer());
  } catch (err) {
    if ((err as { code?: string }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') throw tooLarge(res?.headers['content-length']);
    throw err;
  }
  const decoded = await decodeBody(raw, res.headers['content-encoding'], MAX_RPC_RESPONSE_BYTES).catch((err: unknown) => {
    if (isDecodeOverflow(err)) throw tooLarge(undefined);
    throw new Error(`the node answered with a body that does not decompress (${String(res.headers['content-encoding'])})`, { cause: err });
  });
  if (!decoded) throw new Error(`the node answered with an unsupported content encoding (${String(res.headers['content-encoding'])})`);
  const out = new Headers();
  for (const [key, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(key, v);
  }
  // The body is decoded: its encoding and length headers no longer describe it (fetch drops neither, but viem reads
  // Content-Length only to refuse oversized bodies, which is done above).
  out.delete('content-encoding');
  out.delete('content-length');
  return new RpcResponse(res.statusCode, out, decoded.toString('utf8')) as unknown as Response;
}
