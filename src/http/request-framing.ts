/**
 * Follows HTTP/1.1 request framing (request line, headers, Content-Length or chunked body) over the bytes a
 * connection receives, to know the method of the request being received when Node's parser gives up on it
 * (`clientError` carries no request). Sniffing read boundaries is not enough: a read may start with the tail of the
 * previous request's body (an answer sent before the body was read lets the rest arrive with the next request),
 * and a body may hold anything that looks like a request line. Bytes Node's parser accepted were framed the same
 * way, so this agrees with it up to the request it rejects.
 */
export class RequestFraming {
  /** The method of the request being received (or last received); undefined until its request line names one. */
  method: string | undefined;
  private state: 'start' | 'requestLine' | 'headers' | 'body' | 'chunkSize' | 'chunkData' | 'chunkEnd' | 'trailers' | 'done' = 'start';
  /** The current line so far (latin1), kept up to `maxLine` characters: only short prefixes matter. */
  private line = '';
  private remaining = 0;
  private contentLength = 0;
  private chunked = false;

  constructor(private readonly maxLine = 1024) {}

  push(d: Buffer): void {
    let i = 0;
    while (i < d.length && this.state !== 'done') {
      if (this.state === 'body' || this.state === 'chunkData') {
        const n = Math.min(this.remaining, d.length - i);
        i += n;
        this.remaining -= n;
        if (this.remaining === 0) this.state = this.state === 'body' ? 'start' : 'chunkEnd';
        continue;
      }
      const nl = d.indexOf(0x0a, i);
      const end = nl === -1 ? d.length : nl;
      if (this.line.length < this.maxLine) this.line += d.toString('latin1', i, Math.min(end, i + this.maxLine - this.line.length));
      i = nl === -1 ? d.length : nl + 1;
      if (this.state === 'start' && this.line.replace(/\r$/, '') !== '') {
        // Empty lines before a request line are skipped (as llhttp does); anything else starts the next request.
        this.state = 'requestLine';
        this.method = undefined;
      }
      if (this.state === 'requestLine' && this.method === undefined) {
        const sp = this.line.indexOf(' ');
        if (sp > 0) this.method = this.line.slice(0, sp);
      }
      if (nl === -1) return;
      this.endLine(this.line.replace(/\r$/, ''));
      this.line = '';
    }
  }

  private endLine(line: string) {
    switch (this.state) {
      case 'start':
        return;
      case 'requestLine':
        this.state = 'headers';
        this.contentLength = 0;
        this.chunked = false;
        return;
      case 'headers': {
        if (line === '') return this.endHead();
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        if (name === 'content-length' && /^\d+$/.test(value)) this.contentLength = Number(value);
        if (name === 'transfer-encoding') this.chunked = /(?:^|,)\s*chunked$/i.test(value);
        return;
      }
      case 'chunkSize': {
        const size = parseInt(line.split(';')[0].trim(), 16);
        if (!Number.isFinite(size)) {
          this.state = 'done';
          return;
        }
        if (size === 0) this.state = 'trailers';
        else [this.state, this.remaining] = ['chunkData', size];
        return;
      }
      case 'chunkEnd':
        this.state = 'chunkSize';
        return;
      case 'trailers':
        if (line === '') this.state = 'start';
        return;
    }
  }

  private endHead() {
    // CONNECT turns the connection into a tunnel: nothing after it is a request.
    if (this.method === 'CONNECT') this.state = 'done';
    else if (this.chunked) this.state = 'chunkSize';
    else if (this.contentLength > 0) [this.state, this.remaining] = ['body', this.contentLength];
    else this.state = 'start';
  }
}
