import { describe, expect, it } from 'vitest';
import { type ConformanceCheck, judgeConformanceBaseline } from './conformance-baseline.ts';

const success: ConformanceCheck = { id: 'check', status: 'SUCCESS' };
const failure: ConformanceCheck = { id: 'check', status: 'FAILURE', errorMessage: 'Tool not found' };
const warning: ConformanceCheck = { id: 'session', status: 'WARNING', errorMessage: 'No session id' };
const info: ConformanceCheck = { id: 'note', status: 'INFO' };

describe('judgeConformanceBaseline', () => {
  it('accepts unlisted passes, listed failures and a listed scenario that stops before its first check', () => {
    const problems = judgeConformanceBaseline({
      results: [
        { scenario: 'ping', checks: [success, info] },
        { scenario: 'prompts-list', checks: [failure] },
        { scenario: 'server-sse-multiple-streams', checks: [warning] },
      ],
      baseline: {
        server: ['prompts-list', 'server-sse-multiple-streams'],
        'stops-before-first-check': ['server-sse-multiple-streams'],
      },
    });
    expect(problems).toEqual([]);
  });

  it('refuses a listed expected failure that passes, saying to remove it', () => {
    const problems = judgeConformanceBaseline({
      results: [{ scenario: 'prompts-list', checks: [success] }],
      baseline: { server: ['prompts-list'], 'stops-before-first-check': [] },
    });
    expect(problems).toEqual([
      'prompts-list is listed as an expected failure in conformance-expected-failures.yml but passed (1 passed, 0 failed, 0 warnings): remove it from the list.',
    ]);
  });

  it('refuses a listed expected failure that runs no check, even one that ends in a warning', () => {
    const problems = judgeConformanceBaseline({
      results: [
        { scenario: 'server-sse-multiple-streams', checks: [warning] },
        { scenario: 'resources-subscribe', checks: [] },
      ],
      baseline: {
        server: ['server-sse-multiple-streams', 'resources-subscribe'],
        'stops-before-first-check': [],
      },
    });
    expect(problems).toEqual([
      'server-sse-multiple-streams is listed as an expected failure in conformance-expected-failures.yml but ran no check (0 passed, 0 failed, 1 warnings): remove it from the list, or, if it cannot run against a stateless server, list it under stops-before-first-check too.',
      'resources-subscribe is listed as an expected failure in conformance-expected-failures.yml but ran no check (0 passed, 0 failed, 0 warnings): remove it from the list, or, if it cannot run against a stateless server, list it under stops-before-first-check too.',
    ]);
  });

  it('refuses a scenario listed as stopping before its first check once it runs one', () => {
    const problems = judgeConformanceBaseline({
      results: [{ scenario: 'server-sse-multiple-streams', checks: [success, success] }],
      baseline: {
        server: ['server-sse-multiple-streams'],
        'stops-before-first-check': ['server-sse-multiple-streams'],
      },
    });
    expect(problems).toEqual([
      'server-sse-multiple-streams is listed under stops-before-first-check in conformance-expected-failures.yml but now runs (2 passed, 0 failed, 0 warnings): remove it from stops-before-first-check, and from server too if it passes.',
    ]);
  });

  it('refuses unlisted scenarios that fail, warn or run no check, naming the failing checks', () => {
    const problems = judgeConformanceBaseline({
      results: [
        { scenario: 'tools-list', checks: [success, failure] },
        { scenario: 'ping', checks: [success, warning] },
        { scenario: 'server-initialize', checks: [info] },
      ],
      baseline: { server: [], 'stops-before-first-check': [] },
    });
    expect(problems).toEqual([
      'tools-list did not pass (1 passed, 1 failed, 0 warnings; check: Tool not found).',
      'ping did not pass (1 passed, 0 failed, 1 warnings; session: No session id).',
      'server-initialize ran no check (0 passed, 0 failed, 0 warnings).',
    ]);
  });

  it('refuses list entries the suite did not run, and a stop-before entry missing from the CLI list', () => {
    const problems = judgeConformanceBaseline({
      results: [{ scenario: 'server-sse-multiple-streams', checks: [warning] }],
      baseline: { server: ['renamed-scenario'], 'stops-before-first-check': ['server-sse-multiple-streams'] },
    });
    expect(problems).toEqual([
      'renamed-scenario is listed in conformance-expected-failures.yml but the suite did not run it: remove it from the list.',
      'server-sse-multiple-streams is listed under stops-before-first-check but not under server in conformance-expected-failures.yml: the CLI counts its warning as a failure, so list it under both.',
    ]);
  });
});
