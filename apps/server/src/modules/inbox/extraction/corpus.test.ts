import { describe, expect } from 'vitest';
import { corpus, sourceOf, values } from './corpus.test-helpers';

describe('flights', () => {
  corpus('flight-json-ld.eml', ({ reservations, from, clues }) => {
    expect(from).toBe('bookings@skyline-air.example');
    expect(reservations).toHaveLength(1);
    const [flight] = reservations;
    expect(flight?.kind).toBe('flight');
    expect(flight?.status).toBe('confirmed');
    expect(values(flight)).toMatchObject({
      title: 'SK 784 FCO–NRT',
      carrier: 'Skyline Air',
      number: 'SK 784',
      startAt: '2027-04-03T13:05',
      startZone: 'Europe/Rome',
      endAt: '2027-04-04T08:45',
      endZone: 'Asia/Tokyo',
      confirmationCode: 'RX7K2Q',
      costMinor: 61240,
      currency: 'EUR',
    });
    expect(values(flight).fromLat).toBeCloseTo(41.79, 1);
    expect(sourceOf(flight, 'startAt')).toBe('json-ld reservationFor.departureTime');
    expect(sourceOf(flight, 'startZone')).toBe('airport-table FCO');
    expect(clues.codes.map((code) => code.value)).toContain('RX7K2Q');
    expect(clues.airports.map((airport) => airport.value.code)).toEqual(['FCO', 'NRT']);
  });

  corpus('flight-connection.eml', ({ reservations }) => {
    // Written in UTC, kept as each airport's clock shows it.
    expect(reservations.map(values)).toMatchObject([
      {
        number: 'SK 231',
        startAt: '2027-05-10T08:40',
        endAt: '2027-05-10T10:45',
        endZone: 'Europe/Berlin',
      },
      {
        number: 'SK 716',
        startAt: '2027-05-10T13:20',
        endAt: '2027-05-11T10:50',
        endZone: 'Asia/Tokyo',
      },
    ]);
    expect(new Set(reservations.map((leg) => values(leg).confirmationCode))).toEqual(
      new Set(['QX7P2M']),
    );
  });

  corpus('flight-microdata.eml', ({ reservations }) => {
    const [flight] = reservations;
    expect(values(flight)).toMatchObject({
      number: 'NW 1204',
      fromName: 'Munich',
      startAt: '2027-06-18T07:15',
      startZone: 'Europe/Berlin',
      endAt: '2027-06-18T09:40',
      endZone: 'Europe/Lisbon',
    });
    expect(sourceOf(flight, 'startAt')).toBe('microdata reservationFor.departureTime');
  });

  corpus('flight-cancelled.eml', ({ reservations }) => {
    expect(reservations.map((found) => [found.status, values(found).confirmationCode])).toEqual([
      ['cancelled', 'RX7K2Q'],
    ]);
  });

  corpus('flight-modified.eml', ({ reservations }) => {
    expect(reservations[0]?.status).toBe('modified');
    expect(values(reservations[0]).startAt).toBe('2027-04-03T14:20');
  });

  corpus('both-syntaxes.eml', ({ reservations }) => {
    // The same flight in JSON-LD and in microdata is one booking, read from the JSON-LD.
    expect(reservations).toHaveLength(1);
    expect(sourceOf(reservations[0], 'number')).toMatch(/^json-ld/);
  });

  corpus('japanese-flight.eml', ({ reservations, subject, clues }) => {
    expect(subject).toBe('ご予約の確認 (予約番号 HJ5R8T)');
    expect(values(reservations[0])).toMatchObject({
      carrier: 'さくら航空',
      fromName: '東京(羽田)',
      startAt: '2027-04-08T10:15',
      startZone: 'Asia/Tokyo',
      confirmationCode: 'HJ5R8T',
    });
    // The ISO-2022-JP text part is read too.
    expect(clues.dates.map((date) => date.value)).toEqual(['2027-04-08']);
    expect(clues.times.map((time) => time.value)).toEqual(['10:15', '12:55']);
    expect(clues.codes.map((code) => code.value)).toEqual(['HJ5R8T']);
  });
});

