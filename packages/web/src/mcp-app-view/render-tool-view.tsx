import type { RenderFormArgs } from '@drawbridge/protocol';
import { formAnswersAsMessage, WidgetProblem } from '@drawbridge/react';
import type { ReactNode } from 'react';
import { AgentImage } from '../render-tools/agent-image.tsx';
import { chatWidgetRegistry } from '../render-tools/widget-registry.tsx';

/** What a typed component in an MCP host's view may ask of that host. */
export interface RenderToolViewHost {
  /**
   * A form's answers, sent as the user's next message (`ui/message`); settles once the host answers, and
   * rejects with the reason when it does not take them.
   */
  sendUserMessage(text: string): Promise<void>;
  /** Opens a link in the user's browser (`ui/open-link`): a view may load nothing remote itself. */
  openLink(url: string): void;
}

/**
 * One of the chat's typed render tools drawn from the arguments an MCP host sent: validated by the same
 * protocol schema and drawn by the same component as in the chat. Only the ways out differ: a form answers
 * through `ui/message`, an image opens through `ui/open-link` rather than loading inside the view.
 */
export function renderToolView({
  tool,
  args,
  host,
}: {
  tool: string;
  args: unknown;
  host: RenderToolViewHost;
}): { state: 'rendered' | 'refused'; node: ReactNode } {
  const definition = chatWidgetRegistry.get(tool);
  if (definition === undefined) {
    return { state: 'refused', node: <WidgetProblem tool={tool} message="This view draws no such tool." /> };
  }
  const validation = definition.validate(args);
  if (!validation.ok) {
    return { state: 'refused', node: <WidgetProblem tool={tool} message={validation.reason} /> };
  }
  if (tool === 'render_image') {
    const image = validation.args as Parameters<typeof AgentImage>[0]['image'];
    return { state: 'rendered', node: <AgentImage image={image} openImage={host.openLink} /> };
  }
  const form = validation.args as RenderFormArgs;
  const node = definition.render(validation.args, {
    // Handed to the host, which owns the conversation: the form shows them as sent once the host took them.
    onSubmitForm: (answers) =>
      host.sendUserMessage(formAnswersAsMessage(form, answers)).then(() => ({ ok: true, message: '' })),
  });
  return { state: 'rendered', node };
}
