import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRelated } from './multipart-related';

const BOUNDARY = 'b0undary';

function body(metadata: object, data: Uint8Array, epilogue = ''): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(metadata)}\r\n--${BOUNDARY}\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--${epilogue}`),
  ]);
}

/** `bytes` as a stream of pieces cut at `cuts` (positions, in any order). */
function inPieces(bytes: Buffer, cuts: number[]): Readable {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    if (point > from) pieces.push(bytes.subarray(from, point));
    from = point;
  }
  return Readable.from(pieces);
}

describe('readRelated', () => {
  it('gives back the metadata and exactly the data, however the body is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.constantFrom('', '\r\nan epilogue'),
        async (data, cuts, epilogue) => {
          const related = await readRelated(
            inPieces(body({ name: 'a.png' }, data, epilogue), cuts),
            BOUNDARY,
          );
          expect(related.metadata).toEqual({ name: 'a.png' });
          expect(related.dataType).toBe('image/png');
          expect((await buffer(related.data)).equals(Buffer.from(data))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a second data part and a body without its closing boundary', async () => {
    const second = Buffer.concat([
      body({}, Buffer.from('one')).subarray(0, -2),
      Buffer.from(`\r\nContent-Type: text/plain\r\n\r\ntwo\r\n--${BOUNDARY}--`),
    ]);
    const open = body({}, Buffer.from('data')).subarray(0, -(BOUNDARY.length + 6));
    for (const [bytes, reason] of [
      [second, /only one data part/],
      [open, /closing boundary is missing/],
    ] as const) {
      const related = await readRelated(Readable.from([bytes]), BOUNDARY);
      await expect(buffer(related.data)).rejects.toThrow(reason);
    }
  });

  it('leaves the source whole when the data is dropped part-way, for the rest to be read', async () => {
    // In pieces of 1 KB, as a network delivers them: the parser holds back what it cannot take.
    const data = Buffer.alloc(200_000, 7);
    const source = inPieces(
      body({}, data),
      Array.from({ length: 200 }, (_, index) => index * 1024),
    );
    const related = await readRelated(source, BOUNDARY);
    // The upload is refused after its first bytes: the data stream goes, the source stays.
    await new Promise((resolve) => related.data.once('readable', resolve));
    expect(related.data.read()).not.toBeNull();
    related.data.destroy();
    await new Promise((resolve) => related.data.once('close', resolve));
    expect(source.destroyed).toBe(false);
    expect(source.readableEnded).toBe(false);
    let rest = 0;
    source.on('data', (chunk: Buffer) => {
      rest += chunk.length;
    });
    source.resume();
    await new Promise((resolve) => source.once('end', resolve));
    expect(rest).toBeGreaterThan(0);
  });
});
