// Service field lengths, shared by the services schemas and /admin-service's counters,
// so both refuse the same text. No imports: the screen shows them without loading zod.
export const SERVICE_LIMITS = { title: 120, description: 2000 } as const;
