import { HttpError } from 'react-admin';
import { REPORT_STATUSES, type ReportStatus } from '@tables-voisines/contract/reports';
import { fetchServerPage, toDataProvider, type ProviderDeps, type Row } from './provider-kit';

/*
 * Visitors' reports (« Signalements »), a list only: newest first, one status or all, paged by the server
 * (`X-Total-Count`; `all`, « Tous », is no filter); a report is changed only to be marked corrected or
 * dismissed, or reopened.
 */

const statusOf = (filter: unknown): ReportStatus | undefined => {
  const status = (filter as { status?: unknown } | undefined)?.status;
  return (REPORT_STATUSES as readonly unknown[]).includes(status) ? (status as ReportStatus) : undefined;
};

const noSingleRead = () =>
  Promise.reject(
    new HttpError('Les signalements se consultent dans leur liste.', 405, { code: 'NotAllowed' }),
  );

export function reportsProvider({ request, token }: ProviderDeps) {
  return toDataProvider({
    async getList(params) {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const query = { page, perPage, status: statusOf(params.filter) };
      return fetchServerPage((onResponse) => request('listReports', { token: token(), query, onResponse }));
    },
    getOne: noSingleRead,
    getMany: noSingleRead,
    async update(params) {
      const status = (params.data as { status?: unknown }).status;
      if (status !== 'resolved' && status !== 'dismissed' && status !== 'open') {
        throw new HttpError('Un signalement se marque corrigé ou écarté, ou se rouvre.', 400, {
          code: 'ValidationError',
        });
      }
      const row = await request('patchReport', {
        token: token(),
        params: { id: String(params.id) },
        body: { status },
      });
      return { data: row as unknown as Row };
    },
  });
}
