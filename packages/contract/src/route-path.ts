/* What a call of the HTTP contract is without its schemas (`route-table.ts`), and how its path is filled. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type AuthMode = 'none' | 'optional' | 'required';

export interface RoutePath {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: AuthMode;
  /** The same call under the other naming of the owners' paths (`/api/restaurant-owner…` or `/api/user…`). */
  readonly twin?: string;
}

/** Fills the `:name` parameters of a route path, percent-encoding each value. */
export function buildPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
