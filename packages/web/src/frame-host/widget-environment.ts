import type { FrameTheme } from '@drawbridge/protocol';
import { createContext, useContext } from 'react';
import type { BridgeOutcome } from './widget-bridge.ts';

/** What every widget on the page shares: the theme and the way back into the chat. */
export interface WidgetEnvironment {
  theme: FrameTheme;
  threadId: string | undefined;
  sendPrompt(text: string): BridgeOutcome;
  /** The server's `autoRepair`: a revision that reports errors asks for its repair once by itself. */
  autoRepair: boolean;
  /** The server's `trustedLinkHosts`: a widget's link to one of these opens without asking first. */
  trustedLinkHosts: readonly string[];
  /** Shows where a widget's link goes and asks (`useLinkConfirmation`); resolves whether to open it. */
  confirmLink(url: URL): Promise<boolean>;
}

export const WidgetEnvironmentContext = createContext<WidgetEnvironment>({
  theme: 'light',
  threadId: undefined,
  sendPrompt: () => ({ ok: false, message: 'The chat is not ready.' }),
  autoRepair: false,
  trustedLinkHosts: [],
  confirmLink: async () => false,
});

/** Reads the shared widget environment. */
export function useWidgetEnvironment(): WidgetEnvironment {
  return useContext(WidgetEnvironmentContext);
}
