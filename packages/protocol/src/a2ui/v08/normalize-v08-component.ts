import type { JsonValue } from '../json-pointer.ts';
import type { A2uiComponent } from '../v09/a2ui-component-schemas.ts';
import type {
  A2uiChildList,
  A2uiDynamicBoolean,
  A2uiDynamicNumber,
  A2uiDynamicString,
  A2uiDynamicStringList,
  A2uiDynamicValue,
} from '../v09/a2ui-dynamic-schemas.ts';
import type {
  V08BoundValue,
  V08Component,
  V08ComponentProperties,
  V08ComponentType,
} from './a2ui-v08-schemas.ts';

/** A data model write a v0.8 bound value asks for: `{ path, literal… }` initialises `path` and binds to it. */
export interface V08DataInitialisation {
  path: string;
  value: JsonValue;
}

/** A v0.8 component as the v0.9 component it means, with the data it initialises. */
export interface NormalizedV08Component {
  component: A2uiComponent;
  initialisations: V08DataInitialisation[];
}

type LiteralKey = 'literalString' | 'literalNumber' | 'literalBoolean' | 'literalArray';

/**
 * Reads bound values, collecting the initialisation shorthand as it goes (v0.8 §4.2: a value with both a path
 * and a literal sets the data model at the path, then binds to it).
 */
class BoundValueReader {
  readonly initialisations: V08DataInitialisation[] = [];

  read<Literal>(bound: V08BoundValue, key: LiteralKey): Literal | { path: string } {
    const literal = bound[key] as Literal | undefined;
    if (bound.path === undefined) return literal as Literal;
    if (literal !== undefined) this.initialisations.push({ path: bound.path, value: literal as JsonValue });
    return { path: bound.path };
  }

  string(bound: V08BoundValue): A2uiDynamicString {
    return this.read<string>(bound, 'literalString');
  }

  number(bound: V08BoundValue): A2uiDynamicNumber {
    return this.read<number>(bound, 'literalNumber');
  }

  boolean(bound: V08BoundValue): A2uiDynamicBoolean {
    return this.read<boolean>(bound, 'literalBoolean');
  }

  stringList(bound: V08BoundValue): A2uiDynamicStringList {
    return this.read<string[]>(bound, 'literalArray');
  }

  /** An action context value: whichever literal it has, or its path. */
  any(bound: V08BoundValue): A2uiDynamicValue {
    if (bound.path !== undefined) return this.read<never>(bound, literalKeyOf(bound));
    return (bound.literalString ?? bound.literalNumber ?? bound.literalBoolean ?? '') as A2uiDynamicValue;
  }
}

function literalKeyOf(bound: V08BoundValue): LiteralKey {
  if (bound.literalNumber !== undefined) return 'literalNumber';
  if (bound.literalBoolean !== undefined) return 'literalBoolean';
  if (bound.literalArray !== undefined) return 'literalArray';
  return 'literalString';
}

function childList(children: {
  explicitList?: string[];
  template?: { componentId: string; dataBinding: string };
}) {
  if (children.template !== undefined) {
    return {
      componentId: children.template.componentId,
      path: children.template.dataBinding,
    } as A2uiChildList;
  }
  return children.explicitList ?? [];
}

/** Drops the keys whose value is undefined, so a normalized component has only what was given. */
function defined<Shape extends object>(shape: Shape): Shape {
  return Object.fromEntries(Object.entries(shape).filter(([, value]) => value !== undefined)) as Shape;
}

/** A component without its id: `Omit` taken of each member, so the union stays a union. */
type ComponentBody = A2uiComponent extends infer Component
  ? Component extends A2uiComponent
    ? Omit<Component, 'id'>
    : never
  : never;

type Properties = { [Type in V08ComponentType]: V08ComponentProperties<Type> };

/**
 * The v0.9 component a validated v0.8 component means, so a renderer knows one catalog. Renamed: `usageHint` →
 * `variant`, `distribution`/`alignment` → `justify`/`align`, `tabItems` → `tabs`, `entryPointChild`/`contentChild`
 * → `trigger`/`content`, `minValue`/`maxValue` → `min`/`max`, `altText` → `description`, TextField `text` →
 * `value`; `explicitList`/`template` → an id list or `{ componentId, path }`; Button `primary` → `variant:
 * "primary"`, its `action` → `{ event: { name, context } }`; `MultipleChoice` → `ChoicePicker` (one allowed
 * selection: mutually exclusive); a TextField of type `date` → a DateTimeInput with a date.
 */
export function normalizeV08Component(v08: V08Component): NormalizedV08Component {
  const reader = new BoundValueReader();
  const [type] = Object.keys(v08.component) as V08ComponentType[];
  const properties = (v08.component as Partial<Properties>)[type!];
  const common = defined({ id: v08.id, weight: v08.weight });
  const component = normalize(type!, properties as never, reader);
  return { component: { ...common, ...component } as A2uiComponent, initialisations: reader.initialisations };
}

