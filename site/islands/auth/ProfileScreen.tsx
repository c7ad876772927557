import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, assetUrl, call, upload } from '../../lib/api.ts';
import { homeFor, useAuth } from '../../lib/auth-store.ts';
import { AdminShell } from '../admin/AdminShell.tsx';
import { PortalShell } from '../portal/PortalShell.tsx';
import { PROFILE_LIMITS } from '../../../portal-api/src/modules/users/users.schema.ts';
import { firstTooLong } from '../../lib/text-limit.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { CharCount } from '../ui/CharCount.tsx';
import { messageOf, orangeToast } from './notify.ts';
import './profile.css';
import { PROFILE_UPDATED } from '../../../portal-api/src/modules/users/users.labels.ts';
import { SPEC_TEXTS } from '../../lib/spec-texts.ts';

/** Ours: the server refuses photos over 5 MB; the browser says so before uploading. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const REDIRECT_MS = 1200;

/** /profile (admin layout) and /client-profile (client layout), SPEC §2. */
export function ProfileScreen({ area }: { area: 'admin' | 'client' }) {
  const Shell = area === 'admin' ? AdminShell : PortalShell;
  return (
    <Shell>
      <ProfileForm />
    </Shell>
  );
}

type Fields = { fullName: string; phoneNumber: string; company: string; bio: string };

function ProfileForm() {
  const queryClient = useQueryClient();
  const role = useAuth((s) => s.role);
  const setProfile = useAuth((s) => s.setProfile);
  const profile = useQuery({ queryKey: ['profile'], queryFn: () => call(api.users.profile.$get()).then((r) => r.data) });
  const [fields, setFields] = useState<Fields | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (profile.data && !fields) {
      const p = profile.data;
      setFields({ fullName: p.fullName ?? '', phoneNumber: p.phoneNumber ?? '', company: p.company ?? '', bio: p.bio ?? '' });
    }
  }, [profile.data, fields]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  if (profile.isError) {
    return (
      <p className="card auth-load-error" role="alert">
        {`Error loading profile: ${messageOf(profile.error, 'Failed to fetch profile')}`}
      </p>
    );
  }
  if (!fields || !profile.data) return <p role="status">Loading profile…</p>;
  const email = profile.data.email || '';
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields({ ...fields, [key]: e.target.value });

  function choosePhoto(file: File | undefined) {
    setPhotoError('');
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setPhotoError('Please choose an image file.');
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      setPhotoError('The photo must be 5 MB or smaller.');
      return;
    }
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  }

  /** SPEC §2: DELETE only clears the chosen photo locally. */
  function clearPhoto() {
    setPhoto(null);
    setPreview(null);
    setPhotoError('');
    if (fileInput.current) fileInput.current.value = '';
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!fields) return;
    const tooLong = firstTooLong([
      ['Full Name', fields.fullName.trim(), PROFILE_LIMITS.fullName],
      ['Phone No.', fields.phoneNumber.trim(), PROFILE_LIMITS.phoneNumber],
      ['Company Name', fields.company.trim(), PROFILE_LIMITS.company],
      ['Your Bio', fields.bio.trim(), PROFILE_LIMITS.bio],
    ]);
    if (tooLong) return orangeToast(`Error updating profile: ${tooLong}`);
    const form = new FormData();
    form.append('fullName', fields.fullName);
    form.append('bio', fields.bio);
    form.append('phoneNumber', fields.phoneNumber);
    form.append('company', fields.company);
    if (photo) form.append('profileImage', photo);
    setBusy(true);
    try {
      const res = await upload(api.users.profile, '$put', form, () => undefined);
      setProfile(res.data);
      queryClient.setQueryData(['profile'], res.data);
      orangeToast(PROFILE_UPDATED, 'success');
      // SPEC §2: after a save the admin goes to /admin, anyone else to /portal.
      setTimeout(() => window.location.assign(homeFor(res.data.role ?? role)), REDIRECT_MS);
    } catch (err) {
      orangeToast(`Error updating profile: ${messageOf(err, 'Failed to update profile')}`);
      setBusy(false);
    }
  }

  const shownImage = preview ?? assetUrl(profile.data.profileImage) ?? null;
  return (
    <form className="profile card" onSubmit={save}>
      <h1>Profile Settings</h1>
      <div className="profile-grid">
        <div className="profile-photo">
          {shownImage ? (
            <img src={shownImage} alt={preview ? 'Preview of the chosen photo' : 'Your profile photo'} width={140} height={140} />
          ) : (
            <Avatar name={fields.fullName || SPEC_TEXTS.unknownUser} size={140} />
          )}
          <input
            ref={fileInput}
            id="profile-photo"
            type="file"
            accept="image/*"
            aria-label="Profile photo (images only)"
            tabIndex={-1}
            className="sr-only"
            onChange={(e) => choosePhoto(e.target.files?.[0])}
          />
          <div className="profile-photo-actions">
            <button
              type="button"
              className="btn btn-navy btn-sm"
              onClick={() => fileInput.current?.click()}
              aria-describedby="profile-photo-hint"
              aria-label="UPDATE photo"
            >
              UPDATE
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={clearPhoto}
              disabled={!photo}
              aria-label="DELETE chosen photo"
            >
              DELETE
            </button>
          </div>
          <p id="profile-photo-hint" className="profile-hint">
            {photo ? `Chosen: ${photo.name}` : 'Images only, up to 5 MB.'}
          </p>
          {photoError && (
            <p className="error-text" role="alert">
              {photoError}
            </p>
          )}
        </div>
        <div className="profile-fields">
          <div className="field">
            <label htmlFor="profile-name">Full Name</label>
            <input
              id="profile-name"
              autoComplete="name"
              aria-describedby="profile-name-count"
              value={fields.fullName}
              onChange={set('fullName')}
              required
            />
            <CharCount id="profile-name-count" value={fields.fullName} max={PROFILE_LIMITS.fullName} />
          </div>
          <div className="field">
            <label htmlFor="profile-email">E-Mail</label>
            <input id="profile-email" type="email" value={email} readOnly aria-readonly="true" className="profile-readonly" />
          </div>
          <div className="profile-two">
            <div className="field">
              <label htmlFor="profile-phone">Phone No.</label>
              <input
                id="profile-phone"
                type="tel"
                autoComplete="tel"
                aria-describedby="profile-phone-count"
                value={fields.phoneNumber}
                onChange={set('phoneNumber')}
              />
              <CharCount id="profile-phone-count" value={fields.phoneNumber} max={PROFILE_LIMITS.phoneNumber} />
            </div>
            <div className="field">
              <label htmlFor="profile-company">Company Name</label>
              <input
                id="profile-company"
                autoComplete="organization"
                aria-describedby="profile-company-count"
                value={fields.company}
                onChange={set('company')}
              />
              <CharCount id="profile-company-count" value={fields.company} max={PROFILE_LIMITS.company} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="profile-bio">Your Bio</label>
            <textarea id="profile-bio" aria-describedby="profile-bio-count" value={fields.bio} onChange={set('bio')} />
            <CharCount id="profile-bio-count" value={fields.bio} max={PROFILE_LIMITS.bio} />
          </div>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Saving…' : 'SAVE'}
          </button>
        </div>
      </div>
    </form>
  );
}
