import { createDrawbridge } from '@drawbridge/server';
import { weatherCard } from '../../../weather-tool';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// One Drawbridge per server process, created by the first request.
let drawbridge: ReturnType<typeof createDrawbridge> | undefined;
async function handle(request: Request): Promise<Response> {
  drawbridge ??= createDrawbridge({ basePath: '/api/assistant', renderTools: [weatherCard] });
  return (await drawbridge).fetch(request);
}

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
