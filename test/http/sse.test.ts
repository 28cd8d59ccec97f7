import { describe, expect, it } from 'vitest';
import { eventStream, prefersEventStream, sseEvent } from '../../src/http/sse.js';

describe('server-sent events', () => {
  it.each([
    { accept: undefined, stream: false },
    { accept: '*/*', stream: false },
    { accept: 'application/json', stream: false },
    { accept: 'text/event-stream', stream: true },
    { accept: 'text/event-stream, application/json', stream: true },
    { accept: 'application/json, text/event-stream;q=0.5', stream: false },
    { accept: 'application/json;q=0.1, text/event-stream', stream: true },
    { accept: 'text/*', stream: true },
    { accept: 'text/event-stream;q=0', stream: false },
  ])('Accept: $accept → stream $stream', ({ accept, stream }) => {
    expect(prefersEventStream(accept)).toBe(stream);
  });

  it('numbers the events, opens with a comment and ends a failed stream with an error event', async () => {
    async function* messages() {
      yield { n: 1 };
      yield { n: 2 };
      throw new Error('store down');
    }
    const chunks: string[] = [];
    for await (const c of eventStream(messages(), { event: 'quotes', toJson: JSON.stringify, toEnvelope: () => '{"error":{"code":"INTERNAL"}}' }))
      chunks.push(c);
    expect(chunks).toEqual([
      ': stream open\n\n',
      'event: quotes\nid: 1\ndata: {"n":1}\n\n',
      'event: quotes\nid: 2\ndata: {"n":2}\n\n',
      'event: error\ndata: {"error":{"code":"INTERNAL"}}\n\n',
    ]);
    expect(sseEvent('x', undefined, '{}')).toBe('event: x\ndata: {}\n\n');
  });
});
