import { HttpError } from 'react-admin';
import { ACCESS_REQUEST_STATUSES, type AccessRequestStatus } from '@tables-voisines/contract/schemas/access';
import { fetchServerPage, toDataProvider, type ProviderDeps, type Row } from './provider-kit';

/*
 * « Demandes d’accès » and « Messages » (« Nous contacter »), lists only, paged by the server
 * (`X-Total-Count`): a request is changed only to be accepted or refused, a message to be marked handled.
 */

const noSingleRead = () =>
  Promise.reject(new HttpError('Cet élément se consulte dans sa liste.', 405, { code: 'NotAllowed' }));

const statusOf = (filter: unknown): AccessRequestStatus | undefined => {
  const status = (filter as { status?: unknown } | undefined)?.status;
  return (ACCESS_REQUEST_STATUSES as readonly unknown[]).includes(status)
    ? (status as AccessRequestStatus)
    : undefined;
};

export function accessRequestsProvider({ request, token }: ProviderDeps) {
  return toDataProvider({
    async getList(params) {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const query = { page, perPage, status: statusOf(params.filter) };
      return fetchServerPage((onResponse) =>
        request('listAccessRequests', { token: token(), query, onResponse }),
      );
    },
    getOne: noSingleRead,
    getMany: noSingleRead,
    async update(params) {
      const data = params.data as { status?: unknown; reason?: unknown };
      const body =
        data.status === 'accepted'
          ? ({ status: 'accepted' } as const)
          : ({ status: 'refused', reason: String(data.reason ?? '') } as const);
      const row = await request('decideAccessRequest', {
        token: token(),
        params: { id: String(params.id) },
        body,
      });
      return { data: row as unknown as Row };
    },
  });
}

export function contactMessagesProvider({ request, token }: ProviderDeps) {
  return toDataProvider({
    async getList(params) {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const handled = (params.filter as { handled?: unknown } | undefined)?.handled;
      const query = {
        page,
        perPage,
        handled:
          handled === 'true' || handled === true
            ? true
            : handled === 'false' || handled === false
              ? false
              : undefined,
      };
      return fetchServerPage((onResponse) =>
        request('listContactMessages', { token: token(), query, onResponse }),
      );
    },
    getOne: noSingleRead,
    getMany: noSingleRead,
    async update(params) {
      const row = await request('patchContactMessage', {
        token: token(),
        params: { id: String(params.id) },
        body: { handled: (params.data as { handled?: unknown }).handled === true },
      });
      return { data: row as unknown as Row };
    },
  });
}
