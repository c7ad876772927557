import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import { CharCount } from '../../../ui/CharCount.tsx';
import { SHORT_TOAST_MS, Toasts } from '../../../ui/Toasts.tsx';
import { CONTACT_LIMITS } from '../../../../portal-api/src/modules/contact/contact.limits.ts';
import type { ContactMessage } from '../../../../portal-api/src/modules/contact/contact.schema.ts';
import { ApiError } from '../../../lib/api.ts';
import { sendContactMessage } from '../api.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { CONTACT_FIELDS, type ContactField } from '../../../../portal-api/src/modules/contact/contact.labels.ts';

// docs/product.md §5 contact form: name, e-mail, service and message required, phone
// optional. The browser checks presence and length (its own constraint
// validation: required, type="email", maxLength); the API checks the rest
// (e-mail format, phone shape, control characters) and its sentence is shown.
// react-hook-form holds the values, without zod: this island is the only
// JavaScript of /contactus besides the site chrome. Measured with `npm run build`:
// 78 KB gzipped before react-hook-form, 90 KB with it, 116 KB with ContactMessageSchema
// through the zod resolver (over the page's 100 KB budget, public-budget.spec.ts).

const FAILURE = 'Failed to send message. Please try again.'; // docs/product.md §8
const TOAST_MS = SHORT_TOAST_MS; // docs/product.md §9: contact toasts close after 3 s

type Labels = {
  name: string;
  email: string;
  phone: string;
  service: string;
  servicePlaceholder: string;
  message: string;
  submit: string;
  submitting: string;
};
type Props = { services: string[]; labels: Labels };

export default function ContactForm({ services, labels }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The field the API's sentence is about (its `field`; WCAG 3.3.1): marked invalid, described by it and focused.
  const [refused, setRefused] = useState<ContactField | undefined>(undefined);
  // The fields as typed, named as the API's ContactMessage. No default values: what a visitor
  // typed before the island hydrated (client:visible) is read from the page, not cleared.
  const { register, handleSubmit, watch, reset } = useForm<Record<keyof ContactMessage, string>>();
  // Only the message is long enough to need a counter; the API refuses any field that is too long, with a sentence (nothing is cut).
  const message = watch('message') ?? '';
  const inFlight = useRef(false);
  // Marks the form once React has hydrated it and its handlers are live. Astro drops the island's
  // `ssr` attribute when it has only scheduled the hydration (in a transition), so that is no sign
  // that a submit is the island's: browser tests wait for this before they type (tests/e2e/support.ts).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.setAttribute('data-hydrated', '');
  }, []);

  const onSubmit = handleSubmit(async (json) => {
    if (inFlight.current) return; // a double click sends one message
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setRefused(undefined);
    try {
      const result = await sendContactMessage(json);
      toast.success(result.message, { duration: TOAST_MS });
      // Every field emptied by name, the service back on its placeholder.
      reset({ name: '', email: '', phone: '', service: '', message: '' });
    } catch (err) {
      toast.error(FAILURE, { duration: TOAST_MS, saidInPage: true });
      // A refused field has a sentence worth keeping on screen; anything else gets docs/product.md's text.
      const invalidInput = err instanceof ApiError && err.code === 'invalid_input';
      setError(invalidInput ? err.message : FAILURE);
      const field = invalidInput ? CONTACT_FIELDS.find((name) => name === err.field) : undefined;
      setRefused(field);
      if (field) document.getElementById(`${id}-${field}`)?.focus();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  });

  const invalid = (field: ContactField, describedBy?: string) => fieldError(refused === field, `${id}-error`, describedBy);

  return (
    <>
      <Toasts />
      <form
        ref={formRef}
        className="contact-form"
        // Before hydration (or without JavaScript) the browser posts the form itself and the
        // API answers a page (portal-api contact.routes.ts, /contact/form); once hydrated,
        // onSubmit sends it as JSON and stays on the page.
        method="post"
        action="/api/contact/form"
        onSubmit={onSubmit}
        aria-describedby={error && !refused ? `${id}-error` : undefined}
        noValidate={false}
      >
        <div className="contact-row">
          <div className="field">
            <label htmlFor={`${id}-name`}>
              {labels.name} <span aria-hidden="true">*</span>
            </label>
            <input id={`${id}-name`} autoComplete="name" required {...register('name')} {...invalid('name')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>
              {labels.email} <span aria-hidden="true">*</span>
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.email}
              {...register('email')}
              {...invalid('email')}
            />
          </div>
        </div>
        <div className="contact-row">
          <div className="field">
            <label htmlFor={`${id}-phone`}>{labels.phone}</label>
            <input id={`${id}-phone`} type="tel" autoComplete="tel" {...register('phone')} {...invalid('phone')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-service`}>
              {labels.service} <span aria-hidden="true">*</span>
            </label>
            <select id={`${id}-service`} required defaultValue="" {...register('service')} {...invalid('service')}>
              <option value="" disabled>
                {labels.servicePlaceholder}
              </option>
              {services.map((service) => (
                <option key={service} value={service}>
                  {service}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>
            {labels.message} <span aria-hidden="true">*</span>
          </label>
          <textarea id={`${id}-message`} required rows={6} {...register('message')} {...invalid('message', `${id}-message-count`)} />
          <CharCount id={`${id}-message-count`} value={message} max={CONTACT_LIMITS.message} />
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="error-text contact-error">
            {error}
          </p>
        )}
        {/* Not disabled while sending: a refused message leaves the focus here (WCAG 2.4.3). */}
        <button type="submit" className="btn contact-submit" aria-busy={busy} {...busyButton(busy)}>
          {busy ? labels.submitting : labels.submit}
        </button>
      </form>
    </>
  );
}
