import type { FastifyRequest } from 'fastify';
import { AppError } from '@tables-voisines/contract/errors';
import type { Auth } from '../../lib/auth-account';

/** The caller of a route the auth hook has already let through as signed in. */
export function authOf(request: FastifyRequest): Auth {
  if (request.auth === null) throw new AppError('Unauthorized');
  return request.auth;
}
