import { DrawbridgeChat, widgetRegistryFrom } from '@drawbridge/react';
import '@drawbridge/react/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app.css';
import { WeatherCard } from './weather-card.tsx';
import { weatherCard } from './weather-tool.ts';

// Your own typed tool: the definition the server was given, drawn by your component.
const registry = widgetRegistryFrom([weatherCard], { render_weather: (args) => <WeatherCard {...args} /> });

// The chat talks to the server mounted at /ai, and keeps its thread in the address (?thread=…) for a reload.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="chat">
      <DrawbridgeChat baseUrl="/ai" registry={registry} threadParam="thread" />
    </main>
  </StrictMode>,
);
