import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The map and its list inside another site's page (`/integrer/carte`): every link opens the full site in a
 * new tab, at its public address, instead of navigating the frame. `null` on the site itself.
 */
export interface Embed {
  /** The site's public address, without a trailing slash. */
  siteUrl: string;
}

export const EmbedContext = createContext<Embed | null>(null);

export const useEmbed = (): Embed | null => useContext(EmbedContext);

/** The full site's address of `path` when embedded. */
export const siteAddress = (embed: Embed, path: string): string => `${embed.siteUrl}${path}`;

/**
 * A link to a page of the site: a client-side `<Link>` on the site, a new tab on the full site when embedded
 * (a place's page in a 480-pixel frame of someone else's site would be cramped, and the visitor's way back
 * would be the frame's own history).
 */
export function SiteLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const embed = useEmbed();
  if (embed === null) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={siteAddress(embed, to)} className={className} target="_blank" rel="noopener">
      {children}
    </a>
  );
}
