import { createServer, type IncomingMessage, maxHeaderSize, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.js';
import { clientIp } from './client-ip.js';
import { errorBody } from './errors.js';
import { RequestFraming } from './request-framing.js';
import { requestIdFrom } from './request-id.js';
import { OpenCounts } from './ws-limits.js';

/** How long a socket over HTTP_MAX_CONNECTIONS_PER_IP may take to send the request its 429 answers. */
const OVER_CAP_GRACE_MS = 2_000;

type SocketsConfig = Pick<
  Config,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS' | 'HTTP_MAX_CONNECTIONS_PER_IP' | 'TRUST_PROXY' | 'DOCS_URL'
>;

/**
 * The Node server and its sockets: slow-client timeouts, the open-socket cap per peer, every open socket (for
 * shutdown), and the answer to a request Node could not parse. Requests it can parse go to `handler`.
 */
export function createNodeServer(config: SocketsConfig, handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  // Slow clients (slowloris): headers and the whole request must arrive in time; Node checks both every
  // connectionsCheckingInterval, so that runs at a fraction of the smaller limit. Upgraded sockets (WebSockets)
  // and responses being streamed (SSE) are not subject to either.
  const server = createServer(
    {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: Math.max(config.HTTP_REQUEST_TIMEOUT_MS, config.HTTP_HEADERS_TIMEOUT_MS),
      keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS) / 4))),
    },
    (req, res) => void handler(req, res),
  );
  const sockets = new Set<Socket>();
  // Open sockets per peer address. Behind a proxy every socket comes from the proxy, so the cap is off there.
  const socketsPerIp = new OpenCounts();
  const overCap = new WeakSet<Socket>();
  const capSockets = config.TRUST_PROXY === 0 && config.HTTP_MAX_CONNECTIONS_PER_IP > 0;
  // The request framing of each connection, followed over the bytes as they arrive (src/http/request-framing.ts),
  // so a request too malformed to parse (below) is known to be a HEAD, whose answer has no body. It sees each read
  // before Node's parser does (which may reject it and emit clientError at once); dropped once a WebSocket.
  const framings = new WeakMap<Socket, RequestFraming>();
  const watchers = new WeakMap<Socket, (d: Buffer) => void>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    const framing = new RequestFraming();
    const watch = (d: Buffer) => framing.push(d);
    framings.set(s, framing);
    watchers.set(s, watch);
    s.prependListener('data', watch);
    if (!capSockets) return;
    const peer = clientIp({ headers: {}, socket: s }, 0);
    if (!socketsPerIp.take(peer, config.HTTP_MAX_CONNECTIONS_PER_IP)) {
      // Answered from the handler once its request is read (a HEAD's answer then has no body, as HTTP requires),
      // and closed; a socket that sends nothing is closed within the grace below rather than the headers timeout.
      overCap.add(s);
      setTimeout(() => s.destroy(), Math.min(OVER_CAP_GRACE_MS, config.HTTP_HEADERS_TIMEOUT_MS)).unref();
      return;
    }
    s.once('close', () => socketsPerIp.release(peer));
  });
  server.on('upgrade', (_req, socket: Socket) => {
    const watch = watchers.get(socket);
    if (watch) socket.off('data', watch);
    framings.delete(socket);
  });
  // A request Node could not parse (headers over the limit, bad framing, an unknown method) never reaches the
  // handler: answer it with the same envelope and a request id, then close the connection.
  // Connections whose rejected request is answered (or waits to be): later reads of it raise clientError again.
  const rejected = new WeakSet<Socket>();
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (rejected.has(socket) && socket.writable) return;
    if (!socket.writable) return void socket.destroy();
    // Headers or body slower than the server's timeouts: 408 (no code has that status), and the socket goes.
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      return void socket.end('HTTP/1.1 408 Request Timeout\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n');
    const requestId = requestIdFrom(undefined);
    const message =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? `The request line and headers exceed ${maxHeaderSize} bytes`
        : `Malformed HTTP request (${err.code ?? 'parse error'})`;
    const body = JSON.stringify(errorBody(config, 'INVALID_PARAMS', message, requestId));
    // The answer to a HEAD has no body, even this one (a client reads no body after a HEAD's headers: the bytes
    // would be taken as a next response, or, after connection: close, as a protocol error).
    const head = framings.get(socket)?.method === 'HEAD';
    rejected.add(socket);
    afterResponses(socket, () => {
      if (!socket.writable) return void socket.destroy();
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${head ? '' : body}`,
      );
    });
  });
  return { server, sockets, overCap: (s: Socket) => overCap.has(s) };
}

/**
 * Runs `then` once the answers to earlier requests on `socket` are written: a request rejected by the parser may
 * follow others sent without waiting (pipelining) whose handlers are still at work, and answers go in order.
 * Node's server keeps the response being written as `socket._httpMessage` (its own clientError default reads it
 * too) and assigns the next queued one before our 'finish' listener runs.
 */
function afterResponses(socket: Socket, then: () => void) {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!inFlight || inFlight.writableFinished) return then();
  const next = () => {
    inFlight.off('finish', next).off('close', next);
    afterResponses(socket, then);
  };
  inFlight.once('finish', next).once('close', next);
}
