/*
 * « Demander l’accès »: an owner whose page has no address to mail its code to asks the team, saying who it
 * is (its account), its phone number and a line of proof. The team links it in one click — the same link
 * path as an admin's PATCH of the owner: history entries on both sides, the « rattaché » mail — or refuses
 * with a reason the owner is mailed (decision 0071).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import { canOnEvery, subject, type AppAbility } from '@tables-voisines/contract/permissions';
import type {
  AccessRequest,
  CreateAccessRequestBody,
  DecideAccessRequestBody,
  ListAccessRequestsQuery,
} from '@tables-voisines/contract/schemas/access';
import { accessRefusedMail, accessRequestTeamMail } from '../../adapters/mail/access-templates';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accessRequests, establishments, owners } from '../../db/schema';
import { write } from '../../writes/write';
import { relinkEstablishment } from '../establishments/establishments.service';
import type { Actor } from '../history/history';
import { recordOwnerChange, siteOf } from '../owners/owner-accounts';
import { findOwnerById } from '../owners/owners.queries';
import { limitByKey, mayMailTeam } from './limits';

const HOUR_MS = 3_600_000;
/** Requests one owner may send in an hour, and one client address (whatever the accounts). */
export const ACCESS_REQUESTS_PER_OWNER_HOUR = 3;
export const ACCESS_REQUESTS_PER_ADDRESS_HOUR = 10;

const requestNotFound = () => new AppError('NotFound', 'Cette demande d’accès n’existe pas.');

const columns = {
  request: accessRequests,
  establishmentName: establishments.name,
  establishmentTown: establishments.town,
  establishmentUri: establishments.uri,
  ownerEmail: owners.email,
  ownerFirstName: owners.firstName,
  ownerLastName: owners.lastName,
};

type Row = {
  request: typeof accessRequests.$inferSelect;
  establishmentName: string;
  establishmentTown: string;
  establishmentUri: string;
  ownerEmail: string;
  ownerFirstName: string;
  ownerLastName: string;
};

function toAccessRequest(row: Row): AccessRequest {
  const r = row.request;
  return {
    id: r.id,
    establishment: {
      id: r.establishmentId,
      name: row.establishmentName,
      town: row.establishmentTown,
      uri: row.establishmentUri,
    },
    owner: {
      id: r.ownerId,
      email: row.ownerEmail,
      firstName: row.ownerFirstName,
      lastName: row.ownerLastName,
    },
    phone: r.phone,
    proof: r.proof,
    status: r.status,
    refusalReason: r.refusalReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: r.decidedAt === null ? null : { id: r.decidedById, name: r.decidedByName },
  };
}

function selectRequests(db: DbOrTx) {
  return db
    .select(columns)
    .from(accessRequests)
    .innerJoin(establishments, eq(establishments.id, accessRequests.establishmentId))
    .innerJoin(owners, eq(owners.id, accessRequests.ownerId));
}

async function findAccessRequest(db: DbOrTx, id: string): Promise<AccessRequest | null> {
  const [row] = await selectRequests(db).where(eq(accessRequests.id, id));
  return row === undefined ? null : toAccessRequest(row);
}

/** The owner a request is from, for the permission check of its route; `null` when unknown. */
export async function findAccessRequestOwnerId(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ ownerId: accessRequests.ownerId })
    .from(accessRequests)
    .where(eq(accessRequests.id, id));
  return row?.ownerId ?? null;
}

/** Open requests first is the caller's filter; newest first. An owner sees its own only. */
export async function listAccessRequests(
  ctx: AppContext,
  ability: AppAbility,
  callerId: string,
  query: ListAccessRequestsQuery,
): Promise<{ requests: AccessRequest[]; total: number }> {
  const all = canOnEvery(ability, 'read', 'restaurant-owner');
  const where: SQL | undefined = and(
    query.status === undefined ? undefined : eq(accessRequests.status, query.status),
    all ? undefined : eq(accessRequests.ownerId, callerId),
  );
  const page = query.page ?? 1;
  const [rows, [count]] = await Promise.all([
    selectRequests(ctx.db)
      .where(where)
      .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
      .limit(query.perPage)
      .offset((page - 1) * query.perPage),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accessRequests)
      .where(where),
  ]);
  return { requests: rows.map(toAccessRequest), total: count?.n ?? 0 };
}

async function lockEstablishment(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: establishments.id,
      name: establishments.name,
      town: establishments.town,
      ownerId: establishments.ownerId,
      disabled: establishments.disabled,
      claimEmail: establishments.claimEmail,
    })
    .from(establishments)
    .where(eq(establishments.id, id))
    .for('update');
  return row ?? null;
}

/**
 * A confirmed owner linked to no page asks for `establishmentId`, a visible page with no claim e-mail and no
 * owner. One open request per owner (`AccessRequestPending`); a few an hour per owner and per client address
 * (429). The team is mailed at `CONTACT_EMAIL`.
 */
