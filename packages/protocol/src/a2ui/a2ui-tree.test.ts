import { describe, expect, it } from 'vitest';
import { foldA2uiActivity } from './a2ui-activity.ts';
import { walkA2uiTree } from './a2ui-tree.ts';

function surfaceOf(components: unknown[], value: unknown = {}) {
  const fold = foldA2uiActivity({
    a2ui_operations: [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'c' } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
      { version: 'v0.9', updateDataModel: { surfaceId: 's', value } },
    ],
  });
  if (!fold.success) throw new Error(fold.problem.message);
  return fold.surfaces[0]!;
}

describe('walkA2uiTree', () => {
  it('visits from the root in drawing order, a template once per item in its scope', () => {
    const surface = surfaceOf(
      [
        { id: 'root', component: 'Column', children: ['title', 'list'] },
        { id: 'title', component: 'Text', text: 'People' },
        { id: 'list', component: 'List', children: { componentId: 'person', path: '/people' } },
        { id: 'person', component: 'Text', text: { path: 'name' } },
        { id: 'unused', component: 'Divider' },
      ],
      { people: [{ name: 'A' }, { name: 'B' }] },
    );
    expect(
      [...walkA2uiTree(surface)].map((visit) => `${visit.component.id}@${visit.scopePath}:${visit.depth}`),
    ).toEqual(['root@/:0', 'title@/:1', 'list@/:1', 'person@/people/0:2', 'person@/people/1:2']);
  });

  it('skips missing children and does not follow a component into itself', () => {
    const surface = surfaceOf([
      { id: 'root', component: 'Card', child: 'loop' },
      { id: 'loop', component: 'Column', children: ['root', 'ghost', 'leaf'] },
      { id: 'leaf', component: 'Divider' },
    ]);
    expect([...walkA2uiTree(surface)].map((visit) => visit.component.id)).toEqual(['root', 'loop', 'leaf']);
  });
});
