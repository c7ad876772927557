// What other areas may take from the request area (eslint.config.js, "areas"). The chat screens show
// the request workspace beside the conversation; the queue and the dashboards show a request's
// status, dates and due countdown as the workspace does.
export { ChatQuoteCard } from './components/ChatQuoteCard.tsx';
export { RequestPanel } from './components/RequestPanel.tsx';
export { usePanelPlace } from './panel-place.ts';
export { formatDate, formatDateTime, formatTime, StatusBadge, statusLabel, type Query, type QueryStatus } from './admin-format.tsx';
export { countdown, dueIn } from './countdown.ts';
export { dueLabel } from './due-label.ts';
export { useNow } from './use-now.ts';
export { requestKeys, useMyQueries, useWorkspace } from './api.ts';
