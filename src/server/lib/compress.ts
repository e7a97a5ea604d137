import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A body compressed as the client accepts (brotli, else gzip), for replies the compress plugin's
 * route hook does not reach (the not-found handler that serves pages). Quality 5: a 100 KB page in
 * a few milliseconds, off the event loop.
 */
export async function compressFor(request: FastifyRequest, reply: FastifyReply, body: Buffer): Promise<Buffer> {
  const accepted = request.headers['accept-encoding'] ?? '';
  reply.header('vary', 'accept-encoding');
  if (body.length < 1024) return body;
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipAsync(body);
  }
  return body;
}