export async function createAccessRequest(
  ctx: AppContext,
  ownerId: string,
  body: CreateAccessRequestBody,
  clientAddress: string,
): Promise<AccessRequest> {
  const tooMany = (seconds: number) =>
    new AppError(
      'RateLimited',
      'Trop de demandes d’accès envoyées : réessayez dans une heure, ou écrivez-nous depuis la page « Nous contacter ».',
      { retryAfter: seconds },
    );
  const perOwner = await limitByKey(
    ctx,
    'access-request',
    `owner:${ownerId}`,
    ACCESS_REQUESTS_PER_OWNER_HOUR,
    HOUR_MS,
  );
  if (perOwner !== null) throw tooMany(perOwner);
  const perAddress = await limitByKey(
    ctx,
    'access-request',
    `address:${clientAddress}`,
    ACCESS_REQUESTS_PER_ADDRESS_HOUR,
    HOUR_MS,
  );
  if (perAddress !== null) throw tooMany(perAddress);

  const id = randomUUID();
  const mailTeam = await mayMailTeam(ctx);
  await write(ctx, { actor: { role: 'restaurant-owner', id: ownerId, name: '' } }, async (w) => {
    const owner = await findOwnerById(w.tx, ownerId, { forUpdate: true });
    if (owner === null) throw new AppError('NotFound', 'Ce compte restaurateur n’existe pas.');
    if (!owner.confirmed) throw new AppError('AccountNotConfirmed');
    if (owner.establishmentId !== null) {
      throw new AppError(
        'OwnerAlreadyLinked',
        'Votre compte est déjà rattaché à un établissement : vous ne pouvez pas demander l’accès à un autre.',
      );
    }
    const [pending] = await w.tx
      .select({ id: accessRequests.id })
      .from(accessRequests)
      .where(and(eq(accessRequests.ownerId, ownerId), eq(accessRequests.status, 'open')));
    if (pending !== undefined) throw new AppError('AccessRequestPending');
    const place = await lockEstablishment(w.tx, body.establishmentId);
    if (place === null || place.disabled) {
      throw new AppError('NotFound', 'Cet établissement n’existe pas ou n’est plus visible.');
    }
    if (place.ownerId !== null) {
      throw new AppError(
        'EstablishmentAlreadyClaimed',
        'Cet établissement est déjà rattaché au compte de son restaurateur. Si vous le gérez, écrivez-nous depuis la page « Nous contacter ».',
      );
    }
    if (place.claimEmail !== null) throw new AppError('ClaimEmailKnown');
    await w.tx.insert(accessRequests).values({
      id,
      establishmentId: place.id,
      ownerId,
      phone: body.phone,
      proof: body.proof,
    });
    if (mailTeam) {
      await w.mail(
        accessRequestTeamMail(siteOf(ctx), ctx.config.contactEmail, {
          owner,
          establishment: place,
          phone: body.phone,
          proof: body.proof,
        }),
      );
    }
  });
  return (await findAccessRequest(ctx.db, id))!;
}

/**
 * Accepted: the owner is linked to the page in the same transaction, by the path an admin's PATCH of the
 * owner takes (history on both sides; the owner's « rattaché » mail after the commit). Refused: the reason
 * is kept and mailed to the owner. A request decided already is `AccessRequestDecided`; a page that found
 * an owner meanwhile is `EstablishmentAlreadyClaimed`, an owner linked elsewhere meanwhile
 * `OwnerAlreadyLinked` (nothing is taken from anyone).
 */
export async function decideAccessRequest(
  ctx: AppContext,
  ability: AppAbility,
  actor: Actor,
  id: string,
  body: DecideAccessRequestBody,
): Promise<AccessRequest> {
  await write(ctx, { actor }, async (w) => {
    const [request] = await w.tx.select().from(accessRequests).where(eq(accessRequests.id, id)).for('update');
    if (request === undefined) throw requestNotFound();
    if (
      !ability.can('update', subject('establishment', { id: request.establishmentId }), 'restaurantOwner')
    ) {
      throw new AppError(
        'Forbidden',
        'Rattacher un restaurateur demande aussi le droit de modifier les établissements.',
      );
    }
    if (request.status !== 'open') throw new AppError('AccessRequestDecided');
    const decided = {
      decidedAt: w.now,
      decidedById: actor.id,
      decidedByName: actor.name,
    };
    if (body.status === 'refused') {
      await w.tx
        .update(accessRequests)
        .set({ status: 'refused', refusalReason: body.reason, ...decided })
        .where(eq(accessRequests.id, id));
      const [owner] = await w.tx
        .select({ email: owners.email, firstName: owners.firstName })
        .from(owners)
        .where(eq(owners.id, request.ownerId));
      const [place] = await w.tx
        .select({ name: establishments.name, town: establishments.town })
        .from(establishments)
        .where(eq(establishments.id, request.establishmentId));
      if (owner !== undefined && place !== undefined) {
        await w.mail(accessRefusedMail(siteOf(ctx), owner, place, body.reason));
      }
      return;
    }
    const place = await lockEstablishment(w.tx, request.establishmentId);
    if (place === null) throw requestNotFound();
    if (place.ownerId !== null && place.ownerId !== request.ownerId) {
      throw new AppError(
        'EstablishmentAlreadyClaimed',
        'Cet établissement a été rattaché à un autre restaurateur entre-temps : refusez la demande en le disant.',
      );
    }
    const before = await findOwnerById(w.tx, request.ownerId, { forUpdate: true });
    if (before === null) throw requestNotFound();
    if (before.establishmentId !== null && before.establishmentId !== place.id) {
      throw new AppError(
        'OwnerAlreadyLinked',
        'Ce restaurateur a été rattaché à un autre établissement entre-temps : refusez la demande en le disant.',
      );
    }
    await w.tx
      .update(accessRequests)
      .set({ status: 'accepted', ...decided })
      .where(eq(accessRequests.id, id));
    await relinkEstablishment(w, place.id, place.ownerId, request.ownerId);
    const after = await findOwnerById(w.tx, request.ownerId);
    await recordOwnerChange(w, 'update', before, after);
  });
  const answer = await findAccessRequest(ctx.db, id);
  if (answer === null) throw requestNotFound();
  return answer;
}