describe('stays, trains, roads, boats, tables and events', () => {
  corpus('hotel-json-ld.eml', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('accommodation');
    expect(values(reservations[0])).toMatchObject({
      title: 'Hotel Sakura Asakusa',
      address: '2-3-1 Asakusa, 111-0032 Taito, Tokyo, JP',
      startAt: '2027-04-04T15:00',
      startZone: 'Asia/Tokyo',
      endAt: '2027-04-09T11:00',
      costMinor: 84000,
      currency: 'JPY',
    });
    expect(sourceOf(reservations[0], 'startZone')).toBe('json-ld reservationFor.geo.latitude');
  });

  corpus('hotel-microdata.eml', ({ reservations }) => {
    // No coordinates, so no zone: the stay keeps its days.
    expect(values(reservations[0])).toEqual({
      title: 'Casa Azul Lisboa',
      address: 'Rua das Flores 12, 1200-195 Lisboa, PT',
      startDate: '2027-06-18',
      endDate: '2027-06-22',
      confirmationCode: '7781',
      costMinor: 54000,
      currency: 'EUR',
    });
  });

  corpus('train-italian.eml', ({ reservations, clues }) => {
    expect(reservations[0]?.kind).toBe('train');
    expect(values(reservations[0])).toMatchObject({
      carrier: 'Ferrovie Esempio',
      number: 'FR 9521',
      fromName: 'Roma Termini',
      toName: 'Firenze Santa Maria Novella',
      startAt: '2027-04-12T09:50',
      startZone: 'Europe/Rome',
      costMinor: 3990,
    });
    expect(clues.dates.map((date) => date.value)).toEqual(['2027-04-12']);
  });

  corpus('german-train.eml', ({ reservations, subject, text, clues }) => {
    expect(subject).toBe('Ihre Buchungsbestätigung für München - Wien');
    expect(text).toContain('Sehr geehrter Herr Müller');
    expect(values(reservations[0])).toMatchObject({
      fromName: 'München Hbf',
      startZone: 'Europe/Berlin',
      endZone: 'Europe/Vienna',
      endAt: '2027-06-27T13:22',
    });
    expect(clues.dates.map((date) => date.value)).toEqual(['2027-06-27']);
    expect(clues.codes.map((code) => code.value)).toEqual(['BB7731']);
  });

  corpus('bus-json-ld.eml', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('bus');
    expect(values(reservations[0])).toMatchObject({
      carrier: 'Alpenbus',
      endZone: 'Europe/Vienna',
    });
  });

  corpus('ferry-json-ld.eml', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('ferry');
    expect(values(reservations[0])).toMatchObject({
      fromName: 'Napoli Molo Beverello',
      startAt: '2027-07-02T09:10',
    });
  });

  corpus('car-json-ld.eml', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('car-rental');
    expect(values(reservations[0])).toMatchObject({
      carrier: 'Drive Iberia',
      startAt: '2027-06-22T12:00',
      startZone: 'Europe/Lisbon',
      endAt: '2027-06-26T10:00',
      costMinor: 18735,
    });
  });

  corpus('taxi-json-ld.eml', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('other');
    expect(values(reservations[0])).toMatchObject({ carrier: 'CityCab', startZone: 'Asia/Tokyo' });
  });

  corpus('restaurant-microdata.eml', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('restaurant');
    expect(values(reservations[0])).toMatchObject({
      title: 'Trattoria da Lina',
      startAt: '2027-04-12T20:30',
      startZone: 'Europe/Rome',
    });
  });

  corpus('event-json-ld.eml', ({ reservations }) => {
    expect(reservations[0]?.kind).toBe('activity');
    expect(values(reservations[0])).toMatchObject({
      title: 'Spring Concert',
      address: 'Sumida Arena, 1-1 Yokoami, Sumida, Tokyo, JP',
      startAt: '2027-04-06T18:30',
      endAt: '2027-04-06T21:00',
    });
  });

  corpus('trip-package.eml', ({ reservations }) => {
    expect(reservations.map((found) => [found.kind, values(found).confirmationCode])).toEqual([
      ['flight', 'VE-1188'],
      ['accommodation', 'VE-1188-H'],
      ['car-rental', 'VE-1188-C'],
    ]);
    // The car's pick-up has no coordinates: its times wait for a zone.
    expect(values(reservations[2])).toMatchObject({ startAt: '2027-06-22T12:00' });
    expect(values(reservations[2]).startZone).toBeUndefined();
  });
});
