import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@tables-voisines/contract/errors';
import { ofName } from '@tables-voisines/contract/french-names';
import { canOnEvery } from '@tables-voisines/contract/permissions';
import { buildPath, routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { JSON_TYPE, publicCacheControl, queryOf } from '../../lib/http-negotiation';
import { jsonArrayPieces } from '../../lib/json-pieces';
import { sendResponse } from '../../lib/send-response';
import {
  countEstablishments,
  establishmentBatches,
  establishmentsFingerprint,
  findEstablishmentByIdOrUri,
  findEstablishments,
  findGonePlace,
  type EstablishmentFilter,
} from './establishments.queries';
import {
  presenterFor,
  sendEstablishment,
  toEstablishment,
  toPublicEstablishment,
} from './establishments.presenter';
import { conditionsOf, etagOf } from '../../writes/preconditions';
import type { WriteConditions } from '../../writes/write';
import type { AppContext } from '../../context';
import { authOf } from '../auth/auth-of';
import { findGroupsOfEstablishment } from '../groups/find-groups-of-establishment';
import { toGroup } from '../groups/groups.queries';
import { actorOf, findHistory, type Actor } from '../history/history';
import {
  createEstablishment,
  deleteEstablishment,
  getEstablishment,
  patchEstablishment,
  renewClaimCode,
} from './establishments.service';
import type { EstablishmentRow } from './establishments.queries';
import { presentHistory } from '../history/history-presenter';
import { verifyEstablishment, verifyEstablishmentByToken } from './verify.service';
import { findPageByFoldedAddress } from './folded-addresses';

export const establishmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, responseCache } = app.ctx;

  /** A write on establishment `id` that takes no body, by the caller: answers the record as it is after. */
  const sendAfter = async (
    action: (
      ctx: AppContext,
      actor: Actor,
      id: string,
      conditions: WriteConditions,
    ) => Promise<EstablishmentRow>,
    request: FastifyRequest,
    id: string,
    reply: FastifyReply,
  ) => {
    const auth = authOf(request);
    return sendEstablishment(reply, auth, await action(app.ctx, actorOf(auth), id, conditionsOf(request)));
  };

  app.get(
    routes.listEstablishments.path,
    { schema: schemaOf(routes.listEstablishments) },
    async (request, reply) => {
      const { q, sort, order, page, perPage, withDisabled, kind, venueType, town, notVerifiedSince } =
        request.query;
      // Callers who may read every establishment (admins) get full records, and the disabled ones on
      // demand; anonymous visitors and owners get the public view of the enabled ones, and the filters on
      // what that view does not show (disabled, owner) are ignored for them.
      const full = request.auth !== null && canOnEvery(request.auth.ability, 'read', 'establishment');
      const present = full ? presenterFor(request.auth!.ability) : toPublicEstablishment;
      const filter: EstablishmentFilter = {
        includeDisabled: full && withDisabled,
        q,
        kind,
        venueType,
        town,
        ...(full
          ? { disabled: request.query.disabled, owner: request.query.restaurantOwner, notVerifiedSince }
          : {}),
      };
      const options = { sort: sort ?? 'name', order: order ?? 'asc' } as const;
      if (!full && page === undefined) {
        // The public list is the same for every visitor until the next write: produced once, compressed
        // once, by name in keyset batches (flat memory at 200,000 rows) or whole for the other orders.
        const byName = options.sort === 'name' && options.order === 'asc';
        const scope = await responseCache.perVersion('establishments', () => establishmentsFingerprint(db));
        const answer = await responseCache.getScoped(
          scope,
          `establishments|${q ?? ''}|${options.sort}|${options.order}|${kind ?? ''}|${venueType ?? ''}|${town ?? ''}`,
          () =>
            jsonArrayPieces(
              byName
                ? establishmentBatches(db, filter)
                : (async function* () {
                    yield await findEstablishments(db, filter, options);
                  })(),
              (row) => JSON.stringify(toPublicEstablishment(row)),
            ),
          // The whole list (tens of seconds at 200,000): after any other big production, not beside it.
          { heavy: [q, kind, venueType, town].every((value) => value === undefined) },
        );
        return sendResponse(request, reply, answer, {
          contentType: JSON_TYPE,
          cacheControl: publicCacheControl(request),
        });
      }
      if (page === undefined) {
        const rows = await findEstablishments(db, filter, options);
        return rows.map(present);
      }
      const [rows, total] = await Promise.all([
        findEstablishments(db, filter, { ...options, limit: perPage, offset: (page - 1) * perPage }),
        countEstablishments(db, filter),
      ]);
      reply.header('x-total-count', String(total));
      return rows.map(present);
    },
  );

  app.get(
    routes.getEstablishment.path,
    { schema: schemaOf(routes.getEstablishment) },
    async (request, reply) =>
      sendEstablishment(reply, authOf(request), await getEstablishment(app.ctx, request.params.id)),
  );

  app.get(
    routes.getEstablishmentGroups.path,
    { schema: schemaOf(routes.getEstablishmentGroups) },
    async (request) => {
      const row = await getEstablishment(app.ctx, request.params.id);
      const found = await findGroupsOfEstablishment(db, {
        id: row.id,
        location: { latitude: row.latitude, longitude: row.longitude },
      });
      return found.map(toGroup);
    },
  );

  app.get(
    routes.getEstablishmentHistory.path,
    { schema: schemaOf(routes.getEstablishmentHistory) },
    async (request) => {
      const { id } = request.params;
      const entries = await findHistory(db, 'establishment', id);
      // A deleted establishment keeps its history, readable by those who could read the establishment.
      if (entries.length === 0) await getEstablishment(app.ctx, id);
      return presentHistory(db, entries, authOf(request));
    },
  );

  app.post(
    routes.createEstablishment.path,
    { schema: schemaOf(routes.createEstablishment) },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await createEstablishment(app.ctx, actorOf(auth), request.body, auth.ability);
      return reply.code(201).send(sendEstablishment(reply, auth, row));
    },
  );

  app.patch(
    routes.patchEstablishment.path,
    { schema: schemaOf(routes.patchEstablishment) },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await patchEstablishment(
        app.ctx,
        actorOf(auth),
        request.params.id,
        request.body,
        conditionsOf(request),
        auth.ability,
      );
      return sendEstablishment(reply, auth, row);
    },
  );

  app.post(routes.renewClaimCode.path, { schema: schemaOf(routes.renewClaimCode) }, async (request, reply) =>
    sendAfter(renewClaimCode, request, request.params.id, reply),
  );

  app.post(
    routes.verifyEstablishment.path,
    { schema: schemaOf(routes.verifyEstablishment) },
    async (request, reply) => sendAfter(verifyEstablishment, request, request.params.id, reply),
  );

  app.post(
    routes.verifyEstablishmentByToken.path,
    { schema: schemaOf(routes.verifyEstablishmentByToken) },
    async (request, reply) => {
      const row = await verifyEstablishmentByToken(app.ctx, request.body.token);
      // The link went to the owner: its view, without the claim code.
      reply.header('etag', etagOf(row)).header('cache-control', 'private, no-store');
      return toEstablishment(row);
    },
  );

  app.delete(
    routes.deleteEstablishment.path,
    { schema: schemaOf(routes.deleteEstablishment) },
    async (request, reply) => {
      await deleteEstablishment(app.ctx, actorOf(authOf(request)), request.params.id, conditionsOf(request));
      return reply.code(204).send();
    },
  );

  app.get(
    routes.getPublicEstablishment.path,
    { schema: schemaOf(routes.getPublicEstablishment) },
    async (request, reply) => {
      const asked = request.params.id;
      /**
       * Asked by an address it had before: a redirect to the current one, not kept by browsers without
       * asking again (`no-cache`), since the establishment may take that address back one day.
       */
      const isEarlierUri = (row: EstablishmentRow) => row.uri !== asked && row.id !== asked.toLowerCase();
      const answer = await responseCache.getOrNull(`public-establishment|${asked}`, async () => {
        const row = await findEstablishmentByIdOrUri(db, asked);
        return row === null || row.disabled || row.closedForGoodAt !== null || isEarlierUri(row)
          ? null
          : [JSON.stringify(toPublicEstablishment(row))];
      });
      if (answer === null) {
        const row = await findEstablishmentByIdOrUri(db, asked);
        if (row !== null && !row.disabled && row.closedForGoodAt === null && isEarlierUri(row)) {
          // The query string goes along: the address moved, not what was asked of it.
          const location =
            buildPath(routes.getPublicEstablishment.path, { id: row.uri }) + queryOf(request.url);
          return reply
            .code(301)
            .header('location', location)
            .header('cache-control', 'no-cache')
            .send(undefined);
        }
        // Closed for good or deleted: 410 at every address it had, so that a poster says so.
        const gone = await findGonePlace(db, asked);
        if (gone !== null) {
          throw new AppError(
            'Gone',
            gone.reason === 'closed'
              ? `${gone.name} (${gone.town}) a fermé définitivement.`
              : `La page ${ofName(gone.name)} (${gone.town}) n’existe plus.`,
          );
        }
        // Typed without its accents, in capitals or without its apostrophes: the one public page whose
        // address it is once folded (decision 0074). Never the address asked, which matched nothing exactly.
        const folded = await findPageByFoldedAddress(db, asked);
        if (folded !== null) {
          return reply
            .code(301)
            .header(
              'location',
              buildPath(routes.getPublicEstablishment.path, { id: folded.uri }) + queryOf(request.url),
            )
            .header('cache-control', 'no-cache')
            .send(undefined);
        }
        throw new AppError('NotFound', 'Cet établissement n’existe pas ou n’est plus visible.');
      }
      return sendResponse(request, reply, answer, {
        contentType: JSON_TYPE,
        cacheControl: publicCacheControl(request),
      });
    },
  );
};
