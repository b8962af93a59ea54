/**
 * A failed call (specification §8): named after the answer's error `code` (`UnexpectedError` when there is
 * none), with its message and data.
 */
export class ApiError extends Error {
  constructor(
    name: string,
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = name;
  }
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** JSON over the site's own origin; an empty body is an error, since every call here answers data. */
export async function fetchJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    credentials: 'include',
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await response.text();
  const data = parseJson(text);
  if (!response.ok) {
    const body = (data ?? {}) as { code?: unknown };
    throw new ApiError(
      typeof body.code === 'string' ? body.code : 'UnexpectedError',
      `Request failed with status code ${response.status}`,
      response.status,
      data,
    );
  }
  if (data === null)
    throw new ApiError('UnexpectedError', `Empty answer from ${path}`, response.status, null);
  return data as T;
}
