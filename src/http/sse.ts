import Negotiator from 'negotiator';

/**
 * Server-sent events for streamed REST answers (`GET /v1/quote` with `Accept: text/event-stream`). The client
 * chooses by content negotiation; the stream is plain SSE (https://html.spec.whatwg.org/multipage/server-sent-events.html),
 * so EventSource and any SSE parser read it.
 */
export const EVENT_STREAM = 'text/event-stream';

export const SSE_HEADERS: Record<string, string> = {
  'content-type': `${EVENT_STREAM}; charset=utf-8`,
  'cache-control': 'no-store',
  // Proxies must pass each event on as it is written (nginx reads this header; deploy/nginx.conf also turns buffering off).
  'x-accel-buffering': 'no',
};

/** Whether the client prefers an event stream to JSON (`Accept`; JSON when it says nothing or prefers JSON). */
export function prefersEventStream(accept: string | undefined): boolean {
  if (!accept) return false;
  return new Negotiator({ headers: { accept } }).mediaType(['application/json', EVENT_STREAM]) === EVENT_STREAM;
}

/** One event: its name, an id, and the JSON data (one `data:` line: JSON text holds no raw newline). */
export const sseEvent = (event: string, id: number | undefined, data: string) => `event: ${event}\n${id !== undefined ? `id: ${id}\n` : ''}data: ${data}\n\n`;

/**
 * The text of an event stream: a comment first, so the status and headers go out before the first message (the
 * REST transport reads one chunk before answering), then one `event` per message, numbered from 1. A failure after
 * the stream started ends it with an `error` event carrying the API's error envelope (`toEnvelope`).
 */
export async function* eventStream<T>(
  messages: AsyncIterable<T>,
  o: { event: string; toJson(m: T): string; toEnvelope(err: unknown): string },
): AsyncGenerator<string> {
  yield ': stream open\n\n';
  let id = 0;
  try {
    for await (const m of messages) yield sseEvent(o.event, ++id, o.toJson(m));
  } catch (err) {
    yield sseEvent('error', undefined, o.toEnvelope(err));
  }
}
