import { useEffect, useState } from 'react';
import { EMAIL_ICON, FACEBOOK_ICON, Icon, LINK_ICON, SHARE_ICON, WHATSAPP_ICON, X_ICON } from '../site/icons';

// Every way of sharing, the copy of the link included, counts one `share` (`data-stat`, page-stats.ts).
function ShareLink({ href, label, icon }: { href: string; label: string; icon: string }) {
  return (
    <a
      href={href}
      target={href.startsWith('mailto:') ? undefined : '_blank'}
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      className="tv-icon-button"
      data-stat="share"
    >
      <Icon path={icon} />
    </a>
  );
}

function ShareButton({ label, icon, onClick }: { label: string; icon: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="tv-icon-button"
      data-stat="share"
      onClick={onClick}
    >
      <Icon path={icon} />
    </button>
  );
}

/** Share the page: the phone's own sheet when there is one, the usual networks, e-mail, or copy the link. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [canShareNatively, setCanShareNatively] = useState(false);
  const [copied, setCopied] = useState(false);
  // Known only in the browser: shown after hydration so the server's markup stays the same.
  useEffect(() => setCanShareNatively(typeof navigator.share === 'function'), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);

  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return (
    <div className="tv-share">
      {canShareNatively && (
        <ShareButton
          label="Partager…"
          icon={SHARE_ICON}
          onClick={() => void navigator.share({ url, title }).catch(() => {})}
        />
      )}
      <ShareLink
        href={`https://www.facebook.com/sharer/sharer.php?u=${u}`}
        label="Partager sur Facebook"
        icon={FACEBOOK_ICON}
      />
      <ShareLink
        href={`https://twitter.com/intent/tweet?url=${u}&text=${t}`}
        label="Partager sur X"
        icon={X_ICON}
      />
      <ShareLink
        href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
        label="Partager sur WhatsApp"
        icon={WHATSAPP_ICON}
      />
      <ShareLink href={`mailto:?subject=${t}&body=${u}`} label="Envoyer par e-mail" icon={EMAIL_ICON} />
      <ShareButton
        label="Copier le lien"
        icon={LINK_ICON}
        onClick={() =>
          void navigator.clipboard.writeText(url).then(
            () => setCopied(true),
            () => {},
          )
        }
      />
      <span role="status" className="tv-small tv-muted">
        {copied ? 'Lien copié' : ''}
      </span>
    </div>
  );
}
