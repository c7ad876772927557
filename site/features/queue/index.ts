// What other areas may take from the queue area (eslint.config.js, "areas"). The request
// workspace and the admin's chat show the same status buttons and answer dialog as the queue.
export { queueKeys } from './api.ts';
export { AnswerDialog } from './components/AnswerDialog.tsx';
export { StatusActions } from './components/StatusActions.tsx';
export { CloseConfirm } from './components/CloseConfirm.tsx';
export { useStatusChange } from './components/use-status-change.ts';
// The workspace's 'Next request' opens the next row of the queue's remembered view.
export { nextInQueue } from './api.ts';
