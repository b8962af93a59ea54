import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useOnline } from '../../lib/use-online';

/**
 * A form read offline, from the service worker's copy of its page (« Nous contacter », « Signaler une
 * erreur »; docs/decisions/0085): above it, a notice that sending needs a connection; a click on its button
 * then sends nothing and says so, the focus on those words. Without it React Router would post, fail, and
 * load the page again from the worker's copy: the form back as new, what was typed lost, nothing said. The
 * notice goes once the network is back. The server draws the page online: the notice comes once hydrated.
 */
export function useOfflineSending(noun: 'message' | 'signalement'): {
  notice: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
} {
  const online = useOnline();
  const [refusals, setRefusals] = useState(0);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (online) setRefusals(0);
  }, [online]);
  // After each refused click, even a second one: the words read where the visitor is.
  useEffect(() => {
    if (refusals > 0) notice.current?.focus();
  }, [refusals]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (navigator.onLine) return;
    event.preventDefault();
    setRefusals((count) => count + 1);
  };
  return {
    notice: online ? null : (
      <p
        ref={notice}
        tabIndex={-1}
        className="tv-notice tv-small"
        data-testid="offline-form-notice"
        style={{ margin: 0 }}
      >
        {refusals === 0
          ? `Vous êtes hors ligne : vous pouvez écrire votre ${noun}, mais l’envoyer demande une connexion.`
          : `Le ${noun} n’a pas été envoyé : vous êtes hors ligne. Ce que vous avez écrit reste sur cette page, à envoyer au retour de la connexion.`}
      </p>
    ),
    onSubmit,
  };
}
