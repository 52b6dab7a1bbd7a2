import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes its pino child (bound to the request id) only when a line is
 * written at a level the process logs. Fastify made the child for every request, and pino
 * serialises a child's bindings as it is made: about a tenth of a cached read's own work
 * (`npm run bench` under `--cpu-prof`), for a logger that at the usual `info` level writes the
 * one request line and at `warn` nothing. The lines written are the child's, as before.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings));
  }

  #write(level: Level, args: unknown[]): void {
    if (this.#made === undefined && !this.parent.isLevelEnabled(level)) return;
    const logger = this.#logger();
    Reflect.apply(logger[level], logger, args);
  }

  get level(): LevelWithSilentOrString {
    return this.#made?.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#logger().level = level;
  }

  // Methods, not arrow functions in fields: nothing is made per request until a line is written.
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

const isPino = (logger: FastifyBaseLogger): logger is Logger =>
  typeof (logger as Partial<Logger>).isLevelEnabled === 'function';

/**
 * Fastify's `childLoggerFactory`: a lazy request logger, unless the route asks for a level or
 * serializers of its own (none of Jammy's do), which get their child at once.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (!isPino(logger) || Object.keys(options).length > 0) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings);
}
