import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CharCount } from '../ui/CharCount.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { CONTACT_LIMITS } from '../../../portal-api/src/modules/contact/contact.limits.ts';
import { ApiError, call, publicApi } from '../../lib/api.ts';

// SPEC §5 contact form: name, e-mail, service and message required, phone
// optional. The browser checks presence and length; the API checks the rest
// (e-mail format, phone shape, control characters) and its sentence is shown.
// Deliberately without react-hook-form, zod or react-query: this island is the
// only JavaScript of /contactus besides the site chrome, so it stays small.

const FAILURE = 'Failed to send message. Please try again.'; // SPEC §8
const TOAST_MS = 3000; // SPEC §9: contact toasts close after 3 s

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
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only the message is long enough to need a counter; the API refuses any field that is too long, with a sentence (issue 17: nothing is cut).
  const [message, setMessage] = useState('');
  const inFlight = useRef(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return; // a double click sends one message
    const form = event.currentTarget;
    const field = (name: string) => String(new FormData(form).get(name) ?? '');
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await call(
        publicApi.contact.submit.$post({
          json: { name: field('name'), email: field('email'), phone: field('phone'), service: field('service'), message: field('message') },
        }),
      );
      toast.success(result.message, { duration: TOAST_MS });
      form.reset();
      setMessage('');
    } catch (err) {
      toast.error(FAILURE, { duration: TOAST_MS });
      // A refused field has a sentence worth keeping on screen; anything else gets the spec's text.
      setError(err instanceof ApiError && err.status === 400 ? err.message : FAILURE);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <Toasts />
      <form className="contact-form" onSubmit={onSubmit} aria-describedby={error ? `${id}-error` : undefined} noValidate={false}>
        <div className="contact-row">
          <div className="field">
            <label htmlFor={`${id}-name`}>
              {labels.name} <span aria-hidden="true">*</span>
            </label>
            <input id={`${id}-name`} name="name" autoComplete="name" required />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>
              {labels.email} <span aria-hidden="true">*</span>
            </label>
            <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} />
          </div>
        </div>
        <div className="contact-row">
          <div className="field">
            <label htmlFor={`${id}-phone`}>{labels.phone}</label>
            <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-service`}>
              {labels.service} <span aria-hidden="true">*</span>
            </label>
            <select id={`${id}-service`} name="service" required defaultValue="">
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
          <textarea
            id={`${id}-message`}
            name="message"
            required
            rows={6}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-describedby={`${id}-message-count`}
          />
          <CharCount id={`${id}-message-count`} value={message} max={CONTACT_LIMITS.message} />
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="error-text contact-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn contact-submit" disabled={!hydrated || busy} aria-busy={busy}>
          {busy ? labels.submitting : labels.submit}
        </button>
      </form>
    </>
  );
}
