import { expect } from 'vitest';
import type { TestApp } from './app';

/** A place's page as the server renders it for a visitor (a 200), with its JSON-LD read. */
export async function renderedPlacePage(t: TestApp, place: { kind: string; uri: string }) {
  const page = await t.app.inject({ method: 'GET', url: `/${place.kind}/${encodeURIComponent(place.uri)}` });
  expect(page.statusCode).toBe(200);
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
  expect(jsonLd).toBeDefined();
  return { html: page.body, jsonLd: JSON.parse(jsonLd!) as Record<string, unknown> };
}
