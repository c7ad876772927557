/** Who a user is (docs/product.md §6 "Roles"): defined once, for the database, the schemas and the browser. */
export const ROLES = ['admin', 'client'] as const;
export type Role = (typeof ROLES)[number];
