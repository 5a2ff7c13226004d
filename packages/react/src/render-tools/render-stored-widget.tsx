import type { ReactNode } from 'react';
import type { WidgetCall } from './dispatch-tool-call.ts';
import type { WidgetRegistry, WidgetRenderProps } from './widget-definition.ts';
import { WidgetProblem } from './widget-problem.tsx';

/**
 * Draws a stored carrier message's `render: { tool, args }` again after a reload. The arguments are
 * validated again: the store is not a trust boundary we want to depend on. Never acknowledges or executes.
 */
export function renderStoredWidget(
  { tool, args }: WidgetCall,
  { registry, ...props }: WidgetRenderProps & { registry: WidgetRegistry },
): ReactNode {
  const definition = registry.get(tool);
  if (!definition) {
    return <WidgetProblem tool={tool} message={`This app cannot draw "${tool}" any more.`} />;
  }
  const validation = definition.validate(args);
  if (!validation.ok) {
    return (
      <WidgetProblem tool={tool} message={`The stored ${tool} could not be drawn: ${validation.reason}`} />
    );
  }
  return definition.render(validation.args, props);
}
