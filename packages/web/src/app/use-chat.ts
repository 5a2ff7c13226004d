import type { ThreadSummary, UpdateThreadBody } from '@drawbridge/protocol';
import type {
  BridgeOutcome,
  RunStatus,
  ToolCallHandler,
  TranscriptState,
  UserMessageAnswers,
} from '@drawbridge/react';
import {
  createThread,
  deleteThread,
  describeRunFailure,
  fetchThreads,
  importThread,
  renameThread,
  updateThread,
  useAgentRun,
} from '@drawbridge/react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UnavailableThread } from '../components/thread-unavailable.tsx';
import { viewFromHash } from '../dashboard/dashboard-view.ts';
import { accountHash } from '../session/account-hash.ts';
import { replyTurn } from './reply-turn.ts';
import { rewindWhenIdle } from './rewind-when-idle.ts';
import { hashForThread, threadIdFromHash } from './thread-route.ts';

/** Where a chat goes in the list: pinned to its top or not, archived out of it or not (`PATCH /api/threads/:id`). */
export type ThreadPlacement = Pick<UpdateThreadBody, 'pinned' | 'archived'>;

export interface ChatController {
  /** The chats in the list, newest first. */
  threads: ThreadSummary[];
  /** The archived chats, newest first: out of the list, shown in its Archived view. */
  archivedThreads: ThreadSummary[];
  activeThreadId: string | undefined;
  transcript: TranscriptState;
  status: RunStatus;
  /** A thread that failed to load or delete, said plainly. */
  threadError: string | undefined;
  /** The URL names a chat that is not there for this user, or another agent's conversation. */
  unavailableThread: UnavailableThread | undefined;
  /** What the tool-call hook drew for each parked or restored call, by toolCallId. */
  toolCallViews: ReadonlyMap<string, ReactNode>;
  canRetry: boolean;
  /** The reply on screen was stopped with something kept, which the model can go on from. */
  canContinue: boolean;
  newChat(): void;
  selectThread(threadId: string): void;
  removeThread(threadId: string): Promise<void>;
  /** Makes a new chat of a JSON export and opens it; a refused file is said in `threadError`. */
  importChat(file: File): Promise<void>;
  /** Sends a user message (answering a form or an A2UI surface, if given); refused while a reply runs. */
  send(text: string, answers?: UserMessageAnswers): BridgeOutcome;
  stop(): void;
  retry(): void;
  /** Asks the model to go on from the stopped reply; the continuation is appended to it. */
  continueReply(): void;
  /** Names a thread as the user typed it. */
  rename(threadId: string, title: string): Promise<void>;
  /** Pins a chat to the top of the list or unpins it; archives it out of the list or brings it back. */
  place(threadId: string, placement: ThreadPlacement): Promise<void>;
  /** Replaces a reply (and what followed it) with a new answer to the same message. */
  regenerate(assistantMessageId: string): Promise<void>;
  /** Replaces a user message's text and everything after it, and sends it again. */
  edit(userMessageId: string, text: string): Promise<void>;
  /** Shows version `index` of a user message or of a reply (by its message id) that has several. */
  switchBranch(messageId: string, index: number): Promise<void>;
  /** The model the chat on screen runs (a new chat: the one chosen for it); `undefined`: the server's default. */
  model: string | undefined;
  /** Sets the model of the chat on screen, or of the new chat its first message creates. */
  chooseModel(modelId: string): Promise<void>;
}

