/**
 * One answered request as observers see it (metrics, status signals): every HTTP request once its answer is sent
 * (src/http/server.ts), and every GraphQL operation over WebSocket once it ends (src/http/graphql-ws.ts).
 */
export interface AnsweredRequest {
  /** The HTTP method as received, or `WS` for an operation over WebSocket. */
  method: string;
  /**
   * What answered, never the raw path: the REST route template (`/v1/invoices/:id`), `graphql`, a page
   * (`page:/pay`, src/pages/index.ts), `/metrics`, `preflight` (a CORS preflight); undefined when nothing matched.
   */
  route?: string;
  /**
   * A GraphQL operation's name as the client sent it, `''` when it has none (or its document never parsed); unset
   * for anything but a GraphQL operation. Unbounded: an observer bounds it before using it as a label.
   */
  operation?: string;
  /** The HTTP status (over WebSocket: 200, or the status of the operation's first error code). */
  status: number;
  /** The first error code of the answer, when it has one. */
  errorCode?: string;
  /** Milliseconds from arrival to the answer's end. */
  ms: number;
}

export type RequestObserver = (r: Readonly<AnsweredRequest>) => void;

/**
 * The one observation point of answered requests, held by the process (src/app.ts) and handed to the HTTP layer
 * with the rest of the infrastructure. Observers run synchronously on the request's own path: they count, they
 * never wait, and they must not throw (one that does is logged and the others still run).
 */
export class RequestObservers {
  private list: RequestObserver[] = [];

  constructor(private readonly onError: (err: unknown) => void) {}

  add(observer: RequestObserver): void {
    this.list.push(observer);
  }

  /** Whether anyone observes (the HTTP layer skips filling the facts in when no one does). */
  get active(): boolean {
    return this.list.length > 0;
  }

  emit(r: Readonly<AnsweredRequest>): void {
    for (const o of this.list) {
      try {
        o(r);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
