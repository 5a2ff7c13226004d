#!/usr/bin/env node
// The `drawbridge` command: runs the TypeScript sources as they are. Node strips their types itself (the
// sources use only erasable syntax, which `erasableSyntaxOnly` in tsconfig.base.json holds them to); a Node
// started with type stripping turned off gets tsx's loader instead.
if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import('../src/cli/main.ts');
