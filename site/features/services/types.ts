export type { Service, SubService } from '../../../portal-api/src/modules/services/services.schema.ts';
