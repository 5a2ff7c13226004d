import {
  type A2uiSurface,
  a2uiUserActionOf,
  callA2uiFunction,
  type JsonObject,
  type JsonValue,
  writePointer,
} from '@drawbridge/protocol';
import { useId, useMemo, useState } from 'react';
import { humanizeA2uiName } from './a2ui-accessible-name.ts';
import { useA2uiActionSender } from './a2ui-action-sender.ts';
import { A2uiNode } from './a2ui-node.tsx';
import { type A2uiRenderContext, A2uiRenderContextValue } from './a2ui-render-context.ts';

/** A primary colour the surface may ask for, as `#rrggbb` only (it is put into a style). */
function primaryColourOf(surface: A2uiSurface): string | undefined {
  const colour = surface.theme.primaryColor;
  return colour !== undefined && /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : undefined;
}

/**
 * One drawn surface. Its inputs write into a copy of the data model (two-way binding); when the agent updates
 * the data model, that copy starts again from the agent's. A Button's event goes to the chat with its context
 * resolved against what the user typed, and the outcome is said under the surface.
 */
export function A2uiSurfaceView({ surface }: { surface: A2uiSurface }) {
  const send = useA2uiActionSender();
  const idPrefix = `a2ui${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [edited, setEdited] = useState<{ from: JsonObject; dataModel: JsonObject }>({
    from: surface.dataModel,
    dataModel: surface.dataModel,
  });
  // The agent's data model changed since the user's edits began: the agent's wins, as a new starting point.
  const dataModel = edited.from === surface.dataModel ? edited.dataModel : surface.dataModel;
  const [status, setStatus] = useState<{ ok: boolean; message: string } | undefined>();

  const context = useMemo<A2uiRenderContext>(
    () => ({
      surface,
      dataModel,
      idPrefix,
      write: (pointer: string, value: JsonValue) =>
        setEdited((current) => {
          const base = current.from === surface.dataModel ? current.dataModel : surface.dataModel;
          const next = writePointer(base, pointer, value);
          const object = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : base;
          return { from: surface.dataModel, dataModel: object };
        }),
      act: ({ action, scopePath, sourceComponentId }) => {
        if ('functionCall' in action) {
          if (action.functionCall.call !== 'openUrl') {
            callA2uiFunction(action.functionCall, { dataModel, path: scopePath });
            return;
          }
          const url = String(action.functionCall.args.url ?? '');
          if (URL.canParse(url) && new URL(url).protocol === 'https:') {
            window.open(url, '_blank', 'noopener,noreferrer');
          } else setStatus({ ok: false, message: 'Only https links are opened.' });
          return;
        }
        const userAction = a2uiUserActionOf({
          action,
          surface,
          dataModel,
          scopePath,
          sourceComponentId,
          now: new Date(),
        });
        if (userAction === undefined) return;
        const outcome = send(userAction);
        setStatus(
          outcome.ok ? { ok: true, message: `Sent “${userAction.name}” to the assistant.` } : outcome,
        );
      },
    }),
    [surface, dataModel, idPrefix, send],
  );

  const primary = primaryColourOf(surface);
  return (
    <A2uiRenderContextValue.Provider value={context}>
      <section
        className="a2ui-surface"
        // Named apart from each other: a reply may hold several surfaces.
        aria-label={`${surface.theme.agentDisplayName ?? 'Interface from the assistant'}: ${humanizeA2uiName(surface.surfaceId)}`}
        data-a2ui-surface={surface.surfaceId}
        style={primary ? { borderTopColor: primary } : undefined}
        data-primary={primary ? 'true' : undefined}
      >
        {surface.rootId !== undefined && <A2uiNode id={surface.rootId} scopePath="/" depth={0} />}
        {status && (
          <p
            className={`a2ui-surface__status${status.ok ? '' : ' a2ui-surface__status--refused'}`}
            role="status"
          >
            {status.message}
          </p>
        )}
      </section>
    </A2uiRenderContextValue.Provider>
  );
}
