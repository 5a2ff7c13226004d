import { type WidgetRefusal, widgetLineageId, widgetRefusal, widgetTitle } from '@drawbridge/protocol';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { standaloneWidgetUrl } from '../api/api-client.ts';
import { FrameHost, type FrameHostCallbacks } from '../frame-host/frame-host.ts';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';
import { handleWidgetLink, handleWidgetPrompt, pagePromptBudget } from '../widget-bridge/widget-bridge.ts';
import { widgetLinkOptions } from '../widget-bridge/widget-link-options.ts';
import { pageWidgetStates } from '../widget-bridge/widget-state-book.ts';
import { adoptFrame, parkFrame } from './frame-handoff.ts';
import { guardWidgetFrame } from './hardening/frame-guard.ts';
import { pageWebglBudget } from './hardening/webgl-budget.ts';
import { reportWidgetEvent, type WidgetEventKind } from './hardening/widget-event-reporter.ts';
import { WidgetStoppedNotice, type WidgetStopReason } from './hardening/widget-stopped-notice.tsx';
import { useShownRevision } from './use-shown-revision.ts';
import { useWidgetFullscreen } from './use-widget-fullscreen.ts';
import { shouldRepairAutomatically, useWidgetRepairHistory } from './widget-auto-repair.ts';
import { useWidgetEnvironment } from './widget-environment.ts';
import { useWidgetLineage } from './widget-lineages-context.ts';
import { describeStoppedWidget, describeWidgetPhase } from './widget-phase.ts';
import { WidgetProblemsNotice } from './widget-problems-notice.tsx';
import { WidgetRefusedNotice } from './widget-refused-notice.tsx';
import { buildWidgetRepairRequest, type WidgetProblem, withWidgetProblem } from './widget-repair-request.ts';
import { SupersededWidgetNotice, WidgetEditFailedNotice } from './widget-revision-notices.tsx';
import { WidgetRevisionSwitcher } from './widget-revision-switcher.tsx';
import { WidgetToolbar } from './widget-toolbar.tsx';

/**
 * One generated widget in the transcript, live in its sandboxed frame at `<baseUrl>/frame` (the
 * `WidgetEnvironmentContext` above it says where the server is, the theme, and the way back into the chat). Of a widget's revisions only the latest is drawn, in the reply
 * that made it, with a switcher over all of them; an earlier revision's place holds a short notice, and a
 * failed edit says why it failed.
 */
export function WidgetCard({ widget, streaming }: { widget: TranscriptWidget; streaming: boolean }) {
  const revisions = useWidgetLineage(widget);
  const latest = revisions.at(-1)!;
  if (widget.refusal !== undefined) return <WidgetRefusedNotice widget={widget} />;
  if (widget.revision?.failure !== undefined) return <WidgetEditFailedNotice widget={widget} />;
  if (latest.id !== widget.id) {
    const number = revisions.findIndex((revision) => revision.id === widget.id) + 1;
    return <SupersededWidgetNotice widget={widget} number={number} latestNumber={revisions.length} />;
  }
  return <LatestWidgetCard revisions={revisions} streaming={streaming} />;
}

