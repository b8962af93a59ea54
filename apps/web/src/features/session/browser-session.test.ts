import { describe, expect, it } from 'vitest';
import { createBrowserSessionStore } from './browser-session';

describe('the browser wiring', () => {
  it('imports and starts without a window (nothing touched at import time; memory storage stands in)', async () => {
    expect(typeof window).toBe('undefined');
    let resets = 0;
    const store = createBrowserSessionStore({
      siteShortName: 'Tables Voisines',
      lists: { resetAll: () => resets++ },
    });
    await expect(store.start()).resolves.toEqual({
      started: true,
      admin: null,
      restaurantOwner: null,
      token: null,
      longLifeToken: null,
    });
    expect(resets).toBe(1);
    store.dispose();
  });
});
