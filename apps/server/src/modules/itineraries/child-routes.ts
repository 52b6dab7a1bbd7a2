import type { EventKind } from '@jammy/shared/sharing';
import { idSchema } from '@jammy/shared/ids';
import { moveSchema, versionOnlySchema } from '@jammy/shared/itineraries';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db, Executor } from '../../db/client';
import { outsideDocument } from '../../events/document-parts';
import type { ChangeEvent } from '../../events/events.repository';
import { noContent, replies } from '../../lib/contract';
import type { AppError } from '../../lib/errors';
import { conflict, expectedVersion } from '../../lib/versions';
import { authorize, authorizeReader, readerScope, type Action, type ItineraryRow } from './access';
import { changeWithEvent } from './change-with-event';
import { lastPosition, positionAfterSibling } from './child-rows';
import type { EditableTable, RowStore } from './row-store';
import { shareQuery } from './route-parts';

/**
 * The generic handler shape that photos and attachments (modules/media) still use: list,
 * create, read, change, delete and move of a resource of an itinerary, declared as one
 * object of callbacks. Every other part of an itinerary has explicit routes and a service
 * (docs/decisions/037); this file goes once photos and attachments do too.
 */

/** Who asks, on which itinerary. */
export interface ChildContext {
  /** Only its id: a create that is checked under the write's lock reads nothing before it. */
  itinerary: Pick<ItineraryRow, 'id'>;
  actorId: string;
}

/** The noun of an event kind: `photo` of `photo.created`. */
type PrefixOf<K> = K extends `${infer Prefix}.${string}` ? Prefix : never;
export type EventNoun = PrefixOf<EventKind>;

/** Who reads a collection: a member, or (for shareable ones) a share-link holder. */
export interface CollectionReader {
  itineraryId: string;
  member: boolean;
}

type Insert<T extends EditableTable> = Omit<T['$inferInsert'], 'id'>;
type Changes<T extends EditableTable> = Partial<T['$inferInsert']>;

export interface ChildResource<
  T extends EditableTable,
  Out,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType<{ version?: number }>,
> {
  /** OpenAPI tag, and the noun of summaries ("photo"). */
  tag: string;
  noun: string;
  /** The collection's path, e.g. `/api/itineraries/:id/photos`. */
  path: string;
  /** The name of the item's id in the path, e.g. `photoId`. */
  idParam: string;
  store: RowStore<T>;
  /** The scope column's name in an insert (`itineraryId`). */
  scopeKey: keyof Insert<T> & string;
  notFound: () => AppError;
  schema: z.ZodType<Out>;
  present: (row: T['$inferSelect']) => Out | Promise<Out>;
  /** Events `${event}.created|updated|deleted|moved` with this data (ids and titles only). */
  event: EventNoun;
  describe: (row: T['$inferSelect']) => Record<string, unknown>;
  list?: {
    summary: string;
    /** Share-link holders may read it too (`?share=`). */
    shareable?: boolean;
    querystring?: z.ZodObject;
    load: (reader: CollectionReader, query: Record<string, string | undefined>) => Promise<Out[]>;
  };
  create?: {
    summary: string;
    body: CreateBody;
    /** The row to insert; default: the input, in the itinerary, last when ordered. */
    values?: (
      tx: Executor,
      input: z.output<CreateBody>,
      context: ChildContext,
    ) => Promise<Insert<T>>;
  };
  update?: {
    summary: string;
    body: UpdateBody;
    /** What is written; may refuse (AppError) a change that does not fit the current row. */
    values?: (
      tx: Executor,
      changes: Omit<z.output<UpdateBody>, 'version'>,
      current: T['$inferSelect'],
      context: ChildContext,
    ) => Promise<Changes<T>>;
  };
  remove?: { summary: string };
  /** Ordered resources: move one after a sibling (null: first), writing one row. */
  move?: {
    summary: string;
    /** The siblings to order among (e.g. the photos of the same gallery). */
    among?: (tx: Executor, current: T['$inferSelect']) => Promise<{ where?: SQL }>;
  };
}

