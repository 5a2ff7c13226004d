/** Whether the chat took a request of a widget or a component (a prompt, a link, a form's answers), and why not. */
export type BridgeOutcome = { ok: true; message: string } | { ok: false; message: string };
