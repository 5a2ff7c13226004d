import { z } from 'zod';

/** A model as a request names it: an id from `GET /api/health`'s `models` (`demo`, `openai:gpt-4.1`, …). */
export const modelIdSchema = z.string().trim().min(1).max(300);
