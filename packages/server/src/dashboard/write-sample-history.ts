import { createSeededRandom } from '@drawbridge/protocol';
import { argumentsDigest } from '../governance/arguments-digest.ts';
import type { Store, ThreadRecord } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import type { WidgetEventKind } from '../telemetry/widget-event.ts';

/** Runs, threads and events written by the sample loader carry this model name, so they are never mistaken for real use. */
export const sampleModelName = 'sample-data';

const tools = [
  'render_table',
  'render_chart',
  'render_form',
  'render_image',
  'dashboard_control',
  'list_metrics',
];

/** True when the store already holds a loaded sample (any run of the sample model), so a second load can skip. */
export async function hasSampleHistory({ store }: { store: Store }): Promise<boolean> {
  return (await store.listRuns()).some((run) => run.model === sampleModelName);
}

/**
 * Writes seven days of clearly-labelled sample history (runs of the `sample-data` model in `sample` threads
 * titled "Sample: …", audit entries and widget events) so a fresh dashboard is not empty. The history is the
 * dashboard's figures, not conversations: its threads hold no messages and the chat list never shows them.
 * The store and telemetry must be opened with `clock` so their timestamps follow the sample's time.
 */
export async function writeSampleHistory({
  store,
  telemetry,
  setTime,
  now,
  seed = 7,
}: {
  store: Store;
  telemetry: TelemetryStore;
  setTime: (time: Date) => void;
  now: Date;
  seed?: number;
}): Promise<{ threads: number; runs: number; toolCalls: number; widgetEvents: number }> {
  const random = createSeededRandom(seed);
  // Ids carry the load's time so a sample loaded again later (after it was removed) collides with nothing.
  const loadId = `sample-${now.getTime().toString(36)}`;
  const pick = <Item>(items: readonly Item[]) => items[Math.floor(random() * items.length)]!;
  const counts = { threads: 0, runs: 0, toolCalls: 0, widgetEvents: 0 };
  const topics = [
    'solar system',
    'revenue chart',
    'trip planner form',
    'caffeine molecule',
    'sortable table',
    'calculator',
  ];
  const hourMs = 3_600_000;
  // One thread per topic: the runs of a topic belong together, as a real conversation's would.
  const threadsByTopic = new Map<string, ThreadRecord>();
  for (let hoursAgo = 7 * 24; hoursAgo > 0; hoursAgo--) {
    const hourStart = now.getTime() - hoursAgo * hourMs;
    // Daytime hours are busier, as real use would be.
    const hourOfDay = new Date(hourStart).getUTCHours();
    const runsThisHour = Math.floor(random() * (hourOfDay >= 8 && hourOfDay <= 20 ? 6 : 2));
    for (let runIndex = 0; runIndex < runsThisHour; runIndex++) {
      const startedAt = hourStart + random() * hourMs * 0.9;
      setTime(new Date(startedAt));
      const topic = pick(topics);
      let thread = threadsByTopic.get(topic);
      if (!thread) {
        thread = await store.createThread({ title: `Sample: ${topic}`, kind: 'sample' });
        threadsByTopic.set(topic, thread);
        counts.threads++;
      }
      const runId = `${loadId}-run-${counts.runs}`;
      await store.startRun({ id: runId, threadId: thread.id, model: sampleModelName });
      const roll = random();
      const status = roll < 0.9 ? 'finished' : roll < 0.96 ? 'cancelled' : 'error';
      const durationMs = 6_000 + random() * 40_000;
      if (random() < 0.45) {
        const tool = pick(tools);
        const timedOut = tool.startsWith('render_') && random() < 0.06;
        const refused = !timedOut && random() < 0.05;
        await telemetry.append({
          id: `${loadId}-audit-${counts.toolCalls}`,
          at: new Date(startedAt + durationMs * 0.4).toISOString(),
          actor: tool === 'dashboard_control' || tool === 'list_metrics' ? 'dashboard' : 'widgets',
          threadId: thread.id,
          runId,
          toolCallId: `${loadId}-call-${counts.toolCalls}`,
          tool,
          argumentsDigest: argumentsDigest({ sample: counts.toolCalls }),
          outcome: timedOut ? 'error' : refused ? 'refused' : 'ok',
          reason: timedOut
            ? 'timeout: the browser did not confirm in time'
            : refused
              ? 'limit_exceeded: sample'
              : null,
          durationMs: timedOut ? 60_000 : Math.round(150 + random() * 900),
        });
        counts.toolCalls++;
      }
      if (status === 'finished' && random() < 0.7) {
        setTime(new Date(startedAt + durationMs + 400));
        const eventRoll = random();
        const kind: WidgetEventKind =
          eventRoll < 0.86
            ? 'rendered'
            : eventRoll < 0.94
              ? 'error'
              : eventRoll < 0.98
                ? 'csp_violation'
                : 'navigation_blocked';
        await telemetry.recordWidgetEvent({
          threadId: thread.id,
          widgetId: `${loadId}-widget-${counts.runs}`,
          kind,
          detail: 'sample',
        });
        counts.widgetEvents++;
      }
      setTime(new Date(startedAt + durationMs));
      const inputTokens = Math.round(1_500 + random() * 7_500);
      await store.finishRun(runId, {
        status,
        inputTokens,
        // Most turns after a conversation's first read the stable prompt prefix from the cache; no extra draw
        // from the seeded sequence, so the rest of the sample stays as it was.
        cachedInputTokens: counts.runs % 3 === 0 ? 0 : Math.round(inputTokens * 0.7),
        outputTokens: status === 'error' ? 0 : Math.round(600 + random() * 11_000),
        ...(status === 'error' ? { error: 'sample: the provider returned 529 overloaded' } : {}),
      });
      counts.runs++;
    }
  }
  return counts;
}
