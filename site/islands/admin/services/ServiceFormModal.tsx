import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { api, ApiError, assetUrl, call, upload } from '../../../lib/api.ts';
import { SERVICE_LIMITS } from '../../../../portal-api/src/modules/services/services.schema.ts';
import { firstTooLong } from '../../../lib/text-limit.ts';
import { CharCount } from '../../ui/CharCount.tsx';
import { Modal } from '../../ui/Modal.tsx';
import type { Service, SubService } from './types.ts';

export type FormMode = { kind: 'service' } | { kind: 'sub'; parentId?: string } | { kind: 'edit'; item: SubService };

type Props = { mode: FormMode | null; services: Service[]; onClose: () => void };

/**
 * Add New Service, Add Sub-Service and Edit (SPEC §2 /admin-service, §5): a title
 * is needed; a sub-service also needs its parent; image and description are optional.
 */
export function ServiceFormModal({ mode, services, onClose }: Props) {
  const client = useQueryClient();
  const ids = { title: useId(), parent: useId(), description: useId(), image: useId(), titleCount: useId(), descriptionCount: useId() };
  const editing = mode?.kind === 'edit' ? mode.item : null;
  const isSub = mode?.kind === 'sub' || !!editing?.parentService;
  const [title, setTitle] = useState('');
  const [parent, setParent] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    setTitle(editing?.title ?? '');
    setParent(editing?.parentService ?? (mode?.kind === 'sub' ? (mode.parentId ?? '') : ''));
    setDescription(editing?.description ?? '');
    setImage(null);
    setError('');
  }, [mode, editing]);

  const save = useMutation({
    mutationFn: async () => {
      const fields: Record<string, string> = { title: title.trim(), description: description.trim() };
      if (isSub) fields.parentService = parent;
      if (editing && !image) {
        // The route takes JSON or multipart; hc types both bodies at once, and this call sends the JSON one.
        const input = { param: { id: editing._id }, json: { ...fields, description: fields.description || null } };
        return call(api.services[':id'].$put(input as Parameters<(typeof api.services)[':id']['$put']>[0]));
      }
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (image) form.append('image', image, image.name);
      return editing
        ? upload(api.services[':id'], '$put', form, () => undefined, { id: editing._id })
        : upload(api.services, '$post', form, () => undefined);
    },
    onSuccess: (res) => {
      toast.success(res.message);
      void client.invalidateQueries({ queryKey: ['services'] });
      onClose();
    },
    onError: (err) => {
      const fallback = editing ? 'Failed to update service' : 'Failed to create service';
      setError(err instanceof ApiError && err.status ? err.message : fallback);
      toast.error(fallback);
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    if (!title.trim()) return setError('Please enter a service title.');
    if (isSub && !parent) return setError('Please choose a parent service.');
    const tooLong = firstTooLong([
      ['Title', title.trim(), SERVICE_LIMITS.title],
      ['Description', description.trim(), SERVICE_LIMITS.description],
    ]);
    if (tooLong) return setError(tooLong);
    save.mutate();
  }

  const heading = editing ? (isSub ? 'Edit Sub-Service' : 'Edit Service') : isSub ? 'Add Sub-Service' : 'Add New Service';
  // A service that has sub-services stays top-level; a sub-service may move to another parent.
  const parents = services.filter((s) => s._id !== editing?._id);

  return (
    <Modal open={!!mode} title={heading} onClose={() => !save.isPending && onClose()}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.title}>Title *</label>
          <input
            id={ids.title}
            value={title}
            required
            aria-required="true"
            aria-describedby={ids.titleCount}
            onChange={(e) => setTitle(e.target.value)}
            autoFocus
          />
          <CharCount id={ids.titleCount} value={title} max={SERVICE_LIMITS.title} />
        </div>
        {isSub && (
          <div className="field">
            <label htmlFor={ids.parent}>Parent service *</label>
            <select id={ids.parent} value={parent} required aria-required="true" onChange={(e) => setParent(e.target.value)}>
              <option value="">Choose a service</option>
              {parents.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.description}>Description</label>
          <textarea
            id={ids.description}
            value={description}
            aria-describedby={ids.descriptionCount}
            onChange={(e) => setDescription(e.target.value)}
          />
          <CharCount id={ids.descriptionCount} value={description} max={SERVICE_LIMITS.description} />
        </div>
        <div className="field">
          <label htmlFor={ids.image}>Image</label>
          {editing?.image && !image && (
            <img src={assetUrl(editing.image)} alt="Current image" style={{ maxHeight: 90, width: 'auto', borderRadius: 6 }} />
          )}
          <input id={ids.image} type="file" accept="image/*" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
        </div>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <div style={{ display: 'flex', gap: '.75rem', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Update' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
