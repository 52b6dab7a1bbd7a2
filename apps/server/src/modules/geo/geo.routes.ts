import { geoSearchQuerySchema, geoSearchResultSchema } from '@jammy/shared/geo';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { GeocoderConfig } from '../../config/services';
import { replies } from '../../lib/contract';
import { sharedGazetteer } from './gazetteer';
import { createGeocoder } from './geocoder';
import { searchPlaces } from './geo.service';

const TAGS = ['geo'];

/** /api/geo/search: cities of the offline gazetteer, and points of interest from a geocoder. */
export function geoRoutes(
  root: FastifyInstance,
  deps: { sessions: Sessions; geocoder: GeocoderConfig | undefined },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const geocoder = deps.geocoder ? createGeocoder(deps.geocoder) : undefined;
  const gazetteer = () => sharedGazetteer(root.log);

  app.get(
    '/api/geo/search',
    {
      schema: {
        tags: TAGS,
        summary: 'Find cities (and points of interest when a geocoder is set) by name',
        description:
          'Prefix search ignoring case and accents ("sao p" finds São Paulo), most populous ' +
          'first. Show `attribution` with the results.',
        querystring: geoSearchQuerySchema,
        response: replies({ 200: geoSearchResultSchema }, [401]),
      },
    },
    async (request) => {
      await requireSession(deps.sessions, request);
      return searchPlaces({ gazetteer, geocoder, log: request.log }, request.query);
    },
  );
}
