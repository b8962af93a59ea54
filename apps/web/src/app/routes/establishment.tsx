import { data } from 'react-router';

// Placeholder: the establishment page (features/establishment) takes this route over.
export function loader() {
  return data(null, { status: 404 });
}

export default function EstablishmentPage() {
  return (
    <main>
      <h1>Page introuvable</h1>
    </main>
  );
}
