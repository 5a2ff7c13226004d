export * from './load-skills.ts';
export * from './parse-skill-file.ts';
export * from './skill.ts';
export * from './skill-file-error.ts';
export * from './skill-grants-tool.ts';
