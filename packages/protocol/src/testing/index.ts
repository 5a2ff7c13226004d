export { referenceParseReply } from './reference-parse-reply.ts';
export { sampleRunEvents } from './sample-run-events.ts';
export { seededCuts, splitAt } from './split-at.ts';
