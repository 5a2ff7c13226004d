import type { HealthResponse } from '@drawbridge/protocol';
import { describeA2uiUserAction } from '@drawbridge/protocol';
import {
  Composer,
  fetchHealth,
  RunStatusLine,
  type ToolCallHandler,
  uploadAttachment,
  useLinkConfirmation,
  type WidgetEnvironment,
  WidgetEnvironmentContext,
} from '@drawbridge/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type A2uiActionSender, A2uiActionSenderContext } from '../a2ui/a2ui-action-sender.ts';
import { ArchivedChatNote } from '../components/archived-chat-note.tsx';
import { ChatTranscript } from '../components/chat-transcript.tsx';
import { DeletionToast } from '../components/deletion-toast.tsx';
import { DemoBanner } from '../components/demo-banner.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { ModelPicker } from '../components/model-picker.tsx';
import { ShareDialog, type ShareTarget } from '../components/share-dialog.tsx';
import { ShortcutSheet } from '../components/shortcut-sheet.tsx';
import { ThemeToggle } from '../components/theme-toggle.tsx';
import { ThreadSidebar, threadSearchInputId } from '../components/thread-sidebar.tsx';
import { ThreadUnavailable } from '../components/thread-unavailable.tsx';
import { renderWidgetSourceCode } from '../components/widget-source-code.tsx';
import { useTheme } from '../theme/use-theme.ts';
import { useChat } from './use-chat.ts';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts.ts';
import { usePendingDeletions } from './use-pending-deletions.ts';

