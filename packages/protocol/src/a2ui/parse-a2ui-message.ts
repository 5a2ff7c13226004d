import type { z } from 'zod';
import { pointerOf } from './json-pointer.ts';
import { type A2uiV08Message, a2uiV08MessageSchemas } from './v08/a2ui-v08-schemas.ts';
import { type A2uiV09Message, a2uiV09MessageSchemas } from './v09/a2ui-message-schemas.ts';

/** A validated A2UI message with the protocol version it was written in. */
export type A2uiMessage =
  | { version: '0.8'; message: A2uiV08Message }
  | { version: '0.9'; message: A2uiV09Message };

/**
 * Why a message was refused, in the spec's `VALIDATION_FAILED` terms: `path` is a JSON Pointer into the message
 * (`/updateComponents/components/3/value`), `message` one sentence a person or a model can act on.
 */
export interface A2uiProblem {
  path: string;
  message: string;
}

export type A2uiMessageParse =
  | { success: true; message: A2uiMessage }
  | { success: false; problem: A2uiProblem };

// Maps, not object literals: an operation named "constructor" must not find a prototype member.
const v09Schemas = new Map<string, z.ZodType>(Object.entries(a2uiV09MessageSchemas));
const v08Schemas = new Map<string, z.ZodType>(Object.entries(a2uiV08MessageSchemas));
const v09OnlyOperations = ['createSurface', 'updateComponents', 'updateDataModel'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refuse(path: string, message: string): A2uiMessageParse {
  return { success: false, problem: { path, message } };
}

/**
 * Names the component an issue is about ("components[3] (TextField "email")"), read from the raw message: a
 * person fixing a surface looks for the id, not the index.
 */
function describeLocation(value: unknown, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  let node: unknown = value;
  for (const [index, key] of path.entries()) {
    const next =
      isRecord(node) || Array.isArray(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      const previous = path[index - 1];
      const component = isRecord(next) ? next : undefined;
      const label =
        previous === 'components' && component && typeof component.id === 'string'
          ? ` (${componentTypeOf(component)}"${component.id}")`
          : '';
      parts.push(`[${key}]${label}`);
    } else parts.push(`${parts.length === 0 ? '' : '.'}${String(key)}`);
    node = next;
  }
  return parts.join('');
}

function componentTypeOf(component: Record<string, unknown>): string {
  if (typeof component.component === 'string') return `${component.component} `;
  if (isRecord(component.component)) {
    const [type] = Object.keys(component.component);
    return type === undefined ? '' : `${type} `;
  }
  return '';
}

/**
 * The issue a person should read: inside a union (a dynamic value, a function call, an action), the branch that
 * got furthest says more than "must be one of these" — a function call's missing argument, not its form.
 */
function closestIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  // The branch the value fits best has the fewest issues (a `{ call }` is a bad function call, not a bad
  // binding), then the deepest one; its deepest issue names the field.
  const depth = (branch: z.core.$ZodIssue[]) => Math.max(...branch.map((inner) => inner.path.length));
  const branch = issue.errors.reduce((best, candidate) =>
    candidate.length < best.length || (candidate.length === best.length && depth(candidate) > depth(best))
      ? candidate
      : best,
  );
  const closest = branch.find((inner) => inner.path.length === depth(branch));
  if (closest === undefined || (closest.path.length === 0 && closest.code === 'invalid_type')) return issue;
  return closestIssue({ ...closest, path: [...issue.path, ...closest.path] } as z.core.$ZodIssue);
}

function describeIssue(value: unknown, reported: z.core.$ZodIssue): A2uiProblem {
  const issue = closestIssue(reported);
  const path = pointerOf(issue.path.map(String));
  const location = describeLocation(value, issue.path);
  return { path, message: location === '' ? issue.message : `${location}: ${issue.message}` };
}

function validate(
  schema: z.ZodType,
  value: Record<string, unknown>,
  build: (data: never) => A2uiMessage,
): A2uiMessageParse {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { success: false, problem: describeIssue(value, issue) };
  }
  return { success: true, message: build(parsed.data as never) };
}

/**
 * Validates one A2UI message and tells its version: a message with `"version": "v0.9"` is a v0.9 message
 * (`createSurface`, `updateComponents`, `updateDataModel`, `deleteSurface`), one without is v0.8
 * (`surfaceUpdate`, `dataModelUpdate`, `beginRendering`, `deleteSurface`). Either holds exactly one operation.
 * Failures are values naming the field, never throws.
 */
export function parseA2uiMessage(value: unknown): A2uiMessageParse {
  if (!isRecord(value)) return refuse('', 'an A2UI message must be a JSON object');
  const keys = Object.keys(value);
  if ('version' in value) {
    if (value.version !== 'v0.9') {
      return refuse(
        '/version',
        `unsupported A2UI version ${JSON.stringify(value.version)} (expected "v0.9")`,
      );
    }
    const operations = keys.filter((key) => key !== 'version');
    const [operation] = operations;
    const schema = operation === undefined ? undefined : v09Schemas.get(operation);
    if (operations.length !== 1 || schema === undefined) {
      return refuse(
        '',
        `a v0.9 message holds exactly one of ${[...v09Schemas.keys()].join(', ')}; this one has ${keys.join(', ')}`,
      );
    }
    return validate(schema, value, (message: A2uiV09Message) => ({ version: '0.9', message }));
  }
  const [operation] = keys;
  if (keys.length === 1 && operation !== undefined && v09OnlyOperations.includes(operation)) {
    return refuse('/version', `a v0.9 ${operation} message needs "version": "v0.9"`);
  }
  const schema = operation === undefined ? undefined : v08Schemas.get(operation);
  if (keys.length !== 1 || schema === undefined) {
    return refuse(
      '',
      `an A2UI message holds exactly one operation (v0.9: ${[...v09Schemas.keys()].join(', ')} with "version": "v0.9"; v0.8: ${[...v08Schemas.keys()].join(', ')}); this one has ${keys.length === 0 ? 'none' : keys.join(', ')}`,
    );
  }
  return validate(schema, value, (message: A2uiV08Message) => ({ version: '0.8', message }));
}
