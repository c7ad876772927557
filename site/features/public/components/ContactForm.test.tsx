import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/component/axe.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import ContactForm from './ContactForm.tsx';
import { chooseOption } from '../../../../tests/component/choose.ts';

// The contact form (docs/product.md §5, §7 POST /contact/submit, §8) in jsdom against the real API.
// The browser's own constraint validation checks presence; the API checks the rest and
// its sentence is shown. react-hook-form holds the values (no zod on this public page).

let browser: Browser;
/** The bodies the page POSTs to /api/contact/submit, as sent. */
const sent: string[] = [];
beforeAll(async () => {
  browser = await openBrowser();
  const fetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
    if (url.endsWith('/api/contact/submit')) sent.push(String(init?.body));
    return fetch(input, init);
  };
});
afterAll(() => browser.stop());

const labels = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone (optional)',
  service: 'Service',
  servicePlaceholder: 'Choose a service',
  message: 'Message',
  submit: 'Send Message',
  submitting: 'Sending...',
};
const services = ['Commercial Bidding Estimate', 'Sample Estimate'];

async function open() {
  sent.length = 0;
  browser.visit('/contactus');
  render(<ContactForm services={services} labels={labels} />);
  const send = screen.getByRole('button', { name: 'Send Message' });
  await waitFor(() => expect(send).toHaveProperty('disabled', false));
  // The sign browser tests wait for before typing: set once React has hydrated the form.
  await waitFor(() => expect(send.closest('form')?.hasAttribute('data-hydrated')).toBe(true));
  return send;
}
// The labels of the required fields end in an aria-hidden '*'.
const field = (label: string) => screen.getByLabelText((text) => text === label || text === `${label} *`) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const stored = (message: string) =>
  browser.server.deps.db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'phone', 'service', 'message'])
    .where('message', '=', message)
    .execute();

describe('the contact form', () => {
  it('sends the fields as typed, once, then thanks the visitor and empties the form', async () => {
    const send = await open();
    type('Name', ' Maria Delgado ');
    type('E-mail', 'maria@delgado-builders.com');
    type('Phone (optional)', '(305) 555-0142');
    chooseOption(field('Service'), 'Commercial Bidding Estimate');
    type('Message', 'Takeoff for a Doral warehouse, bid due Friday.');
    // A double click sends one message.
    fireEvent.click(send);
    fireEvent.click(send);

    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    expect(sent.map((body) => JSON.parse(body))).toEqual([
      {
        name: ' Maria Delgado ',
        email: 'maria@delgado-builders.com',
        phone: '(305) 555-0142',
        service: 'Commercial Bidding Estimate',
        message: 'Takeoff for a Doral warehouse, bid due Friday.',
      },
    ]);
    expect(await stored('Takeoff for a Doral warehouse, bid due Friday.')).toEqual([
      {
        name: 'Maria Delgado',
        email: 'maria@delgado-builders.com',
        phone: '(305) 555-0142',
        service: 'Commercial Bidding Estimate',
        message: 'Takeoff for a Doral warehouse, bid due Friday.',
      },
    ]);
    await waitFor(() => expect(field('Name').value).toBe(''));
    expect(field('Message').value).toBe('');
    expect(field('Service').value).toBe('');
  });

  it("shows the server's sentence for a refused field and the failure toast, and keeps what was typed", async () => {
    await open();
    type('Name', 'Lee Park');
    type('E-mail', 'lee@localhost'); // the browser accepts it; the API does not
    chooseOption(field('Service'), 'Sample Estimate');
    type('Message', 'Drywall takeoff, refused');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter a valid e-mail address.');
    // WCAG 3.3.1: the sentence is tied to the field it names, which gets the focus; the others stay valid.
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(field('E-mail').getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(field('E-mail'));
    expect(field('Phone (optional)').hasAttribute('aria-invalid')).toBe(false);
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(JSON.parse(sent[0]!)).toMatchObject({ email: 'lee@localhost', phone: '' });
    expect(field('Message').value).toBe('Drywall takeoff, refused');
    expect(await stored('Drywall takeoff, refused')).toEqual([]);
  });

  it("ties the server's phone sentence to the phone field, not to the form, and focuses it", async () => {
    await open();
    type('Name', 'Pat Phone');
    type('E-mail', 'pat@example.com');
    type('Phone (optional)', 'call me');
    chooseOption(field('Service'), 'Commercial Bidding Estimate');
    type('Message', 'Framing takeoff for a duplex');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter a valid phone number.');
    const phone = field('Phone (optional)');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(document.activeElement).toBe(phone);
    // The sentence is about the phone alone: the form as a whole is not described by it.
    expect(phone.form!.hasAttribute('aria-describedby')).toBe(false);
    expect(field('E-mail').hasAttribute('aria-invalid')).toBe(false);
    await expectNoAxeViolations(phone.form!);
    expect(await stored('Framing takeoff for a duplex')).toEqual([]);
  });

  it('leaves the required fields to the browser: nothing is sent while one is empty', async () => {
    await open();
    let submitted = 0;
    field('Name').form!.addEventListener('submit', () => submitted++);
    type('Name', 'No Message');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    // The click's form submission stops at the browser's check (jsdom runs it synchronously).
    expect(submitted).toBe(0);
    expect(field('E-mail').validity.valueMissing).toBe(true);
    expect(field('Phone (optional)').required).toBe(false);
    expect(sent).toEqual([]);
  });
});
