// What other areas may take from the services area (eslint.config.js, "areas").
export { serviceKeys, useServices } from './api.ts';
export type { Service, SubService } from './types.ts';
