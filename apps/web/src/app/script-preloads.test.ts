import { describe, expect, it } from 'vitest';
import { lowerScriptPreloads } from './script-preloads';

describe('lowerScriptPreloads', () => {
  it('asks every script preload at low priority and leaves the rest of the page as it was', () => {
    const html =
      '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>' +
      '<link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
      '<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48"/>' +
      '<link rel="modulepreload" href="/assets/établissement-B.js" nonce="n"/>' +
      '</head><body><p>Menu du jour : « rôti »</p><link rel="modulepreload" href="/assets/c.js"/></body></html>';

    const lowered = lowerScriptPreloads(html);

    expect(lowered).toBe(
      html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'),
    );
    expect(lowered.match(/fetchpriority="low"/g)).toHaveLength(3);
    expect(lowered).toContain('<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48"/>');
  });

  it('gives back the same text when the page preloads no script', () => {
    const html = '<html><head><title>Erreur</title></head><body>Page introuvable</body></html>';
    expect(lowerScriptPreloads(html)).toBe(html);
  });

  it('handles a preload at the very start and at the very end of the text', () => {
    const html = '<link rel="modulepreload" href="/a.js"/><link rel="modulepreload"';
    expect(lowerScriptPreloads(html)).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low"',
    );
  });
});
