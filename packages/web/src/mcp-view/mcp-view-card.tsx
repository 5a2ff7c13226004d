import { clampWidgetHeight, defaultWidgetHeight, type McpToolSummary } from '@drawbridge/protocol';
import {
  distanceFromViewport,
  handleWidgetLink,
  handleWidgetPrompt,
  pagePromptBudget,
  pageWebglBudget,
  type TranscriptToolCall,
  useWidgetEnvironment,
  WidgetStoppedNotice,
  widgetLinkOptions,
} from '@drawbridge/react';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiResourceMeta,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useRef, useState } from 'react';
import { hostStyleVariables } from './host-style-variables.ts';
import {
  callMcpToolFromView,
  fetchMcpToolResult,
  readMcpResource,
  updateMcpModelContext,
} from './mcp-api.ts';
import { McpAppHost } from './mcp-app-host.ts';
import type { RestoredMcpCall } from './mcp-tool-call.tsx';
import { partialJsonArguments } from './partial-json-arguments.ts';

type ViewPhase = 'loading' | 'ready' | 'failed' | 'navigated' | 'released' | 'unresponsive';

/** The view's HTML and declared policy, from the first content of its `ui://` resource. */
function viewFromResource(result: Record<string, unknown>): { html: string; meta: McpUiResourceMeta } {
  const [content] = (result as unknown as ReadResourceResult).contents;
  if (content === undefined) throw new Error('The server returned no content for the view.');
  const html =
    'text' in content
      ? content.text
      : new TextDecoder().decode(Uint8Array.from(atob(content.blob), (character) => character.charCodeAt(0)));
  const meta = ((content._meta as { ui?: McpUiResourceMeta } | undefined)?.ui ?? {}) as McpUiResourceMeta;
  return { html, meta };
}

function hostContextFor({
  theme,
  displayMode,
  width,
}: {
  theme: 'light' | 'dark';
  displayMode: McpUiDisplayMode;
  width: number;
}): McpUiHostContext {
  return {
    theme,
    styles: { variables: hostStyleVariables() as NonNullable<McpUiHostContext['styles']>['variables'] },
    displayMode,
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: { width, maxHeight: clampWidgetHeight(Number.POSITIVE_INFINITY) },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: 'web',
    deviceCapabilities: {
      touch: window.matchMedia('(pointer: coarse)').matches,
      hover: window.matchMedia('(hover: hover)').matches,
    },
  };
}

/**
 * A connected server's MCP Apps view in the transcript: the view's resource read through our server, shown
 * behind the sandbox proxy on its separate origin, fed the call's arguments as they stream
 * (`tool-input-partial`), complete (`tool-input`) and its result (`tool-result`, or `tool-cancelled` when
 * the call was refused or failed). A reloaded thread's view is fed its stored input and result.
 */
