import { createRenderToolHandler } from '@drawbridge/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { viewFromHash } from '../dashboard/dashboard-view.ts';
import { chatWidgetRegistry } from '../render-tools/widget-registry.tsx';
import { accountHash } from '../session/account-hash.ts';
import { ChatApp } from './chat-app.tsx';

// The Account page loads only when someone opens it.
const AccountPage = lazy(async () => ({
  default: (await import('../session/account-page.tsx')).AccountPage,
}));

// The dashboard (and its chart code) loads only when someone opens it.
const DashboardPage = lazy(async () => ({
  default: (await import('../dashboard/dashboard-page.tsx')).DashboardPage,
}));

/** Chooses the page from the URL hash: `#/dashboard…` is the dashboard, `#/account` the account, anything else the chat. */
export function AppRouter() {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onHashChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  // One handler for the page's lifetime, so the chat's tool-call hook keeps a stable identity.
  const onToolCall = useMemo(() => createRenderToolHandler({ registry: chatWidgetRegistry }), []);
  if (hash === accountHash) {
    return (
      <Suspense fallback={<p className="page-loading">Loading your account…</p>}>
        <AccountPage />
      </Suspense>
    );
  }
  return viewFromHash(hash) ? (
    <Suspense fallback={<p className="page-loading">Loading the dashboard…</p>}>
      <DashboardPage />
    </Suspense>
  ) : (
    <ChatApp onToolCall={onToolCall} />
  );
}
