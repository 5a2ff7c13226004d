#!/usr/bin/env node
// The `drawbridge` command: runs the TypeScript sources as they are. Node strips their types itself (the
// sources use only erasable syntax, which `erasableSyntaxOnly` in tsconfig.base.json holds them to); a Node
// started with type stripping turned off gets tsx's loader instead.

// First, before anything that needs it loads: an older Node would die on `node:sqlite` (or on type stripping)
// with an error that does not say what is wrong. npm scripts and npx run the Node 24 this project pins.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 24) {
  console.error(
    `drawbridge needs Node.js 24 or newer (this is Node ${process.versions.node}): start it through npm ` +
      '(npm start, npx drawbridge …), which runs the pinned Node 24, or install Node 24.',
  );
  process.exit(1);
}
if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import('../src/cli/main.ts');
