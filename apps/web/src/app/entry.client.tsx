import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { watchBrokenAssets } from '../features/navigation/watch-broken-assets';

watchBrokenAssets();

// No MUI nor emotion here: the signed-in areas bring theirs (theme/mui-providers.tsx).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
