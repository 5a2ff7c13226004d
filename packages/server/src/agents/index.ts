export * from './agent-profile.ts';
export * from './build-agent-profiles.ts';
export * from './single-agent-profiles.ts';
