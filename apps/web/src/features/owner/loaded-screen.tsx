import { useRef, type ReactNode } from 'react';
import { LoadFailure } from './form-parts';
import type { Loaded } from './owner-loaders';
import { useOwnerSession } from './owner-session';
import { OwnerLoading, OwnerScreen } from './owner-ui';

/**
 * An owners' space screen drawn from what its loader read and the owner's token. A reading that failed is
 * said under the title, with a way to try again; until the token is known, the loading screen. `intro`
 * and `children` are drawn from the data (`readAt` tells one reading from the next; `reloaded`: a reading
 * after the first one of this visit, « Recharger »).
 */
export function LoadedScreen<T>({
  loaded,
  title,
  intro,
  wide,
  children,
}: {
  loaded: Loaded<T>;
  title: string;
  intro: (data: T) => ReactNode;
  wide?: boolean;
  children: (data: T, token: string, readAt: number, reloaded: boolean) => ReactNode;
}) {
  const { token } = useOwnerSession();
  const firstReading = useRef(loaded.ok ? loaded.readAt : null);
  if (!loaded.ok) {
    return (
      <OwnerScreen title={title}>
        <LoadFailure message={loaded.message} />
      </OwnerScreen>
    );
  }
  if (token === null) return <OwnerLoading />;
  return (
    <OwnerScreen title={title} intro={intro(loaded.data)} wide={wide}>
      {children(
        loaded.data,
        token,
        loaded.readAt,
        loaded.readAt !== (firstReading.current ??= loaded.readAt),
      )}
    </OwnerScreen>
  );
}
