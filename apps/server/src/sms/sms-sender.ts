import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';

/** Sends text messages: through a Twilio-compatible API when TWILIO_* is set, else to the outbox. */
export interface SmsSender {
  readonly kind: 'twilio' | 'outbox';
  send(to: string, body: string): Promise<void>;
}

/** An SMS stored as DATA_DIR/outbox/<id>.sms.json (admins can read it; the log says where). */
export function outboxSms(outboxDir: string, logger: FastifyBaseLogger): SmsSender {
  return {
    kind: 'outbox',
    async send(to, body) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${uuidv7()}.sms.json`);
      await writeFile(file, JSON.stringify({ to, body, createdAt: new Date().toISOString() }), {
        mode: 0o600,
      });
      logger.info({ to, file }, 'text message written to the outbox (no TWILIO_* configured)');
    },
  };
}

/** Twilio's Messages API (or a compatible one at TWILIO_API_URL). */
export function twilioSms(
  options: { accountSid: string; authToken: string; from: string; apiUrl: string },
  logger: FastifyBaseLogger,
): SmsSender {
  const endpoint = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
    options.apiUrl,
  );
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(to, body) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ From: options.from, To: to, Body: body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        throw new Error(`The SMS provider answered ${response.status}: ${await response.text()}`);
      }
      logger.info({ to }, 'text message sent');
    },
  };
}