function LatestWidgetCard({
  revisions,
  streaming,
}: {
  revisions: readonly TranscriptWidget[];
  streaming: boolean;
}) {
  const [shownIndex, showRevision] = useShownRevision({
    lineageId: widgetLineageId(revisions[0]!),
    revisions,
  });
  const widget = revisions[shownIndex]!;
  const isLatest = shownIndex === revisions.length - 1;
  const environment = useWidgetEnvironment();
  const containerRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<FrameHost | undefined>(undefined);
  const widgetRef = useRef(widget);
  widgetRef.current = widget;
  // Whether the reply is still writing the shown revision: until it is over, the frame keeps its reserved height.
  const writing = streaming && isLatest;
  const writingRef = useRef(writing);
  writingRef.current = writing;
  const environmentRef = useRef(environment);
  environmentRef.current = environment;
  const [generation, setGeneration] = useState(0);
  // Deduplicated and capped: a widget that throws in a loop shows (and reports for repair) each error once.
  const [errors, setErrors] = useState<WidgetProblem[]>([]);
  const [repairRequested, setRepairRequested] = useState(false);
  const [stopReason, setStopReason] = useState<WidgetStopReason | undefined>(undefined);
  const [stoppedHeight, setStoppedHeight] = useState('');
  // Set when the frame itself stopped the widget past a limit (one that reached it without the server's check).
  const [frameRefusal, setFrameRefusal] = useState<WidgetRefusal | undefined>(undefined);
  // The id of the revision whose script ran in the current frame: switching revisions must not show the
  // previous frame's success as the new one's.
  const [renderedId, setRenderedId] = useState<string | undefined>(undefined);
  // The height the last frame settled at: its successor opens at it, so a restore does not shift the transcript.
  const carriedHeightRef = useRef<number | undefined>(undefined);

  // Set as the card unmounts, before the frame's cleanup runs (cleanups run in declaration order), so the
  // cleanup can tell "this card goes away" (hand the live frame on) from "Reload" (dispose it).
  const unmountingRef = useRef(false);
  useLayoutEffect(
    () => () => {
      unmountingRef.current = true;
    },
    [],
  );

  // One frame per generation: "Reload" bumps the generation, which recreates the frame and replays every part.
  // A layout effect, so a frame the card of the previous revision hands on (frame-handoff.ts) is parked and
  // adopted within one commit, before anything is painted without it.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) {
      return;
    }
    const lineageId = widgetLineageId(widgetRef.current);
    const report = (kind: WidgetEventKind, detail: string) => {
      const threadId = environmentRef.current.threadId;
      if (threadId) {
        void reportWidgetEvent(
          { threadId, widgetId: widgetRef.current.id, kind, detail },
          { baseUrl: environmentRef.current.baseUrl },
        );
      }
    };
    const stop = (reason: WidgetStopReason, kind: WidgetEventKind, detail: string) => {
      setStoppedHeight(host.iframe.style.height);
      host.dispose();
      setStopReason(reason);
      report(kind, detail);
    };
    const bridgeOptions = {
      budget: pagePromptBudget,
      sendPrompt: (text: string) => environmentRef.current.sendPrompt(text),
    };
    const linkOptions = widgetLinkOptions({ lineageId, environment: () => environmentRef.current });
    const callbacks: FrameHostCallbacks = {
      onError: (message, line) => {
        setErrors((current) =>
          withWidgetProblem(current, line === undefined ? { message } : { message, line }),
        );
        report(message.startsWith("Blocked by the frame's policy") ? 'csp_violation' : 'error', message);
      },
      onRendered: () => {
        setRenderedId(widgetRef.current.id);
        report('rendered', '');
      },
      onRefused: (code) => {
        stopGuard();
        host.dispose();
        const refusal = widgetRefusal(code);
        setFrameRefusal(refusal);
        report('error', refusal.message);
      },
      onNavigatedAway: () => {
        // FrameHost has already removed the frame; the guard below stops with it.
        stopGuard();
        setStopReason('navigated');
        report(
          'navigation_blocked',
          'The frame loaded a document other than its bootstrap and was torn down.',
        );
      },
      onBridgeRequest: (request) =>
        request.kind === 'prompt'
          ? handleWidgetPrompt(request.text, bridgeOptions)
          : handleWidgetLink(request.url, linkOptions),
      onStateRequest: (json) => {
        const { threadId, baseUrl } = environmentRef.current;
        return threadId === undefined
          ? { ok: false, message: 'This widget is not in a saved chat, so it keeps nothing.' }
          : pageWidgetStates.write({ threadId, lineageId, json, baseUrl });
      },
    };
    const title = frameTitle(widgetRef.current.parts.text('html'));
    // The first frame of an edit's new revision is the live frame of the revision it was made from, when
    // the card that showed that one handed it on: the edit then applies to the running widget.
    const adopted =
      generation === 0
        ? adoptFrame({ lineageId, baseId: widgetRef.current.revision?.baseId, container })
        : undefined;
    const host =
      adopted ??
      new FrameHost({
        container,
        title,
        theme: environmentRef.current.theme,
        baseUrl: environmentRef.current.baseUrl,
        initialHeight: carriedHeightRef.current,
        readState: () => {
          const threadId = environmentRef.current.threadId;
          return threadId === undefined ? undefined : pageWidgetStates.read({ threadId, lineageId });
        },
        ...callbacks,
      });
    if (adopted !== undefined) {
      adopted.rebind(callbacks);
      adopted.iframe.setAttribute('title', title);
      adopted.continueWithRevision();
    }
    // Sized before the guard's budget measures the page, so the frame's first layout already has its height.
    if (host.update(widgetRef.current, { streaming: writingRef.current }) === 'diverged') {
      setGeneration((current) => current + 1);
    }
    const stopGuard = guardWidgetFrame({
      iframe: host.iframe,
      budget: pageWebglBudget,
      ...(adopted === undefined ? {} : { adopted: { webglContexts: adopted.webglContexts } }),
      onUnresponsive: (silentForMs) =>
        host.leavingAnnounced
          ? stop(
              'navigated',
              'navigation_blocked',
              'The frame announced it was leaving its bootstrap document and fell silent.',
            )
          : stop('unresponsive', 'unresponsive', `No heartbeat answered for ${Math.round(silentForMs)} ms.`),
      onReleased: () =>
        stop('released', 'released', 'Released off screen to keep live WebGL contexts within budget.'),
    });
    hostRef.current = host;
    return () => {
      carriedHeightRef.current = host.contentHeight;
      stopGuard();
      hostRef.current = undefined;
      if (unmountingRef.current && parkFrame({ lineageId, widgetId: widgetRef.current.id, host })) return;
      host.dispose();
    };
  }, [generation]);

  useEffect(() => {
    // Parts that do not continue what the frame has (the transcript was replaced) are replayed into a new frame.
    if (hostRef.current?.update(widget, { streaming: writing }) === 'diverged') {
      setErrors([]);
      setRenderedId(undefined);
      setGeneration((current) => current + 1);
    }
  }, [widget, writing]);

  useEffect(() => {
    hostRef.current?.setTheme(environment.theme);
  }, [environment.theme]);

  const reload = () => {
    setErrors([]);
    setStopReason(undefined);
    setRenderedId(undefined);
    setGeneration((current) => current + 1);
  };

  const cardRef = useRef<HTMLElement>(null);
  const fullscreenButtonRef = useRef<HTMLButtonElement>(null);
  const { fullscreen, toggle: toggleFullscreen } = useWidgetFullscreen({
    cardRef,
    returnFocus: fullscreenButtonRef,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new frame (generation) is told again.
  useEffect(() => {
    hostRef.current?.setFullscreen(fullscreen);
  }, [fullscreen, generation]);

  const repairHistory = useWidgetRepairHistory();
  const canRepair = isLatest && widget.complete && !streaming;
  const requestRepair = () => {
    setRepairRequested(true);
    environment.sendPrompt(
      buildWidgetRepairRequest({
        lineageId: widgetLineageId(widget),
        revisionNumber: shownIndex + 1,
        problems: errors,
        js: widget.parts.text('js'),
      }),
    );
  };
  const repairsItself =
    canRepair &&
    !repairRequested &&
    shouldRepairAutomatically({
      enabled: environment.autoRepair,
      history: repairHistory,
      widgetId: widget.id,
      lineageId: widgetLineageId(widget),
      revisionNumber: shownIndex + 1,
      problemCount: errors.length,
    });
  // The request goes out once the first problem is in; the history then names this revision, so neither a
  // re-render nor a reload sends it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: repairsItself is the trigger; requestRepair reads the latest render.
  useEffect(() => {
    if (repairsItself) requestRepair();
  }, [repairsItself]);

  const phase = describeWidgetPhase(widget, writing);
  // A widget its reply left unfinished never ran its script; its card says so, and one with nothing drawn
  // shows no empty frame at all.
  const stoppedNote = describeStoppedWidget(widget, writing);
  const nothingDrawn = stoppedNote !== undefined && widget.markupBytes === 0;
  // Until its first markup arrives, a streaming widget's frame is empty at the height it reserved: the
  // shimmer, seen through the transparent frame, shows that place is being filled.
  const awaitingMarkup = streaming && isLatest && !widget.complete && widget.markupBytes === 0;
  const downloadUrl =
    environment.threadId && widget.complete
      ? standaloneWidgetUrl(environment.threadId, widget.id, { baseUrl: environment.baseUrl })
      : undefined;

  if (frameRefusal !== undefined)
    return <WidgetRefusedNotice widget={{ ...widget, refusal: frameRefusal }} />;
  return (
    <figure
      ref={cardRef}
      className="db-widget-card"
      aria-label="Generated widget"
      data-widget-id={widget.id}
      data-lineage-id={widgetLineageId(widget)}
      data-latest="true"
      data-rendered={renderedId === widget.id}
    >
      {revisions.length > 1 && (
        <WidgetRevisionSwitcher revisions={revisions} shownIndex={shownIndex} onShow={showRevision} />
      )}
      <WidgetToolbar
        widget={widget}
        downloadUrl={downloadUrl}
        onShare={
          environment.shareWidget &&
          (() =>
            environment.shareWidget?.({
              widgetId: widget.id,
              title: widgetTitle(widget.parts.text('html')) ?? 'Widget',
            }))
        }
        onReload={reload}
        fullscreen={fullscreen}
        fullscreenButtonRef={fullscreenButtonRef}
        onToggleFullscreen={toggleFullscreen}
      />
      {stopReason ? (
        <WidgetStoppedNotice reason={stopReason} height={stoppedHeight} onRestore={reload} />
      ) : (
        <div
          ref={containerRef}
          hidden={nothingDrawn}
          className={
            awaitingMarkup
              ? 'db-widget-card__frame db-widget-card__frame--waiting db-shimmer'
              : 'db-widget-card__frame'
          }
        />
      )}
      {phase && (
        <figcaption className="db-widget-card__phase">
          <span className="db-widget-card__spinner" aria-hidden="true" />
          <span aria-hidden="true">{phase}</span>
          <span className="db-visually-hidden" aria-live="polite">
            {phase.split(' · ')[0]}
          </span>
        </figcaption>
      )}
      {stoppedNote && <p className="db-widget-card__stopped-note">{stoppedNote}</p>}
      {errors.length > 0 && (
        <WidgetProblemsNotice
          problems={errors}
          fixRequested={repairRequested}
          {...(canRepair ? { onFix: requestRepair } : {})}
        />
      )}
    </figure>
  );
}

/** A title for the iframe (screen readers announce it): the title the widget gives itself, if any. */
function frameTitle(html: string): string {
  const title = widgetTitle(html);
  return title === undefined ? 'Generated widget' : `Widget: ${title}`;
}