/** The chat's state and actions: the thread list and the URL around the shared agent-run client. */
export function useChat({ onToolCall }: { onToolCall?: ToolCallHandler }): ChatController {
  const [threads, setThreads] = useState<ThreadSummary[]>([]);
  const [archivedThreads, setArchivedThreads] = useState<ThreadSummary[]>([]);
  const [threadError, setThreadError] = useState<string | undefined>();
  const [unavailableThread, setUnavailableThread] = useState<UnavailableThread | undefined>();
  // The model picked before a new chat exists; its first message creates the chat with it.
  const [newChatModel, setNewChatModel] = useState<string | undefined>();
  const newChatModelRef = useRef(newChatModel);
  newChatModelRef.current = newChatModel;

  const refreshThreads = useCallback(async () => {
    try {
      const [listed, archived] = await Promise.all([fetchThreads(), fetchThreads({ archived: true })]);
      setThreads(listed);
      setArchivedThreads(archived);
    } catch (error) {
      setThreadError(describeRunFailure(error));
    }
  }, []);

  const { client, snapshot } = useAgentRun({
    initialThreadId: threadIdFromHash(window.location.hash),
    createThread: async () => (await createThread({ model: newChatModelRef.current })).id,
    onRunStarted: () => void refreshThreads(),
    onRunSettled: () => {
      void refreshThreads();
      // An edit or a regenerated reply made a new version of a message: the switcher shows it.
      clientRef.current
        ?.refreshBranches()
        .catch((error: unknown) => setThreadError(describeRunFailure(error)));
    },
    ...(onToolCall ? { onToolCall } : {}),
  });
  const activeThreadId = snapshot.threadId;
  const clientRef = useRef(client);
  clientRef.current = client;

  const openThread = useCallback(
    async (threadId: string | undefined) => {
      setThreadError(undefined);
      setUnavailableThread(undefined);
      const outcome = await client.openThread(threadId);
      if (outcome.status === 'failed') setThreadError(outcome.message);
      if (outcome.status === 'missing') setUnavailableThread({ reason: 'missing' });
      if (outcome.status === 'elsewhere') setUnavailableThread({ reason: 'elsewhere', kind: outcome.kind });
    },
    [client],
  );

  useEffect(() => {
    void refreshThreads();
  }, [refreshThreads]);

  // The thread named by the URL on first load.
  useEffect(() => {
    const initialThreadId = client.getSnapshot().threadId;
    if (initialThreadId !== undefined) void openThread(initialThreadId);
  }, [client, openThread]);

  // The URL names the active thread, also one a first message just created.
  useEffect(() => {
    const wantedHash = hashForThread(activeThreadId);
    if (window.location.hash !== wantedHash) {
      history.replaceState(null, '', wantedHash || window.location.pathname);
    }
  }, [activeThreadId]);

  useEffect(() => {
    const handleHashChange = () => {
      // Leaving for the dashboard or the Account page is the router's: opening "no thread" here would
      // rewrite the URL under it.
      if (viewFromHash(window.location.hash) || window.location.hash === accountHash) return;
      const threadId = threadIdFromHash(window.location.hash);
      if (threadId !== client.getSnapshot().threadId) void openThread(threadId);
    };
    window.addEventListener('hashchange', handleHashChange);
    return () => window.removeEventListener('hashchange', handleHashChange);
  }, [client, openThread]);

  const newChat = useCallback(() => void openThread(undefined), [openThread]);

  const selectThread = useCallback(
    (threadId: string) => {
      if (threadId !== client.getSnapshot().threadId) void openThread(threadId);
    },
    [client, openThread],
  );

  const importChat = useCallback(
    async (file: File) => {
      try {
        const thread = await importThread({ file });
        setThreadError(undefined);
        await refreshThreads();
        void openThread(thread.id);
      } catch (error) {
        setThreadError(describeRunFailure(error));
      }
    },
    [openThread, refreshThreads],
  );

  const removeThread = useCallback(
    async (threadId: string) => {
      try {
        await deleteThread(threadId);
        if (threadId === client.getSnapshot().threadId) {
          newChat();
        }
        await refreshThreads();
      } catch (error) {
        setThreadError(describeRunFailure(error));
      }
    },
    [client, newChat, refreshThreads],
  );

  const rename = useCallback(
    async (threadId: string, title: string) => {
      try {
        await renameThread(threadId, title);
        await refreshThreads();
      } catch (error) {
        setThreadError(describeRunFailure(error));
      }
    },
    [refreshThreads],
  );

  const place = useCallback(
    async (threadId: string, placement: ThreadPlacement) => {
      try {
        await updateThread(threadId, placement);
        await refreshThreads();
      } catch (error) {
        setThreadError(describeRunFailure(error));
      }
    },
    [refreshThreads],
  );

  // The stored thread is rewound first, so the run that follows answers the message where it stands.
  const rewindAndResend = useCallback(
    async (messageId: string, content: string | undefined) => {
      const { threadId, transcript: current, status: currentStatus } = client.getSnapshot();
      const located = replyTurn(current.messages, messageId);
      if (threadId === undefined || located === undefined || currentStatus.phase === 'running') return;
      setThreadError(undefined);
      try {
        const { text } = await rewindWhenIdle({
          threadId,
          body: { turn: located.turn, ...(content === undefined ? {} : { content }) },
        });
        // The user switched threads while the server answered: the new run belongs to that thread.
        if (client.getSnapshot().threadId !== threadId) return;
        const outcome = client.resend({ fromMessageId: located.userMessage.id, text });
        if (!outcome.ok) setThreadError(outcome.message);
      } catch (error) {
        setThreadError(describeRunFailure(error));
      }
    },
    [client],
  );
  const switchBranch = useCallback(
    async (messageId: string, index: number) => {
      const located = replyTurn(client.getSnapshot().transcript.messages, messageId);
      if (located === undefined) return;
      setThreadError(undefined);
      const side = located.userMessage.id === messageId ? 'user' : 'reply';
      const outcome = await client.switchBranch({ turn: located.turn, side, index });
      if (!outcome.ok) setThreadError(outcome.message);
    },
    [client],
  );
  const regenerate = useCallback(
    (assistantMessageId: string) => rewindAndResend(assistantMessageId, undefined),
    [rewindAndResend],
  );
  const edit = useCallback(
    (userMessageId: string, text: string) => rewindAndResend(userMessageId, text),
    [rewindAndResend],
  );

  // An archived chat opened by its link is still the chat on screen, with its title and model.
  const activeThread = [...threads, ...archivedThreads].find((thread) => thread.id === activeThreadId);
  // A chat its first message just created is listed a moment later, with the model it was created with.
  const model = activeThread === undefined ? newChatModel : (activeThread.model ?? undefined);
  const chooseModel = useCallback(
    async (modelId: string) => {
      const threadId = client.getSnapshot().threadId;
      if (threadId === undefined) {
        setNewChatModel(modelId);
        return;
      }
      try {
        const updated = await updateThread(threadId, { model: modelId });
        const replace = (listed: ThreadSummary[]) =>
          listed.map((thread) => (thread.id === updated.id ? updated : thread));
        setThreads(replace);
        setArchivedThreads(replace);
      } catch (error) {
        setThreadError(describeRunFailure(error));
      }
    },
    [client],
  );

  const { transcript, status, toolCallViews } = snapshot;
  const lastUserMessage = transcript.messages.findLast((message) => message.role === 'user');
  const canRetry = lastUserMessage !== undefined && (status.phase === 'failed' || status.phase === 'stopped');
  const lastMessage = transcript.messages.at(-1);
  const canContinue =
    status.phase === 'stopped' && lastMessage?.role === 'assistant' && lastMessage.parts.length > 0;
  const continueReply = useCallback(() => {
    setThreadError(undefined);
    const outcome = client.continue();
    if (!outcome.ok) setThreadError(outcome.message);
  }, [client]);
  // Rewound like a regenerated reply, so the stopped or failed attempt leaves the stored thread too and a
  // reload shows the retried turn once.
  const lastUserMessageId = lastUserMessage?.id;
  const retry = useCallback(() => {
    if (lastUserMessageId !== undefined) void rewindAndResend(lastUserMessageId, undefined);
  }, [lastUserMessageId, rewindAndResend]);

  return useMemo(
    () => ({
      threads,
      archivedThreads,
      activeThreadId,
      transcript,
      status,
      threadError,
      unavailableThread,
      toolCallViews,
      canRetry,
      canContinue,
      newChat,
      selectThread,
      removeThread,
      importChat,
      send: client.send,
      stop: client.stop,
      retry,
      continueReply,
      rename,
      place,
      regenerate,
      edit,
      switchBranch,
      model,
      chooseModel,
    }),
    [
      threads,
      archivedThreads,
      activeThreadId,
      transcript,
      status,
      threadError,
      unavailableThread,
      toolCallViews,
      canRetry,
      canContinue,
      newChat,
      selectThread,
      removeThread,
      importChat,
      client,
      retry,
      continueReply,
      rename,
      place,
      regenerate,
      edit,
      switchBranch,
      model,
      chooseModel,
    ],
  );
}
