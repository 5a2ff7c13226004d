#!/usr/bin/env node
// The `drawbridge` command. It runs the package's build (dist/, plain JavaScript); the repository's own tests
// and scripts start it with `node --conditions=drawbridge-source`, which makes `#cli` the TypeScript sources
// instead (Node strips their types as it loads them), so nothing they run needs a build or can find a stale one.

// First, before anything that needs it loads: an older Node would die on `node:sqlite` with an error that does
// not say what is wrong. The store is built-in `node:sqlite`, unflagged since Node 22.13, with every method the
// store calls (`StatementSync.columns`) since 22.16 (and 23.11).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 16) || (major === 23 && minor < 11)) {
  console.error(
    `drawbridge needs Node.js 22.16 or newer (this is Node ${process.versions.node}): install Node.js 22 LTS ` +
      'or 24; in the Drawbridge repository, npm start and npx drawbridge run the Node 24 it pins.',
  );
  process.exit(1);
}
await import('#cli');
