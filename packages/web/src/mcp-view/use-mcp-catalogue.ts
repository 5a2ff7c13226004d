import type { McpServerListResponse } from '@drawbridge/protocol';
import { useEffect, useState } from 'react';
import { fetchMcpCatalogue } from './mcp-api.ts';

/** The page's MCP catalogue once fetched; `undefined` while it loads, `null` when it could not be had. */
export function useMcpCatalogue(): McpServerListResponse | null | undefined {
  const [catalogue, setCatalogue] = useState<McpServerListResponse | null | undefined>();
  useEffect(() => {
    let current = true;
    fetchMcpCatalogue().then(
      (loaded) => current && setCatalogue(loaded),
      () => current && setCatalogue(null),
    );
    return () => {
      current = false;
    };
  }, []);
  return catalogue;
}
