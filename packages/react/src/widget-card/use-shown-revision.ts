import { useCallback, useState } from 'react';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';

/** A revision the user chose to look at, and which revision was the latest when they chose it. */
interface RevisionChoice {
  shownId: string;
  latestId: string;
}

// The choice is kept beside the cards rather than in them: a transcript loaded again (a thread reopened, a
// reattached run) remounts every card, and the revision the user chose must not jump back under their
// cursor. One entry per widget drawn on this page.
const choiceByLineage = new Map<string, RevisionChoice>();

/**
 * The index of the revision the lineage's card shows, and a way to choose another: the user's choice until a
 * newer revision arrives, which is then shown (an edit's result is what its author wants to see).
 */
export function useShownRevision({
  lineageId,
  revisions,
}: {
  lineageId: string;
  revisions: readonly TranscriptWidget[];
}): [number, (index: number) => void] {
  const [choice, setChoice] = useState(() => choiceByLineage.get(lineageId));
  const latestIndex = revisions.length - 1;
  const latestId = revisions[latestIndex]!.id;
  const chosenIndex =
    choice === undefined || choice.latestId !== latestId
      ? -1
      : revisions.findIndex((revision) => revision.id === choice.shownId);
  const choose = useCallback(
    (index: number) => {
      const next = { shownId: revisions[index]!.id, latestId };
      choiceByLineage.set(lineageId, next);
      setChoice(next);
    },
    [lineageId, latestId, revisions],
  );
  return [chosenIndex === -1 ? latestIndex : chosenIndex, choose];
}
