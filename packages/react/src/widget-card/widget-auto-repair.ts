import { createContext, useContext } from 'react';
import type { TranscriptMessage } from '../transcript/transcript-state.ts';
import { readWidgetRepairRequest } from './widget-repair-request.ts';

/**
 * What the transcript says about repairs: which revisions were already asked to be repaired (by a person
 * or automatically, in this page or before a reload), and which widgets a repair reply drew.
 */
export interface WidgetRepairHistory {
  /** `repairRevisionKey` of every revision a repair request named. */
  requested: ReadonlySet<string>;
  /** Ids of the widgets drawn by replies to repair requests. */
  repairs: ReadonlySet<string>;
}

export const emptyWidgetRepairHistory: WidgetRepairHistory = { requested: new Set(), repairs: new Set() };

export const WidgetRepairHistoryContext = createContext<WidgetRepairHistory>(emptyWidgetRepairHistory);

/** How a revision is named in the history: its lineage and its number (from 1). */
export function repairRevisionKey({
  lineageId,
  revisionNumber,
}: {
  lineageId: string;
  revisionNumber: number;
}) {
  return `${lineageId}#${revisionNumber}`;
}

/** Reads the repair requests out of the transcript and the widgets their replies drew; one pass. */
export function widgetRepairHistoryOf(messages: readonly TranscriptMessage[]): WidgetRepairHistory {
  const requested = new Set<string>();
  const repairs = new Set<string>();
  let answeringRepair = false;
  for (const message of messages) {
    if (message.role === 'user') {
      const text = message.parts.map((part) => (part.kind === 'prose' ? part.text : '')).join('');
      const request = readWidgetRepairRequest(text);
      answeringRepair = request !== undefined;
      if (request) requested.add(repairRevisionKey(request));
      continue;
    }
    if (!answeringRepair) continue;
    for (const part of message.parts) {
      if (part.kind === 'widget') repairs.add(part.widget.id);
    }
  }
  return { requested, repairs };
}

/**
 * Whether a card sends the repair request by itself: only when the server enables it, for a finished revision
 * that reported problems, never twice for one revision and never for a revision that was itself a repair, so
 * a repair that breaks again waits for "Fix it" instead of looping.
 */
export function shouldRepairAutomatically({
  enabled,
  history,
  widgetId,
  lineageId,
  revisionNumber,
  problemCount,
}: {
  enabled: boolean;
  history: WidgetRepairHistory;
  widgetId: string;
  lineageId: string;
  revisionNumber: number;
  problemCount: number;
}): boolean {
  return (
    enabled &&
    problemCount > 0 &&
    !history.repairs.has(widgetId) &&
    !history.requested.has(repairRevisionKey({ lineageId, revisionNumber }))
  );
}

/** Reads the transcript's repair history. */
export function useWidgetRepairHistory(): WidgetRepairHistory {
  return useContext(WidgetRepairHistoryContext);
}
