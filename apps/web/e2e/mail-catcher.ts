import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { uuidv7 } from 'uuidv7';

/** A real SMTP server on loopback that stores every message it receives as a .eml file. */
export async function startMailCatcher(dir: string) {
  await mkdir(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Written aside, then renamed: a reader never sees half a mail.
        const name = path.join(dir, uuidv7());
        writeFile(`${name}.part`, Buffer.concat(chunks))
          .then(() => rename(`${name}.part`, `${name}.eml`))
          .then(
            () => callback(),
            (error: Error) => callback(error),
          );
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    dir,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