/** The chat application: thread list, transcript with live widgets, composer. */
export function ChatApp({ onToolCall }: { onToolCall?: ToolCallHandler }) {
  const chat = useChat({ onToolCall });
  const { preference, theme, setPreference } = useTheme();
  const [health, setHealth] = useState<HealthResponse | undefined>();

  useEffect(() => {
    fetchHealth().then(setHealth, () => setHealth(undefined));
  }, []);

  const { confirmLink, dialog: linkDialog } = useLinkConfirmation();
  const running = chat.status.phase === 'running';
  // A widget's "Share…" opens the share dialog for that revision of the chat shown.
  const [sharing, setSharing] = useState<ShareTarget | undefined>();
  const environment = useMemo<WidgetEnvironment>(
    () => ({
      theme,
      threadId: chat.activeThreadId,
      sendPrompt: chat.send,
      autoRepair: health?.autoRepair ?? false,
      trustedLinkHosts: health?.trustedLinkHosts ?? [],
      confirmLink,
      renderCode: renderWidgetSourceCode,
      shareWidget: ({ widgetId, title }) => {
        const threadId = chat.activeThreadId;
        if (threadId !== undefined) setSharing({ threadId, widgetId, title });
      },
    }),
    [theme, chat.activeThreadId, chat.send, health, confirmLink],
  );
  // A user action on an A2UI surface is the user's next message: the sentence the agent reads, and the action.
  const sendA2uiAction = useMemo<A2uiActionSender>(
    () => (action) => chat.send(describeA2uiUserAction(action), { a2uiAction: action }),
    [chat.send],
  );
  const deletions = usePendingDeletions({ commit: chat.removeThread });
  const deletingIds = new Set(deletions.pending.map((deletion) => deletion.threadId));
  const visibleThreads = chat.threads.filter((thread) => !deletingIds.has(thread.id));
  const visibleArchivedThreads = chat.archivedThreads.filter((thread) => !deletingIds.has(thread.id));
  const threadTitle = (threadId: string | undefined) =>
    [...chat.threads, ...chat.archivedThreads].find((thread) => thread.id === threadId)?.title;
  const deleteThread = (threadId: string) => {
    const title = threadTitle(threadId) || 'Untitled chat';
    if (threadId === chat.activeThreadId) chat.newChat();
    deletions.schedule({ threadId, title });
  };
  const activeTitle = chat.unavailableThread ? 'Chat unavailable' : threadTitle(chat.activeThreadId);
  const archivedActiveThread = chat.archivedThreads.find((thread) => thread.id === chat.activeThreadId);
  const isEmpty = chat.transcript.messages.length === 0;
  // On a phone the chat list is a drawer: it closes on every choice, on Escape and on the backdrop.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeDrawer = () => {
    setDrawerOpen(false);
    menuButton.current?.focus();
  };
  const inDrawer =
    <Arguments extends unknown[]>(action: (...args: Arguments) => void) =>
    (...args: Arguments) => {
      action(...args);
      setDrawerOpen(false);
    };
  // Ctrl+K on a phone opens the drawer to reach the search box; the drawer then focuses that, not New chat.
  const searchWanted = useRef(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useKeyboardShortcuts({
    'show-shortcuts': () => setShortcutsOpen(true),
    'new-chat': () => {
      chat.newChat();
      setDrawerOpen(false);
      document.getElementById('composer-input')?.focus();
    },
    search: () => {
      // The menu button shows only where the list is a drawer.
      if (menuButton.current?.offsetParent && !drawerOpen) {
        searchWanted.current = true;
        setDrawerOpen(true);
      } else {
        document.getElementById(threadSearchInputId)?.focus();
      }
    },
  });
  useEffect(() => {
    if (!drawerOpen) return;
    if (searchWanted.current) {
      searchWanted.current = false;
      document.getElementById(threadSearchInputId)?.focus();
    } else {
      document.querySelector<HTMLElement>('#chat-list button, #chat-list a')?.focus();
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        menuButton.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  return (
    <WidgetEnvironmentContext.Provider value={environment}>
      <A2uiActionSenderContext.Provider value={sendA2uiAction}>
        {/* A button, not a `#composer-input` link: the URL's hash is the router's (`#/t/<id>`), and
          following that fragment read as "new chat". */}
        <button
          type="button"
          className="skip-link"
          onClick={() => document.getElementById('composer-input')?.focus()}
        >
          Skip to message box
        </button>
        <DeletionToast deletion={deletions.pending.at(-1)} onUndo={deletions.undo} />
        {shortcutsOpen && <ShortcutSheet onClose={() => setShortcutsOpen(false)} />}
        {linkDialog}
        {sharing && <ShareDialog target={sharing} onClose={() => setSharing(undefined)} />}
        <div className="layout">
          <ThreadSidebar
            threads={visibleThreads}
            archivedThreads={visibleArchivedThreads}
            activeThreadId={chat.activeThreadId}
            open={drawerOpen}
            onNewChat={inDrawer(chat.newChat)}
            onSelect={inDrawer(chat.selectThread)}
            onRename={(threadId, title) => void chat.rename(threadId, title)}
            onPlace={(threadId, placement) => void chat.place(threadId, placement)}
            onDelete={deleteThread}
            onImport={inDrawer((file: File) => void chat.importChat(file))}
          />
          {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawer} />}
          <main className="main" aria-label="Conversation">
            <header className="topbar">
              <button
                ref={menuButton}
                type="button"
                className="topbar__menu icon-button"
                aria-label="Chats"
                aria-controls="chat-list"
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen((open) => !open)}
              >
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                  <path
                    d="M3 5h14M3 10h14M3 15h14"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
              <h1 className="topbar__title">{activeTitle || 'New chat'}</h1>
              <div className="topbar__actions">
                <a className="topbar__link" href="#/dashboard/overview">
                  Dashboard
                </a>
                {health && (
                  <ModelPicker
                    health={health}
                    value={chat.model}
                    disabled={running || chat.unavailableThread !== undefined}
                    onChange={(modelId) => void chat.chooseModel(modelId)}
                  />
                )}
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Keyboard shortcuts"
                  title="Keyboard shortcuts (?)"
                  onClick={() => setShortcutsOpen(true)}
                >
                  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                    <path
                      d="M3 6.5h14v8H3zM6 9.5h1M9.5 9.5h1M13 9.5h1M7 12h6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.5"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
                <ThemeToggle preference={preference} onChange={setPreference} />
              </div>
            </header>
            {health?.model.demo && <DemoBanner hint={health.model.hint} />}
            {archivedActiveThread && (
              <ArchivedChatNote
                onUnarchive={() => void chat.place(archivedActiveThread.id, { archived: false })}
              />
            )}
            {chat.threadError && (
              <p className="thread-error" role="alert">
                {chat.threadError}
              </p>
            )}
            {chat.unavailableThread ? (
              <div className="db-transcript">
                <ThreadUnavailable thread={chat.unavailableThread} onNewChat={chat.newChat} />
              </div>
            ) : isEmpty && !running ? (
              <div className="db-transcript">
                <EmptyState onPick={(prompt) => chat.send(prompt)} />
              </div>
            ) : (
              <ChatTranscript
                transcript={chat.transcript}
                running={running}
                toolCallViews={chat.toolCallViews}
                footer={
                  <RunStatusLine
                    status={chat.status}
                    canRetry={chat.canRetry}
                    onRetry={chat.retry}
                    canContinue={chat.canContinue}
                    onContinue={chat.continueReply}
                  />
                }
                onRegenerate={(messageId) => void chat.regenerate(messageId)}
                onEdit={(messageId, text) => void chat.edit(messageId, text)}
                onSwitchBranch={(messageId, index) => void chat.switchBranch(messageId, index)}
              />
            )}
            {/* A message typed under a chat that cannot be shown would go to that chat: start a new one first. */}
            {!chat.unavailableThread && (
              <div className="composer-dock">
                <Composer
                  inputId="composer-input"
                  running={running}
                  onSend={(text, attachments) => chat.send(text, { attachments }).ok}
                  uploadFile={(file) => uploadAttachment({ file })}
                  onStop={chat.stop}
                />
                <p className="composer-dock__note">
                  Widgets run sandboxed: they cannot reach this page, your cookies or your data.
                </p>
              </div>
            )}
          </main>
        </div>
      </A2uiActionSenderContext.Provider>
    </WidgetEnvironmentContext.Provider>
  );
}
