import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import {
  defineAbilityFor,
  subject,
  type AbilityAccount,
  type AppAbility,
  type SubjectRecord,
  type SubjectType,
} from '@tables-voisines/contract/permissions';
import { routes, type RouteDef } from '@tables-voisines/contract/routes';
import type { AppContext } from '../context';
import { abilityAccountOf, type Auth, type AuthAccount } from '../lib/auth-account';

/**
 * The account a token names, as it is now (`null`: it no longer exists). Given by the app (the admins' and
 * owners' queries), so that this plugin, below the modules, imports none of them.
 */
export type LoadAccount = (role: AuthAccount['role'], id: string) => Promise<AuthAccount | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, `null` when anonymous or on a route that reads no token. */
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /**
     * For a route whose permission depends on a record the path id does not describe (a menu board
     * belongs to an establishment): loads what the check needs; `null` answers 404.
     */
    permissionSubject?: (request: FastifyRequest) => Promise<SubjectRecord | null>;
    /**
     * The fields the permission is checked on, when the body's own keys are not fields of the subject
     * (preparing a photo upload is a change of the establishment's `photo`). Default: the body's keys.
     */
    permissionFields?: readonly string[];
  }
}

const BEARER_RE = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

const STALE_TOKEN_MESSAGE = 'Ce jeton de connexion n’est plus valable : veuillez vous reconnecter.';

async function authenticate(ctx: AppContext, loadAccount: LoadAccount, header: string): Promise<Auth> {
  const match = BEARER_RE.exec(header);
  if (match === null) {
    throw new AppError('Unauthorized', 'En-tête Authorization invalide : « Bearer <jeton> » est attendu.');
  }
  const token = match[1]!;
  const claims = await ctx.tokens.verify(token);
  // Signed before tokens carried the account's version: nothing tells it is still good.
  if (claims.ver === null) throw new AppError('InvalidCredentials', STALE_TOKEN_MESSAGE);
  const account = await loadAccount(claims.role, claims.sub);
  if (account === null) throw new AppError('InvalidCredentials', 'Ce compte n’existe plus.');
  // The row is read anyway: comparing its version costs no query, and ends every session opened before
  // the password or the address changed (a stolen token included), on every replica at once.
  if (account.tokenVersion !== claims.ver) {
    throw new AppError(
      'InvalidCredentials',
      'Ce jeton de connexion n’est plus valable : le mot de passe ou l’adresse e-mail du compte a changé depuis. Veuillez vous reconnecter.',
    );
  }
  return { account, ability: defineAbilityFor(abilityAccountOf(account)), token };
}

/** The contract route a request was routed to, if it is one. */
function routeDefFinder(): (request: FastifyRequest) => RouteDef | undefined {
  const byKey = new Map<string, RouteDef>();
  for (const def of Object.values(routes as Record<string, RouteDef>)) {
    byKey.set(`${def.method} ${def.path}`, def);
    byKey.set(`${def.method} ${def.path.replace(/\/$/, '')}`, def);
  }
  return (request) => {
    const { url, method } = request.routeOptions;
    if (url === undefined) return undefined;
    const m = Array.isArray(method) ? undefined : method === 'HEAD' ? 'GET' : method;
    return m === undefined ? undefined : byKey.get(`${m} ${url}`);
  };
}

/** Fields that prove who is asking and change nothing: no permission is checked on them. */
const PROOF_FIELDS: ReadonlySet<string> = new Set(['currentPassword']);

function bodyFields(body: unknown): string[] {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? Object.keys(body).filter((field) => !PROOF_FIELDS.has(field))
    : [];
}

/**
 * Where access is decided, driven by the contract's route table (what it cannot say, such as who may change
 * an establishment's owner or grant a permission, the services check: docs/architecture.md):
 * - onRequest: routes with `auth: 'required'` refuse a missing token (401, before validation); any route
 *   but `auth: 'none'` verifies the token it is given and loads the account (deleted account, or a token
 *   older than the account's last password or address change: 401);
 * - preHandler (after validation): the route's `account` kind, then its `permission`, checked on the
 *   record named by the path id (or loaded by `config.permissionSubject`) and on every body field.
 */
export function registerAuth(app: FastifyInstance, loadAccount: LoadAccount): void {
  const routeDefOf = routeDefFinder();
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const def = routeDefOf(request);
    if (def === undefined || def.auth === 'none') return;
    const header = request.headers.authorization;
    if (header === undefined || header === '') {
      if (def.auth === 'required') throw new AppError('Unauthorized');
      return;
    }
    request.auth = await authenticate(app.ctx, loadAccount, header);
  });

  app.addHook('preHandler', async (request) => {
    const def = routeDefOf(request);
    if (def === undefined || (def.account === undefined && def.permission === undefined)) return;
    const auth = request.auth;
    if (auth === null) throw new AppError('Unauthorized');
    if (def.account !== undefined && auth.account.role !== def.account) {
      throw new AppError(
        'Forbidden',
        def.account === 'admin'
          ? 'Cette action est réservée aux administrateurs.'
          : 'Cette action est réservée aux restaurateurs.',
      );
    }
    const permission = def.permission;
    if (permission === undefined) return;

    let target: SubjectRecord | SubjectType = permission.subject;
    const loader = request.routeOptions.config.permissionSubject;
    if (loader !== undefined) {
      const loaded = await loader(request);
      if (loaded === null) throw new AppError('NotFound');
      target = loaded;
    } else {
      const id = (request.params as { id?: unknown } | undefined)?.id;
      // Path ids are read in lower case by the contract (`UuidSchema`).
      if (typeof id === 'string') target = subject(permission.subject, { id });
    }
    const fields =
      request.routeOptions.config.permissionFields ??
      (def.method === 'GET' || def.method === 'DELETE' ? [] : bodyFields(request.body));
    const allowed = (ability: AppAbility) =>
      ability.can(permission.action, target) &&
      fields.every((field) => ability.can(permission.action, target, field));
    if (allowed(auth.ability)) return;
    const account = auth.account;
    if (
      account.role === 'restaurant-owner' &&
      !account.confirmed &&
      allowed(defineAbilityFor({ ...abilityAccountOf(account), confirmed: true } as AbilityAccount))
    ) {
      throw new AppError('AccountNotConfirmed');
    }
    throw new AppError('Forbidden');
  });
}
