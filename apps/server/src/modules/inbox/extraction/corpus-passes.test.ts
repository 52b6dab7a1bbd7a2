import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS, corpus, read, sourceOf, values } from './corpus.test-helpers';
import { inboxFileKind, MOST_TEXT } from './extract';

describe('wallet passes and boarding-pass data', () => {
  corpus('boarding-pass.pkpass', ({ reservations }) => {
    const [flight] = reservations;
    expect(values(flight)).toMatchObject({
      title: 'TP 557 MUC–LIS',
      number: 'TP 557',
      confirmationCode: 'K4TZ8W',
      startAt: '2027-06-18T07:15',
      startZone: 'Europe/Berlin',
      endZone: 'Europe/Lisbon',
    });
    expect(values(flight).startDate).toBeUndefined();
    expect(sourceOf(flight, 'confirmationCode')).toBe(
      'boarding-pass-barcode barcodes[0].message PNR',
    );
    expect(sourceOf(flight, 'startAt')).toBe('wallet-pass relevantDate');
  });

  corpus('mail-with-pass.eml', ({ reservations }) => {
    expect(values(reservations[0])).toMatchObject({
      number: 'TP 557',
      startAt: '2027-06-18T07:15',
    });
  });

  corpus('event-ticket.pkpass', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('activity');
    expect(values(reservations[0])).toMatchObject({
      title: 'Spring Concert',
      address: 'Sumida Arena',
      startAt: '2027-04-06T18:30',
      startZone: 'Asia/Tokyo',
      confirmationCode: 'SA-10045',
    });
  });

  corpus('generic-pass.pkpass', ({ reservations }) => {
    expect(values(reservations[0])).toEqual({
      title: 'Museum day pass',
      carrier: 'Museo Esempio',
      startDate: '2027-04-13',
      confirmationCode: 'MU-2027-3',
    });
  });

  corpus('train-pass.pkpass', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('train');
    expect(values(reservations[0])).toMatchObject({
      fromName: 'München Hbf',
      toName: 'Wien Hbf',
      number: 'RJX 61',
      startAt: '2027-06-27T09:24',
      startZone: 'Europe/Berlin',
      confirmationCode: 'BB7731',
    });
  });

  corpus('bcbp-two-legs.txt', ({ reservations }) => {
    // Issued in March: day 93 is 3 April of the same year.
    expect(reservations.map(values)).toMatchObject([
      {
        number: 'LH 231',
        fromName: 'Leonardo da Vinci–Fiumicino Airport (FCO)',
        startDate: '2027-04-03',
      },
      { number: 'LH 716', toName: 'Tokyo International Airport (HND)', startDate: '2027-04-03' },
    ]);
  });

  corpus('forwarded-as-attachment.eml', ({ from, reservations }) => {
    expect(from).toBe('giulia@traveller.example');
    expect(values(reservations[0])).toMatchObject({ confirmationCode: 'RX7K2Q', number: 'SK 784' });
  });
});

describe('PDF tickets', () => {
  corpus('boarding-pass.pdf', ({ reservations, clues, text, files }) => {
    // The PDF417 code of its picture holds the boarding-pass data.
    expect(values(reservations[0])).toMatchObject({
      number: 'TP 557',
      confirmationCode: 'K4TZ8W',
      startDate: '2027-06-18',
      startZone: 'Europe/Berlin',
    });
    expect(sourceOf(reservations[0], 'number')).toBe(
      'boarding-pass-barcode page 1, picture 1 flight number',
    );
    expect(text).toContain('Portugal Wings - Boarding pass');
    expect(clues.times.map((time) => time.value)).toEqual(['06:45', '07:15']);
    expect(files.map((file) => file.contentType)).toEqual(['application/pdf']);
  });

  corpus('train-ticket-de.pdf', ({ reservations, clues }) => {
    expect(reservations).toEqual([]);
    expect(clues.dates.map((date) => date.value)).toEqual(['2027-06-27']);
    expect(clues.codes.map((code) => code.value)).toEqual(['BB7731']);
  });
});

