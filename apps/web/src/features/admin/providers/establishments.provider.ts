import type { Kind, VenueType } from '@tables-voisines/contract/schemas/establishment';
import type { Closure } from '@tables-voisines/contract/closures';
import { closuresBody, toClosureRows } from '../../closures/closure-rows';
import {
  answerHeaders,
  fetchRowWithEtag,
  fetchServerPage,
  filterText,
  ifMatch,
  pick,
  recordCalls,
  serverListParams,
  toDataProvider,
  toHttpError,
  withEtag,
  type ProviderDeps,
  type ResourceProvider,
  type Row,
} from './provider-kit';

/*
 * Establishments: searched, filtered (kind, venue type, town, disabled, owner), sorted and paged by the
 * server, so that one page travels at 200,000 establishments; each record read with its ETag, written back
 * with `If-Match`. Beyond react-admin's calls: the claim code sent or renewed, the photo shared.
 */

const SORTS = ['name', 'town', 'createdAt', 'updatedAt', 'uri', 'verifiedAt'] as const;

/** Fields an admin may send back for an establishment (the rest are computed by the server). */
export const ESTABLISHMENT_FIELDS = [
  'kind',
  'name',
  'venueType',
  'address',
  'location',
  'uri',
  'description',
  'phone',
  'email',
  'website',
  'openingHours',
  'closures',
  'priceRange',
  'categories',
  'photo',
  'disabled',
  'disabledReason',
  'closedForGood',
  'restaurantOwner',
] as const;

/**
 * A photo as a body gives it: its address only (`{ url }`), or `null` to remove it. The form holds the
 * record's `{ url, isFacebookShared }` until a new file is uploaded.
 */
export function photoBody(photo: unknown): { url: string } | null | undefined {
  if (photo === null) return null;
  if (typeof photo === 'object' && typeof (photo as { url?: unknown }).url === 'string')
    return { url: (photo as { url: string }).url };
  return undefined;
}

/** The body of a create or a patch: the writable fields given (on patch, those that changed). */
export function establishmentBody(
  values: Record<string, unknown>,
  previous?: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = pick(values, ESTABLISHMENT_FIELDS, previous);
  if ('photo' in body) {
    const photo = photoBody(body.photo);
    const before = previous === undefined ? undefined : photoBody(previous.photo);
    // The record's own photo is never sent back: only a new address, or its removal.
    if (photo === undefined || (photo !== null && photo.url === before?.url)) delete body.photo;
    else body.photo = photo;
  }
  // The form keeps the record's shape (`to: ''` while a last day is to choose): sent as the contract reads it.
  if (Array.isArray(body.closures)) body.closures = closuresBody(toClosureRows(body.closures as Closure[]));
  return body;
}

/**
 * The list's filters as the API reads them, for its page and for its export (which holds what it shows).
 */
export function establishmentFilterQuery(filter: Record<string, unknown> | undefined) {
  return {
    q: filterText(filter, 'q'),
    kind: filterText(filter, 'kind') as Kind | undefined,
    venueType: filterText(filter, 'venueType') as VenueType | undefined,
    town: filterText(filter, 'town'),
    disabled: typeof filter?.disabled === 'boolean' ? filter.disabled : undefined,
    // The dashboard's « Pages à vérifier »: the visible pages not verified since that day.
    notVerifiedSince: filterText(filter, 'notVerifiedSince'),
    // "Propriétaire précis" (one owner's establishment) before "avec / sans propriétaire".
    restaurantOwner: filterText(filter, 'ownerId') ?? filterText(filter, 'restaurantOwner'),
  };
}

/** What the establishments' provider does beyond react-admin's calls. */
export interface EstablishmentActions {
  /** A new claim code (the old one stops working): the record answered, with its new ETag. */
  renewClaimCode(resource: string, params: { id: string; previousData: unknown }): Promise<{ data: Row }>;
  /** Mails the claim code to the establishment's own address. */
  sendClaimCode(resource: string, params: { id: string }): Promise<void>;
  /**
   * Posts the photo on the Facebook page, unless the record changed since it was read (`If-Match`); `dryRun`
   * when no page is configured (nothing was published).
   */
  shareEstablishment(
    resource: string,
    params: { id: string; previousData: unknown },
  ): Promise<{ data: Row; dryRun: boolean }>;
  /** « Marquer comme vérifiée »: `verifiedAt` set to now; the record answered, with its new ETag. */
  verifyEstablishment(resource: string, params: { id: string }): Promise<{ data: Row }>;
}

export function establishmentsProvider(deps: ProviderDeps) {
  const { request, token } = deps;
  const record = recordCalls(
    deps,
    { get: 'getEstablishment', patch: 'patchEstablishment', delete: 'deleteEstablishment' },
    establishmentBody,
  );

  const provider: ResourceProvider = {
    ...record,
    async getList(params) {
      const { filter, page, perPage, sort } = serverListParams(params, SORTS, { 'address.town': 'town' });
      const query = {
        withDisabled: filter?.withDisabled !== false,
        ...establishmentFilterQuery(filter),
        page,
        perPage,
        sort,
        order: params.sort?.order === 'DESC' ? ('desc' as const) : ('asc' as const),
      };
      return fetchServerPage((onResponse) =>
        request('listEstablishments', { token: token(), query, onResponse }),
      );
    },
    async create(params) {
      const body = establishmentBody(params.data as Record<string, unknown>) as never;
      const data = await fetchRowWithEtag((onResponse) =>
        request('createEstablishment', { token: token(), body, onResponse }),
      );
      return { data };
    },
  };

  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toHttpError(error);
    }
  };

  const actions: EstablishmentActions = {
    renewClaimCode: (_resource, { id, previousData }) =>
      guarded(async () => {
        const data = await fetchRowWithEtag((onResponse) =>
          request('renewClaimCode', {
            token: token(),
            params: { id },
            headers: ifMatch(previousData),
            onResponse,
          }),
        );
        return { data };
      }),
    sendClaimCode: (_resource, { id }) =>
      guarded(() => request('ownerResendEstablishmentCode', { body: { establishmentId: id } })),
    shareEstablishment: (_resource, { id, previousData }) =>
      guarded(async () => {
        const headers = answerHeaders();
        const row = await request('shareEstablishment', {
          token: token(),
          params: { id },
          headers: ifMatch(previousData),
          onResponse: headers.onResponse,
        });
        return { data: withEtag(row, headers.get('ETag')), dryRun: headers.get('X-Dry-Run') === 'true' };
      }),
    verifyEstablishment: (_resource, { id }) =>
      guarded(async () => {
        const data = await fetchRowWithEtag((onResponse) =>
          request('verifyEstablishment', { token: token(), params: { id }, onResponse }),
        );
        return { data };
      }),
  };

  return { ...toDataProvider(provider), ...actions };
}
