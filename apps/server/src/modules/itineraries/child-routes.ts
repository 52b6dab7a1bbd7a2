import type { EventKind } from '@jammy/shared/sharing';
import { idSchema } from '@jammy/shared/ids';
import { moveSchema, versionOnlySchema } from '@jammy/shared/itineraries';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db, Executor } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import type { AppError } from '../../lib/errors';
import { conflict, expectedVersion } from '../../lib/versions';
import { outsideDocument } from '../../events/document-parts';
import type { ChangeEvent } from '../../events/events.repository';
import { authorize, authorizeReader, readerScope, type Action, type ItineraryRow } from './access';
import { changeWithEvent } from './change-with-event';
import { lastPosition, positionAfterSibling } from './child-rows';
import type { EditableTable, RowStore } from './row-store';
import { shareQuery } from './route-parts';

/**
 * THE handler shape for what belongs to an itinerary (stages, places, notes, lists, list
 * items, and every new resource of that kind): list, create, read, change, delete and move,
 * each authorised on every request (stranger 404, viewer 403), versioned (stale: 409 with
 * the current row), recorded as an event in the change's own transaction, and described by
 * its request and response schemas. A resource states only what is its own.
 */

/** Who asks, on which itinerary, through which parent row (the itinerary or e.g. a list). */
export interface ChildContext<Parent> {
  /**
   * The itinerary, by its id: a create that prepares nothing is checked under the write's
   * lock only (`contextOf`), so nothing else of the row is read before it.
   */
  itinerary: Pick<ItineraryRow, 'id'>;
  actorId: string;
  parent: Parent;
  /** The value of the resource's scope column: the itinerary's id, or the parent's. */
  scopeId: string;
  /** The path's parameters. */
  params: Record<string, string>;
}

/** The noun of an event kind: `stage` of `stage.created`. */
type PrefixOf<K> = K extends `${infer Prefix}.${string}` ? Prefix : never;
export type EventNoun = PrefixOf<EventKind>;

/** Who reads a collection: a member, or (for shareable ones) a share-link holder. */
export interface CollectionReader {
  itineraryId: string;
  member: boolean;
}

/**
 * The `data` of a resource's events: ids and titles, never private text. It runs in the
 * change's transaction (`tx`), after the change.
 */
type Describe<Row, Parent> = (
  row: Row,
  context: ChildContext<Parent>,
  tx: Executor,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

type Insert<T extends EditableTable> = Omit<T['$inferInsert'], 'id'>;
type Changes<T extends EditableTable> = Partial<T['$inferInsert']>;

export interface ChildResource<
  T extends EditableTable,
  Out,
  Parent,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType<{ version?: number }>,
  Prepared = undefined,
> {
  /** OpenAPI tag, and the noun of summaries ("stage"). */
  tag: string;
  noun: string;
  /** The collection's path, e.g. `/api/itineraries/:id/stages`. */
  path: string;
  /** The name of the item's id in the path, e.g. `stageId`. */
  idParam: string;
  store: RowStore<T>;
  /** The scope column's name in an insert (`itineraryId`, `listId`). */
  scopeKey: keyof Insert<T> & string;
  notFound: () => AppError;
  schema: z.ZodType<Out>;
  present: (row: T['$inferSelect'], context: ChildContext<Parent>) => Out | Promise<Out>;
  /** Events `${event}.created|updated|deleted|moved` with this data. */
  event: EventNoun;
  describe: Describe<T['$inferSelect'], Parent>;
  /** The parent row, when the collection hangs off one (list items: their list). */
  parent?: {
    params: z.ZodObject;
    load: (db: Executor, itineraryId: string, params: Record<string, string>) => Promise<Parent>;
    scopeId: (parent: Parent) => string;
  };
  /** GET the collection (of an itinerary without a parent row). */
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
    /**
     * Slow work done before the write's transaction opens (e.g. asking another server), so
     * that the itinerary's lock is never held while waiting; its result goes to `values`.
     */
    prepare?: (input: z.output<CreateBody>, context: ChildContext<Parent>) => Promise<Prepared>;
    /** The row to insert; default: the input, in the parent, last when ordered. */
    values?: (
      tx: Executor,
      input: z.output<CreateBody>,
      context: ChildContext<Parent>,
      prepared: Prepared | undefined,
    ) => Promise<Insert<T>>;
  };
  update?: {
    summary: string;
    body: UpdateBody;
    /** As `create.prepare`: before the transaction, with the row as read then. */
    prepare?: (
      changes: Omit<z.output<UpdateBody>, 'version'>,
      current: T['$inferSelect'],
      context: ChildContext<Parent>,
    ) => Promise<Prepared>;
    /** What is written; may refuse (AppError) a change that does not fit the current row. */
    values?: (
      tx: Executor,
      changes: Omit<z.output<UpdateBody>, 'version'>,
      current: T['$inferSelect'],
      context: ChildContext<Parent>,
      prepared: Prepared | undefined,
    ) => Promise<Changes<T>>;
  };
  remove?: {
    summary: string;
    /** Runs in the deletion's transaction, before the row goes (e.g. to rehome its children). */
    before?: (
      tx: Executor,
      current: T['$inferSelect'],
      context: ChildContext<Parent>,
    ) => Promise<void>;
  };
  /** Ordered resources: move one after a sibling (null: first), writing one row. */
  move?: {
    summary: string;
    /** The siblings to order among (e.g. the places of the target stage). */
    among?: (
      tx: Executor,
      current: T['$inferSelect'],
      body: z.output<typeof moveSchema>,
      context: ChildContext<Parent>,
    ) => Promise<{ where?: SQL; changes?: Changes<T> }>;
  };
}

/** Registers the routes of one itinerary child resource (see `ChildResource`). */
export function childRoutes<
  T extends EditableTable,
  Out,
  Parent,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType<{ version?: number }>,
  Prepared = undefined,
