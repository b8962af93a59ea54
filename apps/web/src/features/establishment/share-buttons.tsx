import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import LinkIcon from '@mui/icons-material/Link';
import ShareIcon from '@mui/icons-material/Share';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState, type ReactNode } from 'react';

function ShareLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <IconButton
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      sx={{ color: 'text.primary' }}
    >
      {children}
    </IconButton>
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
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      {canShareNatively && (
        <IconButton
          aria-label="Partager…"
          title="Partager…"
          sx={{ color: 'text.primary' }}
          onClick={() => void navigator.share({ url, title }).catch(() => {})}
        >
          <ShareIcon />
        </IconButton>
      )}
      <ShareLink href={`https://www.facebook.com/sharer/sharer.php?u=${u}`} label="Partager sur Facebook">
        <FacebookIcon />
      </ShareLink>
      <ShareLink href={`https://twitter.com/intent/tweet?url=${u}&text=${t}`} label="Partager sur X">
        <XIcon />
      </ShareLink>
      <ShareLink
        href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
        label="Partager sur WhatsApp"
      >
        <WhatsAppIcon />
      </ShareLink>
      <IconButton
        component="a"
        href={`mailto:?subject=${t}&body=${u}`}
        aria-label="Envoyer par e-mail"
        title="Envoyer par e-mail"
        sx={{ color: 'text.primary' }}
      >
        <EmailIcon />
      </IconButton>
      <IconButton
        aria-label="Copier le lien"
        title="Copier le lien"
        sx={{ color: 'text.primary' }}
        onClick={() =>
          void navigator.clipboard.writeText(url).then(
            () => setCopied(true),
            () => {},
          )
        }
      >
        <LinkIcon />
      </IconButton>
      <Box component="span" role="status" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
        {copied ? 'Lien copié' : ''}
      </Box>
    </Box>
  );
}
