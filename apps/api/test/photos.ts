import { expect } from 'vitest';
import type { TestApp } from './app';
import { photoJpeg } from './images';

/**
 * A 1600×1000 photo uploaded (`prepare-upload`, then `PUT`) and put on an establishment's page (`PATCH`),
 * as the back office and the owners' space do, by whoever `headers` sign in. Answers the photo's address.
 */
export async function publishPhoto(
  t: TestApp,
  headers: Record<string, string>,
  establishmentId: string,
): Promise<string> {
  const jpeg = await photoJpeg(1600, 1000);
  const prepared = await t.app.inject({
    method: 'POST',
    url: '/api/establishment/prepare-upload',
    headers,
    payload: { contentType: 'image/jpeg', size: jpeg.length },
  });
  const { uploadUrl, url } = prepared.json<{ uploadUrl: string; url: string }>();
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { 'content-type': 'image/jpeg' },
    payload: jpeg,
  });
  expect(put.statusCode).toBe(204);
  const patched = await t.app.inject({
    method: 'PATCH',
    url: `/api/establishment/${establishmentId}`,
    headers,
    payload: { photo: { url } },
  });
  expect(patched.statusCode).toBe(200);
  return url;
}
