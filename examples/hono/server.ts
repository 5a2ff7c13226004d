import { createDrawbridge } from '@drawbridge/server';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { weatherCard } from './src/weather-tool.ts';

const drawbridge = await createDrawbridge({ basePath: '/assistant', renderTools: [weatherCard] });

const app = new Hono();
// The original request: Drawbridge reads the whole path, its base path included.
app.all('/assistant/*', (context) => drawbridge.fetch(context.req.raw));
app.use('/*', serveStatic({ root: './dist' }));

const port = Number(process.env.PORT ?? 3000);
serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () =>
  console.log(`Listening on http://127.0.0.1:${port}`),
);
