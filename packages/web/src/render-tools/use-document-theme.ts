import type { FrameTheme } from '@drawbridge/protocol';
import { useSyncExternalStore } from 'react';

function readTheme(): FrameTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/**
 * The theme the app shows (`<html data-theme>`). Widgets drawn by the tool-call hook are created once and
 * receive no props from the app, so canvas-drawn colours follow the page through this hook.
 */
export function useDocumentTheme(): FrameTheme {
  return useSyncExternalStore(subscribe, readTheme, () => 'light');
}
