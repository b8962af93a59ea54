import { Logo } from './logo';

/** While the application boots (the SPA fallback) or a full page load is under way. */
export function LoadingScreen({ text = 'Chargement en cours…' }: { text?: string }) {
  return (
    <div role="status" className="tv-loading">
      <Logo size={72} />
      <span className="tv-spinner" aria-hidden="true" />
      <p className="tv-text">{text}</p>
    </div>
  );
}
