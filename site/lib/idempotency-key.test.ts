import { describe, expect, it } from 'vitest';
import { formFingerprint, newIdempotencyKey, submissionKey, withIdempotencyKey } from './idempotency-key.ts';

// The Idempotency-Key of a form (docs/idempotency.md): one per intended submission,
// the same on a retry of the same content, a new one after a change or a success.

const plan = (name: string, lastModified = 1) => new File(['%PDF-1.4'], name, { type: 'application/pdf', lastModified });

describe('submissionKey', () => {
  it('keeps the key for a retry of the same content, files included', () => {
    const key = submissionKey();
    const first = key.for({ message: 'Slab takeoff', files: [{ id: 'a', file: plan('S-101.pdf') }] });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // The same file picked again (a new File object with the same name, size, type and date) is the same content.
    expect(key.for({ message: 'Slab takeoff', files: [{ id: 'a', file: plan('S-101.pdf') }] })).toBe(first);
  });

  it('makes a new key once the form says something else, and after a success', () => {
    const key = submissionKey();
    const first = key.for({ message: 'Slab takeoff', files: [plan('S-101.pdf')] });
    const edited = key.for({ message: 'Slab takeoff, podium', files: [plan('S-101.pdf')] });
    expect(edited).not.toBe(first);
    expect(key.for({ message: 'Slab takeoff, podium', files: [plan('S-101.pdf', 2)] })).not.toBe(edited);
    const sent = key.for({ message: 'Sent once' });
    key.renew();
    expect(key.for({ message: 'Sent once' })).not.toBe(sent);
  });

  it('tells files apart by name, size, type and date', () => {
    expect(formFingerprint([plan('A.pdf')])).not.toBe(formFingerprint([plan('B.pdf')]));
    expect(formFingerprint([plan('A.pdf')])).toBe(formFingerprint([plan('A.pdf')]));
  });
});

describe('newIdempotencyKey', () => {
  it('makes a UUID-shaped key also where crypto.randomUUID is missing (an http:// address)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
      expect(keys.size).toBe(50);
      for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});

describe('withIdempotencyKey', () => {
  it('adds the header to hc options, inside init.headers when the options bring their own body and headers', () => {
    expect(withIdempotencyKey('k1')).toEqual({ headers: { 'Idempotency-Key': 'k1' } });
    const json = { init: { body: '{"note":"x"}', headers: { 'content-type': 'application/json' } } };
    expect(withIdempotencyKey('k2', json)).toEqual({
      init: { body: '{"note":"x"}', headers: { 'content-type': 'application/json', 'Idempotency-Key': 'k2' } },
    });
  });
});
