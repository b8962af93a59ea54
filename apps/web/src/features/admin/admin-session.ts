import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';
import { isApiError } from '../../lib/api-client';
import { registerSessionLists } from '../session/use-session';
import type { SessionStore } from '../session/session-store';
import { adminAbility, canAccessResource } from './admin-ability';

/*
 * react-admin's auth provider over the tab's one session store (features/session), and react-admin's query
 * cache registered with the session so that sign-out and an owner's sign-in empty it.
 */

/** The lists an admin's sign-out must not leave behind (decision 0020, "One session"). */
const ADMIN_LISTS = new Set(['establishments', 'restaurant-owners', 'admins']);

export function registerAdminCache(queryClient: QueryClient): () => void {
  return registerSessionLists({
    clearAdminLists: () =>
      queryClient.removeQueries({ predicate: (query) => ADMIN_LISTS.has(String(query.queryKey[0])) }),
    resetAll: () => queryClient.clear(),
  });
}

export function createAuthProvider(store: SessionStore): AuthProvider {
  const admin = () => store.getSnapshot().admin;
  return {
    async login({ username, password }: { username: string; password: string }) {
      try {
        await store.signInAdmin({ username, password });
      } catch (error) {
        // The server's French message ("Identifiant ou mot de passe incorrect."...).
        throw new Error(isApiError(error) ? error.message : 'La connexion a échoué, veuillez réessayer.', {
          cause: error,
        });
      }
    },
    async logout() {
      if (admin() === null) return;
      store.signOut();
      // A fresh page after signing out: nothing of the admin's data stays in memory, and the sign-in page
      // shows at once (a client-side redirect kept the old screen for seconds while react-admin settled).
      window.location.assign('/admin/login');
      return false;
    },
    async checkAuth() {
      await store.start();
      if (admin() === null) throw { message: false };
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        if (admin() !== null) store.signOut();
        throw { message: 'Votre session a expiré, veuillez vous reconnecter.' };
      }
    },
    async getIdentity() {
      await store.start();
      const account = admin();
      if (account === null) throw { message: false };
      return { id: account.id, fullName: account.username };
    },
    async getPermissions() {
      await store.start();
      return admin()?.permissions ?? [];
    },
    async canAccess({ resource, action }) {
      await store.start();
      return canAccessResource(adminAbility(admin()), resource, action);
    },
  };
}
