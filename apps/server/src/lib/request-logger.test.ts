import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from './request-logger';

/** A pino logger at `level` whose lines land in `lines`. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe('request logger', () => {
  it('makes no child for a line below the level logged, and writes the child’s lines above it', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = requestLogger(logger, { reqId: 'r-1' }, {});
    log.info('not logged');
    log.debug({ detail: 1 }, 'nor this');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');

    log.warn({ route: '/api/x' }, 'refused');
    log.error('failed %s', 'twice');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'r-1', route: '/api/x', msg: 'refused' },
      { level: 50, reqId: 'r-1', msg: 'failed twice' },
    ]);
  });

  it('hands its bindings down to a child of its own, and a route’s own level gets a child at once', () => {
    const { logger, lines } = capture('info');
    requestLogger(logger, { reqId: 'r-2' }, {}).child({ part: 'upload' }).info('stored');
    expect(lines).toMatchObject([{ reqId: 'r-2', part: 'upload', msg: 'stored' }]);

    const child = vi.spyOn(logger, 'child');
    const debug = requestLogger(logger, { reqId: 'r-3' }, { level: 'debug' });
    expect(child).toHaveBeenCalledTimes(1);
    debug.debug('seen');
    expect(lines.at(-1)).toMatchObject({ reqId: 'r-3', level: 20, msg: 'seen' });
  });

  it('is each request’s logger in Fastify: its lines carry the request id', async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: requestLogger });
    app.get('/', (request) => {
      request.log.info('inside');
      return 'ok';
    });
    await app.inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'abc' } });
    await app.close();
    const inside = lines.find((line) => line.msg === 'inside');
    expect(inside?.reqId).toEqual(expect.any(String));
    expect(lines.filter((line) => line.reqId === inside?.reqId).length).toBeGreaterThan(1);
  });
});
