import './telemetry-off.ts';
import { HttpAgent } from '@ag-ui/client';
import { CopilotRuntime } from '@copilotkit/runtime/v2';
import { createCopilotExpressHandler } from '@copilotkit/runtime/v2/express';
import { createDrawbridge, toNodeHandler } from '@drawbridge/server';
import express from 'express';
import { weatherCard } from './src/weather-tool.ts';

const port = Number(process.env.PORT ?? 3000);

// Drawbridge under /ai (its agent, frame and API), on the demo model unless a model is configured.
const drawbridge = await createDrawbridge({ basePath: '/ai', renderTools: [weatherCard] });
// CopilotKit's runtime with Drawbridge as its AG-UI agent.
const runtime = new CopilotRuntime({
  agents: { default: new HttpAgent({ url: `http://127.0.0.1:${port}/ai/api/agent` }) },
});

const app = express();
app.use('/ai', toNodeHandler(drawbridge));
app.use(createCopilotExpressHandler({ runtime, basePath: '/api/copilotkit', cors: false }));
app.use(express.static('dist'));
app.listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${port}/`));
