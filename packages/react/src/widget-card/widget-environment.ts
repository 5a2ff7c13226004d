import type { FrameTheme } from '@drawbridge/protocol';
import { createContext, type ReactNode, useContext } from 'react';
import type { BridgeOutcome } from '../agent-run/bridge-outcome.ts';

/** What every widget on the page shares: the server, the theme and the way back into the chat. */
export interface WidgetEnvironment {
  /** Where the Drawbridge server is mounted (`/ai`): the frame, downloads and widget reports go there. */
  baseUrl?: string;
  theme: FrameTheme;
  threadId: string | undefined;
  sendPrompt(text: string): BridgeOutcome;
  /** The server's `autoRepair`: a revision that reports errors asks for its repair once by itself. */
  autoRepair: boolean;
  /** The server's `trustedLinkHosts`: a widget's link to one of these opens without asking first. */
  trustedLinkHosts: readonly string[];
  /** Shows where a widget's link goes and asks (`useLinkConfirmation`); resolves whether to open it. */
  confirmLink(url: URL): Promise<boolean>;
  /**
   * Draws a part of a widget's source in the source dialog (say, with your app's code highlighter); a plain
   * `<pre><code>` when left out.
   */
  renderCode?(code: { text: string; language: 'html' | 'css' | 'javascript' }): ReactNode;
  /**
   * Offers to share one finished widget revision of `threadId` by link (the app's share dialog over
   * `createShare`); the toolbar shows "Share…" only when this is given.
   */
  shareWidget?(widget: { widgetId: string; title: string }): void;
}

/** What a widget card sees with no provider above it: the page's own origin, light, no way back into a chat. */
export const defaultWidgetEnvironment: WidgetEnvironment = {
  theme: 'light',
  threadId: undefined,
  sendPrompt: () => ({ ok: false, message: 'The chat is not ready.' }),
  autoRepair: false,
  trustedLinkHosts: [],
  confirmLink: async () => false,
};

export const WidgetEnvironmentContext = createContext<WidgetEnvironment>(defaultWidgetEnvironment);

/** Reads the shared widget environment. */
export function useWidgetEnvironment(): WidgetEnvironment {
  return useContext(WidgetEnvironmentContext);
}
