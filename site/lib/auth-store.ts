import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import { ROLES, type Role } from '../../portal-api/src/shared/roles.ts';

// Sign-in state persisted under the localStorage keys of docs/product.md §3 "Session data":
// token, role, FullName, Email, fullName, email, userProfile (JSON), profileImage.

export type { Role };
export type Profile = {
  fullName: string;
  email: string;
  phoneNumber?: string | null;
  company?: string | null;
  bio?: string | null;
  profileImage?: string | null;
  role?: Role;
};
export type SessionUser = { _id?: string; fullName: string; email: string; role: Role; status?: string };

type Persisted = {
  token: string | null;
  role: Role | null;
  fullName: string | null;
  email: string | null;
  userId: string | null;
  userProfile: Profile | null;
  profileImage: string | null;
};
type AuthState = Persisted & {
  signIn: (token: string, user: SessionUser) => void;
  setProfile: (profile: Profile) => void;
  signOut: () => void;
};

const empty: Persisted = { token: null, role: null, fullName: null, email: null, userId: null, userProfile: null, profileImage: null };

/** The session as localStorage holds it now: this tab's, or what another tab wrote since. */
function readStored(): Persisted | null {
  if (typeof localStorage === 'undefined') return null;
  const read = (k: string) => localStorage.getItem(k);
  let userProfile: Profile | null = null;
  try {
    userProfile = JSON.parse(read('userProfile') ?? 'null');
  } catch {
    userProfile = null;
  }
  const role = read('role');
  return {
    token: read('token'),
    role: ROLES.find((r) => r === role) ?? null,
    fullName: read('fullName') ?? read('FullName'),
    email: read('email') ?? read('Email'),
    userId: read('userId'),
    userProfile,
    profileImage: read('profileImage'),
  };
}

const specKeys: PersistStorage<Persisted> = {
  getItem: () => {
    const state = readStored();
    return state && { state, version: 0 };
  },
  setItem: (_name, { state }) => {
    const write = (k: string, v: string | null) =>
      v === null || v === undefined ? localStorage.removeItem(k) : localStorage.setItem(k, v);
    write('role', state.role);
    write('FullName', state.fullName);
    write('fullName', state.fullName);
    write('Email', state.email);
    write('email', state.email);
    write('userId', state.userId);
    write('userProfile', state.userProfile ? JSON.stringify(state.userProfile) : null);
    write('profileImage', state.profileImage);
    // The token last: other tabs act on its storage event (followStoredSession), and by then
    // every other key of this sign-in is written.
    write('token', state.token);
  },
  removeItem: () => localStorage.clear(),
};

export const useAuth = create<AuthState>()(
  persist(
    (set) => ({
      ...empty,
      signIn: (token, user) => set({ token, role: user.role, fullName: user.fullName, email: user.email, userId: user._id ?? null }),
      setProfile: (profile) =>
        set((s) => ({
          userProfile: profile,
          fullName: profile.fullName || s.fullName,
          email: profile.email || s.email,
          profileImage: profile.profileImage ?? null,
        })),
      // docs/product.md §2: logout clears local storage.
      signOut: () => {
        set(empty);
        if (typeof localStorage !== 'undefined') localStorage.clear();
      },
    }),
    { name: 'auth', storage: specKeys },
  ),
);

/** Whether two sessions are the same person's: a newer token of that person may replace the old in place. */
function samePerson(a: Persisted, b: Persisted): boolean {
  return a.role === b.role && (a.userId && b.userId ? a.userId === b.userId : a.email === b.email);
}

/**
 * Brings this tab's session in line with localStorage, where another tab may have signed out, or
 * signed out and in again, since this tab read it (its storage event; or a 401, which can come
 * before that event). 'reloading' when another person signed in there: this page shows the first
 * one's data, so it is loaded again rather than carried on under a different session.
 */
export function followStoredSession(): 'same' | 'followed' | 'reloading' {
  const mine = useAuth.getState();
  const stored = readStored();
  if (!stored || stored.token === mine.token) return 'same';
  if (mine.token && stored.token && !samePerson(mine, stored)) {
    window.location.reload();
    return 'reloading';
  }
  // Reads the keys into the store without writing them back (zustand's hydrate sets, never persists).
  void useAuth.persist.rehydrate();
  return 'followed';
}

// Tabs follow each other (the storage event fires in the other tabs of this origin): a tab signed
// out elsewhere loses its token, and the guards send it to /login; one whose storage got a newer
// session of the same person uses it. Key null: localStorage.clear() (docs/product.md §2 logout).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea === localStorage && (event.key === null || event.key === 'token')) followStoredSession();
  });
}

/** Where a signed-in user belongs (docs/product.md §2 call-to-action routing). */
export function homeFor(role: Role | null): string {
  return role === 'admin' ? '/admin' : '/portal';
}
