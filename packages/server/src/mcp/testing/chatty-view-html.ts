/**
 * A minimal MCP App view speaking the protocol by hand (so the test needs no bundle): it initializes,
 * answers `ping` as the SDK's `App` does, and has two buttons — "Tell the model" sends
 * `ui/update-model-context` and writes the host's answer into `#status`, "Hang" makes it answer nothing ever
 * again, which is all a host can see of a view whose event loop is stuck. (A real busy loop would also freeze
 * the test's own key press, which waits for the frame to acknowledge the key-up.)
 */
export function chattyViewHtml(): string {
  const script = `
let nextId = 0;
let hung = false;
const pending = new Map();
const post = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
const request = (method, params) => new Promise((resolve) => {
  nextId += 1;
  pending.set(nextId, resolve);
  post({ id: nextId, method, params });
});
window.addEventListener('message', (event) => {
  const message = event.data;
  if (hung) return;
  if (message === null || typeof message !== 'object') return;
  if (message.method === 'ping' && message.id !== undefined) post({ id: message.id, result: {} });
  else if (message.method === undefined && pending.has(message.id)) {
    pending.get(message.id)(message);
    pending.delete(message.id);
  }
});
const status = document.getElementById('status');
document.getElementById('tell').addEventListener('click', async () => {
  const answer = await request('ui/update-model-context', {
    content: [{ type: 'text', text: 'The user ticked "milk".' }],
  });
  status.textContent = answer.error === undefined ? 'stored' : 'refused: ' + answer.error.message;
});
document.getElementById('hang').addEventListener('click', () => {
  status.textContent = 'hanging';
  hung = true;
});
await request('ui/initialize', {
  appInfo: { name: 'chatty-fixture', version: '1.0.0' },
  appCapabilities: {},
  protocolVersion: '2026-01-26',
});
post({ method: 'ui/notifications/initialized', params: {} });
status.textContent = 'initialized';
`;
  return `<!doctype html><button id="tell">Tell the model</button><button id="hang">Hang</button><p id="status">starting</p><script type="module">${script}</script>`;
}
