import { defineRenderTool } from '@drawbridge/protocol';
import { z } from 'zod';

/** The example's own typed render tool: one definition, given to the server and to the browser's registry. */
export const weatherCard = defineRenderTool({
  name: 'render_weather',
  title: 'Show weather',
  noun: 'weather card',
  description: 'Show the current weather for a city as a card.',
  schema: z.object({
    city: z.string().min(1),
    temperatureC: z.number(),
    sky: z.enum(['sun', 'cloud', 'rain']),
  }),
  ack: 'Displayed the weather card to the user.',
});
