import type { JsonSchemaType } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { z } from 'zod';

const validatorProvider = new AjvJsonSchemaValidator();

/**
 * A zod schema that validates a tool's arguments against the JSON Schema the server declared, so the
 * governance chain refuses bad arguments for a server's tool the same way it does for ours (one
 * `invalid_arguments` refusal that names the fault), before anything reaches the server.
 */
export function jsonSchemaInput(schema: JsonSchemaType): z.ZodType<Record<string, unknown>> {
  const validate = validatorProvider.getValidator<Record<string, unknown>>(schema);
  return z.record(z.string(), z.unknown()).superRefine((value, context) => {
    const verdict = validate(value);
    if (!verdict.valid) context.addIssue({ code: 'custom', message: verdict.errorMessage });
  });
}
