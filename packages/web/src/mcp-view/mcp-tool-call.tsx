import { mcpViewCarrierKey } from '@drawbridge/protocol';
import type { TranscriptToolCall } from '@drawbridge/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useMcpCatalogue } from './use-mcp-catalogue.ts';

// The host side (AppBridge and the SDK's schemas, ~150 KB) loads with the first view, not with the page.
const McpViewCard = lazy(async () => ({ default: (await import('./mcp-view-card.tsx')).McpViewCard }));

/** What a reloaded thread's carrier holds: the call's input and the server's whole result. */
export interface RestoredMcpCall {
  input: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** A restored call's carrier (`render.args` of the stored message), or undefined for a live call. */
export function restoredMcpCall(argsJson: string): RestoredMcpCall | undefined {
  try {
    const value = JSON.parse(argsJson) as Record<string, unknown> | null;
    const stored = value?.[mcpViewCarrierKey] as RestoredMcpCall | undefined;
    return typeof stored?.input === 'object' && typeof stored.result === 'object' ? stored : undefined;
  } catch {
    // A live call's arguments are still streaming: not a carrier.
    return undefined;
  }
}

/**
 * A call of a connected MCP server's tool (`mcp__…`): its MCP Apps view when the tool declared one and the
 * page has a sandbox origin, otherwise the neutral card (`fallback`).
 */
export function McpToolCall({ call, fallback }: { call: TranscriptToolCall; fallback: ReactNode }) {
  const catalogue = useMcpCatalogue();
  if (catalogue === undefined || catalogue === null) return fallback;
  const server = catalogue.servers.find((candidate) =>
    candidate.tools.some((tool) => tool.name === call.toolCallName),
  );
  const tool = server?.tools.find((candidate) => candidate.name === call.toolCallName);
  if (server === undefined || tool?.resourceUri === undefined) return fallback;
  if (catalogue.sandboxOrigin === null) {
    return (
      <div className="db-tool-call db-tool-call--pending" data-tool-call-id={call.toolCallId}>
        <span className="db-tool-call__name">{call.toolCallName}</span>
        <span className="db-tool-call__state">Views need DRAWBRIDGE_SANDBOX_ORIGIN on this server.</span>
      </div>
    );
  }
  return (
    <Suspense fallback={fallback}>
      <McpViewCard
        call={call}
        serverName={server.name}
        tool={tool}
        resourceUri={tool.resourceUri}
        sandboxOrigin={catalogue.sandboxOrigin}
        restored={restoredMcpCall(call.argsJson)}
      />
    </Suspense>
  );
}
