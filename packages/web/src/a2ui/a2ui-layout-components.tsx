import { type A2uiComponentOf, resolveA2uiString } from '@drawbridge/protocol';
import { Children, type CSSProperties, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useA2uiScope } from './a2ui-bindings.ts';
import { A2uiNode } from './a2ui-node.tsx';
import { useA2uiRenderContext } from './a2ui-render-context.ts';

const justifyContent = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  spaceBetween: 'space-between',
  spaceAround: 'space-around',
  spaceEvenly: 'space-evenly',
  stretch: 'stretch',
} as const;

const alignItems = { start: 'flex-start', center: 'center', end: 'flex-end', stretch: 'stretch' } as const;

/**
 * The catalog's `weight`: the share of a Row's or Column's free space the component takes (flex-grow). It keeps
 * a readable width, so weighted cards wrap onto lines of their own on a phone instead of squeezing their words.
 */
function weightStyle(weight: number | undefined): CSSProperties | undefined {
  return weight === undefined ? undefined : { flexGrow: weight, flexBasis: 0, minWidth: 'min(100%, 10rem)' };
}

/** A Row or a Column: children side by side (wrapping on a narrow screen) or stacked. */
export function A2uiFlex({
  component,
  children,
}: {
  component: A2uiComponentOf<'Row'> | A2uiComponentOf<'Column'>;
  children: ReactNode;
}) {
  const style: CSSProperties = {
    ...weightStyle(component.weight),
    ...(component.justify ? { justifyContent: justifyContent[component.justify] } : {}),
    ...(component.align ? { alignItems: alignItems[component.align] } : {}),
  };
  return (
    <div className={`a2ui-${component.component.toLowerCase()}`} style={style}>
      {children}
    </div>
  );
}

export function A2uiList({
  component,
  children,
}: {
  component: A2uiComponentOf<'List'>;
  children: ReactNode;
}) {
  const direction = component.direction ?? 'vertical';
  const style = component.align ? { alignItems: alignItems[component.align] } : undefined;
  return (
    <ul className={`a2ui-list a2ui-list--${direction}`} style={style}>
      {/* Children.map keeps each child's own key on the item that wraps it. */}
      {Children.map(children, (child) => (
        <li className="a2ui-list__item">{child}</li>
      ))}
    </ul>
  );
}

export function A2uiCard({
  component,
  children,
}: {
  component: A2uiComponentOf<'Card'>;
  children: ReactNode;
}) {
  return (
    <div className="a2ui-card" style={weightStyle(component.weight)}>
      {children}
    </div>
  );
}

export function A2uiDivider({ component }: { component: A2uiComponentOf<'Divider'> }) {
  const axis = component.axis ?? 'horizontal';
  return <hr className={`a2ui-divider a2ui-divider--${axis}`} aria-orientation={axis} />;
}

/** Tabs as the WAI-ARIA pattern has them: arrow keys move between tabs, only the chosen panel is drawn. */
export function A2uiTabs({
  component,
  scopePath,
  depth,
}: {
  component: A2uiComponentOf<'Tabs'>;
  scopePath: string;
  depth: number;
}) {
  const { idPrefix } = useA2uiRenderContext();
  const scope = useA2uiScope(scopePath);
  const [selected, setSelected] = useState(0);
  const tabList = useRef<HTMLDivElement>(null);
  const baseId = `${idPrefix}-${component.id}-${scopePath}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const active = Math.min(selected, component.tabs.length - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (active + step + component.tabs.length) % component.tabs.length;
    setSelected(next);
    tabList.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  const tab = component.tabs[active];
  return (
    <div className="a2ui-tabs">
      <div className="a2ui-tabs__list" role="tablist" ref={tabList} onKeyDown={onKeyDown}>
        {component.tabs.map((item, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: tabs are positional; two may share a title.
            key={index}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === active ? 0 : -1}
            className="a2ui-tabs__tab"
            onClick={() => setSelected(index)}
          >
            {resolveA2uiString(item.title, scope)}
          </button>
        ))}
      </div>
      <div
        className="a2ui-tabs__panel"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${active}`}
      >
        {tab && <A2uiNode id={tab.child} scopePath={scopePath} depth={depth + 1} />}
      </div>
    </div>
  );
}

/**
 * A Modal: its trigger is drawn in place; activating it opens the content in a native modal `<dialog>`, which
 * traps focus, closes on Escape and gives focus back to the trigger.
 */
export function A2uiModal({
  component,
  scopePath,
  depth,
}: {
  component: A2uiComponentOf<'Modal'>;
  scopePath: string;
  depth: number;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  return (
    <div className="a2ui-modal">
      {/* The trigger is any component (usually a Button): a click on it opens the dialog, and only that (caught
          before it reaches the button, whose action would otherwise go to the agent as well). */}
      <div
        className="a2ui-modal__trigger"
        onClickCapture={(event) => {
          event.stopPropagation();
          show();
        }}
      >
        <A2uiNode id={component.trigger} scopePath={scopePath} depth={depth + 1} />
      </div>
      <dialog ref={dialog} className="a2ui-modal__dialog" onClose={() => setOpen(false)}>
        <button
          type="button"
          className="a2ui-modal__close"
          aria-label="Close"
          onClick={() => dialog.current?.close()}
        >
          ×
        </button>
        {open && <A2uiNode id={component.content} scopePath={scopePath} depth={depth + 1} />}
      </dialog>
    </div>
  );
}
