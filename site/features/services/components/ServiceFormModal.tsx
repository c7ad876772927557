import { useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import type { z } from 'zod';
import { assetUrl, serverMessage } from '../../../lib/api.ts';
import { useSaveService } from '../api.ts';
import type { ServiceFormInput, ServiceFormSchema } from '../../../../portal-api/src/modules/services/services.schema.ts';
import { SERVICE_LIMITS } from '../../../../portal-api/src/modules/services/services.limits.ts';
import { lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { withOfflineReason } from '../../../lib/offline.ts';
import { tooLongMessages } from '../../../lib/text-limit.ts';
import { CharCount } from '../../../ui/CharCount.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import type { Service, SubService } from '../types.ts';
import { acceptOf } from '../../../../portal-api/src/shared/file-kinds.ts';

export type FormMode = { kind: 'service' } | { kind: 'sub'; parentId?: string } | { kind: 'edit'; item: SubService };

type Props = { mode: FormMode | null; services: Service[]; onClose: () => void };

type Saved = z.output<typeof ServiceFormSchema>;

// A text that is too long is refused with its counter's sentence, named by the field's label, never cut.
const messages = { error: tooLongMessages({ title: 'Title', description: 'Description' }) };
// The schemas load with zod on demand (site/lib/form.ts).
const serviceResolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/services/services.schema.ts').then((m) => m.ServiceFormSchema),
  messages,
);
const subServiceResolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/services/services.schema.ts').then((m) => m.SubServiceFormSchema),
  messages,
);

type Field = 'title' | 'parentService' | 'description';

/** One sentence at a time, in the order the form checks: a missing title, a missing parent, then a text that is too long. */
function firstProblem(errors: FieldErrors<ServiceFormInput>): Field | undefined {
  const found = (['title', 'parentService', 'description'] as const).filter((f) => errors[f] !== undefined);
  return found.find((f) => errors[f]?.type !== 'too_big') ?? found[0];
}

/**
 * Add New Service, Add Sub-Service and Edit (docs/product.md §2 /admin-service, §5): a title
 * is needed; a sub-service also needs its parent; image and description are optional.
 */
export function ServiceFormModal({ mode, services, onClose }: Props) {
  const editing = mode?.kind === 'edit' ? mode.item : null;
  const isSub = mode?.kind === 'sub' || !!editing?.parentService;
  const heading = editing ? (isSub ? 'Edit Sub-Service' : 'Edit Service') : isSub ? 'Add Sub-Service' : 'Add New Service';
  const [failure, setFailure] = useState('');
  const save = useSaveService({
    onSuccess: (res) => {
      toast.success(res.message);
      onClose();
    },
    onError: (err) => {
      const fallback = editing ? 'Failed to update service' : 'Failed to create service';
      setFailure(serverMessage(err) || withOfflineReason(fallback));
      toast.error(fallback, { saidInPage: true });
    },
  });
  const close = () => {
    if (save.isPending) return;
    setFailure('');
    onClose();
  };
  // The dialog mounts its form when it opens, so every opening starts from the mode's own values:
  // nothing typed into the last one, and nothing reset under the hands of someone already typing.
  return (
    <Modal open={!!mode} title={heading} onClose={close}>
      {mode && (
        <ServiceForm
          key={editing?._id ?? (mode.kind === 'sub' ? `sub:${mode.parentId ?? ''}` : mode.kind)}
          mode={mode}
          services={services}
          save={save}
          failure={failure}
          setFailure={setFailure}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

type FormProps = {
  mode: FormMode;
  services: Service[];
  save: ReturnType<typeof useSaveService>;
  failure: string;
  setFailure: (text: string) => void;
  onCancel: () => void;
};

function ServiceForm({ mode, services, save, failure, setFailure, onCancel }: FormProps) {
  const ids = {
    title: useId(),
    parent: useId(),
    description: useId(),
    image: useId(),
    titleCount: useId(),
    descriptionCount: useId(),
    error: useId(),
  };
  const editing = mode.kind === 'edit' ? mode.item : null;
  const isSub = mode.kind === 'sub' || !!editing?.parentService;
  // react-hook-form over the shared form schemas; a message shows on submit and stays until the next one.
  const resolver = isSub ? subServiceResolver : serviceResolver;
  const warm = useWarmResolver(resolver, true);
  const { register, handleSubmit, watch, formState } = useForm<ServiceFormInput, unknown, Saved>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: {
      title: editing?.title ?? '',
      parentService: editing?.parentService ?? (mode.kind === 'sub' ? (mode.parentId ?? '') : ''),
      description: editing?.description ?? '',
    },
  });
  const [image, setImage] = useState<File | null>(null);
  const problem = firstProblem(formState.errors);
  const error = (problem && formState.errors[problem]?.message) || failure;
  // The field the sentence is about is marked and described by it (WCAG 3.3.1); the submit focuses it.
  const refused = (field: Field, hint?: string) => fieldError(problem === field, ids.error, hint);
  const fieldIds: Record<Field, string> = { title: ids.title, parentService: ids.parent, description: ids.description };

  const validateAndSave = handleSubmit(
    (values: Saved) => {
      const fields: Record<string, string> = { title: values.title, description: values.description };
      if (isSub) fields.parentService = values.parentService;
      save.mutate({ fields, editingId: editing?._id ?? null, image });
    },
    (errors) => {
      const field = firstProblem(errors);
      if (field) document.getElementById(fieldIds[field])?.focus();
    },
  );
  const submit = (e: React.SyntheticEvent) => {
    // While a submit is checked or saved, another does nothing (a double click saves once).
    if (formState.isSubmitting || save.isPending) return e.preventDefault();
    setFailure('');
    void validateAndSave(e);
  };

  // A service that has sub-services stays top-level; a sub-service may move to another parent.
  const parents = services.filter((s) => s._id !== editing?._id);

  return (
    <form onSubmit={submit} onFocus={warm} noValidate>
      <div className="field">
        <label htmlFor={ids.title}>Title *</label>
        <input id={ids.title} required aria-required="true" {...refused('title', ids.titleCount)} autoFocus {...register('title')} />
        <CharCount id={ids.titleCount} value={watch('title')} max={SERVICE_LIMITS.title} />
      </div>
      {isSub && (
        <div className="field">
          <label htmlFor={ids.parent}>Parent service *</label>
          <select id={ids.parent} required aria-required="true" {...refused('parentService')} {...register('parentService')}>
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
        <textarea id={ids.description} {...refused('description', ids.descriptionCount)} {...register('description')} />
        <CharCount id={ids.descriptionCount} value={watch('description')} max={SERVICE_LIMITS.description} />
      </div>
      <div className="field">
        <label htmlFor={ids.image}>Image</label>
        {editing?.image && !image && (
          <img src={assetUrl(editing.image)} alt="Current image" style={{ maxHeight: 90, width: 'auto', borderRadius: 6 }} />
        )}
        <input id={ids.image} type="file" accept={acceptOf('image')} onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
      </div>
      {error && (
        <p id={ids.error} className="error-text" role="alert">
          {error}
        </p>
      )}
      <div style={{ display: 'flex', gap: '.75rem', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Update' : 'Save'}
        </button>
      </div>
    </form>
  );
}
