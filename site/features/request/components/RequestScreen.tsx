import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import { ApiError, errorCode } from '../../../lib/api.ts';
import { createRequest, useQueryLimits } from '../api.ts';
import { useServices } from '../../services/index.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { firstError, lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { useSubmissionKey } from '../../../lib/idempotency-key.ts';
import { localDay } from '../../../lib/date-format.ts';
import { useLeaveGuard } from '../../../lib/leave-guard.ts';
import { paths } from '../../../lib/routes.ts';
import { PortalShell } from '../../../shell/PortalShell.tsx';
import { FilePicker, type PickedFile } from './FilePicker.tsx';
import { ProjectFields } from './ProjectFields.tsx';
import { ReusedPlans, useReusedPlans } from './ReusedPlans.tsx';
import { MAX_MESSAGE_LENGTH } from '../../../../portal-api/src/modules/queries/queries.limits.ts';
import { CharCount } from '../../../ui/CharCount.tsx';
import { carryNotice } from '../../../lib/carried-notice.ts';
import { NOT_AUTHENTICATED, QUERY_CREATED } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { overallPercent, UPLOAD_WAITING, useResumableUploads } from '../../../lib/resumable-uploads.ts';
import { MAYBE_SUBMITTED } from '../../../../portal-api/src/modules/idempotency/idempotency.labels.ts';
import './request-screen.css';

// docs/product.md §5 "Submit request" texts (queries.labels.ts), as the product shows them.
const REDIRECT_MS = 1000; // docs/product.md §9
/** The fields docs/product.md §5 requires, in the order the form shows them (the first refused one gets the focus). */
const REQUIRED = ['projectName', 'message', 'service', 'subService', 'files'] as const;

/** /request (docs/product.md §2): the SUBMIT REQUEST FORM with several plan files and upload progress. */
export function RequestScreen() {
  return (
    <PortalShell>
      <RequestForm />
    </PortalShell>
  );
}

/** Matches ?service= / ?subService= by id or by title (trade pages send titles such as 'Demolititon'). */
function pick<T extends { _id: string; title: string }>(list: T[], wanted: string | null): T | undefined {
  if (!wanted) return undefined;
  const norm = (s: string) => s.trim().toLowerCase();
  return list.find((s) => s._id === wanted) ?? list.find((s) => norm(s.title) === norm(wanted));
}

