import { describe, expect, it } from 'vitest';
import { foldA2uiActivity } from './a2ui-activity.ts';
import type { A2uiSurface } from './a2ui-surface.ts';

function fold(messages: unknown[]): A2uiSurface[] {
  const result = foldA2uiActivity({ a2ui_operations: messages });
  if (!result.success) throw new Error(result.problem.message);
  return result.surfaces;
}

function problemOf(messages: unknown[]): string {
  const result = foldA2uiActivity({ a2ui_operations: messages });
  return result.success ? 'no problem' : result.problem.message;
}

const create = {
  version: 'v0.9',
  createSurface: { surfaceId: 's', catalogId: 'c', theme: { primaryColor: '#112233' } },
};
const components = (list: unknown[]) => ({
  version: 'v0.9',
  updateComponents: { surfaceId: 's', components: list },
});
const data = (path: string | undefined, value?: unknown) => ({
  version: 'v0.9',
  updateDataModel: {
    surfaceId: 's',
    ...(path === undefined ? {} : { path }),
    ...(value === undefined ? {} : { value }),
  },
});

describe('applyA2uiMessage, v0.9', () => {
  it('creates a surface rooted at "root", adds and replaces components by id', () => {
    const [surface] = fold([
      create,
      components([{ id: 'root', component: 'Text', text: 'one' }]),
      components([
        { id: 'root', component: 'Text', text: 'two' },
        { id: 'extra', component: 'Divider' },
      ]),
    ]);
    expect(surface).toMatchObject({
      surfaceId: 's',
      version: '0.9',
      rootId: 'root',
      theme: { primaryColor: '#112233' },
    });
    expect(surface!.components.get('root')).toEqual({ id: 'root', component: 'Text', text: 'two' });
    expect([...surface!.components.keys()]).toEqual(['root', 'extra']);
  });

  it('replaces the value at a path, the whole model at "/" or no path, and removes it without a value', () => {
    const [surface] = fold([
      create,
      data(undefined, { user: { name: 'Ann', age: 3 } }),
      data('/user/name', 'Bo'),
      data('/user/age'),
    ]);
    expect(surface!.dataModel).toEqual({ user: { name: 'Bo' } });
    expect(fold([create, data('/a', 1), data('/', { b: 2 })])[0]!.dataModel).toEqual({ b: 2 });
  });

  it('refuses updates to a surface never created, a second create, and a whole model that is no object', () => {
    expect(problemOf([components([{ id: 'root', component: 'Divider' }])])).toMatch(/never created/);
    expect(problemOf([create, create])).toMatch(/already exists/);
    expect(problemOf([create, data('/', [1, 2])])).toMatch(/must be a JSON object/);
  });

  it('deletes a surface, after which it may be created again', () => {
    expect(fold([create, { version: 'v0.9', deleteSurface: { surfaceId: 's' } }])).toEqual([]);
    expect(fold([create, { version: 'v0.9', deleteSurface: { surfaceId: 's' } }, create])).toHaveLength(1);
  });
});

describe('applyA2uiMessage, v0.8', () => {
  const update = (list: unknown[]) => ({ surfaceUpdate: { surfaceId: 'old', components: list } });

  it('buffers components and data until beginRendering names the root', () => {
    const before = fold([update([{ id: 'main', component: { Text: { text: { literalString: 'hi' } } } }])]);
    expect(before[0]!.rootId).toBeUndefined();
    const [after] = fold([
      update([{ id: 'main', component: { Text: { text: { path: '/greeting' } } } }]),
      { dataModelUpdate: { surfaceId: 'old', contents: [{ key: 'greeting', valueString: 'hello' }] } },
      {
        beginRendering: {
          surfaceId: 'old',
          root: 'main',
          styles: { primaryColor: '#00BFFF', font: 'Inter' },
        },
      },
    ]);
    expect(after).toMatchObject({
      version: '0.8',
      rootId: 'main',
      dataModel: { greeting: 'hello' },
      theme: { primaryColor: '#00BFFF', font: 'Inter' },
    });
    expect(after!.components.get('main')).toEqual({
      id: 'main',
      component: 'Text',
      text: { path: '/greeting' },
    });
  });

  it('reads data contents as JSON at their path, replacing what was there', () => {
    const [surface] = fold([
      {
        dataModelUpdate: {
          surfaceId: 'old',
          path: 'user',
          contents: [
            { key: 'name', valueString: 'Bob' },
            { key: 'verified', valueBoolean: true },
            {
              key: 'address',
              valueMap: [
                { key: 'city', valueString: 'Anytown' },
                { key: 'zip', valueNumber: 12345 },
              ],
            },
          ],
        },
      },
    ]);
    expect(surface!.dataModel).toEqual({
      user: { name: 'Bob', verified: true, address: { city: 'Anytown', zip: 12345 } },
    });
  });

  it('initialises the data model from a bound value with both a path and a literal', () => {
    const [surface] = fold([
      update([
        {
          id: 'name',
          component: {
            TextField: { label: { literalString: 'Name' }, text: { path: '/name', literalString: 'Guest' } },
          },
        },
      ]),
    ]);
    expect(surface!.dataModel).toEqual({ name: 'Guest' });
    expect(surface!.components.get('name')).toMatchObject({
      component: 'TextField',
      value: { path: '/name' },
    });
  });

  it('refuses mixing versions on one surface', () => {
    expect(problemOf([create, { deleteSurface: { surfaceId: 's' } }])).toMatch(/written in A2UI v0.9/);
  });
});