export function McpViewCard({
  call,
  serverName,
  tool,
  resourceUri,
  sandboxOrigin,
  restored,
}: {
  call: TranscriptToolCall;
  serverName: string;
  tool: McpToolSummary;
  resourceUri: string;
  sandboxOrigin: string;
  restored: RestoredMcpCall | undefined;
}) {
  const environment = useWidgetEnvironment();
  const environmentRef = useRef(environment);
  environmentRef.current = environment;
  const containerRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<McpAppHost | undefined>(undefined);
  const [phase, setPhase] = useState<ViewPhase>('loading');
  const [problem, setProblem] = useState<string | undefined>();
  const [height, setHeight] = useState(defaultWidgetHeight);
  const [displayMode, setDisplayMode] = useState<McpUiDisplayMode>('inline');
  const [generation, setGeneration] = useState(0);
  const toolCallId = call.toolCallId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` re-opens a released view.
  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return;
    let cancelled = false;
    let host: McpAppHost | undefined;
    setPhase('loading');
    const bridgeOptions = {
      budget: pagePromptBudget,
      sendPrompt: (text: string) => environmentRef.current.sendPrompt(text),
    };
    // A view's links count as its tool call's: one budget per call, like one per widget.
    const linkOptions = widgetLinkOptions({
      lineageId: `mcp:${toolCallId}`,
      environment: () => environmentRef.current,
    });
    void (async () => {
      const { html, meta } = viewFromResource(
        await readMcpResource({ server: serverName, uri: resourceUri }),
      );
      if (cancelled) return;
      host = McpAppHost.open({
        container,
        sandboxOrigin,
        view: {
          html,
          ...(meta.csp === undefined ? {} : { csp: meta.csp }),
          ...(meta.permissions === undefined ? {} : { permissions: meta.permissions }),
        },
        hostContext: hostContextFor({
          theme: environmentRef.current.theme,
          displayMode: 'inline',
          width: container.clientWidth,
        }),
        handlers: {
          callTool: async ({ name, arguments: input }) => {
            const threadId = environmentRef.current.threadId;
            if (threadId === undefined)
              return { isError: true, content: [{ type: 'text', text: 'No thread.' }] };
            try {
              const result = await callMcpToolFromView({
                threadId,
                viewToolCallId: toolCallId,
                server: serverName,
                name,
                arguments: input,
              });
              return result as CallToolResult;
            } catch (error) {
              return { isError: true, content: [{ type: 'text', text: (error as Error).message }] };
            }
          },
          readResource: async ({ uri }) =>
            (await readMcpResource({ server: serverName, uri })) as unknown as ReadResourceResult,
          sendMessage: (text) => handleWidgetPrompt(text, bridgeOptions),
          updateModelContext: async (context) => {
            const threadId = environmentRef.current.threadId;
            if (threadId === undefined) throw new Error('The view has no thread to tell.');
            await updateMcpModelContext({ threadId, body: { toolCallId, ...context } });
          },
          openLink: (url) => handleWidgetLink(url, linkOptions),
          sizeChanged: ({ height: reported }) => {
            if (reported !== undefined) setHeight(clampWidgetHeight(Math.ceil(reported)));
          },
          requestDisplayMode: (mode) => {
            const granted = mode === 'fullscreen' ? 'fullscreen' : 'inline';
            setDisplayMode(granted);
            return granted;
          },
          navigatedAway: () => {
            setPhase('navigated');
            void host?.close();
          },
        },
      });
      hostRef.current = host;
      await host.ready;
      if (!cancelled) setPhase('ready');
    })().catch((error: unknown) => {
      if (cancelled) return;
      setProblem((error as Error).message);
      setPhase('failed');
    });
    return () => {
      cancelled = true;
      hostRef.current = undefined;
      void host?.close();
    };
  }, [serverName, resourceUri, sandboxOrigin, toolCallId, generation]);

  // Counted with the widgets: a page keeps at most a dozen live frames, releasing the farthest off-screen.
  useEffect(() => {
    const container = containerRef.current;
    if (phase !== 'ready' || container === null) return;
    return pageWebglBudget.admit({
      distanceFromViewport: () => distanceFromViewport(container, window.innerHeight),
      release: () => {
        setPhase('released');
        void hostRef.current?.close();
      },
    });
  }, [phase]);

  // The widgets' watchdog: a view that stops answering pings is torn down with their stopped notice.
  useEffect(() => {
    const host = hostRef.current;
    if (phase !== 'ready' || host === undefined) return;
    return host.watch({
      onUnresponsive: () => {
        setPhase('unresponsive');
        void host.close();
      },
    });
  }, [phase]);

  useEffect(() => {
    const host = hostRef.current;
    const container = containerRef.current;
    if (phase !== 'ready' || host === undefined || container === null) return;
    const update = () =>
      host.setHostContext(
        hostContextFor({ theme: environment.theme, displayMode, width: container.clientWidth }),
      );
    update();
    const observer = new ResizeObserver(update);
    observer.observe(container);
    return () => observer.disconnect();
  }, [phase, environment.theme, displayMode]);

  const streamingArgs = !call.complete && restored === undefined ? call.argsJson : undefined;
  useEffect(() => {
    if (phase !== 'ready' || streamingArgs === undefined) return;
    const partial = partialJsonArguments(streamingArgs);
    if (partial !== undefined) hostRef.current?.sendToolInputPartial(partial);
  }, [phase, streamingArgs]);

  const completeArgs = call.complete && restored === undefined ? call.argsJson : undefined;
  useEffect(() => {
    const host = hostRef.current;
    if (phase !== 'ready' || host === undefined) return;
    if (restored !== undefined) {
      host.sendToolInput(restored.input);
      host.sendToolResult(restored.result as CallToolResult);
      return;
    }
    if (completeArgs === undefined) return;
    const input = partialJsonArguments(completeArgs);
    if (input !== undefined) host.sendToolInput(input);
  }, [phase, completeArgs, restored]);

  const resultText = restored === undefined ? call.result : undefined;
  useEffect(() => {
    const host = hostRef.current;
    const threadId = environment.threadId;
    if (phase !== 'ready' || host === undefined || resultText === undefined || threadId === undefined) return;
    let current = true;
    fetchMcpToolResult({ threadId, toolCallId }).then(
      ({ result }) => current && host.sendToolResult(result as CallToolResult),
      // No stored result: the call was refused or failed before the server answered; the run said why.
      () => current && host.sendToolCancelled(resultText),
    );
    return () => {
      current = false;
    };
  }, [phase, resultText, environment.threadId, toolCallId]);

  const fullscreen = displayMode === 'fullscreen';
  return (
    <figure
      className={fullscreen ? 'mcp-view mcp-view--fullscreen' : 'mcp-view'}
      data-tool-call-id={toolCallId}
      data-mcp-view-phase={phase}
      aria-label={`${tool.title ?? tool.serverToolName} (from ${serverName})`}
    >
      <figcaption className="mcp-view__caption">
        <span className="mcp-view__name">{tool.title ?? tool.serverToolName}</span>
        <span className="mcp-view__server">{serverName} · MCP App</span>
        {fullscreen && (
          <button type="button" className="mcp-view__exit" onClick={() => setDisplayMode('inline')}>
            Exit full screen
          </button>
        )}
      </figcaption>
      <div
        ref={containerRef}
        className="mcp-view__stage"
        style={fullscreen ? undefined : { height }}
        hidden={
          phase === 'failed' || phase === 'navigated' || phase === 'released' || phase === 'unresponsive'
        }
      />
      {phase === 'unresponsive' && (
        <WidgetStoppedNotice
          reason="unresponsive"
          height={`${height}px`}
          onRestore={() => setGeneration((value) => value + 1)}
        />
      )}
      {phase === 'failed' && <p className="mcp-view__notice">The view could not be shown: {problem}</p>}
      {phase === 'navigated' && (
        <p className="mcp-view__notice" role="alert">
          The view tried to navigate away and was stopped.
        </p>
      )}
      {phase === 'released' && (
        <p className="mcp-view__notice">
          Paused to save memory.{' '}
          <button type="button" onClick={() => setGeneration((value) => value + 1)}>
            Restore view
          </button>
        </p>
      )}
    </figure>
  );
}
