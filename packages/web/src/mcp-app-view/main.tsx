import { App } from '@modelcontextprotocol/ext-apps';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { renderToolView } from './render-tool-view.tsx';
import '../styles/tokens.css';
import '@drawbridge/react/styles.css';
import './render-tool-view.css';

/**
 * The view Drawbridge serves to MCP hosts for `render_image`, `render_form`, `render_table` and
 * `render_chart`. The document names its tool (`<html data-render-tool>`); the component is drawn once the
 * host sends the complete arguments (`tool-input`), since a typed component cannot be drawn from half of
 * them. `data-render-state` (`rendered` or `refused`) marks the outcome for hosts and tests.
 */

const documentElement = document.documentElement;
const tool = documentElement.dataset.renderTool ?? '';
const rootElement = document.getElementById('render-root');
if (rootElement === null) throw new Error('The render-tool view document has no #render-root element.');
const root = createRoot(rootElement);

const app = new App({ name: 'drawbridge-render-tool', version: '1.0.0' }, {});

const host = {
  async sendUserMessage(text: string) {
    const answer = await app.sendMessage({ role: 'user', content: [{ type: 'text', text }] });
    if (answer.isError === true) throw new Error('the chat did not take them.');
  },
  openLink(url: string) {
    void app.openLink({ url });
  },
};

function applyTheme(theme: string | undefined): void {
  if (theme === 'light' || theme === 'dark') documentElement.dataset.theme = theme;
}

app.ontoolinput = ({ arguments: args }) => {
  const { state, node } = renderToolView({ tool, args, host });
  // Synchronously, so the state mark is set only once the component is in the document.
  flushSync(() => root.render(node));
  documentElement.dataset.renderState = state;
};
app.onhostcontextchanged = (context) => applyTheme(context.theme);

void app.connect().then(() => applyTheme(app.getHostContext()?.theme));
