import { defineRenderTool } from '@drawbridge/protocol';
import { z } from 'zod';

/**
 * The weather card, declared once: the server checks the model's arguments with this schema and parks the
 * call, the browser checks them again and draws `WeatherCard`, and the model reads `ack` back.
 */
export const weatherCard = defineRenderTool({
  name: 'render_weather',
  title: 'Show weather',
  noun: 'weather card',
  description: 'Show the current weather for one city as a card.',
  schema: z.object({
    city: z.string().min(1).max(80),
    temperatureC: z.number().min(-90).max(60),
    sky: z.enum(['sun', 'cloud', 'rain', 'snow']),
  }),
  ack: 'Displayed the weather card to the user.',
});
