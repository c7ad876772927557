import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { assetUrl } from '../../../lib/api.ts';
import { type Profile, useProfile } from '../../../shell/session.ts';
import { useSaveProfile } from '../api.ts';
import { homeFor, useAuth } from '../../../lib/auth-store.ts';
import { AdminShell } from '../../../shell/AdminShell.tsx';
import { PortalShell } from '../../../shell/PortalShell.tsx';
import { PROFILE_LIMITS } from '../../../../portal-api/src/modules/users/users.limits.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { CharCount } from '../../../ui/CharCount.tsx';
import { firstError, lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { messageOf, ORANGE_TOAST_MS, orangeToast } from '../notify.ts';
import { PROFILE_LABELS } from '../profile-labels.ts';
import './profile.css';
import { PROFILE_UPDATED } from '../../../../portal-api/src/modules/users/users.labels.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { TeamSection } from '../../company/index.ts';
import { acceptOf } from '../../../../portal-api/src/shared/file-kinds.ts';

/** Ours: the server refuses photos over 5 MB; the browser says so before uploading. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const resolver = lazyZodResolver(() => import('../profile-form.ts').then((m) => m.ProfileFormSchema), undefined, { raw: true });

/** /profile (admin layout) and /client-profile (client layout), docs/product.md §2. */
export function ProfileScreen({ area }: { area: 'admin' | 'client' }) {
  const Shell = area === 'admin' ? AdminShell : PortalShell;
  return (
    <Shell>
      <ProfileForm />
      {/* docs/product.md, "Colleagues": a client's company and its members. */}
      {area === 'client' ? <TeamSection /> : null}
    </Shell>
  );
}

function ProfileForm() {
  const profile = useProfile();
  if (profile.isError) {
    return (
      <p className="card auth-load-error" role="alert">
        {`Error loading profile: ${messageOf(profile.error, 'Failed to fetch profile')}`}
      </p>
    );
  }
  if (!profile.data) return <p role="status">Loading profile…</p>;
  return <ProfileEditor profile={profile.data} />;
}

/** The form, filled once from the first profile loaded (a later refetch does not overwrite what is typed). */
function ProfileEditor({ profile }: { profile: Profile }) {
  const saveProfile = useSaveProfile();
  const role = useAuth((s) => s.role);
  const setProfile = useAuth((s) => s.setProfile);
  // react-hook-form over ProfileFormSchema (loaded lazily; the shared ProfileUpdateSchema after the too-long
  // check), on submit, after the browser's own checks; a problem is the error toast the server's
  // refusal gave, without the upload. `raw`: the fields are sent as typed, as before.
  const { register, handleSubmit, watch } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: {
      fullName: profile.fullName ?? '',
      phoneNumber: profile.phoneNumber ?? '',
      company: profile.company ?? '',
      bio: profile.bio ?? '',
    },
  });
  const fields = watch();
  const warm = useWarmResolver(resolver);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const email = profile.email || '';

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

  /** docs/product.md §2: DELETE only clears the chosen photo locally. */
  function clearPhoto() {
    setPhoto(null);
    setPreview(null);
    setPhotoError('');
    if (fileInput.current) fileInput.current.value = '';
  }

  const save = handleSubmit(
    async (values) => {
      const form = new FormData();
      form.append('fullName', values.fullName);
      form.append('bio', values.bio);
      form.append('phoneNumber', values.phoneNumber);
      form.append('company', values.company);
      if (photo) form.append('profileImage', photo);
      setBusy(true);
      try {
        const res = await saveProfile(form);
        setProfile(res.data);
        // docs/product.md §8: top right, 3 s, orange; docs/product.md §2: then the admin goes to /admin, anyone else to
        // /portal, once the toast has had its 3 s (leaving sooner cut it to about one).
        orangeToast(PROFILE_UPDATED, 'success', 'top-right');
        setTimeout(() => window.location.assign(homeFor(res.data.role ?? role)), ORANGE_TOAST_MS);
      } catch (err) {
        orangeToast(`Error updating profile: ${messageOf(err, 'Failed to update profile')}`);
        setBusy(false);
      }
    },
    (errors) => orangeToast(`Error updating profile: ${firstError(errors) ?? 'Failed to update profile'}`),
  );

  const shownImage = preview ?? assetUrl(profile.profileImage) ?? null;
  return (
    <form className="profile card" onSubmit={save} onFocus={warm}>
      <h1>Profile Settings</h1>
      <div className="profile-grid">
        <div className="profile-photo">
          {shownImage ? (
            <img src={shownImage} alt={preview ? 'Preview of the chosen photo' : 'Your profile photo'} width={140} height={140} />
          ) : (
            <Avatar name={fields.fullName || PRODUCT_TEXTS.unknownUser} size={140} />
          )}
          <input
            ref={fileInput}
            id="profile-photo"
            type="file"
            accept={acceptOf('image')}
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
            <label htmlFor="profile-name">{PROFILE_LABELS.fullName}</label>
            <input id="profile-name" autoComplete="name" aria-describedby="profile-name-count" required {...register('fullName')} />
            <CharCount id="profile-name-count" value={fields.fullName} max={PROFILE_LIMITS.fullName} />
          </div>
          <div className="field">
            <label htmlFor="profile-email">E-Mail</label>
            <input id="profile-email" type="email" value={email} readOnly aria-readonly="true" />
          </div>
          <div className="profile-two">
            <div className="field">
              <label htmlFor="profile-phone">{PROFILE_LABELS.phoneNumber}</label>
              <input id="profile-phone" type="tel" autoComplete="tel" aria-describedby="profile-phone-count" {...register('phoneNumber')} />
              <CharCount id="profile-phone-count" value={fields.phoneNumber} max={PROFILE_LIMITS.phoneNumber} />
            </div>
            <div className="field">
              <label htmlFor="profile-company">{PROFILE_LABELS.company}</label>
              <input id="profile-company" autoComplete="organization" aria-describedby="profile-company-count" {...register('company')} />
              <CharCount id="profile-company-count" value={fields.company} max={PROFILE_LIMITS.company} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="profile-bio">{PROFILE_LABELS.bio}</label>
            <textarea id="profile-bio" aria-describedby="profile-bio-count" {...register('bio')} />
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
