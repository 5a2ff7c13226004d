import { CopilotChat, CopilotKitProvider } from '@copilotkit/react-core/v2';
import '@copilotkit/react-core/v2/styles.css';
import { widgetRegistryFrom } from '@drawbridge/react';
import { drawbridgeActivityRenderers, drawbridgeCopilotKitProperties } from '@drawbridge/react/copilotkit';
import '@drawbridge/react/styles.css';
import { createRoot } from 'react-dom/client';
import './app.css';
import { WeatherCard } from './weather-card.tsx';
import { weatherCard } from './weather-tool.ts';

// Drawbridge's widgets and typed tools, drawn in CopilotKit's chat.
const renderers = drawbridgeActivityRenderers({
  baseUrl: '/ai',
  registry: widgetRegistryFrom([weatherCard], { render_weather: (args) => <WeatherCard {...args} /> }),
});

createRoot(document.getElementById('root')!).render(
  <CopilotKitProvider
    runtimeUrl="/api/copilotkit"
    properties={drawbridgeCopilotKitProperties}
    renderActivityMessages={renderers}
    enableInspector={false}
  >
    <main className="app">
      <h1>CopilotKit, drawn by Drawbridge</h1>
      <CopilotChat />
    </main>
  </CopilotKitProvider>,
);
