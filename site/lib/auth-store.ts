import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';

// Sign-in state persisted under the localStorage keys of SPEC §3 "Session data":
// token, role, FullName, Email, fullName, email, userProfile (JSON), profileImage.

export type Role = 'admin' | 'client';
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

const specKeys: PersistStorage<Persisted> = {
  getItem: () => {
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
      state: {
        token: read('token'),
        role: role === 'admin' || role === 'client' ? role : null,
        fullName: read('fullName') ?? read('FullName'),
        email: read('email') ?? read('Email'),
        userId: read('userId'),
        userProfile,
        profileImage: read('profileImage'),
      },
      version: 0,
    };
  },
  setItem: (_name, { state }) => {
    const write = (k: string, v: string | null) =>
      v === null || v === undefined ? localStorage.removeItem(k) : localStorage.setItem(k, v);
    write('token', state.token);
    write('role', state.role);
    write('FullName', state.fullName);
    write('fullName', state.fullName);
    write('Email', state.email);
    write('email', state.email);
    write('userId', state.userId);
    write('userProfile', state.userProfile ? JSON.stringify(state.userProfile) : null);
    write('profileImage', state.profileImage);
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
      // SPEC §2: logout clears local storage.
      signOut: () => {
        set(empty);
        if (typeof localStorage !== 'undefined') localStorage.clear();
      },
    }),
    { name: 'auth', storage: specKeys },
  ),
);

/** Where a signed-in user belongs (SPEC §2 call-to-action routing). */
export function homeFor(role: Role | null): string {
  return role === 'admin' ? '/admin' : '/portal';
}
