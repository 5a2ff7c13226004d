import { createDrawbridge, toNodeHandler } from '@drawbridge/server';
import express from 'express';
import { weatherCard } from './src/weather-tool.ts';

const drawbridge = await createDrawbridge({ basePath: '/ai', renderTools: [weatherCard] });

const app = express();
app.use('/ai', toNodeHandler(drawbridge));
app.use(express.static('dist'));

const port = Number(process.env.PORT ?? 3000);
app.listen(port, '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${port}`));