describe('text alone', () => {
  corpus('italian-text-only.eml', ({ reservations, clues, text }) => {
    expect(reservations).toEqual([]);
    expect(text).toContain('Agriturismo Il Poggio');
    expect(clues.dates.map((date) => date.value)).toEqual(['2027-04-14', '2027-04-17']);
    expect(clues.times.map((time) => time.value)).toEqual(['15:00', '10:30']);
    expect(clues.codes.map((code) => code.value)).toEqual(['PG2027-118']);
    expect(clues.dates[0]?.source).toEqual({ kind: 'text', at: 'line 5' });
  });

  corpus('pasted-french.txt', ({ reservations, clues }) => {
    expect(reservations).toEqual([]);
    expect(clues.dates.map((date) => date.value)).toEqual(['2027-05-03']);
    expect(clues.codes.map((code) => code.value)).toEqual(['LX4QH2']);
    expect(clues.airports.map(({ value }) => [value.code, value.zone])).toEqual([
      ['CDG', 'Europe/Paris'],
      ['YUL', 'America/Toronto'],
    ]);
  });
});

describe('forged, malformed and oversized', () => {
  // The reading reports the sender as written; whether it is believed is the sender check's.
  corpus('forged-sender.eml', ({ from, reservations }) => {
    expect(from).toBe('giulia@traveller.example');
    expect(reservations[0]?.status).toBe('modified');
  });

  corpus('forged-display-name.eml', ({ from, reservations, text }) => {
    expect(from).toBe('bookings@skyline-air.example.attacker.example');
    expect(reservations[0]?.status).toBe('cancelled');
    // Links and images stay out of the kept text: nothing in it is followed or fetched.
    expect(text).not.toMatch(/attacker\.example\/(login|pixel)/);
  });

  corpus('malformed-json-ld.eml', ({ problems, reservations }) => {
    expect(problems).toEqual(['JSON-LD block 1: not JSON']);
    expect(values(reservations[0])).toMatchObject({
      title: 'Casa Azul Dinner',
      startAt: '2027-06-19T20:00',
    });
    // A restaurant with no place has no zone: the time waits for the traveller's.
    expect(values(reservations[0]).startZone).toBeUndefined();
  });

  corpus('truncated-headers.eml', ({ from, reservations, problems }) => {
    expect(from).toBeNull();
    expect(reservations).toEqual([]);
    expect(problems).toEqual(['JSON-LD block 1: not JSON']);
  });

  corpus('malformed.pkpass', ({ reservations, problems }) => {
    expect(reservations).toEqual([]);
    expect(problems).toEqual(['wallet pass: not a zip file']);
  });

  corpus('not-a-pass.pkpass', ({ problems }) => {
    expect(problems).toEqual([
      'wallet pass: neither a boarding pass, an event ticket nor a generic pass',
    ]);
  });

  corpus('oversized.eml', ({ reservations, text }) => {
    // 150 flights and 25,000 characters of text: the first 100 and 20,000 are kept.
    expect(reservations).toHaveLength(100);
    expect(Array.from(text)).toHaveLength(MOST_TEXT);
  });

  it('binary-garbage.bin is not read as anything', async () => {
    expect(
      inboxFileKind('binary-garbage.bin', readFileSync(`${CORPUS}binary-garbage.bin`)),
    ).toBeNull();
    await expect(read('binary-garbage.bin')).rejects.toThrow('not read by the inbox');
  });
});

describe('the corpus', () => {
  it('has at least 25 files, each named by a corpus test', () => {
    const files = readdirSync(CORPUS).filter((file) => file !== 'README.md');
    expect(files.length).toBeGreaterThanOrEqual(25);
    const tests = ['corpus.test.ts', 'corpus-passes.test.ts']
      .map((name) => readFileSync(new URL(name, import.meta.url), 'utf8'))
      .join('\n');
    expect(files.filter((file) => !tests.includes(`'${file}'`))).toEqual([]);
  });
});
