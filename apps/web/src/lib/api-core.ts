import type { ErrorCode } from '@tables-voisines/contract/errors';
import { buildPath, type RoutePath } from '@tables-voisines/contract/route-path';
import type { RouteId, routes } from '@tables-voisines/contract/routes';
import type { z } from 'zod';

/*
 * The web app's one HTTP client, typed over the contract's route table. Only types come
 * from the schema modules: a call's method and path come from the zod-free route table, so no page carries
 * zod. This module knows no table: `api-client.ts` binds it to the whole contract (the owners' space, the
 * back office), `public-api.ts` to the few calls the public pages make, so their scripts carry only those.
 */

/** Sent with every call, so that the server and its logs tell the site's calls from other clients. */
export const APP_ID_HEADER = 'X-App-Id';
export const APP_ID = 'tables-voisines-web';

/**
 * A failed call: named after the answer's error `code` (`UnexpectedError` when there is none), with its
 * message and the answer's data. The same `code`, `status` and `details` as the contract's `AppError`,
 * without its zod import.
 */
export class ApiError extends Error {
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly details: unknown;
  /** The answer's body as received (parsed JSON, text, or `null` when empty). */
  readonly data: unknown;

  constructor(code: string, message: string, status: number, data: unknown = null) {
    super(message);
    this.name = code;
    this.code = code;
    this.status = status;
    this.data = data;
    this.details = isRecord(data) ? data.details : undefined;
  }
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type Route<Id extends RouteId> = (typeof routes)[Id];
type Input<Id extends RouteId, Part extends 'params' | 'query' | 'body'> =
  Route<Id> extends { readonly [K in Part]: infer S extends z.ZodType } ? z.input<S> : undefined;
type SuccessStatus = 200 | 201 | 204;
type Responses<Id extends RouteId> = Route<Id>['responses'];

/** The body a call answers on success (`undefined` for 204 No Content). */
export type ApiResponse<Id extends RouteId> = z.output<Responses<Id>[keyof Responses<Id> & SuccessStatus]>;

type Part<Name extends string, T> = [T] extends [undefined]
  ? { readonly [K in Name]?: undefined }
  : undefined extends T
    ? { readonly [K in Name]?: T }
    : // An object whose fields are all optional (most queries) may be left out.
      object extends T
      ? { readonly [K in Name]?: T }
      : { readonly [K in Name]: T };

/** What a call takes: `params` (path), `query` and `body` as the contract types them, plus transport options. */
export type ApiRequest<Id extends RouteId> = Part<'params', Input<Id, 'params'>> &
  Part<'query', Input<Id, 'query'>> &
  Part<'body', Input<Id, 'body'> | FormData> & {
    /** Bearer token for the calls that need one. */
    readonly token?: string;
    /**
     * Headers of the request beyond the client's own, such as `If-Match` with the `ETag` a form was loaded
     * with: a write based on an older read is then refused with `PreconditionFailed`.
     */
    readonly headers?: Readonly<Record<string, string>>;
    readonly signal?: AbortSignal;
    /** `blob` for file downloads (exports); JSON otherwise. */
    readonly responseType?: 'json' | 'blob';
    /** Sees the answer before its body is read (a list's `X-Total-Count`, a file's name). */
    readonly onResponse?: (response: Response) => void;
  };

type Args<Id extends RouteId> =
  object extends ApiRequest<Id> ? [request?: ApiRequest<Id>] : [request: ApiRequest<Id>];

export interface ApiClientOptions {
  /** Empty by default: calls are relative to the page's origin. */
  baseUrl?: string;
  /** Defaults to the global `fetch`, looked up at each call. */
  fetch?: typeof fetch;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function buildQuery(query: unknown): string {
  if (!isRecord(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error a non-2xx answer becomes: the body's `code` and `message` when it has them. */
function toApiError(status: number, data: unknown): ApiError {
  const code = isRecord(data) && typeof data.code === 'string' && data.code !== '' ? data.code : null;
  const message =
    isRecord(data) && typeof data.message === 'string' && data.message !== '' ? data.message : null;
  return new ApiError(
    code ?? 'UnexpectedError',
    code !== null && message !== null ? message : `Request failed with status code ${status}`,
    status,
    data,
  );
}

/**
 * A client over `table`, a part of the route table or the whole (`createApiClient`): the calls it knows
 * are the ones a page's script carries.
 */
export function createClientOver<Table extends Readonly<Partial<Record<RouteId, RoutePath>>>>(
  table: Table,
  options: ApiClientOptions = {},
) {
  const baseUrl = options.baseUrl ?? '';

  async function request<Id extends RouteId & keyof Table>(
    id: Id,
    ...[input]: Args<Id>
  ): Promise<ApiResponse<Id>> {
    const route = table[id] as RoutePath;
    const call = (input ?? {}) as ApiRequest<RouteId> & { params?: unknown; query?: unknown; body?: unknown };
    const url = `${baseUrl}${buildPath(route.path, call.params as Record<string, unknown> | undefined)}${buildQuery(call.query)}`;
    const headers: Record<string, string> = {
      ...call.headers,
      Accept: 'application/json',
      [APP_ID_HEADER]: APP_ID,
    };
    if (call.token !== undefined) headers.Authorization = `Bearer ${call.token}`;
    let body: BodyInit | undefined;
    if (call.body instanceof FormData) {
      // The browser writes the multipart content type with its boundary.
      body = call.body;
    } else if (call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(call.body);
    }

    const doFetch = options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: route.method,
        headers,
        body,
        credentials: 'include',
        signal: call.signal,
      });
    } catch (error) {
      if (call.signal?.aborted) throw error;
      // No answer at all (offline, refused connection): still the one error type, without a status.
      throw new ApiError('UnexpectedError', error instanceof Error ? error.message : String(error), 0);
    }

    call.onResponse?.(response);
    if (call.responseType === 'blob' && response.ok) return (await response.blob()) as ApiResponse<Id>;
    const data = parseBody(await response.text());
    if (!response.ok) throw toApiError(response.status, data);
    if (response.status === 204) return undefined as ApiResponse<Id>;
    if (data === null) {
      throw new ApiError(
        'UnexpectedError',
        `Empty response body from ${route.method} ${route.path}`,
        response.status,
        data,
      );
    }
    return data as ApiResponse<Id>;
  }

  return { request };
}
