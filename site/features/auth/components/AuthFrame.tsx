import type { ReactNode } from 'react';
import { SITE_NAME } from '../../../../portal-api/src/shared/site-name.ts';
import { useGuard } from '../../../lib/guards.ts';
import { IslandRoot } from '../../../ui/IslandRoot.tsx';
import './auth.css';

type Props = { title: string; lead?: ReactNode; children: ReactNode };

/** Every auth screen: guest-only guard (docs/product.md §2), providers, the brand panel and the form card. */
export function AuthFrame(props: Props) {
  return (
    <IslandRoot>
      <Guarded {...props} />
    </IslandRoot>
  );
}

function Guarded({ title, lead, children }: Props) {
  const ready = useGuard('guest');
  if (!ready)
    return (
      <p className="sr-only" role="status">
        Loading…
      </p>
    );
  return (
    <div className="auth">
      <aside className="auth-brand">
        <a href="/">
          <img src="/favicon.svg" alt="" width="32" height="32" style={{ width: 32 }} />
          {SITE_NAME}
        </a>
        <h2>Accurate takeoffs and cost breakdowns in 24 to 48 hours.</h2>
        <p>Sign in to submit plans, follow your estimates and chat with our estimators.</p>
        <img className="auth-illus" src="/illustrations/hero-takeoff.svg" alt="" width="360" height="240" />
      </aside>
      <div className="auth-main">
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {lead && <p className="auth-lead">{lead}</p>}
          {children}
        </section>
      </div>
    </div>
  );
}

/** docs/product.md §2: the Google and Facebook buttons have no behaviour; they say so instead of failing silently. */
export function SocialButtons() {
  return (
    <div className="auth-social">
      {['Google', 'Facebook'].map((name) => (
        <button
          key={name}
          type="button"
          className="btn"
          aria-disabled="true"
          title={`${name} sign-in is coming soon`}
          aria-description="Coming soon"
        >
          <span>{name}</span>
          <small aria-hidden="true">coming soon</small>
        </button>
      ))}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  shown: boolean;
  onToggle?: () => void;
  autoComplete: string;
  placeholder?: string;
  minLength?: number;
  describedBy?: string;
  invalid?: boolean;
}) {
  return (
    <div className="auth-password">
      <input
        id={props.id}
        name={props.id}
        type={props.shown ? 'text' : 'password'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        minLength={props.minLength}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        required
      />
      {props.onToggle && (
        <button type="button" className="auth-toggle" onClick={props.onToggle} aria-pressed={props.shown} aria-controls={props.id}>
          {props.shown ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      )}
    </div>
  );
}
