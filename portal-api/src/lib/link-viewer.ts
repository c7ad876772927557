import { AsyncLocalStorage } from 'node:async_hooks';

// The user a signed link is handed to. http/auth.ts runs every authenticated request inside
// `linkViewer.run(userId, …)`, and lib/storage.ts binds each link it signs to that user, so a
// link stops opening the moment its user may no longer see the request (a colleague removed
// from a company, docs/product.md "Colleagues"), not when it expires. Being set for the whole
// request, it reaches every place that signs a link without each one passing the viewer along.

export const linkViewer = new AsyncLocalStorage<string>();
