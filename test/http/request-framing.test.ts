import { describe, expect, it } from 'vitest';
import { RequestFraming } from '../../src/http/request-framing.js';

/** The method RequestFraming reports after `bytes`, fed in one read, byte by byte, and in reads of 7 bytes. */
function methodsAfter(bytes: string): (string | undefined)[] {
  const split = (size: number) => {
    const f = new RequestFraming();
    const b = Buffer.from(bytes, 'latin1');
    for (let i = 0; i < b.length; i += size) f.push(b.subarray(i, i + size));
    return f.method;
  };
  return [split(Infinity), split(1), split(7)];
}

const post = (body: string, extra = '') => `POST /v1/x HTTP/1.1\r\nhost: x\r\n${extra}content-length: ${Buffer.byteLength(body, 'latin1')}\r\n\r\n${body}`;
const chunked = (...chunks: string[]) =>
  `POST /v1/x HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n${chunks.map((c) => `${c.length.toString(16)};ext=1\r\n${c}\r\n`).join('')}0\r\ntrailer: t\r\n\r\n`;

describe('RequestFraming: the method of the request a connection is sending', () => {
  it.each([
    ['nothing yet', '', undefined],
    ['a method not yet ended by a space', 'HEA', undefined],
    ['a request line begun', 'HEAD /v1/events/x?%00', 'HEAD'],
    ['a request line too long to end (headers over the limit)', `HEAD /v1/x?${'%00'.repeat(10_000)}`, 'HEAD'],
    ['empty lines before a request line (skipped, as llhttp does)', '\r\n\r\nHEAD /', 'HEAD'],
    ['a complete request: its method stays', 'HEAD / HTTP/1.1\r\nhost: x\r\n\r\n', 'HEAD'],
    ['a request after a body that ends without a line break', `${post('{"a":1}')}HEAD /v1/x`, 'HEAD'],
    ['a body that looks like a request line is a body', post('x\nHEAD / HTTP/1.1\r\n'), 'POST'],
    ['a body that looks like a request line, then a GET', `${post('x\nHEAD / HTTP/1.1\r\n')}GET /`, 'GET'],
    ['a header named like a method does not start a request', 'GET / HTTP/1.1\r\nHEAD /x: y\r\n', 'GET'],
    ['a chunked body holding a request line, with extensions and trailers', chunked('\r\nHEAD / HTTP/1.1\r\n', 'ab'), 'POST'],
    ['the request after a chunked body', `${chunked('\nHEAD / HTTP/1.1\r\n')}GET /`, 'GET'],
    [
      'content-length with chunked framing: chunked wins',
      `${post('', 'transfer-encoding: gzip, chunked\r\n').replace('content-length: 0', 'content-length: 3')}5\r\nHEAD \r\n0\r\n\r\nPUT /`,
      'PUT',
    ],
    ['pipelined requests without bodies', 'GET / HTTP/1.1\r\n\r\nHEAD / HTTP/1.1\r\n\r\nDELETE /x', 'DELETE'],
    ['an unparsable next request has no method', `${post('ab')}\x00\x01garbage`, undefined],
    ['a CONNECT tunnel: nothing after it is a request', 'CONNECT h:443 HTTP/1.1\r\nhost: h\r\n\r\nHEAD / HTTP/1.1\r\n', 'CONNECT'],
  ])('%s', (_what, bytes, method) => {
    expect(methodsAfter(bytes)).toEqual([method, method, method]);
  });
});
