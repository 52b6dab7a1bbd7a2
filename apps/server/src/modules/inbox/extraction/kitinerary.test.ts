import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS } from './corpus.test-helpers';
import { kitineraryPath, kitineraryReservations } from './kitinerary';

// KDE's KItinerary extractor, as Debian packages it (libkpimitinerary-bin, which .ci/run
// installs): run for real, within its bounds.
describe('KItinerary', () => {
  it('is installed where Debian puts it', async () => {
    expect(await kitineraryPath(undefined)).toMatch(/libexec\/kf5\/kitinerary-extractor$/);
  });

  it('finds a mail’s flight, mapped as the mail’s own markup is, each field from KItinerary', async () => {
    const mail = readFileSync(`${CORPUS}flight-json-ld.eml`);
    const [flight, ...others] = await kitineraryReservations(
      mail,
      '2027-03-15T09:12:00Z',
      undefined,
    );
    expect(others).toEqual([]);
    expect(flight?.kind).toBe('flight');
    // KItinerary dates what it finds by the mail: that is no change of the booking.
    expect(flight?.status).toBe('confirmed');
    expect(flight?.fields.startAt).toEqual({
      value: '2027-04-03T13:05',
      source: { kind: 'kitinerary', at: 'reservationFor.departureTime' },
    });
    expect(flight?.fields.startZone?.value).toBe('Europe/Rome');
    expect(flight?.fields.confirmationCode?.value).toBe('RX7K2Q');
  });

  it('answers nothing for what it cannot read, and a path that is not there', async () => {
    expect(
      await kitineraryReservations(readFileSync(`${CORPUS}binary-garbage.bin`), null, undefined),
    ).toEqual([]);
    expect(
      await kitineraryReservations(Buffer.from('x'), null, '/nowhere/kitinerary-extractor'),
    ).toEqual([]);
  });
});