>(
  root: FastifyInstance,
  deps: { db: Db; sessions: Sessions },
  resource: ChildResource<T, Out, Parent, CreateBody, UpdateBody, Prepared>,
): void {
  // Typed by the resource's own schemas (the handler shape is generic over them); Fastify
  // still validates every request with them.
  const app = root;
  const { db, sessions } = deps;
  const { store, tag, noun } = resource;
  const collectionParams = (resource.parent?.params ?? z.object({})).extend({ id: idSchema });
  const itemParams = collectionParams.extend({ [resource.idParam]: idSchema });
  const itemPath = `${resource.path}/:${resource.idParam}`;
  const tags = [tag];

  /**
   * Who asks, checked for `action`: a stranger 404, a viewer 403. With `underLock`, a write
   * whose transaction checks the same again before it may commit (`withItineraryLock`) is not
   * checked here as well, when nothing runs before that transaction: no parent row to find,
   * no work to prepare. Its stranger and viewer get the same answers, from the lock.
   */
  async function contextOf(
    request: FastifyRequest,
    action: Action,
    underLock = false,
  ): Promise<ChildContext<Parent>> {
    const params = request.params as Record<string, string> & { id: string };
    const { user } = await requireSession(sessions, request);
    const itinerary =
      underLock && !resource.parent
        ? { id: params.id }
        : (await authorize(db, params.id, user.id, action)).itinerary;
    const parent = resource.parent
      ? await resource.parent.load(db, itinerary.id, params)
      : (itinerary as Parent);
    const scopeId = resource.parent ? resource.parent.scopeId(parent) : itinerary.id;
    return { itinerary, actorId: user.id, parent, scopeId, params };
  }

  /**
   * A write matched no row: gone meanwhile (404), or changed meanwhile (409 with the row as
   * it is now, so the client can show both).
   */
  async function missed(context: ChildContext<Parent>, id: string): Promise<AppError> {
    const fresh = await store.find(db, context.scopeId, id);
    return fresh ? conflict(await resource.present(fresh, context)) : resource.notFound();
  }

  async function currentOf(request: FastifyRequest, context: ChildContext<Parent>) {
    const id = (request.params as Record<string, string>)[resource.idParam] ?? '';
    const row = await store.find(db, context.scopeId, id);
    if (!row) throw resource.notFound();
    return row;
  }

  /** Records `kind` with the resource's data (plus `extra`) in the change's transaction. */
  function change<R>(
    context: ChildContext<Parent>,
    kind: string,
    work: (tx: Executor) => Promise<R>,
    data: (
      result: Exclude<R, undefined | null | false>,
      tx: Executor,
    ) => Promise<Record<string, unknown>>,
  ) {
    return changeWithEvent(
      db,
      { itineraryId: context.itinerary.id, actorId: context.actorId },
      async (tx) => {
        // The parent may have been deleted since it was read: look again under the lock.
        if (resource.parent) await resource.parent.load(tx, context.itinerary.id, context.params);
        return work(tx);
      },
      async (result, tx) => ({
        kind: `${resource.event}.${kind}` as ChangeEvent['kind'],
        data: await data(result, tx),
      }),
      { shared: !store.ordered },
    );
  }

  // The write routes: whether the itinerary's document holds what they change.
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
        const params = request.params as { id: string };
        const input = request.query as Record<string, string | undefined>;
        const reader: CollectionReader = list.shareable
          ? readerScope(await authorizeReader(db, sessions, request, params.id, input.share))
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
        const context = await contextOf(request, 'write', !create.prepare && !store.ordered);
        const input = request.body as z.output<CreateBody>;
        const prepared = await create.prepare?.(input, context);
        const row = await change(
          context,
          'created',
          async (tx) => {
            const values = create.values
              ? await create.values(tx, input, context, prepared)
              : ({
                  ...(input as object),
                  [resource.scopeKey]: context.scopeId,
                  ...(store.ordered
                    ? { position: await lastPosition(tx, store, context.scopeId) }
                    : {}),
                } as Insert<T>);
            return store.insert(tx, values);
          },
          async (created, tx) => resource.describe(created, context, tx),
        );
        return reply.status(201).send(await resource.present(row, context));
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
      return resource.present(await currentOf(request, context), context);
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
        const prepared = await update.prepare?.(changes, current, context);
        const row = await change(
          context,
          'updated',
          async (tx) => {
            const values = update.values
              ? await update.values(tx, changes, current, context, prepared)
              : (changes as unknown as Changes<T>);
            return store.update(tx, context.scopeId, current.id, values, expected);
          },
          async (updated, tx) => ({
            ...(await resource.describe(updated, context, tx)),
            fields: Object.keys(changes),
          }),
        );
        if (!row) throw await missed(context, current.id);
        return resource.present(row, context);
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
          async (tx) => {
            await resource.remove?.before?.(tx, current, context);
            return store.remove(tx, context.scopeId, current.id, expected);
          },
          async (_deleted, tx) => resource.describe(current, context, tx),
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
            const { where, changes } = move.among
              ? await move.among(tx, current, input, context)
              : { where: undefined, changes: undefined };
            const siblings = (await store.siblings(tx, context.scopeId, where)).filter(
              (sibling) => sibling.id !== current.id,
            );
            const position = positionAfterSibling(siblings, input.afterId);
            return store.update(
              tx,
              context.scopeId,
              current.id,
              { ...changes, position } as Changes<T>,
              expected,
            );
          },
          async (moved, tx) => ({
            ...(await resource.describe(moved, context, tx)),
            afterId: input.afterId,
          }),
        );
        if (!row) throw await missed(context, current.id);
        return resource.present(row, context);
      },
    );
  }
}