function RequestForm() {
  const token = useAuth((s) => s.token);
  const ids = { projectName: useId(), message: useId(), service: useId(), sub: useId(), due: useId(), error: useId() };
  const chooseFiles = useRef<HTMLButtonElement>(null);
  const services = useServices();
  const limits = useQueryLimits();
  const reuse = useReusedPlans();
  const [keepReused, setKeepReused] = useState(true);
  const reused = keepReused ? reuse.files : [];
  const list = useMemo(() => services.data ?? [], [services.data]);
  // react-hook-form over the shared form schema (queries.schema.ts, loaded lazily): docs/product.md §5's one sentence, on submit.
  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('../../../../portal-api/src/modules/queries/queries.schema.ts').then((m) =>
          m.requestFormSchema<PickedFile>({
            hasSubServices: (id) => Boolean(list.find((s) => s._id === id)?.subservices.length),
            reusedFiles: reused.length,
          }),
        ),
      ),
    [list, reused.length],
  );
  const warm = useWarmResolver(resolver);
  const { handleSubmit, watch, setValue, getValues, reset, clearErrors, formState } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { message: '', projectName: '', location: '', service: '', subService: '', bidDueDate: '', files: [] },
  });
  const [message, projectName, location, serviceId, subServiceId, bidDueDate, files] = watch([
    'message',
    'projectName',
    'location',
    'service',
    'subService',
    'bidDueDate',
    'files',
  ]);
  const [failure, setFailure] = useState('');
  const error = firstError(formState.errors) ?? failure;
  const [progress, setProgress] = useState<number | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const busy = progress !== null;
  // Leaving mid-upload asks first (a resumed upload needs the same file picked again).
  useLeaveGuard(busy);
  // Files go up one by one through tus (resumable); the request is made once all are complete.
  const uploads = useResumableUploads(token);
  // One Idempotency-Key per submission: a retry after a lost answer gets the first answer back.
  const submission = useSubmissionKey();
  // The last submit's request went out and no answer came: it may have been made.
  const [unanswered, setUnanswered] = useState(false);
  const overall = overallPercent(uploads.progress, files);

  const refused = (field: (typeof REQUIRED)[number]) => fieldError(!!formState.errors[field], ids.error);

  const service = list.find((s) => s._id === serviceId);
  const subs = service?.subservices ?? [];

  // Preselect from the link that brought the client here (/request?service=…&subService=…).
  const [preselected, setPreselected] = useState(false);
  useEffect(() => {
    if (preselected || !services.data) return;
    setPreselected(true);
    const params = new URLSearchParams(window.location.search);
    const s = pick(services.data, params.get('service'));
    if (!s) return;
    setValue('service', s._id);
    const sub = pick(s.subservices, params.get('subService') ?? params.get('subservice'));
    if (sub) setValue('subService', sub._id);
  }, [services.data, preselected, setValue]);

  // The earliest day the picker offers: today in the person's own calendar (the server still takes any day).
  const today = useMemo(() => localDay(), []);

  // 'Reuse these plans' (docs/product.md §10) brings the earlier request's service, sub-service,
  // location and bid date with its files, once, where the link left a field empty; all stay editable.
  // A bid date already past is left behind: the new request would be overdue from its first minute.
  const [carried, setCarried] = useState(false);
  useEffect(() => {
    const source = reuse.source;
    if (carried || !source || !services.data) return;
    setCarried(true);
    const fill = (field: 'service' | 'subService' | 'location' | 'bidDueDate', value: string | null | undefined) => {
      if (value && !getValues(field)) setValue(field, value);
    };
    const offered = services.data.find((s) => s._id === source.service?._id);
    if (offered && (!getValues('service') || getValues('service') === offered._id)) {
      fill('service', offered._id);
      if (offered.subservices.some((s) => s._id === source.subservice?._id)) fill('subService', source.subservice?._id);
    }
    fill('location', source.location);
    if (source.bidDueDate && source.bidDueDate >= today) fill('bidDueDate', source.bidDueDate);
  }, [reuse.source, services.data, carried, getValues, setValue, today]);

  // A shown error goes once the person changes what it was about.
  useEffect(() => {
    setFailure('');
    clearErrors();
  }, [projectName, message, serviceId, subServiceId, files, clearErrors]);

  const clear = () => {
    for (const f of getValues('files')) if (f.preview) URL.revokeObjectURL(f.preview);
    reset();
    setKeepReused(false);
    setPickerKey((k) => k + 1);
  };

  const send = handleSubmit(
    async (form) => {
      setProgress(0);
      const reuseFiles = reused.length ? reused.map((f) => f._id).join(',') : undefined;
      const key = submission.for({ ...form, reuseFiles });
      let sent = false;
      try {
        const uploadIds = await uploads.uploadAll(form.files);
        sent = true;
        await createRequest(
          {
            message: form.message,
            projectName: form.projectName,
            location: form.location.trim() || undefined,
            reuseFiles,
            service: form.service,
            subService: form.subService || undefined,
            bidDueDate: form.bidDueDate || undefined,
            uploadIds,
          },
          key,
        );
        submission.renew();
        setUnanswered(false);
        toast.success(QUERY_CREATED);
        // Said again on /my-queries, where it stays: the toast has only the second before the move.
        carryNotice(QUERY_CREATED, paths.myQueries);
        clear();
        setTimeout(() => window.location.assign(paths.myQueries), REDIRECT_MS);
      } catch (err) {
        // Uploads the server lost (expired) are sent again by the next submit (failureOf).
        let text = uploads.failureOf(err, 'Failed to create query');
        // Gone after an answer that never came: most likely used by the request that was made then.
        if (unanswered && errorCode(err) === 'uploads_gone') text = MAYBE_SUBMITTED;
        setUnanswered(sent && err instanceof ApiError && err.status === 0);
        setFailure(text);
        toast.error(`Error: ${text}`, { saidInPage: true });
      } finally {
        setProgress(null);
      }
    },
    // The sentence shows under the form as an alert, and not again in a toast (one announcement);
    // each missing field is marked and described by it, and the first one gets the focus (WCAG 3.3.1).
    (errors) => {
      const first = REQUIRED.find((field) => errors[field]);
      if (first === 'files') chooseFiles.current?.focus();
      else if (first) document.getElementById(ids[first === 'subService' ? 'sub' : first])?.focus();
    },
  );

  const submit = (e: React.SyntheticEvent<HTMLFormElement>) => {
    setFailure('');
    // docs/product.md §5: without a session nothing else is checked.
    if (!token) {
      e.preventDefault();
      clearErrors();
      setFailure(NOT_AUTHENTICATED);
      toast.error(NOT_AUTHENTICATED, { saidInPage: true });
      return;
    }
    void send(e);
  };

  return (
    <div className="request">
      <form className="card request-card" onSubmit={submit} onFocus={warm} noValidate aria-busy={busy}>
        <h1>SUBMIT REQUEST FORM</h1>
        <p className="request-lead">Tell us about the project and attach the plans. We answer within 24 to 48 hours.</p>

        <ProjectFields
          value={{ name: projectName, location }}
          onChange={(p) => {
            setValue('projectName', p.name);
            setValue('location', p.location);
          }}
          disabled={busy}
          nameId={ids.projectName}
          nameError={fieldError(!!formState.errors.projectName, ids.error, 'request-project-count')}
        />

        <div className="field">
          <label htmlFor={ids.message}>Description *</label>
          <textarea
            id={ids.message}
            value={message}
            {...fieldError(!!formState.errors.message, ids.error, 'request-message-count')}
            placeholder="Scope, trades, location and anything we should know"
            onChange={(e) => setValue('message', e.target.value)}
            disabled={busy}
          />
          {/* Nothing is cut: the counter warns, the server refuses with its sentence. */}
          <CharCount id="request-message-count" value={message} max={MAX_MESSAGE_LENGTH} />
        </div>

        <div className="request-row">
          <div className="field">
            <label htmlFor={ids.service}>Service *</label>
            <select
              id={ids.service}
              value={serviceId}
              {...refused('service')}
              disabled={busy || services.isPending}
              onChange={(e) => {
                setValue('service', e.target.value);
                setValue('subService', ''); // docs/product.md §5: changing the service clears the sub-service
              }}
            >
              <option value="">{services.isPending ? 'Loading services…' : 'Select a service'}</option>
              {list.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.title}
                </option>
              ))}
            </select>
            {services.isError && <span className="error-text">{PRODUCT_TEXTS.servicesFailed}</span>}
          </div>
          {subs.length > 0 && (
            <div className="field">
              <label htmlFor={ids.sub}>Sub-Service *</label>
              <select
                id={ids.sub}
                value={subServiceId}
                {...refused('subService')}
                disabled={busy}
                onChange={(e) => setValue('subService', e.target.value)}
              >
                <option value="">Select a sub-service</option>
                {subs.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={ids.due}>Bid due date (optional)</label>
            <input
              id={ids.due}
              type="date"
              min={today}
              value={bidDueDate}
              disabled={busy}
              onChange={(e) => setValue('bidDueDate', e.target.value)}
            />
          </div>
        </div>

        {reuse.source && <ReusedPlans source={reuse.source} files={reused} onDrop={() => setKeepReused(false)} />}
        <FilePicker
          key={pickerKey}
          files={files}
          onChange={(next) => setValue('files', next)}
          limits={limits.data}
          disabled={busy}
          progress={uploads.progress}
          errorId={formState.errors.files ? ids.error : undefined}
          chooseRef={chooseFiles}
        />

        {progress !== null && (
          <div className="request-progress">
            <div
              className="request-bar"
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={overall}
            >
              <span style={{ width: `${overall}%` }} />
            </div>
            <span className="request-pct">{overall}%</span>
          </div>
        )}
        {uploads.waiting && (
          <p className="request-waiting" role="status">
            {UPLOAD_WAITING}
          </p>
        )}

        {/* The form's own alert, for its refusal and the server's alike (the server's also comes as docs/product.md §8's toast). */}
        {error && (
          <p id={ids.error} className="error-text" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn request-submit" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit Request'}
        </button>
      </form>
    </div>
  );
}
