// First, so zod is configured before the App client's modules run any schema.
import './zod-without-eval.ts';
import { widgetRefusalMessage } from '@drawbridge/protocol/widget-limits';
import { App } from '@modelcontextprotocol/ext-apps';
import { reportErrors } from '../runtime/error-reporter.ts';
import { removePeerConnections } from '../runtime/frame-hardening.ts';
import { HostBridgeClient } from '../runtime/host-bridge-client.ts';
import { MarkupScheduler } from '../runtime/markup-scheduler.ts';
import { Stage } from '../runtime/stage.ts';
import { runWidgetScript } from '../runtime/widget-script.ts';
import { importedInlineModules, rewriteInlineModuleImports } from './inline-module-imports.ts';
import { loadInlineModule } from './load-inline-module.ts';
import { WidgetInputStream } from './widget-input-stream.ts';

/**
 * The `show_widget` view Drawbridge serves to MCP hosts: the frame runtime driven by the MCP Apps bridge
 * instead of Drawbridge's own frame messages. It builds the widget live as the host streams the
 * arguments (`tool-input-partial`: CSS and markup as they arrive), then runs the script once at
 * `tool-input`, when the markup it wires up is complete. The host's sandbox and CSP contain it; the App
 * client reports its size. three.js and the kit travel inside the document; each runs only for a script that
 * imports it.
 */

const root = document.getElementById('widget-root')!;
const widgetStyle = document.getElementById('widget-css')!;
const styleText = widgetStyle.appendChild(document.createTextNode(''));

removePeerConnections(window);
const stage = new Stage({ window });
Object.defineProperty(window, 'stage', {
  value: Object.freeze({ mount: stage.mount.bind(stage) }),
  writable: false,
  configurable: false,
});

const app = new App({ name: 'drawbridge-widget', version: '1.0.0' }, {});
// `host.setState` here is MCP Apps' model context: the MCP host hands the state to the model's next turn. The
// state lives as long as the view (the host keeps no widget state of ours); prompts and links stay Drawbridge's.
const standaloneHost = new HostBridgeClient({ post: undefined }).host;
Object.defineProperty(window, 'host', {
  value: Object.freeze({
    ...standaloneHost,
    setState: async (state: Record<string, unknown>) => {
      await standaloneHost.setState(state);
      await app.updateModelContext({
        content: [
          {
            type: 'text',
            text: `The widget's state, written by the widget from the user's input: ${JSON.stringify(state)}`,
          },
        ],
        structuredContent: state,
      });
    },
  }),
  writable: false,
  configurable: false,
});
const stream = new WidgetInputStream();
const markup = new MarkupScheduler({
  root,
  window,
  onApplied: () => {},
  // The builder stops at `widgetLimits.maxMarkupDepth`; the host hears why the widget ends there.
  onTooDeep: () => void app.sendLog({ level: 'error', data: widgetRefusalMessage('markup_too_deep') }),
});
let scriptStarted = false;

reportErrors({
  window,
  post: (message) => {
    if (message.kind === 'error') void app.sendLog({ level: 'error', data: message.message });
  },
  errorSource: () => (scriptStarted ? 'script' : 'runtime'),
});

function apply(snapshot: Record<string, unknown> | undefined): void {
  const { css, html } = stream.next(snapshot ?? {});
  if (css.kind === 'append') styleText.appendData(css.delta);
  if (css.kind === 'replace') styleText.data = css.text;
  if (html.kind === 'append') markup.append(html.delta);
  if (html.kind === 'replace') markup.restart(html.text);
  const title = snapshot?.title;
  if (typeof title === 'string') document.title = title;
}

function applyTheme(theme: string | undefined): void {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
}

/** A mark tests and hosts can wait for: the markup is complete and the script (if any) ran to its end. */
function markRendered(): void {
  document.documentElement.dataset.widgetState = 'rendered';
}

app.ontoolinputpartial = (params) => apply(params.arguments);
app.ontoolinput = (params) => {
  apply(params.arguments);
  markup.finish();
  const script = params.arguments?.js;
  if (scriptStarted) return;
  if (typeof script !== 'string' || script.trim() === '') {
    markRendered();
    return;
  }
  scriptStarted = true;
  const modules = importedInlineModules(script);
  for (const name of modules) loadInlineModule(name);
  runWidgetScript({
    document,
    text: modules.length > 0 ? rewriteInlineModuleImports(script) : script,
    onCompleted: markRendered,
    onImportFailed: () => {
      void app.sendLog({ level: 'error', data: 'A module the widget imports failed to load.' });
    },
  });
};
app.onhostcontextchanged = (context) => applyTheme(context.theme);

void app.connect().then(() => applyTheme(app.getHostContext()?.theme));
