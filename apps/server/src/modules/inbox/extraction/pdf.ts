import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { Temporal } from 'temporal-polyfill';
import type * as ZXingReader from 'zxing-wasm/reader';
import { boardingPassFlights } from './boarding-pass';
import type { FoundReservation } from './found';

/**
 * What a PDF ticket holds: its text (Mozilla's pdf.js, its legacy build, which runs on Node 20)
 * and the bar codes of its pictures (zxing-wasm, its WebAssembly loaded from the package: no
 * network), of which boarding-pass data becomes flights. Bounded: the first pages, the first pictures of
 * each, pictures up to a size; what is past them is not read.
 */

const MOST_PAGES = 5;
const MOST_IMAGES_A_PAGE = 10;
const MOST_PIXELS = 16_000_000;
const FORMATS = ['PDF417', 'Aztec', 'QRCode', 'DataMatrix'] as const;

type Reader = typeof ZXingReader;
let reader: Promise<Reader> | null = null;

/** zxing-wasm's reader with its WebAssembly read from the package, once. */
function barcodeReader(): Promise<Reader> {
  reader ??= import('zxing-wasm/reader').then((module) => {
    const wasm = readFileSync(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    );
    module.prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
      },
    });
    return module;
  });
  return reader;
}

/** Channels of a pdf.js picture's pixels by its kind (1 bit a pixel is left unread). */
const CHANNELS: Record<number, 3 | 4 | undefined> = { 2: 3, 3: 4 };

interface PdfPicture {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

function isPicture(value: unknown): value is PdfPicture {
  return (
    typeof value === 'object' &&
    value !== null &&
    'width' in value &&
    'height' in value &&
    'kind' in value &&
    'data' in value &&
    ArrayBuffer.isView(value.data)
  );
}

/** The text and bar codes of a PDF; a problem instead when it cannot be read. */
export async function readPdf(
  bytes: Uint8Array,
  reference: Temporal.PlainDate,
): Promise<{ text: string; reservations: FoundReservation[]; problems: string[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let document: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    document = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      // A ticket's text and pictures are read, nothing of it is run or drawn.
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: pdfjs.VerbosityLevel.ERRORS,
    }).promise;
  } catch {
    return { text: '', reservations: [], problems: ['PDF: not a readable document'] };
  }
  const problems: string[] = [];
  const lines: string[] = [];
  const reservations: FoundReservation[] = [];
  try {
    const { readBarcodes } = await barcodeReader();
    for (let number = 1; number <= Math.min(document.numPages, MOST_PAGES); number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line.trim());
          line = '';
        }
      }
      if (line.trim()) lines.push(line.trim());
      const operators = await page.getOperatorList();
      const names = operators.fnArray.flatMap((op, index) =>
        op === pdfjs.OPS.paintImageXObject ? [String(operators.argsArray[index]?.[0])] : [],
      );
      for (const [index, name] of names.slice(0, MOST_IMAGES_A_PAGE).entries()) {
        const picture: unknown = await new Promise((resolve) => page.objs.get(name, resolve));
        if (!isPicture(picture) || picture.width * picture.height > MOST_PIXELS) continue;
        const channels = CHANNELS[picture.kind];
        if (!channels) continue;
        const png = await sharp(Buffer.from(picture.data), {
          raw: { width: picture.width, height: picture.height, channels },
        })
          .png()
          .toBuffer();
        const codes = await readBarcodes(new Uint8Array(png), {
          formats: [...FORMATS],
          maxNumberOfSymbols: 4,
        });
        for (const code of codes) {
          const at = `page ${number}, picture ${index + 1}`;
          reservations.push(...((await boardingPassFlights(code.text, reference, at)) ?? []));
        }
      }
    }
  } catch {
    problems.push('PDF: some of it could not be read');
  } finally {
    await document.destroy();
  }
  return { text: lines.filter(Boolean).join('\n'), reservations, problems };
}
