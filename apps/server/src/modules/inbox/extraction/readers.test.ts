import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { boardingPassFlights, looksLikeBoardingPass } from './boarding-pass';
import { readStructuredData } from './structured-data';
import { wallClock } from './wall-clock';

describe('wallClock', () => {
  it('moves a time with an offset to the clock of the zone', () => {
    expect(wallClock('2027-03-28T00:30:00Z', 'Europe/Rome')).toEqual({
      kind: 'time',
      local: '2027-03-28T01:30',
      zone: 'Europe/Rome',
    });
    // After the clocks went forward that night.
    expect(wallClock('2027-03-28T01:30:00Z', 'Europe/Rome')).toMatchObject({
      local: '2027-03-28T03:30',
    });
    expect(wallClock('2027-03-04T20:15:00-0800', 'America/Los_Angeles')).toMatchObject({
      local: '2027-03-04T20:15',
    });
  });

  it('keeps a bare or offset clock without a zone, and UTC as UTC', () => {
    expect(wallClock('2027-06-18T07:15', null)).toEqual({
      kind: 'time',
      local: '2027-06-18T07:15',
      zone: null,
    });
    expect(wallClock('2027-06-18T07:15+02:00', null)).toEqual({
      kind: 'time',
      local: '2027-06-18T07:15',
      zone: null,
    });
    expect(wallClock('2027-06-18T07:15Z', null)).toEqual({
      kind: 'time',
      local: '2027-06-18T07:15',
      zone: 'UTC',
    });
    expect(wallClock('2027-06-18', 'Europe/Lisbon')).toEqual({ kind: 'date', date: '2027-06-18' });
  });

  it('refuses what is no date', () => {
    for (const value of ['2027-02-30', '2027-06-18T25:00', 'tomorrow', '18/06/2027', '']) {
      expect(wallClock(value, 'Europe/Rome')).toBeNull();
    }
  });

  it('reads every instant back to the same instant through its zone', () => {
    const zones = [
      'Europe/Rome',
      'Asia/Tokyo',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2099, 0, 1) / 60_000 }),
        fc.constantFrom(...zones),
        (minutes, zone) => {
          const instant = Temporal.Instant.fromEpochMilliseconds(minutes * 60_000);
          const read = wallClock(instant.toString(), zone);
          expect(read?.kind).toBe('time');
          if (read?.kind !== 'time') return;
          const back = Temporal.PlainDateTime.from(read.local).toZonedDateTime(zone, {
            disambiguation: 'compatible',
          });
          // A wall clock the zone shows twice (clocks going back) may read as the other one.
          expect(Math.abs(back.epochMilliseconds - instant.epochMilliseconds)).toBeLessThanOrEqual(
            3_600_000,
          );
          expect(back.toPlainDateTime().toString().slice(0, 16)).toBe(read.local);
        },
      ),
    );
  });
});

describe('boarding-pass data', () => {
  const pass = 'M1MUELLER/JONAS       EK4TZ8W MUCLISTP 0557 169Y021A0015 106>60000';

  it('dates a flight in the year after the pass when its day has passed', async () => {
    const december = Temporal.PlainDate.from('2027-12-30');
    const early = pass.replace(' 169Y', ' 002Y');
    const [flight] = (await boardingPassFlights(early, december, 'text')) ?? [];
    expect(flight?.fields.startDate?.value).toBe('2028-01-02');
  });

  it('refuses text that only starts like a boarding pass', async () => {
    const day = Temporal.PlainDate.from('2027-03-15');
    for (const text of [
      'M1',
      'M1DESMARAIS',
      pass.replace('MUCLIS', 'MU1LIS'),
      pass.replace(' 169Y', ' 1x9Y'),
      'hello',
    ]) {
      expect(looksLikeBoardingPass(text)).toBe(false);
      expect(await boardingPassFlights(text, day, 'text')).toBeNull();
    }
  });
});

describe('readStructuredData', () => {
  it('reads nested microdata items as their property, not their parent’s', () => {
    const { items } = readStructuredData(`
      <div itemscope itemtype="https://schema.org/EventReservation">
        <meta itemprop="reservationNumber" content="E1">
        <div itemprop="reservationFor" itemscope itemtype="https://schema.org/Event">
          <span itemprop="name">Opera</span>
          <div itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">La Fenice</span></div>
        </div>
        <a itemprop="url" href="https://tickets.example/e1">ticket</a>
      </div>`);
    expect(items).toEqual([
      {
        syntax: 'microdata',
        item: {
          '@type': 'EventReservation',
          reservationNumber: 'E1',
          reservationFor: {
            '@type': 'Event',
            name: 'Opera',
            location: { '@type': 'Place', name: 'La Fenice' },
          },
          url: 'https://tickets.example/e1',
        },
      },
    ]);
  });

  it('unfolds JSON-LD arrays and graphs and names a broken block', () => {
    const { items, problems } = readStructuredData(`
      <script type="application/ld+json">[{"@type":"A"},{"@type":"B"}]</script>
      <script type="application/ld+json">{"@graph":[{"@type":"C"}]}</script>
      <script type="application/ld+json">{oops</script>`);
    expect(items.map(({ item }) => item['@type'])).toEqual(['A', 'B', 'C']);
    expect(problems).toEqual(['JSON-LD block 3: not JSON']);
  });
});
