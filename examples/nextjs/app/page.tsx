'use client';

import { DrawbridgeChat, widgetRegistryFrom } from '@drawbridge/react';
import '@drawbridge/react/styles.css';
import { WeatherCard } from './weather-card';
import { weatherCard } from './weather-tool';

// Your own typed tool: the definition the server was given, drawn by your component.
const registry = widgetRegistryFrom([weatherCard], { render_weather: (args) => <WeatherCard {...args} /> });

// The chat talks to the route under /api/assistant, and keeps its thread in the address (?thread=…) for a reload.
export default function Home() {
  return (
    <main className="chat">
      <DrawbridgeChat baseUrl="/api/assistant" registry={registry} threadParam="thread" />
    </main>
  );
}
