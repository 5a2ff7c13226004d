import type { MessageBranch } from '@drawbridge/protocol';

/**
 * ‹ 2 / 3 › under a message that has other versions (an edit, a regenerated reply): the arrows show the
 * previous or next version, with the replies that followed it.
 */
export function BranchSwitcher({
  branch,
  noun,
  busy,
  onSwitch,
}: {
  branch: MessageBranch;
  /** What the versions are of, for the buttons' names: "message", "reply". */
  noun: string;
  busy: boolean;
  onSwitch(index: number): void;
}) {
  const { index, count } = branch;
  return (
    <fieldset className="branch-switcher" aria-label={`Versions of this ${noun}`}>
      <button
        type="button"
        className="branch-switcher__button icon-button"
        aria-label={`Previous version of this ${noun}`}
        disabled={busy || index === 0}
        onClick={() => onSwitch(index - 1)}
      >
        ‹
      </button>
      <span className="branch-switcher__position">
        {index + 1} / {count}
      </span>
      <button
        type="button"
        className="branch-switcher__button icon-button"
        aria-label={`Next version of this ${noun}`}
        disabled={busy || index === count - 1}
        onClick={() => onSwitch(index + 1)}
      >
        ›
      </button>
    </fieldset>
  );
}
