import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { mergeTranslations } from 'react-admin';

/** react-admin in French: ra-language-french, plus the names of our resources and fields. */
const ourMessages = {
  ra: {
    auth: {
      username: 'Nom d’utilisateur',
      email: 'Adresse e-mail',
      sign_in_error: 'Échec de la connexion, veuillez réessayer.',
    },
    page: { dashboard: 'Tableau de bord' },
    // ra-language-french's ends with three dots, not « … ».
    saved_queries: { new_label: 'Ajouter à mes requêtes…' },
    message: {
      // ra-language-french's has a straight apostrophe and « sûr(e) ».
      unsaved_changes:
        'Certaines modifications ne sont pas enregistrées. Voulez-vous vraiment quitter cette page ?',
    },
  },
  resources: {
    establishments: {
      name: 'Établissement |||| Établissements',
      fields: {
        name: 'Nom',
        kind: 'Type',
        venueType: 'Type d’établissement',
        description: 'Description',
        'address.street': 'Rue',
        'address.postcode': 'Code postal',
        'address.town': 'Ville',
        'location.latitude': 'Latitude',
        'location.longitude': 'Longitude',
        phone: 'Téléphone',
        email: 'Adresse e-mail',
        website: 'Site web',
        priceRange: 'Gamme de prix',
        categories: 'Catégories',
        uri: 'Adresse de la page',
        disabled: 'Désactivé',
        restaurantOwner: 'Propriétaire',
        updatedAt: 'Modifié le',
        createdAt: 'Créé le',
        openingHours: 'Horaires d’ouverture',
        q: 'Rechercher',
      },
    },
    'restaurant-owners': {
      name: 'Restaurateur |||| Restaurateurs',
      empty: 'Aucun restaurateur n’a encore créé son compte.',
      fields: {
        email: 'Adresse e-mail',
        firstName: 'Prénom',
        lastName: 'Nom',
        phone: 'Téléphone',
        confirmed: 'Adresse confirmée',
        establishment: 'Établissement',
        password: 'Nouveau mot de passe',
        createdAt: 'Inscrit le',
        q: 'Rechercher',
      },
    },
    admins: {
      name: 'Administrateur |||| Administrateurs',
      fields: {
        username: 'Nom d’utilisateur',
        email: 'Adresse e-mail',
        password: 'Mot de passe',
        permissions: 'Permissions',
        createdAt: 'Créé le',
        q: 'Rechercher',
      },
    },
    groups: {
      name: 'Groupe |||| Groupes',
      fields: {
        name: 'Nom',
        latitude: 'Latitude du centre',
        longitude: 'Longitude du centre',
        radius: 'Rayon (km)',
        q: 'Rechercher',
      },
    },
    categories: {
      name: 'Catégorie |||| Catégories',
      fields: { name: 'Nom', slug: 'Identifiant', q: 'Rechercher' },
    },
    'menu-boards': {
      name: 'Ardoise du jour |||| Ardoises du jour',
      empty: 'Aucune ardoise pour l’instant.',
      fields: {
        title: 'Titre',
        date: 'Date',
        establishment: 'Établissement',
        'establishment.name': 'Établissement',
        items: 'Plats',
        'items.name': 'Plat',
        'items.price': 'Prix (€)',
        'items.category': 'Catégorie',
        createdAt: 'Publiée le',
        q: 'Rechercher',
      },
    },
  },
};

/** Every text with typographic apostrophes (ra-language-french writes « n'est », « l'URL »...). */
export function withTypographicApostrophes<T>(messages: T): T {
  if (typeof messages === 'string') return messages.replaceAll("'", '’') as T;
  if (typeof messages !== 'object' || messages === null) return messages;
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [key, withTypographicApostrophes(value)]),
  ) as T;
}

export const adminMessages = mergeTranslations(withTypographicApostrophes(frenchMessages), ourMessages);

export const i18nProvider = polyglotI18nProvider(
  () => adminMessages,
  'fr',
  [{ locale: 'fr', name: 'Français' }],
  { allowMissing: true },
);
