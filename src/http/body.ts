import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

/** Reads the whole body, refusing more than `limit` bytes (413) before buffering it all. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (limit: number) => new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limit} bytes`);

/** JSON body for REST routes: empty → undefined; malformed → INVALID_PARAMS naming the problem. */
export function parseJsonBody(buf: Buffer, contentType: string | undefined): unknown {
  if (buf.length === 0) return undefined;
  if (contentType && !/^application\/([a-z.+-]*\+)?json\b/i.test(contentType)) {
    throw new ApiError('INVALID_PARAMS', `Unsupported content-type ${contentType.split(';')[0]}: send application/json`);
  }
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch (e) {
    throw new ApiError('INVALID_PARAMS', `Malformed JSON body: ${(e as Error).message}`);
  }
}
