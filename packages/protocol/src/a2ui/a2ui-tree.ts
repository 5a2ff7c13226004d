import type { A2uiSurface } from './a2ui-surface.ts';
import { type JsonValue, readPointer, resolvePointer } from './json-pointer.ts';
import type { A2uiComponent } from './v09/a2ui-component-schemas.ts';

/** A child to draw: a component id and the scope (template item pointer) it is drawn in. */
export interface A2uiChildReference {
  id: string;
  scopePath: string;
  /** A stable key among its siblings: the id, or the template item's pointer for a repeated child. */
  key: string;
}

/**
 * The children a component draws in `scopePath`, in order: a container's id list, or its template once per item
 * of the list (or object) at the template's path, each instance scoped to its item; a Card's or Button's child;
 * every tab's child; a Modal's trigger and content.
 */
export function a2uiChildrenOf(
  component: A2uiComponent,
  scopePath: string,
  dataModel: JsonValue,
): A2uiChildReference[] {
  switch (component.component) {
    case 'Row':
    case 'Column':
    case 'List': {
      const { children } = component;
      if (Array.isArray(children)) return children.map((id) => ({ id, scopePath, key: id }));
      const listPath = resolvePointer(children.path, scopePath);
      const items = readPointer(dataModel, listPath);
      const keys = Array.isArray(items)
        ? items.map((_, index) => String(index))
        : items && typeof items === 'object'
          ? Object.keys(items)
          : [];
      return keys.map((key) => {
        const itemPath = `${listPath === '/' ? '' : listPath}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        return { id: children.componentId, scopePath: itemPath, key: itemPath };
      });
    }
    case 'Card':
    case 'Button':
      return [{ id: component.child, scopePath, key: component.child }];
    case 'Tabs':
      return component.tabs.map((tab, index) => ({ id: tab.child, scopePath, key: `${index}:${tab.child}` }));
    case 'Modal':
      return [
        { id: component.trigger, scopePath, key: component.trigger },
        { id: component.content, scopePath, key: component.content },
      ];
    default:
      return [];
  }
}

/** One component reached from a surface's root, with the scope it is drawn in and its depth (root: 0). */
export interface A2uiTreeVisit {
  component: A2uiComponent;
  scopePath: string;
  depth: number;
}

/** How deep and how wide a walk goes before it stops: a surface is drawn by people, not recursed forever. */
export const a2uiTreeLimits = { depth: 64, nodes: 5_000 };

/**
 * Every component reachable from the surface's root, depth first in drawing order (all tabs, a modal's content
 * included). A reference to a missing component is skipped, as a renderer shows a placeholder for it; a
 * component that contains itself is visited once per path, never followed into again.
 */
export function* walkA2uiTree(surface: A2uiSurface): Generator<A2uiTreeVisit> {
  if (surface.rootId === undefined) return;
  let visited = 0;
  function* visit(
    id: string,
    scopePath: string,
    depth: number,
    ancestors: ReadonlySet<string>,
  ): Generator<A2uiTreeVisit> {
    const component = surface.components.get(id);
    const at = `${id}@${scopePath}`;
    if (component === undefined || ancestors.has(at) || depth > a2uiTreeLimits.depth) return;
    if (++visited > a2uiTreeLimits.nodes) return;
    yield { component, scopePath, depth };
    const inner = new Set(ancestors).add(at);
    for (const child of a2uiChildrenOf(component, scopePath, surface.dataModel)) {
      yield* visit(child.id, child.scopePath, depth + 1, inner);
    }
  }
  yield* visit(surface.rootId, '/', 0, new Set());
}