function normalize<Type extends V08ComponentType>(
  type: Type,
  properties: Properties[Type],
  reader: BoundValueReader,
): ComponentBody {
  switch (type) {
    case 'Text': {
      const text = properties as Properties['Text'];
      return defined({ component: 'Text', text: reader.string(text.text), variant: text.usageHint });
    }
    case 'Image': {
      const image = properties as Properties['Image'];
      return defined({
        component: 'Image',
        url: reader.string(image.url),
        description: image.altText === undefined ? undefined : reader.string(image.altText),
        fit: image.fit === 'scale-down' ? 'scaleDown' : image.fit,
        variant: image.usageHint,
      });
    }
    case 'Icon':
      return { component: 'Icon', name: reader.string((properties as Properties['Icon']).name) as never };
    case 'Video':
      return { component: 'Video', url: reader.string((properties as Properties['Video']).url) };
    case 'AudioPlayer': {
      const audio = properties as Properties['AudioPlayer'];
      return defined({
        component: 'AudioPlayer',
        url: reader.string(audio.url),
        description: audio.description === undefined ? undefined : reader.string(audio.description),
      });
    }
    case 'Row':
    case 'Column': {
      const flex = properties as Properties['Row'];
      return defined({
        component: type as 'Row',
        children: childList(flex.children),
        justify: flex.distribution,
        align: flex.alignment,
      });
    }
    case 'List': {
      const list = properties as Properties['List'];
      return defined({
        component: 'List',
        children: childList(list.children),
        direction: list.direction,
        align: list.alignment,
      });
    }
    case 'Card':
      return { component: 'Card', child: (properties as Properties['Card']).child };
    case 'Tabs':
      return {
        component: 'Tabs',
        tabs: (properties as Properties['Tabs']).tabItems.map((item) => ({
          title: reader.string(item.title),
          child: item.child,
        })),
      };
    case 'Divider':
      return defined({ component: 'Divider', axis: (properties as Properties['Divider']).axis });
    case 'Modal': {
      const modal = properties as Properties['Modal'];
      return { component: 'Modal', trigger: modal.entryPointChild, content: modal.contentChild };
    }
    case 'Button': {
      const button = properties as Properties['Button'];
      const context = button.action.context;
      return defined({
        component: 'Button',
        child: button.child,
        variant: button.primary === true ? 'primary' : undefined,
        action: {
          event: defined({
            name: button.action.name,
            context:
              context === undefined
                ? undefined
                : Object.fromEntries(context.map((entry) => [entry.key, reader.any(entry.value)])),
          }),
        },
      });
    }
    case 'CheckBox': {
      const checkBox = properties as Properties['CheckBox'];
      return {
        component: 'CheckBox',
        label: reader.string(checkBox.label),
        value: reader.boolean(checkBox.value),
      };
    }
    case 'TextField': {
      const field = properties as Properties['TextField'];
      const value = field.text === undefined ? undefined : reader.string(field.text);
      if (field.textFieldType === 'date') {
        return defined({
          component: 'DateTimeInput',
          label: reader.string(field.label),
          value: value ?? '',
          enableDate: true,
        });
      }
      return defined({
        component: 'TextField',
        label: reader.string(field.label),
        value,
        variant: field.textFieldType,
        validationRegexp: field.validationRegexp,
      });
    }
    case 'DateTimeInput': {
      const input = properties as Properties['DateTimeInput'];
      return defined({
        component: 'DateTimeInput',
        value: reader.string(input.value),
        enableDate: input.enableDate,
        enableTime: input.enableTime,
      });
    }
    case 'MultipleChoice': {
      const choice = properties as Properties['MultipleChoice'];
      return {
        component: 'ChoicePicker',
        variant: choice.maxAllowedSelections === 1 ? 'mutuallyExclusive' : 'multipleSelection',
        options: choice.options.map((option) => ({
          label: reader.string(option.label),
          value: option.value,
        })),
        value: reader.stringList(choice.selections),
      };
    }
    case 'Slider': {
      const slider = properties as Properties['Slider'];
      return defined({
        component: 'Slider',
        label: slider.label === undefined ? undefined : reader.string(slider.label),
        value: reader.number(slider.value),
        min: slider.minValue,
        // v0.9 requires a maximum; a v0.8 slider without one ranges over 0–100, as the HTML range input does.
        max: slider.maxValue ?? 100,
      });
    }
    default: {
      const exhaustiveCheck: never = type as never;
      throw new Error(`unknown v0.8 component ${String(exhaustiveCheck)}`);
    }
  }
}
