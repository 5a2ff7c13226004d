import { z } from 'zod';
import { auditEntrySchema } from './audit-entry.ts';

/** `GET /api/dashboard/audit`: the trail of a range, newest first, optionally for one tool or outcome. */
export const auditListResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
