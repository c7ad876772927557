import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { ApiError, assetUrl } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { AdminShell } from '../../../shell/AdminShell.tsx';
import '../../../shell/admin.css';
import { useDeleteService, useServices } from '../api.ts';
import type { FormMode } from './ServiceFormModal.tsx';
import type { SubService } from '../types.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import './admin-services-screen.css';

// The service form (react-hook-form) opens on demand and the saved replies sit below the services:
// both load right after the page's first paint instead of in it (first-load JavaScript, docs/performance.md).
const loadForm = () => import('./ServiceFormModal.tsx');
const ServiceFormModal = lazy(() => loadForm().then((m) => ({ default: m.ServiceFormModal })));
const SavedRepliesSection = lazy(() => import('../../desk/index.ts').then((m) => ({ default: m.SavedRepliesSection })));

/** /admin-service: Manage Services (docs/product.md §2), and the firm's saved replies (§25). */
export default function AdminServicesScreen() {
  return (
    <AdminShell>
      <ManageServices />
      <Suspense
        fallback={
          <section className="saved-replies card" aria-labelledby="saved-replies-title">
            <h2 id="saved-replies-title">Saved replies</h2>
            <p role="status">Loading saved replies…</p>
          </section>
        }
      >
        <SavedRepliesSection />
      </Suspense>
    </AdminShell>
  );
}

function ManageServices() {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [form, setForm] = useState<FormMode | null>(null);
  // Mounted from its first opening on, so it closes as a dialog does.
  const [formShown, setFormShown] = useState(false);
  if (form && !formShown) setFormShown(true);
  useEffect(() => void loadForm(), []);
  const [viewing, setViewing] = useState<SubService | null>(null);
  const [deleting, setDeleting] = useState<SubService | null>(null);
  const { data: services = [], isPending, isError } = useServices();
  useEffect(() => {
    if (isError) toast.error(PRODUCT_TEXTS.servicesFailed);
  }, [isError]);

  const remove = useDeleteService({
    onSuccess: (res) => {
      toast.success(res.message);
    },
    // A refusal the admin can act on (409: open requests use it) is shown as the server words it.
    onError: (err) => toast.error(err instanceof ApiError && err.status === 409 ? err.message : 'Failed to delete service'),
    onSettled: () => setDeleting(null),
  });

  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const parentOf = (item: SubService) => services.find((s) => s._id === item.parentService);
  const deletingService = deleting && !deleting.parentService ? services.find((s) => s._id === deleting._id) : undefined;

  return (
    <div style={{ maxWidth: 1000 }}>
      <div className="page-head">
        <h1>Manage Services</h1>
        <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
          <button type="button" className="btn" onClick={() => setForm({ kind: 'service' })}>
            Add New Service
          </button>
          <button type="button" className="btn btn-navy" onClick={() => setForm({ kind: 'sub' })}>
            Add Sub-Service
          </button>
        </div>
      </div>
      {isPending ? (
        <p role="status">Loading services…</p>
      ) : isError ? (
        <p className="error-text">{PRODUCT_TEXTS.servicesFailed}</p>
      ) : !services.length ? (
        <p>No services yet.</p>
      ) : (
        <ul className="svc-list">
          {services.map((s) => {
            const expanded = open.has(s._id);
            return (
              <li key={s._id} className="card svc-card">
                <div className="svc-row">
                  <button
                    type="button"
                    className="svc-toggle"
                    aria-expanded={expanded}
                    aria-controls={`subs-${s._id}`}
                    onClick={() => toggle(s._id)}
                  >
                    <span aria-hidden="true" className="svc-caret">
                      {expanded ? '▾' : '▸'}
                    </span>
                    <span className="svc-label">
                      <span className="svc-title">{s.title}</span>
                      <span className="muted">
                        {s.subservices.length} sub-service{s.subservices.length === 1 ? '' : 's'}
                      </span>
                    </span>
                  </button>
                  <ItemActions item={s} onView={setViewing} onEdit={(item) => setForm({ kind: 'edit', item })} onDelete={setDeleting} />
                </div>
                {expanded && (
                  <div id={`subs-${s._id}`} className="svc-subs">
                    {s.subservices.length ? (
                      <ul>
                        {s.subservices.map((sub) => (
                          <li key={sub._id} className="svc-row">
                            <span>{sub.title}</span>
                            <ItemActions
                              item={sub}
                              onView={setViewing}
                              onEdit={(item) => setForm({ kind: 'edit', item })}
                              onDelete={setDeleting}
                            />
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="muted">No sub-services.</p>
                    )}
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setForm({ kind: 'sub', parentId: s._id })}>
                      New sub-service under {s.title}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {formShown && (
        <Suspense fallback={null}>
          <ServiceFormModal mode={form} services={services} onClose={() => setForm(null)} />
        </Suspense>
      )}
      <Modal open={!!viewing} title={viewing?.title ?? ''} onClose={() => setViewing(null)}>
        {viewing && (
          <dl className="svc-view">
            {viewing.parentService && (
              <>
                <dt>Parent service</dt>
                <dd>{parentOf(viewing)?.title ?? '—'}</dd>
              </>
            )}
            <dt>Description</dt>
            <dd>{viewing.description || 'No description.'}</dd>
            <dt>Image</dt>
            <dd>
              {viewing.image ? (
                <img src={assetUrl(viewing.image)} alt={viewing.title} style={{ maxHeight: 200, width: 'auto', borderRadius: 8 }} />
              ) : (
                'No image.'
              )}
            </dd>
          </dl>
        )}
      </Modal>
      <ConfirmDialog
        open={!!deleting}
        title={
          deletingService?.subservices.length
            ? `Delete ${deletingService.title} and its ${deletingService.subservices.length} sub-services`
            : 'Delete'
        }
        message={deleting?.parentService ? `Delete subservice "${deleting.title}"?` : 'Are you sure you want to delete this service?'}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
      />
    </div>
  );
}

type ActionProps = {
  item: SubService;
  onView: (i: SubService) => void;
  onEdit: (i: SubService) => void;
  onDelete: (i: SubService) => void;
};

function ItemActions({ item, onView, onEdit, onDelete }: ActionProps) {
  return (
    <span className="svc-actions">
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onView(item)} aria-label={`View ${item.title}`}>
        View
      </button>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onEdit(item)} aria-label={`Edit ${item.title}`}>
        Edit
      </button>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => onDelete(item)}
        aria-label={`Delete ${item.title}`}
        style={{ color: 'var(--danger)' }}
      >
        Delete
      </button>
    </span>
  );
}