/** Registers the routes of one resource of an itinerary (see `ChildResource`). */
export function childRoutes<
  T extends EditableTable,
  Out,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType<{ version?: number }>,
>(
  app: FastifyInstance,
  deps: { db: Db; sessions: Sessions },
  resource: ChildResource<T, Out, CreateBody, UpdateBody>,
): void {
  const { db, sessions } = deps;
  const { store, noun } = resource;
  const collectionParams = z.object({ id: idSchema });
  const itemParams = collectionParams.extend({ [resource.idParam]: idSchema });
  const itemPath = `${resource.path}/:${resource.idParam}`;
  const tags = [resource.tag];
  // Typed by the resource's own schemas, which this shape is generic over (Fastify still
  // validates every request with them): hence the reads of params and bodies below.
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  /**
   * Who asks, checked for `action`: a stranger 404, a viewer 403. With `underLock`, a create
   * whose transaction checks the same again before it may commit is not checked here as
   * well: its stranger and viewer get the same answers, from the lock.
   */
  async function contextOf(
    request: FastifyRequest,
    action: Action,
    underLock = false,
  ): Promise<ChildContext> {
    const { user } = await requireSession(sessions, request);
    const id = idOf(request);
    const itinerary = underLock ? { id } : (await authorize(db, id, user.id, action)).itinerary;
    return { itinerary, actorId: user.id };
  }

  /** A write matched no row: gone meanwhile (404), or changed meanwhile (409, with it now). */
  async function missed(context: ChildContext, id: string): Promise<AppError> {
    const fresh = await store.find(db, context.itinerary.id, id);
    return fresh ? conflict(await resource.present(fresh)) : resource.notFound();
  }

  async function currentOf(request: FastifyRequest, context: ChildContext) {
    const id = (request.params as Record<string, string>)[resource.idParam] ?? '';
    const row = await store.find(db, context.itinerary.id, id);
    if (!row) throw resource.notFound();
    return row;
  }

  /** Records `${event}.${kind}` with the resource's data (plus `extra`) with the change. */
  function change<R>(
    context: ChildContext,
    kind: string,
    work: (tx: Executor) => Promise<R>,
    data: (result: Exclude<R, undefined | null | false>) => Record<string, unknown>,
  ) {
    return changeWithEvent(
      db,
      { itineraryId: context.itinerary.id, actorId: context.actorId },
      work,
      (result) => ({
        kind: `${resource.event}.${kind}` as ChangeEvent['kind'],
        data: data(result),
      }),
      { shared: !store.ordered },
    );
  }

  const writes = { outsideDocument: outsideDocument(resource.event) };
  const readErrors = [401, 404] as const;
  const writeErrors = [401, 403, 404, 409] as const;

  if (resource.list) {
    const { list } = resource;
    const query = (list.querystring ?? z.object({})).extend(list.shareable ? shareQuery.shape : {});
    app.get(
      resource.path,
      {
        schema: {
          tags,
          summary: list.summary,
          params: collectionParams,
          querystring: query,
          ...(list.shareable ? { security: [{ session: [] }, {}] } : {}),
          response: replies(
            { 200: z.object({ items: z.array(resource.schema), nextCursor: z.null() }) },
            readErrors,
          ),
        },
      },
      async (request) => {
        const input = request.query as Record<string, string | undefined>;
        const reader: CollectionReader = list.shareable
          ? readerScope(await authorizeReader(db, sessions, request, idOf(request), input.share))
          : { itineraryId: (await contextOf(request, 'read')).itinerary.id, member: true };
        return { items: await list.load(reader, input), nextCursor: null };
      },
    );
  }

  if (resource.create) {
    const { create } = resource;
    app.post(
      resource.path,
      {
        config: writes,
        schema: {
          tags,
          summary: create.summary,
          params: collectionParams,
          body: create.body,
          response: replies({ 201: resource.schema }, [401, 403, 404]),
        },
      },
      async (request, reply) => {
        // Checked under the lock only when the lock is shared: a stranger never holds the
        // trip alone, not even for the moment until the check refuses them.
        const context = await contextOf(request, 'write', !store.ordered);
        const input = request.body as z.output<CreateBody>;
        const row = await change(
          context,
          'created',
          async (tx) => {
            const values = create.values
              ? await create.values(tx, input, context)
              : ({
                  ...(input as object),
                  [resource.scopeKey]: context.itinerary.id,
                  ...(store.ordered
                    ? { position: await lastPosition(tx, store, context.itinerary.id) }
                    : {}),
                } as Insert<T>);
            return store.insert(tx, values);
          },
          (created) => resource.describe(created),
        );
        return reply.status(201).send(await resource.present(row));
      },
    );
  }

  app.get(
    itemPath,
    {
      schema: {
        tags,
        summary: `One ${noun}`,
        params: itemParams,
        response: replies({ 200: resource.schema }, readErrors),
      },
    },
    async (request) => {
      const context = await contextOf(request, 'read');
      return resource.present(await currentOf(request, context));
    },
  );

  if (resource.update) {
    const { update } = resource;
    app.patch(
      itemPath,
      {
        config: writes,
        schema: {
          tags,
          summary: update.summary,
          params: itemParams,
          body: update.body,
          response: replies({ 200: resource.schema }, writeErrors),
        },
      },
      async (request) => {
        const context = await contextOf(request, 'write');
        const current = await currentOf(request, context);
        const { version, ...changes } = request.body as z.output<UpdateBody>;
        const expected = expectedVersion(request, version);
        const row = await change(
          context,
          'updated',
          async (tx) => {
            const values = update.values
              ? await update.values(tx, changes, current, context)
              : (changes as unknown as Changes<T>);
            return store.update(tx, context.itinerary.id, current.id, values, expected);
          },
          (updated) => ({ ...resource.describe(updated), fields: Object.keys(changes) }),
        );
        if (!row) throw await missed(context, current.id);
        return resource.present(row);
      },
    );
  }

  if (resource.remove) {
    app.delete(
      itemPath,
      {
        config: writes,
        schema: {
          tags,
          summary: resource.remove.summary,
          params: itemParams,
          body: versionOnlySchema.nullish(),
          response: replies({ 204: noContent }, writeErrors),
        },
      },
      async (request, reply) => {
        const context = await contextOf(request, 'write');
        const current = await currentOf(request, context);
        const body = request.body as { version?: number } | null | undefined;
        const expected = expectedVersion(request, body?.version);
        const deleted = await change(
          context,
          'deleted',
          (tx) => store.remove(tx, context.itinerary.id, current.id, expected),
          () => resource.describe(current),
        );
        if (!deleted) throw await missed(context, current.id);
        return reply.status(204).send();
      },
    );
  }

  if (resource.move) {
    const { move } = resource;
    const body = move.among ? moveSchema : moveSchema.omit({ stageId: true });
    app.post(
      `${itemPath}/move`,
      {
        config: writes,
        schema: {
          tags,
          summary: move.summary,
          params: itemParams,
          body,
          response: replies({ 200: resource.schema }, writeErrors),
        },
      },
      async (request) => {
        const context = await contextOf(request, 'write');
        const current = await currentOf(request, context);
        const input = request.body as z.output<typeof moveSchema>;
        const expected = expectedVersion(request, input.version);
        const row = await change(
          context,
          'moved',
          async (tx) => {
            const { where } = move.among ? await move.among(tx, current) : { where: undefined };
            const siblings = (await store.siblings(tx, context.itinerary.id, where)).filter(
              (sibling) => sibling.id !== current.id,
            );
            const position = positionAfterSibling(siblings, input.afterId);
            const changes = { position } as Changes<T>;
            return store.update(tx, context.itinerary.id, current.id, changes, expected);
          },
          (moved) => ({ ...resource.describe(moved), afterId: input.afterId }),
        );
        if (!row) throw await missed(context, current.id);
        return resource.present(row);
      },
    );
  }
}
