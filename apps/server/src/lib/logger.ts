import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';

/**
 * The process logger: JSON lines in production, readable lines in development on a terminal.
 * `destination` replaces stdout (a test reads what would be written).
 */
export function createLogger(
  config: Pick<Config, 'env' | 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const pretty = config.env === 'development' && process.stdout.isTTY && !destination;
  const options = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
