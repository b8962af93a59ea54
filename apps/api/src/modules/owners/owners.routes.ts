import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RestaurantOwner, Authentication } from '@tables-voisines/contract/schemas/account';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { currentPasswordIdentifier, rateLimit, signInIdentifier } from '../../plugins/rate-limit';
import { authOf } from '../auth/auth-of';
import { actorOf } from '../history/history';
import { refreshAccessToken } from '../auth/auth.service';
import { toOwner, toPublicOwner } from './owners.presenter';
import { findLastTeamDetach, type OwnerRow } from './owners.queries';
import { conditionsOf, etagOf } from '../../writes/preconditions';
import type { FastifyReply } from 'fastify';

/** An owner with its `ETag`, what `If-Match` compares with. */
function sendOwner(reply: FastifyReply, row: OwnerRow) {
  reply.header('etag', etagOf(row)).header('cache-control', 'private, no-store');
  return toOwner(row);
}
import { deleteOwner, getOwner, listOwners, patchOwner } from './owners.service';
import { requestPasswordReset, resetPassword, signInOwner } from './owner-sign-in.service';
import {
  checkOwnerAvailability,
  confirmOwner,
  resendConfirmation,
  resendEstablishmentCode,
  signUpOwner,
} from './owner-sign-up.service';

const NAMINGS = {
  'restaurant-owner': {
    key: 'restaurantOwner',
    r: {
      signUp: routes.ownerSignUp,
      confirm: routes.ownerConfirm,
      resend: routes.ownerResend,
      check: routes.ownerCheck,
      resendEstablishmentCode: routes.ownerResendEstablishmentCode,
      signIn: routes.ownerSignIn,
      refresh: routes.ownerRefresh,
      forgottenPassword: routes.ownerForgottenPassword,
      forgottenPasswordConfirm: routes.ownerForgottenPasswordConfirm,
      list: routes.listOwners,
      get: routes.getOwner,
      patch: routes.patchOwner,
      delete: routes.deleteOwner,
    },
  },
  user: {
    key: 'user',
    r: {
      signUp: routes.userSignUp,
      confirm: routes.userConfirm,
      resend: routes.userResend,
      check: routes.userCheck,
      resendEstablishmentCode: routes.userResendEstablishmentCode,
      signIn: routes.userSignIn,
      refresh: routes.userRefresh,
      forgottenPassword: routes.userForgottenPassword,
      forgottenPasswordConfirm: routes.userForgottenPasswordConfirm,
      list: routes.listUsers,
      get: routes.getUser,
      patch: routes.patchUser,
      delete: routes.deleteUser,
    },
  },
} as const;

/**
 * Every owner call under both namings (`/api/restaurant-owner...` and `/api/user...`): same handlers, the
 * sign-in answer's key differs. Who may call what is decided by the auth hook (plugins/auth.ts).
 * Rate-limit buckets are shared by both namings, so switching paths gives no extra attempts.
 */
