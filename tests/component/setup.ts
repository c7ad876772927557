import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// jsdom has no showModal/close: the Modal's native <dialog> opens and closes by its open attribute.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

// Calls go to a real server that hashes passwords with argon2 on a shared machine: allow it time.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts after each test only when the runner exposes globals; ours does not.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
// What a file leaves in the shared document (a toaster mounted on its own root, its toasts) is gone
// before the next file of the worker starts.
afterAll(async () => {
  const { toast } = await import('sonner');
  toast.dismiss();
  document.body.replaceChildren();
});
