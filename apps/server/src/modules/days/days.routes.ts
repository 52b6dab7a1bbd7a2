import { dateSchema } from '@jammy/shared/fields';
import {
  dayOptimiseQuerySchema,
  dayOrderSchema,
  dayPlanQuerySchema,
  dayPlanSchema,
  dayProposalSchema,
  dayTravelSchema,
} from '@jammy/shared/days';
import { idSchema } from '@jammy/shared/ids';
import { placeSchema } from '@jammy/shared/itineraries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouterConfig } from '../../config/services';
import { replies } from '../../lib/contract';
import { presentPlace } from '../itineraries/itinerary.presenter';
import {
  allOf,
  callerOf,
  itineraryParams,
  READ_ERRORS,
  type RouteDeps,
  WRITE_ERRORS,
} from '../itineraries/route-parts';
import { createRouter } from '../routing/router';
import { orderDay, proposeDayOrder, readDayPlan } from './days.service';
import type { TravelSource } from './travel-times';

const tags = ['days'];
const dayParams = itineraryParams.extend({ stageId: idSchema, day: dateSchema });
const dayPath = '/api/itineraries/:id/stages/:stageId/days/:day';

/** /api/itineraries/{id}/stages/{stageId}/days/{day}: a day's plan, its best order. */
export function dayRoutes(
  root: FastifyInstance,
  deps: RouteDeps & { router: RouterConfig | undefined },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;
  const source: TravelSource | undefined = deps.router && {
    router: createRouter(deps.router),
    id: `${deps.router.kind} ${deps.router.url}`,
  };

  app.get(
    `${dayPath}/travel`,
    {
      schema: {
        tags,
        summary:
          "A day's stops between its start and end, and the travel between them in order (a router's, or the estimate's)",
        params: dayParams,
        querystring: dayPlanQuerySchema,
        response: replies({ 200: dayTravelSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, stageId, day } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { timeline: _timeline, ...travel } = await readDayPlan(
        db,
        source,
        caller,
        { stageId, day },
        request.query,
      );
      return travel;
    },
  );

  app.get(
    `${dayPath}/plan`,
    {
      schema: {
        tags,
        summary:
          "A day's stops between its start and end, the travel between them (a router's or the estimate's) and the day on the clock, with its warnings",
        params: dayParams,
        querystring: dayPlanQuerySchema,
        response: replies({ 200: dayPlanSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, stageId, day } = request.params;
      const caller = await callerOf(sessions, request, id);
      return readDayPlan(db, source, caller, { stageId, day }, request.query);
    },
  );

  app.get(
    `${dayPath}/optimised`,
    {
      schema: {
        tags,
        summary:
          "The day's shortest order (pinned places and stops at a fixed time kept), its plan and today's, and the travel saved; nothing is written",
        params: dayParams,
        querystring: dayOptimiseQuerySchema,
        response: replies({ 200: dayProposalSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, stageId, day } = request.params;
      const caller = await callerOf(sessions, request, id);
      return proposeDayOrder(db, source, caller, { stageId, day }, request.query);
    },
  );

  app.put(
    `${dayPath}/order`,
    {
      schema: {
        tags,
        summary: "Put the day's places in this order (an accepted optimisation)",
        params: dayParams,
        body: dayOrderSchema,
        response: replies({ 200: allOf(placeSchema) }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, stageId, day } = request.params;
      const caller = await callerOf(sessions, request, id);
      const rows = await orderDay(db, caller, { stageId, day }, request.body.placeIds);
      return { items: rows.map(presentPlace), nextCursor: null };
    },
  );
}
