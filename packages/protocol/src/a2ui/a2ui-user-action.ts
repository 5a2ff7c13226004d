import { z } from 'zod';

/**
 * A user's action on a surface, as the client reports it (A2UI's `userAction`/`action`): the action's `name`, where
 * it happened, when, and its `context` resolved against the data model at that moment.
 */
export const a2uiUserActionSchema = z.object({
  name: z.string().min(1).max(200),
  surfaceId: z.string().min(1).max(200),
  sourceComponentId: z.string().max(200).optional(),
  timestamp: z.string().max(64).optional(),
  context: z
    .record(z.string(), z.unknown())
    .refine((context) => JSON.stringify(context).length <= 16_384, { message: 'must be under 16 KB as JSON' })
    .optional(),
});

export type A2uiUserAction = z.infer<typeof a2uiUserActionSchema>;

/**
 * How a user action reaches the agent's next run: `forwardedProps.a2uiAction.userAction`, the convention of
 * `@ag-ui/a2ui-middleware` and CopilotKit's A2UI renderer. Other keys of `forwardedProps` pass untouched.
 */
export const a2uiActionForwardedPropsSchema = z.looseObject({
  a2uiAction: z.looseObject({ userAction: a2uiUserActionSchema }).optional(),
});

/**
 * What the model reads for a user action: the sentence `@ag-ui/a2ui-middleware` writes into its synthetic
 * `log_a2ui_event` result, so a model prompted for the middleware reads the same words here.
 */
export function describeA2uiUserAction(action: A2uiUserAction): string {
  const component = action.sourceComponentId === undefined ? '' : ` (component: ${action.sourceComponentId})`;
  return `User performed action "${action.name}" on surface "${action.surfaceId}"${component}. Context: ${JSON.stringify(action.context ?? {})}`;
}
