import { z } from 'zod';

export const auditOutcomes = ['ok', 'error', 'refused'] as const;

/** One line of the audit trail: every tool call, allowed or refused, leaves exactly one. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Which agent asked: the active skill's name. */
  actor: z.string(),
  threadId: z.string(),
  runId: z.string(),
  toolCallId: z.string(),
  tool: z.string(),
  /** SHA-256 of the canonical JSON of the arguments: proves what was asked without storing it. */
  argumentsDigest: z.string(),
  outcome: z.enum(auditOutcomes),
  /** Why it was refused or failed (`not_granted`, `invalid_arguments`, `limit_exceeded`, or the tool's error). */
  reason: z.string().nullable(),
  durationMs: z.number(),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;
