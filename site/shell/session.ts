import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, call } from '../lib/api.ts';
import { useAuth } from '../lib/auth-store.ts';
import { PRODUCT_TEXTS } from '../lib/product-texts.ts';

/** The session's cache keys: the sidebars and the profile screen share the one profile. */
export const profileKeys = {
  mine: () => ['profile'] as const,
};

/** GET /users/profile: the signed-in user's profile. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.mine(), queryFn: () => call(api.users.profile.$get()).then((r) => r.data) });
}
export type Profile = NonNullable<ReturnType<typeof useProfile>['data']>;

/** The signed-in user's profile, kept in the store for the sidebars (docs/product.md §2). */
export function useProfileSummary() {
  const { fullName, email, profileImage, setProfile } = useAuth();
  const { data } = useProfile();
  useEffect(() => {
    if (data) setProfile(data);
  }, [data, setProfile]);
  return {
    name: data?.fullName ?? fullName ?? PRODUCT_TEXTS.unknownUser,
    email: data?.email ?? email ?? '',
    image: data?.profileImage ?? profileImage,
  };
}

/** Logout: end the session on the server, clear storage, go to /login (docs/product.md §2). */
export function useSignOut() {
  const signOut = useAuth((s) => s.signOut);
  return async () => {
    try {
      await call(api.auth.logout.$post());
    } catch {
      // The session may already be gone; the browser is signed out either way.
    }
    signOut();
    window.location.assign('/login');
  };
}
