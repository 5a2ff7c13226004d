import type { CopilotKitProviderProps } from '@copilotkit/react-core/v2';
import { defineRenderTool } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { widgetRegistryFrom } from '../render-tools/widget-registry-from-definitions.ts';
import { drawbridgeActivityRenderers } from './drawbridge-activity-renderers.tsx';

const weatherCard = defineRenderTool({
  name: 'render_weather',
  title: 'Show weather',
  noun: 'weather card',
  description: 'Show the current weather for a city as a card.',
  schema: z.object({ city: z.string().min(1), temperatureC: z.number() }),
  ack: 'Displayed the weather card to the user.',
});

const renderers = drawbridgeActivityRenderers({
  baseUrl: '/ai',
  registry: widgetRegistryFrom([weatherCard], { render_weather: ({ city }) => <p>{city}</p> }),
});

/** What CopilotKit's schema check says of a message's content, as `useRenderActivityMessage` runs it. */
function checkContent(activityType: string, content: unknown) {
  const renderer = renderers.find((candidate) => candidate.activityType === activityType)!;
  return renderer.content['~standard'].validate(content) as { issues?: unknown[]; value?: unknown };
}

describe('drawbridgeActivityRenderers', () => {
  it("is what CopilotKit's provider takes as renderActivityMessages", () => {
    // A type check: the provider's own prop type takes the array as it is.
    const provided: CopilotKitProviderProps['renderActivityMessages'] = renderers;
    expect(provided).toBe(renderers);
    expect(renderers.map((renderer) => renderer.activityType)).toEqual([
      'drawbridge.widget',
      'drawbridge.render-tool',
    ]);
  });

  it('has CopilotKit check each content with the activity schemas of @drawbridge/protocol', () => {
    expect(
      checkContent('drawbridge.widget', { parts: [{ part: 'html', delta: '<p>' }] }).issues,
    ).toBeUndefined();
    expect(
      checkContent('drawbridge.widget', { parts: [{ part: 'script', delta: '' }] }).issues,
    ).not.toHaveLength(0);
    expect(
      checkContent('drawbridge.render-tool', {
        toolCallId: 'call_01',
        toolName: 'render_weather',
        args: { city: 'Paris', temperatureC: 18 },
      }).issues,
    ).toBeUndefined();
    expect(checkContent('drawbridge.render-tool', { toolName: 'render_weather' }).issues).not.toHaveLength(0);
  });

  it('draws for one agent when given its id', () => {
    const scoped = drawbridgeActivityRenderers({ registry: new Map(), agentId: 'assistant' });
    expect(scoped.map((renderer) => renderer.agentId)).toEqual(['assistant', 'assistant']);
  });
});