export const ownersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  for (const { key, r } of Object.values(NAMINGS)) {
    const signInAnswer = (owner: RestaurantOwner, authentication: Authentication) =>
      ({ [key]: owner, authentication }) as { restaurantOwner: RestaurantOwner; user: RestaurantOwner } & {
        authentication: Authentication;
      };

    app.post(
      r.signUp.path,
      {
        schema: schemaOf(r.signUp),
        ...rateLimit('sign-up', (request) => (request.body as { email: string }).email),
      },
      async (request, reply) => {
        const { owner, authentication } = await signUpOwner(ctx, request.body, request.log);
        return reply.code(201).send(signInAnswer(toOwner(owner), authentication));
      },
    );

    app.post(
      r.confirm.path,
      {
        schema: schemaOf(r.confirm),
        ...rateLimit('confirm', (request) => authOf(request).account.id),
      },
      async (request) => toOwner(await confirmOwner(ctx, authOf(request).account.id, request.body.code)),
    );

    app.post(
      r.resend.path,
      {
        schema: schemaOf(r.resend),
        ...rateLimit('resend', (request) => authOf(request).account.id),
      },
      async (request, reply) => {
        await resendConfirmation(ctx, authOf(request).account.id, request.log);
        return reply.code(204).send();
      },
    );

    app.post(
      r.check.path,
      {
        schema: schemaOf(r.check),
        ...rateLimit('check', (request) => {
          const body = request.body as { email?: string; establishmentCode?: string };
          return `${body.email ?? ''} ${body.establishmentCode ?? ''}`;
        }),
      },
      async (request) => checkOwnerAvailability(ctx, request.body),
    );

    app.post(
      r.resendEstablishmentCode.path,
      {
        schema: schemaOf(r.resendEstablishmentCode),
        ...rateLimit(
          'resend-establishment-code',
          (request) => (request.body as { establishmentId: string }).establishmentId,
        ),
      },
      async (request, reply) => {
        await resendEstablishmentCode(ctx, request.body.establishmentId);
        return reply.code(204).send();
      },
    );

    app.post(
      r.signIn.path,
      {
        schema: schemaOf(r.signIn),
        ...rateLimit('owner-sign-in', signInIdentifier('email')),
      },
      async (request) => {
        const { owner, authentication } = await signInOwner(ctx, request.body);
        return signInAnswer(toOwner(owner), authentication);
      },
    );

    app.post(r.refresh.path, { schema: schemaOf(r.refresh) }, async (request) => {
      return refreshAccessToken(ctx, authOf(request), request.body.token);
    });

    app.post(
      r.forgottenPassword.path,
      {
        schema: schemaOf(r.forgottenPassword),
        ...rateLimit('forgotten-password', (request) => (request.body as { email: string }).email),
      },
      async (request, reply) => {
        requestPasswordReset(ctx, request.body.email, request.log);
        return reply.code(204).send();
      },
    );

    app.post(
      r.forgottenPasswordConfirm.path,
      {
        schema: schemaOf(r.forgottenPasswordConfirm),
        ...rateLimit('forgotten-password-confirm', (request) =>
          (request.body as { token: string }).token.slice(0, 36),
        ),
      },
      async (request, reply) => {
        await resetPassword(ctx, request.body.token, request.body.password);
        return reply.code(204).send();
      },
    );

    app.get(r.list.path, { schema: schemaOf(r.list) }, async (request, reply) => {
      const { rows, total, full } = await listOwners(ctx, request.auth?.ability ?? null, request.query);
      if (total !== null) reply.header('x-total-count', String(total));
      return full ? rows.map(toOwner) : rows.map(toPublicOwner);
    });

    app.get(r.get.path, { schema: schemaOf(r.get) }, async (request, reply) => {
      const row = await getOwner(ctx, request.params.id);
      const owner = sendOwner(reply, row);
      // An owner without a page reads why in its space: when the team detached it, and from which page.
      if (row.establishmentId !== null) return owner;
      const detached = await findLastTeamDetach(ctx.db, row.id);
      return {
        ...owner,
        detachedByTeam: detached === null ? null : { ...detached, at: detached.at.toISOString() },
      };
    });

    app.patch(
      r.patch.path,
      { schema: schemaOf(r.patch), ...rateLimit('current-password', currentPasswordIdentifier) },
      async (request, reply) =>
        sendOwner(
          reply,
          await patchOwner(
            ctx,
            authOf(request).ability,
            request.params.id,
            request.body,
            request.log,
            actorOf(authOf(request)),
            conditionsOf(request),
          ),
        ),
    );

    app.delete(r.delete.path, { schema: schemaOf(r.delete) }, async (request, reply) => {
      await deleteOwner(ctx, request.params.id, actorOf(authOf(request)), conditionsOf(request));
      return reply.code(204).send();
    });
  }
};
